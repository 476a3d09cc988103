import type { ComponentType } from 'react';
import { AdminRoles } from '../account/AdminRoles.tsx';
import { AdminAffiliates } from '../affiliate/AdminAffiliates.tsx';
import { AdminAlertCaps } from '../alerts/AdminAlertCaps.tsx';
import { AdminCheckouts } from '../checkout/AdminCheckouts.tsx';
import { AdminPromoCodes } from '../checkout/AdminPromoCodes.tsx';
import { AdminFeatureGates } from '../gates/AdminFeatureGates.tsx';
import { AdminSiteSettings } from '../landing/AdminSiteSettings.tsx';
import { AdminDisneyLinks } from '../lightningLane/AdminDisneyLinks.tsx';
import { AdminItems } from '../rankings/AdminItems.tsx';
import { AdminRestaurantCheck } from '../restaurants/AdminRestaurantCheck.tsx';
import { AdminOutbox } from './outbox/AdminOutbox.tsx';

/** One section of /admin: its URL segment (`/admin/<slug>`), its name in the section navigation, and its panel. */
export interface AdminSection {
  slug: string;
  label: string;
  Panel: ComponentType;
}

/**
 * The sections of /admin in navigation order; `/admin` opens the first. No slug may be `queues`: `/admin/queues`
 * is the server's Bull Board.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { slug: 'feature-gates', label: 'Feature gates', Panel: AdminFeatureGates },
  { slug: 'roles', label: 'Roles', Panel: AdminRoles },
  { slug: 'lightning-lane', label: 'Lightning Lane', Panel: AdminDisneyLinks },
  { slug: 'restaurants', label: 'Restaurant alerts', Panel: AdminRestaurantCheck },
  { slug: 'rankings', label: 'Ranking items', Panel: AdminItems },
  { slug: 'alert-caps', label: 'Alert caps', Panel: AdminAlertCaps },
  { slug: 'site', label: 'Site settings', Panel: AdminSiteSettings },
  { slug: 'promo-codes', label: 'Promo codes', Panel: AdminPromoCodes },
  { slug: 'checkouts', label: 'Checkouts', Panel: AdminCheckouts },
  { slug: 'affiliates', label: 'Affiliates', Panel: AdminAffiliates },
  { slug: 'outbox', label: 'Outbox', Panel: AdminOutbox },
];

/** The section whose slug this is, or undefined for an unknown one. */
export function findAdminSection(slug: string): AdminSection | undefined {
  return ADMIN_SECTIONS.find((s) => s.slug === slug);
}
