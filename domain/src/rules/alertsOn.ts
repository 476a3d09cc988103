import { TZDate } from '@date-fns/tz';
import { DEFAULT_THRESHOLD_MINUTES, MIN_ALERT_WAIT_MINUTES } from './alerts.ts';
import {
  type EmbeddedHours,
  embeddedHoursAllow,
  feedClock,
  readingFreshness,
  type ScheduleHours,
  type Stamp,
  scheduleAllows,
} from './liveData.ts';

/**
 * The facts of the alerts-on confirmation (docs/rules.md R16b), by the engine's own rules: which watched rides
 * are short right now (R1–R3) and when today's alerting ends (the published closing).
 */

/** One watched ride with the last poll's reading and verdict. */
export interface WatchedReading {
  /** Standby wait, minutes, or null. */
  wait: number | null;
  /** The last poll's verdict before the threshold (OPERATING, fresh, inside hours, park not closed), or null unpolled. */
  qualified: boolean | null;
  lastUpdated: Stamp;
  operatingHours: EmbeddedHours;
  /** The person's threshold (minutes), or null for the default 15. */
  thresholdMinutes: number | null;
}

/** The park as the last poll left it. */
export interface ParkLive {
  timezone: string | null;
  liveStatus: string | null;
  liveHours: EmbeddedHours;
  /** Newest stamp of the last live document (`parks.live_updated_at`). */
  liveUpdatedAt: Stamp;
}

/**
 * How many watched rides are short at `now` by the engine's rules: the last poll qualified the reading (R1–R3
 * at the poll), the reading is still fresh at `now` (R2: feed live, confirmed today), the hours still allow an
 * alert at `now` (R3: the ride's and park's embedded hours, the published schedule, not the last 15 minutes; the
 * park entity not CLOSED), and 1 ≤ wait ≤ the person's threshold (R1).
 */
export function shortNowCount(rides: WatchedReading[], park: ParkLive, schedule: ScheduleHours[], now: Date): number {
  const clock = feedClock(now, park.timezone, [park.liveUpdatedAt]);
  const parkOpen = park.liveStatus !== 'CLOSED' && scheduleAllows(schedule, park.timezone, now) && embeddedHoursAllow(park.liveHours, now);
  if (!parkOpen) return 0;
  return rides.filter(
    (r) =>
      r.qualified === true &&
      r.wait !== null &&
      r.wait >= MIN_ALERT_WAIT_MINUTES &&
      r.wait <= (r.thresholdMinutes ?? DEFAULT_THRESHOLD_MINUTES) &&
      readingFreshness(r.lastUpdated, clock).fresh &&
      embeddedHoursAllow(r.operatingHours, now),
  ).length;
}

/**
 * When today's alerting ends: the latest closing of the park's OPERATING entries published for the park-local
 * date `today` (a closing at or before its opening is past midnight), as a UTC instant; null when none is
 * published (the pass day then ends at park-local midnight).
 */
export function todaysClosing(schedule: ScheduleHours[], today: string, timezone: string | null): Date | null {
  const zone = timezone ?? 'UTC';
  let best: number | null = null;
  for (const e of schedule) {
    if (e.type !== 'OPERATING' || e.localDate !== today) continue;
    const [y, m, d] = e.localDate.split('-').map(Number) as [number, number, number];
    const [h, mi] = e.closes.split(':').map(Number) as [number, number];
    const t = new TZDate(y, m - 1, d + (e.closes <= e.opens ? 1 : 0), h, mi, 0, zone).getTime();
    if (best === null || t > best) best = t;
  }
  return best === null ? null : new Date(best);
}
