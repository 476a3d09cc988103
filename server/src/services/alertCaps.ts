import { alertCaps } from '@walkon/db';
import type { AppDeps } from '../trpc/init.ts';

/**
 * The daily alert caps per person and channel in force (DESIGN §2.5), with the defaults for the form:
 * `{ sms, email, defaults: { sms: 30, email: 60 }, min: 1, max: 500 }`. The alert engine reads the same
 * settings keys (`alert_daily_cap_sms`, `alert_daily_cap_email`) when it sends.
 */
export async function get(deps: AppDeps) {
  const caps = await alertCaps.getDailyCaps(deps.db);
  return { ...caps, defaults: { ...alertCaps.DEFAULT_DAILY_CAPS }, min: alertCaps.DAILY_CAP_MIN, max: alertCaps.DAILY_CAP_MAX };
}

/** Sets both daily caps (validated 1–500 by the schema) and returns the caps in force. */
export async function set(deps: AppDeps, caps: { sms: number; email: number }) {
  await alertCaps.setDailyCaps(deps.db, caps);
  return get(deps);
}
