import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { type Notifier, ThrottledNotifyError } from './types.ts';

/** Messages per second the provider account accepts, per channel (SES_MAX_PER_SECOND, SNS_SMS_MAX_PER_SECOND). */
export interface SendRates {
  email: number;
  sms: number;
}

/** Settings of withSendRateLimits. */
export interface RateLimitOptions {
  /** The shared Redis: every worker consumes from the same budget (`<prefix>:send-rate:<channel>`). */
  redis: Redis;
  prefix: string;
  perSecond: SendRates;
  /**
   * How long one message may keep meeting the provider's throttling answer before it gives up with
   * ThrottledNotifyError (default 30 s); the caller then puts it back without counting an attempt.
   */
  maxThrottleWaitMs?: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Wraps a provider notifier (SES / SNS) in the account-wide send budget (docs/DESIGN.md §2.5 "Provider rate limits",
 * docs/decisions/037): before each message a token is taken from a Redis counter shared by
 * every worker (rate-limiter-flexible `RateLimiterRedis`, `perSecond[channel]` points per 1-second window); a
 * worker without a token waits for the next window. A throttling answer (ThrottledNotifyError) drains the shared
 * budget a little (so every worker slows down), waits with exponential backoff (250 ms doubling to 5 s, with
 * jitter) and sends the same message again — never a failure; after `maxThrottleWaitMs` it rethrows the
 * ThrottledNotifyError. Permanent and transient errors pass through unchanged.
 */
export function withSendRateLimits(inner: Notifier, opts: RateLimitOptions): Notifier {
  // Fixed 1-second windows (a Redis key with a 1 s expiry): a window's tokens are taken as fast as the lanes ask,
  // and the next window opens only once the previous one has expired, so no second carries more than the
  // quota. (The library's execEvenly option was tried: its delays grow with the points consumed and pushed
  // tokens into later windows, 54 % of the quota.)
  const limiter = (points: number) =>
    new RateLimiterRedis({ storeClient: opts.redis, keyPrefix: `${opts.prefix}:send-rate`, points, duration: 1 });
  const limiters = { email: limiter(opts.perSecond.email), sms: limiter(opts.perSecond.sms) };
  const maxWait = opts.maxThrottleWaitMs ?? 30_000;

  async function token(channel: keyof SendRates): Promise<void> {
    for (;;) {
      try {
        await limiters[channel].consume(channel, 1);
        return;
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        await sleep(res.msBeforeNext + Math.random() * 5);
      }
    }
  }

  async function send<R>(channel: keyof SendRates, call: () => Promise<R>): Promise<R> {
    const started = Date.now();
    for (let k = 0; ; k++) {
      await token(channel);
      try {
        return await call();
      } catch (err) {
        if (!(err instanceof ThrottledNotifyError) || Date.now() - started > maxWait) throw err;
        await limiters[channel].penalty(channel, Math.max(1, Math.ceil(opts.perSecond[channel] / 10))).catch(() => {});
        await sleep(Math.min(5_000, 250 * 2 ** k) * (0.5 + Math.random() / 2));
      }
    }
  }

  return {
    kind: inner.kind,
    email: { kind: inner.email.kind, send: (m, ctx) => send('email', () => inner.email.send(m, ctx)) },
    sms: { kind: inner.sms.kind, send: (m, ctx) => send('sms', () => inner.sms.send(m, ctx)) },
  };
}
