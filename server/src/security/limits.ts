import { TRPCError } from '@trpc/server';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppDeps, Guard } from '../deps.ts';
import type { LimitRule, LimitSettings } from './limitSettings.ts';

export type { LimitRule, LimitSettings } from './limitSettings.ts';

/**
 * Rate limits of writes (docs/security.md), the one home of every abuse limit (server/src/security/, all on
 * Redis under `<QUEUE_PREFIX>:abuse`): here the fixed windows, counted by rate-limiter-flexible (INCRBY + TTL
 * in one Lua call, so concurrent and batched calls are all counted), per client address and, for writes that
 * e-mail someone, per target address too; each call of a tRPC batch is counted on its own. Promo guesses
 * (promoGuesses.ts) use the same windows and give a valid code's point back; the log-in slow-down (a growing
 * wait, not a window) is loginThrottle.ts. The client address is Fastify's `req.ip` under the configured TRUST_PROXY, never a header.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Defaults (docs/rules.md R33–R35, docs/decisions/047): 10 e-mailing writes per client per hour and procedure, 3 per
 * target address per hour (one count across the account procedures), 30 log-ins per client per 15 minutes, 5
 * promo guesses per client per 15 minutes within a global budget of 1,000 an hour (spent: 1 per client an hour).
 */
export const DEFAULT_LIMITS: LimitSettings = {
  emailWritePerClient: { max: 10, windowMs: HOUR },
  emailWritePerAddress: { max: 3, windowMs: HOUR },
  logInPerClient: { max: 30, windowMs: 15 * MINUTE },
  promoGuessPerClient: { max: 5, windowMs: 15 * MINUTE },
  promoGuessGlobal: { max: 1000, windowMs: HOUR },
  promoGuessPerClientWhenSpent: { max: 1, windowMs: HOUR },
};

/** The app's abuse guard: its Redis (or the queues' connection), keys under `<queue prefix>:abuse`, the limits in force. */
export function guardOf(deps: AppDeps): Guard {
  return {
    redis: deps.redis ?? deps.queues.connection,
    prefix: `${deps.queues.prefix}:abuse`,
    limits: { ...DEFAULT_LIMITS, ...deps.limits },
  };
}

/** "3 minutes", "1 hour", "45 seconds": a wait a person reads. */
export function humanWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

const limiters = new WeakMap<Redis, Map<string, RateLimiterRedis>>();

/**
 * The fixed-window limiter of `rule` under `<guard prefix>:rl:<name>`: rate-limiter-flexible on Redis, one
 * INCRBY + TTL per call in one Lua script, so concurrent and batched calls are all counted. Built once per
 * Redis connection, name and rule.
 */
export function windowLimiter(guard: Pick<Guard, 'redis' | 'prefix'>, name: string, rule: LimitRule, blockAfter = false): RateLimiterRedis {
  let byName = limiters.get(guard.redis);
  if (!byName) {
    byName = new Map();
    limiters.set(guard.redis, byName);
  }
  const seconds = Math.max(1, Math.ceil(rule.windowMs / 1000));
  const id = `${guard.prefix}:rl:${name}:${rule.max}:${seconds}:${blockAfter}`;
  let limiter = byName.get(id);
  if (!limiter) {
    limiter = new RateLimiterRedis({
      storeClient: guard.redis,
      keyPrefix: `${guard.prefix}:rl:${name}`,
      points: rule.max,
      duration: seconds,
      blockDuration: blockAfter ? seconds : 0,
      // No in-memory shortcut: every process counts in the same Redis.
      inMemoryBlockOnConsumed: 0,
    });
    byName.set(id, limiter);
  }
  return limiter;
}

/** The seconds to wait of a refusal (`RateLimiterRes`), at least 1; null when `err` is not a refusal. */
export function refusalSeconds(err: unknown): number | null {
  return err instanceof RateLimiterRes ? Math.max(1, Math.ceil(err.msBeforeNext / 1000)) : null;
}

/**
 * Counts one call against `rule` (limit `name`) under `key` (e.g. "site.subscribeNewsletter:client:203.0.113.9").
 * @throws TRPCError TOO_MANY_REQUESTS (429) with `message` + the wait, and sets Retry-After (seconds), once over;
 * a Redis failure is thrown as it is (the call fails rather than going unlimited).
 */
export async function consumeLimit(
  guard: Pick<Guard, 'redis' | 'prefix'>,
  reply: { header: (name: string, value: string) => unknown },
  name: string,
  rule: LimitRule,
  key: string,
  message: string,
): Promise<void> {
  try {
    await windowLimiter(guard, name, rule).consume(key);
  } catch (err) {
    const seconds = refusalSeconds(err);
    if (seconds === null) throw err;
    reply.header('retry-after', String(seconds));
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: `${message} Please try again in ${humanWait(seconds)}.` });
  }
}
