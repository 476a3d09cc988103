/**
 * Freshness, one function per kind of reading, each with one sentence per reason (docs/rules.md R2, R42, R56;
 * docs/decisions/048). Every pipeline and page that asks "may this reading be trusted now?"
 * calls one of these, and every page that says why not shows `FRESHNESS_SENTENCES[reason]`.
 *
 * - A live reading of ThemeParks.wiki — a ride's wait (ride alerts, reminders, back in service), its Lightning
 *   Lane return time (return-time alerts) and a restaurant's walk-up availability (restaurant alerts) all come
 *   from the park's live document — is fresh by R2 (`liveReadingFreshness`).
 * - Lightning Lane assist books only from our own poll of the park at most 5 minutes old (R42, `laneFreshness`).
 */

import { FRESHNESS_MINUTES, FUTURE_TOLERANCE_MINUTES } from './alerts.ts';
import { LIVE_FRESH_MS } from './lightningLane.ts';
import { type FeedClock, readingFreshness, type Stamp } from './liveData.ts';

/** Why a reading is not fresh. */
export type StaleReason = 'no-stamp' | 'future' | 'feed-stale' | 'earlier-day' | 'never-polled' | 'poll-old';

/** One sentence per reason, as every page shows it. */
export const FRESHNESS_SENTENCES: Record<StaleReason, string> = {
  'no-stamp': 'This reading carries no update time.',
  future: `This reading is stamped more than ${FUTURE_TOLERANCE_MINUTES} minutes in the future.`,
  'feed-stale': `The park's live data has not changed for over ${FRESHNESS_MINUTES} minutes.`,
  'earlier-day': 'This reading was last confirmed on an earlier day.',
  'never-polled': 'We have not read this park yet.',
  'poll-old': `Our last read of the park is more than ${LIVE_FRESH_MS / 60_000} minutes old.`,
};

/** A freshness verdict: fresh, or the reason it is not. */
export type FreshnessVerdict = { fresh: true; reason: null } | { fresh: false; reason: StaleReason };

const FRESH: FreshnessVerdict = { fresh: true, reason: null };
const stale = (reason: StaleReason): FreshnessVerdict => ({ fresh: false, reason });

/**
 * A live reading of the park's ThemeParks.wiki document — a ride's wait, a return time, a restaurant's walk-up
 * availability — judged at `clock.now` by docs/rules.md R2 (`readingFreshness` of ./liveData.ts): fresh when the
 * park's feed is live and the reading was confirmed on the park-local date of `clock.now`. Reasons, first that
 * holds: no stamp; stamped more than 2 minutes in the future; the park's feed stale (newest stamp over 15
 * minutes old); last confirmed on an earlier day.
 */
export function liveReadingFreshness(lastUpdated: Stamp, clock: FeedClock): FreshnessVerdict {
  const f = readingFreshness(lastUpdated, clock);
  if (f.fresh) return FRESH;
  if (lastUpdated === null || lastUpdated === undefined || !Number.isFinite(new Date(lastUpdated).getTime())) return stale('no-stamp');
  if (f.future) return stale('future');
  if (!clock.feedLive) return stale('feed-stale');
  return stale('earlier-day');
}

/**
 * A Lightning Lane reading for booking (docs/rules.md R42, docs/decisions/008): fresh when our poll of the park
 * (`polledAt`) is at most 5 minutes before `now`. Reasons: never polled; the poll older than 5 minutes.
 */
export function laneFreshness(polledAt: Date | null | undefined, now: Date): FreshnessVerdict {
  if (!polledAt) return stale('never-polled');
  return now.getTime() - polledAt.getTime() <= LIVE_FRESH_MS ? FRESH : stale('poll-old');
}
