import type { Redis } from 'ioredis';
import { type LiveParkData, UpstreamError, type WaitTimesSource } from './types.ts';

/**
 * When the next upstream read of a park may happen (the upstream's Retry-After, docs/DESIGN.md §2.2). The worker and
 * the server share the Redis gate, so every process and every worker honours one park's Retry-After; the
 * in-memory gate is for a single process (tests, the operator CLI).
 */
export interface ReadGate {
  readonly kind: 'redis' | 'memory';
  /** The instant before which the park must not be read, or null (none recorded). */
  notBefore(parkId: string): Promise<Date | null>;
  /** Records that the park must not be read before `until` (keeps a later instant already recorded). */
  defer(parkId: string, until: Date, now: Date): Promise<void>;
}

/** A gate kept in process memory (one per process). */
export function createMemoryReadGate(): ReadGate {
  const until = new Map<string, number>();
  return {
    kind: 'memory',
    async notBefore(parkId) {
      const at = until.get(parkId);
      return at === undefined ? null : new Date(at);
    },
    async defer(parkId, at) {
      until.set(parkId, Math.max(at.getTime(), until.get(parkId) ?? 0));
    },
  };
}

/**
 * A gate kept in Redis: key `<prefix>:upstream:not-before:<parkId>` holds the instant in epoch milliseconds;
 * the key expires a minute after that instant (real time), so nothing piles up.
 */
export function createRedisReadGate(opts: { redis: Redis; prefix: string }): ReadGate {
  const key = (parkId: string) => `${opts.prefix}:upstream:not-before:${parkId}`;
  return {
    kind: 'redis',
    async notBefore(parkId) {
      const v = await opts.redis.get(key(parkId));
      const ms = v === null ? Number.NaN : Number(v);
      return Number.isFinite(ms) ? new Date(ms) : null;
    },
    async defer(parkId, at, now) {
      const current = await this.notBefore(parkId);
      if (current && current.getTime() >= at.getTime()) return;
      const ttl = Math.max(at.getTime() - now.getTime(), 0) + 60_000;
      await opts.redis.set(key(parkId), String(at.getTime()), 'PX', ttl);
    },
  };
}

/**
 * Wraps a wait-times source so park reads (live data and, when the source has it, the schedule) honour
 * Retry-After (docs/DESIGN.md §2.2): a read asked for before the recorded instant makes no request and throws
 * UpstreamError `deferred` (with `retryAt`); a fault that carries a Retry-After records it. A gate that cannot
 * be reached (Redis down) does not block reads.
 * @throws UpstreamError `deferred`, and whatever the wrapped source throws.
 */
export function withReadGate(source: WaitTimesSource, gate: ReadGate, now: () => Date): WaitTimesSource {
  const gated = async <T>(parkId: string, what: string, read: () => Promise<T>): Promise<T> => {
    const until = await gate.notBefore(parkId).catch(() => null);
    if (until && until.getTime() > now().getTime()) {
      throw new UpstreamError(`GET ${what} ${parkId}: upstream asked to wait until ${until.toISOString()}`, 'deferred', undefined, until);
    }
    try {
      return await read();
    } catch (err) {
      if (err instanceof UpstreamError && err.retryAt) await gate.defer(parkId, err.retryAt, now()).catch(() => {});
      throw err;
    }
  };
  const getSchedule = source.getSchedule?.bind(source);
  return {
    kind: source.kind,
    getDestinations: () => source.getDestinations(),
    getLive: (parkId: string): Promise<LiveParkData> => gated(parkId, 'live', () => source.getLive(parkId)),
    ...(getSchedule ? { getSchedule: (parkId: string) => gated(parkId, 'schedule', () => getSchedule(parkId)) } : {}),
  };
}

/** What the poll job does after an upstream fault (docs/DESIGN.md §2.2). */
export type PollFaultPlan =
  /** Read again at `at`, still within this tick (before the park's next scheduled read). */
  | { action: 'retry-at'; at: Date }
  /** No read in this tick any more: the upstream asked to wait until `until`; the next tick's read checks the gate. */
  | { action: 'skip-tick'; until: Date }
  /** Not worth a retry within the tick (the response was about another park): log it, wait for the next tick. */
  | { action: 'give-up' }
  /** Any other fault: the job's ordinary retries with backoff. */
  | { action: 'backoff' };

/**
 * Decides what the poll job does after `err` at `now`: a Retry-After that ends, with one read's time limit
 * (`readBudgetMs`) to spare, before the park's next scheduled read (`msToNextTick` from now) is retried then;
 * a longer one (or a read the gate held back) skips this tick. So a park gets at most one read per tick and
 * never one sooner than the upstream allows.
 */
export function planAfterFault(err: unknown, now: Date, msToNextTick: number, readBudgetMs: number): PollFaultPlan {
  if (!(err instanceof UpstreamError)) return { action: 'backoff' };
  if (err.kind === 'mismatch') return { action: 'give-up' };
  if (err.kind === 'deferred' && err.retryAt) return { action: 'skip-tick', until: err.retryAt };
  if (err.retryAt) {
    return err.retryAt.getTime() - now.getTime() + readBudgetMs <= msToNextTick
      ? { action: 'retry-at', at: err.retryAt }
      : { action: 'skip-tick', until: err.retryAt };
  }
  return { action: 'backoff' };
}
