/** Feature gates (docs/DESIGN.md §6): which features are gated, their states, and the one rule deciding who passes. */

/** Every gated feature, in display order. */
export const FEATURE_KEYS = ['restaurant_alerts', 'lightning_lane'] as const;
/** A gated feature. */
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** A gate's states: off (admins only), early access (admins and granted users), on (everyone). */
export const FEATURE_STATES = ['off', 'early_access', 'on'] as const;
/** A gate's state. */
export type FeatureState = (typeof FEATURE_STATES)[number];

/** Who is asking to pass a gate: null when signed out; else whether they are an admin and hold a grant. */
export interface GateCaller {
  isAdmin: boolean;
  hasGrant: boolean;
}

/**
 * The gate rule (docs/DESIGN.md §6), the ONE implementation used by the server's `featureAccess` and by jobs acting
 * for a user (Lightning Lane auto-booking, restaurant checks): `on` lets everyone in (signed out too),
 * `early_access` lets in admins and users holding a grant, `off` only admins (so they can try a feature
 * before opening it). Pure: the caller reads the flag, the role and the grant.
 */
export function gateAllows(state: FeatureState, caller: GateCaller | null): boolean {
  if (state === 'on') return true;
  if (!caller) return false;
  if (caller.isAdmin) return true;
  return state === 'early_access' && caller.hasGrant;
}
