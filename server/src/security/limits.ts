import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps, Guard } from '../deps.ts';

/**
 * Rate limits of writes (README "Security"), the one home of every abuse limit (server/src/security/, all on
 * Redis under `<QUEUE_PREFIX>:abuse`): here the fixed-window limits, counted by @fastify/rate-limit's store (INCR
 * + PEXPIRE in one Lua call, so concurrent and batched calls are all counted), per client address and, for
 * writes that e-mail someone, per target address too; each call of a tRPC batch is counted on its own. The
 * promo-guess limit is in promoGuesses.ts (it must give a valid code's point back), the log-in slow-down in
 * loginThrottle.ts. The client address is Fastify's `req.ip` under the configured TRUST_PROXY, never a header.
 */

/** One limit: at most `max` calls per `windowMs` milliseconds. */
export interface LimitRule {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits in force; `AppDeps.limits` may override some (tests relax the per-client ones). */
export interface LimitSettings {
  /**
   * Writes that send an e-mail (sign-up, password reset, resend verification, e-mail change, newsletter,
   * affiliate, early access, promo redemption, flight alert), per client and procedure.
   */
  emailWritePerClient: LimitRule;
  /** The same writes per target e-mail address and procedure (no mailbox is bombed from many addresses). */
  emailWritePerAddress: LimitRule;
  /** Log-in attempts per client across every account (password spraying). */
  logInPerClient: LimitRule;
  /** Promo-code guesses per client (the next guess past it blocks the client for one window). */
  promoGuessPerClient: LimitRule;
  /** Promo-code guesses per code prefix from any client (security/promoGuesses.ts). */
  promoGuessPerPrefix: LimitRule;
}

/**
 * Defaults (docs/rules.md R33–R35): 10 e-mailing writes per client per hour and procedure, 3 per target address
 * per hour, 30 log-ins per client per 15 minutes, 5 promo guesses per client per 15 minutes, 30 per code prefix
 * per hour.
 */
export const DEFAULT_LIMITS: LimitSettings = {
  emailWritePerClient: { max: 10, windowMs: HOUR },
  emailWritePerAddress: { max: 3, windowMs: HOUR },
  logInPerClient: { max: 30, windowMs: 15 * MINUTE },
  promoGuessPerClient: { max: 5, windowMs: 15 * MINUTE },
  promoGuessPerPrefix: { max: 30, windowMs: HOUR },
};

/** The app's abuse guard: its Redis (or the queues' connection), keys under `<queue prefix>:abuse`, the limits in force. */
export function guardOf(deps: AppDeps): Guard {
  return {
    redis: deps.redis ?? deps.queues.connection,
    prefix: `${deps.queues.prefix}:abuse`,
    limits: { ...DEFAULT_LIMITS, ...deps.limits },
  };
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
const KEY = Symbol('walkon.rateLimitKey');
type Keyed = FastifyRequest & { [KEY]?: string };

const limiters = new WeakMap<FastifyInstance, Map<string, Limiter>>();

/** "3 minutes", "1 hour", "45 seconds": a wait a person reads. */
export function humanWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

function limiterFor(app: FastifyInstance, name: string, rule: LimitRule): Limiter {
  let byName = limiters.get(app);
  if (!byName) {
    byName = new Map();
    limiters.set(app, byName);
  }
  const id = `${name}:${rule.max}:${rule.windowMs}`;
  let limiter = byName.get(id);
  if (!limiter) {
    limiter = app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: (req) => (req as Keyed)[KEY] ?? req.ip });
    byName.set(id, limiter);
  }
  return limiter;
}

/**
 * Counts one call against `rule` under `key` (e.g. "newsletter:client:203.0.113.9").
 * @throws TRPCError TOO_MANY_REQUESTS (429) with `message` + the wait, and sets Retry-After (seconds), once over.
 */
export async function consumeLimit(
  req: FastifyRequest,
  reply: { header: (name: string, value: string) => unknown },
  name: string,
  rule: LimitRule,
  key: string,
  message: string,
): Promise<void> {
  const limiter = limiterFor(req.server, name, rule);
  // The limiter reads its key from the request: hand it a view of this request that carries this call's key,
  // so concurrent calls of one batch never see each other's key.
  const view = Object.create(req, { [KEY]: { value: `${name}:${key}` } }) as Keyed;
  const r = await limiter(view);
  // `isAllowed` only means "on the allow list"; the count is over the limit when `isExceeded`.
  if (r.isAllowed || !r.isExceeded) return;
  const seconds = Math.max(1, r.ttlInSeconds);
  reply.header('retry-after', String(seconds));
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: `${message} Please try again in ${humanWait(seconds)}.` });
}
