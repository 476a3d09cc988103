/**
 * Lightning Lane assist rules (docs/spec/part-2.md §5, §9; docs/features.md "Feature gates, restaurant alerts, Lightning Lane"):
 * how fresh live data must be to book from, the preference limits and defaults, and the invitation's lifetime.
 */

/** A lane is "available" only when our poll of the park is at most this old (nothing is booked from stale data). */
export const LIVE_FRESH_MS = 5 * 60_000;
/** Default preferred window (docs/spec/part-2.md §5), park-local 'HH:mm' (24 h). */
export const DEFAULT_WINDOW = { start: '09:00', end: '21:00' } as const;
/** Priority bounds and default (docs/spec/part-2.md §5: 1–10, default 1; higher number = higher priority). */
export const PRIORITY_MIN = 1;
export const PRIORITY_MAX = 10;
export const PRIORITY_DEFAULT = 1;
/** Highest max price of a preference, whole US dollars. */
export const MAX_PRICE_DOLLARS = 500;
/** How long an invitation stays open before it shows 'Expired' (our choice: the spec gives no figure). */
export const INVITATION_TTL_HOURS = 24;
