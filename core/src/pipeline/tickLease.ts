import { randomUUID } from 'node:crypto';
import type { Cluster, Redis } from 'ioredis';

/**
 * A lease on one park's tick across every worker (docs/DESIGN.md §2.2 "one read per park per tick"): taken before the
 * upstream read, so two poll jobs of the same park never read it twice at once, and given back when the tick
 * ends. It only spares the upstream; mutual exclusion of the write is the transaction-scoped advisory lock of
 * `runParkTick`, which holds even when a lease expired under a slow tick.
 */
export interface TickLease {
  /** Takes the park's lease for `ms` milliseconds; returns its token, or null when another tick holds it. */
  acquire(parkId: string): Promise<string | null>;
  /** Gives the lease back (only if `token` still holds it: an expired lease retaken by another tick stays). */
  release(parkId: string, token: string): Promise<void>;
}

/** Deletes KEYS[1] only when it still holds ARGV[1] (one key: one Redis Cluster slot). */
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** How long a lease lasts when its worker dies mid-tick (ms): under the 60-second tick, so the next tick runs. */
export const TICK_LEASE_MS = 50_000;

/**
 * The lease kept in Redis: key `<prefix>:tick-lease:<parkId>` (`SET NX PX`), released with a compare-and-delete
 * script. A worker killed mid-tick leaves it for at most `ms` (default TICK_LEASE_MS).
 */
export function createRedisTickLease(opts: { redis: Redis | Cluster; prefix: string; ms?: number }): TickLease {
  const key = (parkId: string) => `${opts.prefix}:tick-lease:${parkId}`;
  return {
    async acquire(parkId) {
      const token = randomUUID();
      const ok = await opts.redis.set(key(parkId), token, 'PX', opts.ms ?? TICK_LEASE_MS, 'NX');
      return ok === 'OK' ? token : null;
    },
    async release(parkId, token) {
      await opts.redis.eval(RELEASE, 1, key(parkId), token);
    },
  };
}
