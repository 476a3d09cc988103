/**
 * Readiness (docs/OPERATIONS.md "Health"): whether PostgreSQL and Redis answer now. Each check is bounded by
 * `timeoutMs` (default 2 s), so a store that hangs, not only one that refuses, turns the answer false well within
 * 10 s; nothing is cached, so the answer is true again on the first check after both are back.
 */
export interface Readiness {
  ok: boolean;
  db: boolean;
  redis: boolean;
  /** Set while the process starts (connecting, not yet taking work) or stops (SIGTERM): `ok` is then false. */
  state?: 'starting' | 'stopping';
}

/** Resolves true when `check` resolves within `ms`, false when it rejects or takes longer. */
async function answers(check: () => Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((r) => {
    timer = setTimeout(() => r(false), ms);
  });
  try {
    return await Promise.race([
      check().then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks both stores at once: `db` (e.g. `ping(db)`: `select 1`) and `redis` (PING).
 * @returns { ok: db && redis, db, redis }; never throws.
 */
export async function checkReadiness(
  checks: { db: () => Promise<unknown>; redis: () => Promise<unknown> },
  timeoutMs = 2_000,
): Promise<Readiness> {
  const [db, redis] = await Promise.all([answers(checks.db, timeoutMs), answers(checks.redis, timeoutMs)]);
  return { ok: db && redis, db, redis };
}
