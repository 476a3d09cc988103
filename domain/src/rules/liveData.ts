/**
 * What a live reading of ThemeParks.wiki may be trusted for (docs/rules.md R2, docs/DESIGN.md §2.3), written once: the
 * poll (qualifying, re-arming, back in service, hourly reminders, return-time alerts) and the pages (the live
 * table's and ride page's "updated … ago", "stale", "not confirmed today", "Closed") all call these functions.
 *
 * Freshness as upstream means it: ThemeParks.wiki writes a live row only when its content changes, so an
 * entity's `lastUpdated` means *last changed*, not *last confirmed* (ThemeParks/parksapi PR #301). A ride that
 * has stood at 10 minutes for an hour carries an hour-old stamp while being perfectly live. So a reading is
 * fresh at an instant when (1) the park's feed is live — the newest `lastUpdated` of any entity of the park's
 * live document (stamps more than 2 minutes in the future ignored) is at most 15 minutes old — and (2) the
 * reading was confirmed today — its own `lastUpdated` falls on the park-local date of that instant and is not
 * more than 2 minutes in the future.
 */

import { TZDate } from '@date-fns/tz';
import { addDaysToDate, parkLocalInstant } from '../dates.ts';
import { CLOSING_MARGIN_MINUTES, FRESHNESS_MINUTES, FUTURE_TOLERANCE_MINUTES } from './alerts.ts';

const MIN = 60_000;

/** An instant as upstream writes it (ISO string), as stored (Date), or absent. */
export type Stamp = string | Date | null | undefined;

function ms(s: Stamp): number | null {
  if (s === null || s === undefined) return null;
  const t = typeof s === 'string' ? Date.parse(s) : s.getTime();
  return Number.isFinite(t) ? t : null;
}

/** Park-local midnight (UTC ms) of the date of `t`, and of the next date. `timezone` null = UTC. */
function dayBounds(t: number, timezone: string | null): [number, number] {
  const z = new TZDate(t, timezone ?? 'UTC');
  const start = new TZDate(z.getFullYear(), z.getMonth(), z.getDate(), 0, 0, 0, timezone ?? 'UTC').getTime();
  const next = new TZDate(z.getFullYear(), z.getMonth(), z.getDate() + 1, 0, 0, 0, timezone ?? 'UTC').getTime();
  return [start, next];
}

/** The park's feed at one instant, worked out once for every reading of that document (`feedClock`). */
export interface FeedClock {
  /** The instant judged (UTC): the poll instant, or the page's "now". */
  now: Date;
  /** Newest `lastUpdated` of the park's document, stamps more than 2 minutes in the future ignored (null: none). */
  feedUpdatedAt: Date | null;
  /** The feed is live: `feedUpdatedAt` at most 15 minutes before `now`. */
  feedLive: boolean;
  /** Park-local midnight starting the date of `now`, and the next one (UTC ms). */
  dayStart: number;
  dayEnd: number;
}

/**
 * The newest stamp among `stamps` that is not more than 2 minutes after `now` (a future stamp is ignored,
 * docs/DESIGN.md §2.3: upstream data is evidence), or null.
 */
export function newestStamp(stamps: Iterable<Stamp>, now: Date): Date | null {
  const limit = now.getTime() + FUTURE_TOLERANCE_MINUTES * MIN;
  let best: number | null = null;
  for (const s of stamps) {
    const t = ms(s);
    if (t !== null && t <= limit && (best === null || t > best)) best = t;
  }
  return best === null ? null : new Date(best);
}

/**
 * The park's feed at `now` (docs/rules.md R2). `stamps` are the `lastUpdated` of every entity of the park's
 * live document (the poll), or the one newest stamp stored with the last poll (`parks.live_updated_at`, the pages).
 * `timezone` is the park's IANA zone (null = UTC).
 */
export function feedClock(now: Date, timezone: string | null, stamps: Iterable<Stamp>): FeedClock {
  const feedUpdatedAt = newestStamp(stamps, now);
  const [dayStart, dayEnd] = dayBounds(now.getTime(), timezone);
  return {
    now,
    feedUpdatedAt,
    feedLive: feedUpdatedAt !== null && now.getTime() - feedUpdatedAt.getTime() <= FRESHNESS_MINUTES * MIN,
    dayStart,
    dayEnd,
  };
}

/** What the freshness rule says about one reading. */
export interface Freshness {
  /** Fresh (docs/rules.md R2): the feed is live and the reading was confirmed today. */
  fresh: boolean;
  /** Its `lastUpdated` lies more than 2 minutes after the instant judged (logged, stored clamped). */
  future: boolean;
  /** Its `lastUpdated` falls on the park-local date of the instant judged and is not in the future. */
  confirmedToday: boolean;
}

