import type { RateLimiterRedis } from 'rate-limiter-flexible';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { guardOf, humanWait, refusalSeconds, windowLimiter } from './limits.ts';

/**
 * Promo-code guessing limit (docs/security.md, docs/rules.md R35, decision 023), on the same Redis windows as
 * the other limits (limits.ts, rate-limiter-flexible): every guess takes one point from two counters BEFORE the
 * code is looked up, atomically, so concurrent or batched guesses cannot slip past together:
 * - per client address (`promoGuessPerClient`, default 5 per 15 minutes; the sixth guess blocks the client for
 *   15 minutes), and
 * - per code prefix, the first `PREFIX_CHARS` characters of the upper-cased code, from any client
 *   (`promoGuessPerPrefix`, default 30 per hour), so a botnet cannot walk the neighbours of a known code.
 * A code that turns out valid gives its own point back (`settle(true)`); nothing ever clears the wrong guesses
 * counted before it, so interleaving the public demo code does not reset the count.
 */

/** How many leading characters of a code make its prefix. */
export const PREFIX_CHARS = 4;

/** The prefix a code is counted under: its first PREFIX_CHARS characters, trimmed and upper-cased (R23). */
export function codePrefix(code: string): string {
  return code.trim().toUpperCase().slice(0, PREFIX_CHARS);
}

/** A reserved guess: `settle(valid)` after the code was checked gives the points back when it was valid. */
export interface PromoGuess {
  settle(valid: boolean): Promise<void>;
}

/**
 * Reserves one promo-code guess from client address `client` (the request's `ip`, docs/security.md client
 * address) for `code`, under the app's limits (`guardOf(deps)`), before the code is looked up.
 * @returns the guess, to settle once the code is known valid or not.
 * @throws AppError TOO_MANY_REQUESTS "Too many promo code attempts. Please try again in …" (with the wait, sent
 * as Retry-After) when the client or the code's prefix is over its limit; nothing is looked up then.
 */
export async function reservePromoGuess(deps: AppDeps, client: string, code: string): Promise<PromoGuess> {
  const guard = guardOf(deps);
  const perClient = windowLimiter(guard, 'promo-client', guard.limits.promoGuessPerClient, true);
  const perPrefix = windowLimiter(guard, 'promo-prefix', guard.limits.promoGuessPerPrefix);
  const prefix = codePrefix(code);
  const taken: [RateLimiterRedis, string][] = [];
  try {
    await perClient.consume(client);
    taken.push([perClient, client]);
    await perPrefix.consume(prefix);
    taken.push([perPrefix, prefix]);
  } catch (err) {
    const seconds = refusalSeconds(err);
    if (seconds === null) throw err;
    throw new AppError('TOO_MANY_REQUESTS', `Too many promo code attempts. Please try again in ${humanWait(seconds)}.`, seconds);
  }
  return {
    async settle(valid) {
      if (!valid) return;
      for (const [limiter, key] of taken) await limiter.reward(key, 1);
    },
  };
}
