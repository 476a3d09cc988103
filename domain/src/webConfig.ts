/**
 * The web app's run-time settings (docs/decisions/052): the site address and the contact
 * address come from the server that serves the build, so one build serves any deployment. The build writes a
 * placeholder block (web/vite.config.ts); the server replaces it, and the placeholder address in prerendered
 * pages, with its own settings (server/src/routes/webApp.ts). The block is JSON (`type="application/json"`): data,
 * never run, so the Content-Security-Policy's script-src does not apply to it.
 */
export interface WebConfig {
  /** The site's address, e.g. `https://walkon.example` (PUBLIC_ORIGIN). */
  publicOrigin: string;
  /** The team's contact address the Contact, Privacy, Terms and Careers pages show (CONTACT_EMAIL). */
  contactEmail: string;
}

/** The id of the `<script type="application/json">` element that carries the WebConfig in every served page. */
export const WEB_CONFIG_ELEMENT_ID = 'walkon-config';

/** What a build carries until a server fills it in (`.invalid` names nothing that can exist, RFC 2606). */
export const WEB_CONFIG_PLACEHOLDER: WebConfig = {
  publicOrigin: 'https://walkon-config.invalid',
  contactEmail: 'contact@walkon-config.invalid',
};

/** The config block for an HTML page: `<` and `>` escaped as JSON unicode escapes, so no value can end the element. */
export function webConfigScript(config: WebConfig): string {
  const json = JSON.stringify({ publicOrigin: config.publicOrigin, contactEmail: config.contactEmail })
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e');
  return `<script id="${WEB_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** Matches a page's config block (the placeholder or a filled-in one). */
export const WEB_CONFIG_BLOCK = new RegExp(`<script id="${WEB_CONFIG_ELEMENT_ID}" type="application/json">[^<]*</script>`);
