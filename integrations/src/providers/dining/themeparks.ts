import { parkLocalDateTime } from '@walkon/domain/dates';
import { FRESHNESS_SENTENCES, liveReadingFreshness } from '@walkon/domain/rules/freshness';
import { feedClock } from '@walkon/domain/rules/liveData';
import type { LiveParkData, WaitTimesSource } from '../waitTimes/types.ts';
import type { DiningAnswer, DiningAvailabilityProvider, DiningQuery } from './types.ts';

/** A park's live document is re-read at most this often by one provider (one read serves all its restaurants). */
export const DINING_LIVE_TTL_MS = 60_000;

/**
 * Reads one restaurant's walk-up availability out of a park's live document (pure; the rules of the
 * `themeparks` provider): only the park-local TODAY can be answered (`unknown` otherwise: ThemeParks.wiki
 * publishes today's walk-up availability only); a restaurant missing from the document, not OPERATING, or
 * without a `diningAvailability` entry for the party size → `none`; a reading that is not fresh by
 * docs/rules.md R2 (`liveReadingFreshness`: the park's feed live and the restaurant's reading confirmed today, the
 * rule of every live reading, docs/decisions/048) → `unknown` with the reason's sentence;
 * otherwise `available` at the current park-local time with the published wait.
 */
export function answerFromLive(live: LiveParkData, q: DiningQuery, now: Date): DiningAnswer {
  const [today, time] = parkLocalDateTime(now, live.timezone);
  if (q.date !== today) return { status: 'unknown', reason: 'not published: walk-up availability is published for today only' };
  const entry = live.entries.find((e) => e.id === q.restaurantId);
  if (!entry) return { status: 'none', reason: 'restaurant not in the live data' };
  if (entry.status !== 'OPERATING') return { status: 'none', reason: `restaurant ${entry.status ?? 'closed'}` };
  if (!entry.diningAvailability) return { status: 'none', reason: 'restaurant publishes no availability' };
  const slot = entry.diningAvailability.find((d) => d.partySize === q.partySize);
  if (!slot) return { status: 'none', reason: 'no availability for this party size' };
  const clock = feedClock(
    now,
    live.timezone,
    live.entries.map((e) => e.lastUpdated),
  );
  const fresh = liveReadingFreshness(entry.lastUpdated, clock);
  if (!fresh.fresh) return { status: 'unknown', reason: `stale data: ${FRESHNESS_SENTENCES[fresh.reason]}` };
  return { status: 'available', time, waitMinutes: slot.waitTime };
}

/**
 * The `themeparks` provider (DINING_SOURCE=themeparks, docs/DESIGN.md §5): reads ThemeParks.wiki live data through the
 * wait-times source (`source.getLive(parkId)`) — one read per park serves all its restaurants for
 * DINING_LIVE_TTL_MS — and answers with `answerFromLive`. An upstream fault answers `unknown` (never a match).
 */
export function createThemeParksDiningProvider(opts: { source: WaitTimesSource; now: () => Date }): DiningAvailabilityProvider & {
  /** Upstream reads made so far (tests). */
  reads(): number;
} {
  const cache = new Map<string, { at: number; live: Promise<LiveParkData> }>();
  let reads = 0;
  const liveOf = (parkId: string) => {
    const now = opts.now().getTime();
    const hit = cache.get(parkId);
    if (hit && now - hit.at < DINING_LIVE_TTL_MS) return hit.live;
    reads++;
    const live = opts.source.getLive(parkId);
    cache.set(parkId, { at: now, live });
    live.catch(() => cache.delete(parkId));
    return live;
  };
  return {
    kind: 'themeparks',
    label: "ThemeParks.wiki's published walk-up availability (today only)",
    reads: () => reads,
    async check(q) {
      let live: LiveParkData;
      try {
        live = await liveOf(q.parkId);
      } catch (err) {
        return { status: 'unknown', reason: `source failed: ${(err as Error).message}` };
      }
      return answerFromLive(live, q, opts.now());
    },
  };
}
