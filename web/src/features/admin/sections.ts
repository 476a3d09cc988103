/** One section of /admin: its URL segment (`/admin/<slug>`) and its name in the section navigation. */
export interface AdminSection {
  slug: AdminSlug;
  label: string;
}

/**
 * The sections of /admin in navigation order; `/admin` opens the first. No slug may be `queues`: `/admin/queues`
 * is the server's Bull Board. Names only: the panels are in web/src/adminPanels.tsx, loaded with the section's page.
 */
export const ADMIN_SECTIONS = [
  { slug: 'feature-gates', label: 'Feature gates' },
  { slug: 'roles', label: 'Roles' },
  { slug: 'lightning-lane', label: 'Lightning Lane' },
  { slug: 'restaurants', label: 'Restaurant alerts' },
  { slug: 'rankings', label: 'Ranking items' },
  { slug: 'alert-caps', label: 'Alert caps' },
  { slug: 'site', label: 'Site settings' },
  { slug: 'promo-codes', label: 'Promo codes' },
  { slug: 'checkouts', label: 'Checkouts' },
  { slug: 'affiliates', label: 'Affiliates' },
  { slug: 'outbox', label: 'Outbox' },
] as const satisfies readonly { slug: string; label: string }[];

/** The URL segment of an admin section. */
export type AdminSlug = (typeof ADMIN_SECTIONS)[number]['slug'];

/** The section whose slug this is, or undefined for an unknown one. */
export function findAdminSection(slug: string): AdminSection | undefined {
  return ADMIN_SECTIONS.find((s) => s.slug === slug);
}
