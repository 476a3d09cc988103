import type { Executor } from '../client.ts';

/** The throttle state of a key (e.g. a log-in e-mail) → { key, failures, windowStartedAt, lockedUntil }, or undefined. */
export async function getThrottle(db: Executor, key: string) {
  return db
    .selectFrom('login_throttle')
    .select(['key', 'failures', 'window_started_at as windowStartedAt', 'locked_until as lockedUntil'])
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Saves the throttle state of a key. */
export async function saveThrottle(
  db: Executor,
  key: string,
  s: { failures: number; windowStartedAt: Date; lockedUntil: Date | null },
): Promise<void> {
  await db
    .insertInto('login_throttle')
    .values({ key, failures: s.failures, window_started_at: s.windowStartedAt, locked_until: s.lockedUntil })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ failures: s.failures, window_started_at: s.windowStartedAt, locked_until: s.lockedUntil }),
    )
    .execute();
}

/** Forgets a key's failures (after a successful log-in). */
export async function clearThrottle(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}
