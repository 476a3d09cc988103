import { DEFAULT_DAILY_CAPS } from '@walkon/domain/rules/alerts';
import type { Executor } from '../client.ts';

/** `settings` keys of the daily caps (JSON integers), written by the admin control. */
const DAILY_CAP_KEYS = { sms: 'alert_daily_cap_sms', email: 'alert_daily_cap_email' } as const;

/** Messages per person per park-local day and channel (docs/DESIGN.md §2.5 daily cap). */
export interface DailyCaps {
  sms: number;
  email: number;
}

/**
 * The daily caps per person and channel (docs/DESIGN.md §2.5, docs/rules.md R10): `settings` keys `alert_daily_cap_sms`
 * and `alert_daily_cap_email` (JSON integers, messages per park-local day); SMS 30 and e-mail 60 when absent or
 * not a positive integer.
 */
export async function getDailyCaps(db: Executor): Promise<DailyCaps> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [DAILY_CAP_KEYS.sms, DAILY_CAP_KEYS.email])
    .execute();
  const read = (key: string, fallback: number) => {
    const v = rows.find((r) => r.key === key)?.value as unknown;
    return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : fallback;
  };
  return { sms: read(DAILY_CAP_KEYS.sms, DEFAULT_DAILY_CAPS.sms), email: read(DAILY_CAP_KEYS.email, DEFAULT_DAILY_CAPS.email) };
}

/**
 * Writes one or both daily caps (the admin control calls this; validation of the range is the caller's).
 * @param caps messages per person per park-local day; positive integers.
 * @throws Error when a cap is not a positive integer.
 */
export async function setDailyCaps(db: Executor, caps: Partial<DailyCaps>, now: Date = new Date()): Promise<void> {
  for (const channel of ['sms', 'email'] as const) {
    const v = caps[channel];
    if (v === undefined) continue;
    if (!Number.isInteger(v) || v <= 0) throw new Error(`daily ${channel} cap must be a positive integer`);
    await db
      .insertInto('settings')
      .values({ key: DAILY_CAP_KEYS[channel], value: JSON.stringify(v), updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(v), updated_at: now }))
      .execute();
  }
}
