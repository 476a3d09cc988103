/**
 * The pages `scripts/prerender.ts` writes into the build as HTML (docs/decisions/021-prerendered-public-pages.md):
 * public, the same for every visitor until their data loads. Paths as the router knows them.
 */
export const PRERENDERED_PAGES = ['/', '/faq', '/live-wait-times', '/how-it-works', '/pricing', '/about', '/parks'] as const;
