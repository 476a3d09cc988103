import { feedClock, readingFreshness, type ScheduleHours, scheduleState } from '@walkon/domain/rules/liveData';
import { agoLabel } from './format.ts';

/** How the page shows a park's live feed at `now` (docs/rules.md R2–R3, the rule the alerts use). */
export interface FeedView {
  /** The feed is live: its newest stamp at most 15 minutes old. */
  live: boolean;
  /** "updated 3 min ago" from the feed's newest stamp, or "no update time". */
  label: string;
  /** The park is outside its published schedule right now (false when none is published). */
  closed: boolean;
  /** Judges one reading (its `lastUpdated`) with the same clock. */
  reading(lastUpdated: string | null): { fresh: boolean; confirmedToday: boolean };
}

/**
 * The live table's and ride page's view of a park's data at `now` (ms): the feed's age and liveness from its
 * newest stamp (`feedUpdatedAt`), "Closed" from the published schedule, and per reading whether it is fresh
 * and confirmed today — `feedClock`, `readingFreshness` and `scheduleState` of @walkon/domain, nothing else.
 */
export function feedView(
  data: { feedUpdatedAt: string | null; schedule: ScheduleHours[]; park: { timezone: string | null } },
  now: number,
): FeedView {
  const at = new Date(now);
  const clock = feedClock(at, data.park.timezone, [data.feedUpdatedAt]);
  return {
    live: clock.feedLive,
    label: agoLabel(data.feedUpdatedAt, now),
    closed: scheduleState(data.schedule, data.park.timezone, at) === 'closed',
    reading: (lastUpdated) => {
      const f = readingFreshness(lastUpdated, clock);
      return { fresh: f.fresh, confirmedToday: f.confirmedToday };
    },
  };
}
