/**
 * The alert engine's rule numbers (docs/spec/part-1.md §4, §9; docs/DESIGN.md §2.3, §2.5), written once: the pipeline's
 * evaluation (core), the audience SQL (db), the input schemas and forms (server, web) and the page texts read
 * them from here.
 */

/** The shortest standby wait that alerts, in minutes: a published wait of 0 never does (docs/DESIGN.md §2.3). */
export const MIN_ALERT_WAIT_MINUTES = 1;
/** Default alert threshold in minutes: standby 1–15 is "walk-on or short" (docs/spec/part-1.md §9). */
export const DEFAULT_THRESHOLD_MINUTES = 15;
/** Smallest per-ride threshold a person may choose, in minutes (docs/DESIGN.md §2.3 watch settings). */
export const THRESHOLD_MIN_MINUTES = 5;
/** Largest per-ride threshold a person may choose, in minutes. */
export const THRESHOLD_MAX_MINUTES = 60;
/**
 * What "walk-on or short" means, as the pages write it: the default threshold and the range a person may set per
 * ride ("15 minutes or less by default; 5–60 minutes per ride when you set it"), so no page promises 1–15 only.
 */
export const SHORT_WAIT_RANGE = `${DEFAULT_THRESHOLD_MINUTES} minutes or less by default; ${THRESHOLD_MIN_MINUTES}–${THRESHOLD_MAX_MINUTES} minutes per ride when you set it`;

/** The park's feed is live while its newest `lastUpdated` is at most this old (docs/rules.md R2, rules/liveData). */
export const FRESHNESS_MINUTES = 15;
/** A `lastUpdated` further than this in the future is not fresh either (docs/DESIGN.md §2.3: upstream data is evidence). */
export const FUTURE_TOLERANCE_MINUTES = 2;
/** No alert within this many minutes of the end of the attraction's or park's published hours (docs/DESIGN.md §2.3). */
export const CLOSING_MARGIN_MINUTES = 15;
/** Nothing of one attraction goes to one person more often than this (docs/spec/part-1.md §9, docs/DESIGN.md §2.3). */
export const REALERT_MINUTES = 60;
/** Back in service: a fresh DOWN, then OPERATING on this many consecutive fresh polls (docs/DESIGN.md §6). */
export const BACK_IN_SERVICE_UP_POLLS = 2;
/** Test alerts: one per person per this many minutes after their last alert of any kind (docs/spec/part-1.md §4, §9). */
export const TEST_ALERT_COOLDOWN_MINUTES = 15;

/** Daily caps per person and channel when the settings hold none (messages per park-local day, docs/DESIGN.md §2.5). */
export const DEFAULT_DAILY_CAPS = { sms: 30, email: 60 } as const;
/** Smallest daily cap an admin may set. */
export const ALERT_CAP_MIN = 1;
/** Largest daily cap an admin may set. */
export const ALERT_CAP_MAX = 500;
