import type { Executor } from '../client.ts';
import { getSetting, putSetting } from './site.ts';

/**
 * Daily alert caps per person and channel (DESIGN §2.5: "a daily cap per recipient and channel holds back, and
 * records, what exceeds it"). Stored in `settings` as JSON integers under these keys; the alert engine reads
 * them when it sends, admins set them in /admin.
 */
export const DAILY_CAP_KEYS = { sms: 'alert_daily_cap_sms', email: 'alert_daily_cap_email' } as const;
/** Caps used while no admin has set one: 30 texts and 60 e-mails per person per day. */
export const DEFAULT_DAILY_CAPS = { sms: 30, email: 60 } as const;
/** The range an admin may set (messages per person per day). */
export const DAILY_CAP_MIN = 1;
export const DAILY_CAP_MAX = 500;

export type CapChannel = keyof typeof DAILY_CAP_KEYS;

function valid(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= DAILY_CAP_MIN && v <= DAILY_CAP_MAX;
}

/** The daily caps in force, `{ sms, email }` messages per person per day: the stored values, else the defaults (also for a stored value out of range). */
export async function getDailyCaps(db: Executor): Promise<Record<CapChannel, number>> {
  const [sms, email] = await Promise.all([getSetting<unknown>(db, DAILY_CAP_KEYS.sms), getSetting<unknown>(db, DAILY_CAP_KEYS.email)]);
  return { sms: valid(sms) ? sms : DEFAULT_DAILY_CAPS.sms, email: valid(email) ? email : DEFAULT_DAILY_CAPS.email };
}

/** Stores the daily caps (integers DAILY_CAP_MIN–DAILY_CAP_MAX; the caller validates). */
export async function setDailyCaps(db: Executor, caps: Record<CapChannel, number>): Promise<void> {
  await putSetting(db, DAILY_CAP_KEYS.sms, caps.sms);
  await putSetting(db, DAILY_CAP_KEYS.email, caps.email);
}
