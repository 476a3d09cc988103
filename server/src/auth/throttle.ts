import { type Executor, throttle } from '@walkon/db';

/** Log-in throttling: 5 failures within 15 minutes lock the e-mail for 15 minutes. */
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

/** Minutes until the key may try again, or 0 when it is not locked. */
export async function lockedMinutes(db: Executor, key: string, now: Date): Promise<number> {
  const s = await throttle.getThrottle(db, key);
  if (!s?.lockedUntil || s.lockedUntil.getTime() <= now.getTime()) return 0;
  return Math.ceil((s.lockedUntil.getTime() - now.getTime()) / 60_000);
}

/** Records a failed attempt; the fifth within the window locks the key. */
export async function recordFailure(db: Executor, key: string, now: Date): Promise<void> {
  const s = await throttle.getThrottle(db, key);
  const fresh = !s || now.getTime() - s.windowStartedAt.getTime() > WINDOW_MS;
  const failures = fresh ? 1 : s.failures + 1;
  const windowStartedAt = fresh ? now : s.windowStartedAt;
  await throttle.saveThrottle(db, key, {
    failures,
    windowStartedAt,
    lockedUntil: failures >= MAX_FAILURES ? new Date(now.getTime() + LOCK_MS) : null,
  });
}

/** Forgets failures after a successful log-in. */
export async function recordSuccess(db: Executor, key: string): Promise<void> {
  await throttle.clearThrottle(db, key);
}
