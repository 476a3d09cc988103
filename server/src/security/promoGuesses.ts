import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { guessesLog10 } from '../auth/passwordPolicy.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { guardOf, humanWait, refusalSeconds, windowLimiter } from './limits.ts';

/**
 * Promo-code guessing limit (docs/security.md, docs/rules.md R35, docs/decisions/023 and docs/decisions/047), on the same Redis windows
 * as the other limits (limits.ts, rate-limiter-flexible). Every guess is counted BEFORE the code is looked up,
 * atomically, so concurrent or batched guesses cannot slip past together:
 * - per client address (`promoGuessPerClient`, default 5 per 15 minutes; the sixth guess blocks the client for
 *   15 minutes), and
 * - in one global budget of guesses from every client (`promoGuessGlobal`, default 1,000 an hour). While the budget
 *   is spent, each client gets only `promoGuessPerClientWhenSpent` (default 1 an hour): a visitor who has a real
 *   code still gets it in on their first try, while a botnet gets one guess per address per hour.
 * Nothing is counted per code or per prefix any more: other people's wrong guesses never lock a real code
 * (docs/decisions/023 counted 30 per prefix, which let anyone block a campaign's code for everyone).
 * A code that turns out valid gives its own points back (`settle(true)`); nothing ever clears the wrong guesses
 * counted before it, so interleaving the public demo code does not reset the count.
 */

/** A reserved guess: `settle(valid)` after the code was checked gives the points back when it was valid. */
export interface PromoGuess {
  settle(valid: boolean): Promise<void>;
}

/**
 * Reserves one promo-code guess from client address `client` (the request's `ip`, docs/security.md client
 * address) under the app's limits (`guardOf(deps)`), before the code is looked up. `_code` is not counted (no
 * per-code or per-prefix limit, docs/decisions/047).
 * @returns the guess, to settle once the code is known valid or not.
 * @throws AppError TOO_MANY_REQUESTS "Too many promo code attempts. Please try again in …" (with the wait, sent
 * as Retry-After) when the client is over its limit (or, while the global budget is spent, over its one guess an
 * hour); nothing is looked up then.
 */
export async function reservePromoGuess(deps: AppDeps, client: string, _code: string): Promise<PromoGuess> {
  const guard = guardOf(deps);
  const perClient = windowLimiter(guard, 'promo-client', guard.limits.promoGuessPerClient, true);
  const global = windowLimiter(guard, 'promo-global', guard.limits.promoGuessGlobal);
  const whenSpent = windowLimiter(guard, 'promo-client-spent', guard.limits.promoGuessPerClientWhenSpent);
  const taken: [RateLimiterRedis, string][] = [];
  try {
    await perClient.consume(client);
    taken.push([perClient, client]);
    try {
      await global.consume('all');
      taken.push([global, 'all']);
    } catch (err) {
      if (refusalSeconds(err) === null) throw err;
      // The global budget is spent: this client gets its one guess an hour.
      await whenSpent.consume(client);
      taken.push([whenSpent, client]);
    }
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

/** Codes an admin creates must resist guessing: at least this many characters… */
export const STRONG_CODE_MIN_LENGTH = 10;
/** …and at least 10^this (about 3×10^11) guesses by zxcvbn's estimate: 12 random letters and digits are 10^12; words, years and patterns count for little. */
export const STRONG_CODE_MIN_GUESSES_LOG10 = 11.5;

/**
 * Why a promo code is easy to guess, as a sentence for the admin page, or null when it is not (docs/decisions/047):
 * shorter than STRONG_CODE_MIN_LENGTH characters, or fewer than 10^STRONG_CODE_MIN_GUESSES_LOG10 guesses by
 * zxcvbn (the password checker's dictionaries: "SUMMER2026" is two common tokens). A weak code still works; the
 * admin page flags it, and `generatePromoCode` makes a strong one.
 */
export async function weakPromoCodeReason(code: string): Promise<string | null> {
  if (code.length < STRONG_CODE_MIN_LENGTH) return `Easy to guess: shorter than ${STRONG_CODE_MIN_LENGTH} characters.`;
  if ((await guessesLog10(code.toLowerCase())) < STRONG_CODE_MIN_GUESSES_LOG10)
    return 'Easy to guess: made of common words, dates or patterns.';
  return null;
}