/**
 * Whether one reading is fresh (docs/rules.md R2, source: ThemeParks/parksapi PR #301): the park's feed is live
 * (`clock.feedLive`) and the reading's own `lastUpdated` falls on the park-local date of `clock.now` and is at
 * most 2 minutes after it. A missing or unparsable stamp is never fresh.
 */
export function readingFreshness(lastUpdated: Stamp, clock: FeedClock): Freshness {
  const t = ms(lastUpdated);
  if (t === null) return { fresh: false, future: false, confirmedToday: false };
  const future = t > clock.now.getTime() + FUTURE_TOLERANCE_MINUTES * MIN;
  const confirmedToday = !future && t >= clock.dayStart && t < clock.dayEnd;
  return { fresh: clock.feedLive && confirmedToday, future, confirmedToday };
}

/** Opening hours as the live feed embeds them (ISO instants; entries without both ends are unknown). */
export type EmbeddedHours = { startTime: string | null; endTime: string | null }[] | null | undefined;

/** One published schedule entry of a park (`park_hours`): park-local date, type, wall-clock 'HH:MM'. */
export interface ScheduleHours {
  localDate: string;
  type: string;
  opens: string;
  closes: string;
}

/** Whether `t` lies in [start, end − 15 minutes). */
const inside = (t: number, start: number, end: number) => start <= t && end - CLOSING_MARGIN_MINUTES * MIN > t;

/**
 * Whether hours embedded in the live feed allow an alert at `now` (docs/DESIGN.md §2.3): true when no entry has both a
 * start and an end (unknown hours never block); otherwise `now` must lie in an entry and not in its last
 * 15 minutes.
 */
export function embeddedHoursAllow(hours: EmbeddedHours, now: Date): boolean {
  const known = (hours ?? []).flatMap((h) => {
    const s = ms(h.startTime);
    const e = ms(h.endTime);
    return s !== null && e !== null ? [[s, e] as const] : [];
  });
  if (known.length === 0) return true;
  return known.some(([s, e]) => inside(now.getTime(), s, e));
}

/** The UTC instant (ms) of a park-local date and wall-clock 'HH:MM' (one day later when `nextDay`). */
function localInstant(date: string, hhmm: string, timezone: string | null, nextDay = false): number {
  return parkLocalInstant(nextDay ? addDaysToDate(date, 1) : date, hhmm, timezone).getTime();
}

/** Today's park-local date 'YYYY-MM-DD' of `now`. */
function localDateOf(now: Date, timezone: string | null): string {
  const z = new TZDate(now.getTime(), timezone ?? 'UTC');
  return `${z.getFullYear()}-${String(z.getMonth() + 1).padStart(2, '0')}-${String(z.getDate()).padStart(2, '0')}`;
}

/** The OPERATING entries of `entries` as [start, end) UTC ms (a closing at or before its opening is the next day). */
function operatingSpans(entries: ScheduleHours[], timezone: string | null): [number, number][] {
  return entries
    .filter((e) => e.type === 'OPERATING')
    .map((e) => [localInstant(e.localDate, e.opens, timezone), localInstant(e.localDate, e.closes, timezone, e.closes <= e.opens)]);
}

/**
 * The park by its published schedule at `now` (docs/rules.md R3), as the live table shows it: `unknown` when no
 * OPERATING entry is published for the park-local date of `now`, else `open` inside an OPERATING entry (of that
 * date or the day before) and `closed` outside. Extra hours and ticketed events do not count.
 */
export function scheduleState(entries: ScheduleHours[], timezone: string | null, now: Date): 'open' | 'closed' | 'unknown' {
  const today = localDateOf(now, timezone);
  if (!entries.some((e) => e.type === 'OPERATING' && e.localDate === today)) return 'unknown';
  const t = now.getTime();
  return operatingSpans(entries, timezone).some(([s, e]) => s <= t && t < e) ? 'open' : 'closed';
}

/**
 * Whether the park's published schedule allows an alert at `now` (docs/rules.md R3, docs/DESIGN.md §2.3). Only
 * OPERATING entries open the park to everyone (extra hours and ticketed events do not). When the schedule
 * publishes no OPERATING entry for the park-local date of `now`, nothing is known and nothing blocks; otherwise
 * `now` must lie inside an OPERATING entry of that date or of the day before (a closing at or before its opening
 * is past midnight) and not in its last 15 minutes. `entries` are those of the park-local date of `now` and the
 * day before.
 */
export function scheduleAllows(entries: ScheduleHours[], timezone: string | null, now: Date): boolean {
  const today = localDateOf(now, timezone);
  if (!entries.some((e) => e.type === 'OPERATING' && e.localDate === today)) return true;
  return operatingSpans(entries, timezone).some(([s, e]) => inside(now.getTime(), s, e));
}
