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

import type { AdminSlug } from './sections.ts';

/** The panel of each admin section (features/admin/sections.ts names them), from the feature folders. */
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
