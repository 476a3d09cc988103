import type { ComponentType } from 'react';
import { AdminRoles } from './features/account/AdminRoles.tsx';
import { AdminOutbox } from './features/admin/outbox/AdminOutbox.tsx';
import type { AdminSlug } from './features/admin/sections.ts';
import { AdminAffiliates } from './features/affiliate/AdminAffiliates.tsx';
import { AdminAlertCaps } from './features/alerts/AdminAlertCaps.tsx';
import { AdminCheckouts } from './features/checkout/AdminCheckouts.tsx';
import { AdminPromoCodes } from './features/checkout/AdminPromoCodes.tsx';
import { AdminFeatureGates } from './features/gates/AdminFeatureGates.tsx';
import { AdminSiteSettings } from './features/landing/AdminSiteSettings.tsx';
import { AdminDisneyLinks } from './features/lightningLane/AdminDisneyLinks.tsx';
import { AdminItems } from './features/rankings/AdminItems.tsx';
import { AdminRestaurantCheck } from './features/restaurants/AdminRestaurantCheck.tsx';

/**
 * The panel of each admin section (features/admin/sections.ts names them), from the feature folders: the routes compose
 * features, a feature never imports another (docs/decisions/061). An app module, not a feature and not under routes/ (whose
 * modules the build puts in the app chunk every page loads): /admin/$section imports it in its code-split component.
 */
export const ADMIN_PANELS: Record<AdminSlug, ComponentType> = {
  'feature-gates': AdminFeatureGates,
  roles: AdminRoles,
  'lightning-lane': AdminDisneyLinks,
  restaurants: AdminRestaurantCheck,
  rankings: AdminItems,
  'alert-caps': AdminAlertCaps,
  site: AdminSiteSettings,
  'promo-codes': AdminPromoCodes,
  checkouts: AdminCheckouts,
  affiliates: AdminAffiliates,
  outbox: AdminOutbox,
};
