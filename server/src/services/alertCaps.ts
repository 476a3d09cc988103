import { alertEngine } from '@walkon/db';
import { ALERT_CAP_MAX, ALERT_CAP_MIN, DEFAULT_DAILY_CAPS } from '@walkon/domain/rules/alerts';
import type { AppDeps } from '../deps.ts';

/**
 * The daily alert caps per person and channel in force (docs/DESIGN.md §2.5), with the defaults for the form:
 * `{ sms, email, defaults: { sms: 30, email: 60 }, min: 1, max: 500 }` (messages per person per park-local day).
 * Reads the alert engine's own settings (`alertEngine.getDailyCaps`: keys `alert_daily_cap_sms` /
 * `alert_daily_cap_email`), the same values each tick applies.
 */
export async function get(deps: AppDeps) {
  const caps = await alertEngine.getDailyCaps(deps.db);
  return { ...caps, defaults: { ...DEFAULT_DAILY_CAPS }, min: ALERT_CAP_MIN, max: ALERT_CAP_MAX };
}

/** Sets both daily caps (validated 1–500 by the schema) through `alertEngine.setDailyCaps` and returns the caps in force. */
export async function set(deps: AppDeps, caps: { sms: number; email: number }) {
  await alertEngine.setDailyCaps(deps.db, caps, deps.now());
  return get(deps);
}
