import { TZDate } from '@date-fns/tz';
import { addDaysToDate, parkLocalDate, parkLocalDateTime } from '../dates.ts';
import { formatTime } from '../timeFormat.ts';

/**
 * "Mute until …" and quiet hours (docs/rules.md R16a): the three durations a person can pick
 * and the absolute end instant each gives, worked out in the park's time zone.
 */

/** The durations of a mute: one hour, until 8 am park time tomorrow, until park-local midnight. */
export const MUTE_DURATIONS = ['one-hour', 'tomorrow-8am', 'rest-of-day'] as const;
export type MuteDuration = (typeof MUTE_DURATIONS)[number];

/** Labels of the durations as the pages offer them. */
export const MUTE_DURATION_LABELS: Record<MuteDuration, string> = {
  'one-hour': 'For 1 hour',
  'tomorrow-8am': 'Until tomorrow 8 am',
  'rest-of-day': 'For the rest of the day',
};

/** Most mutes one account may have running at once (every list input is bounded, docs/rules.md R36). */
export const MAX_ACTIVE_MUTES = 200;

/**
 * The UTC end of a mute chosen at `now` (R16a): `one-hour` = now + 60 minutes; `tomorrow-8am` = 08:00 of the
 * park-local date after today's; `rest-of-day` = the park-local midnight that ends today. DST-safe (wall clock
 * in the zone). `timezone` null = UTC.
 */
export function muteEnd(until: MuteDuration, now: Date, timezone: string | null): Date {
  if (until === 'one-hour') return new Date(now.getTime() + 3_600_000);
  const zone = timezone ?? 'UTC';
  const z = new TZDate(now.getTime(), zone);
  const hour = until === 'tomorrow-8am' ? 8 : 0;
  return new Date(new TZDate(z.getFullYear(), z.getMonth(), z.getDate() + 1, hour, 0, 0, zone).getTime());
}

/** 'HH:MM' → minute of the day (0–1439). */
export function minuteOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** Minute of the day → 'HH:MM'. */
export function hhmmOf(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/**
 * How a mute's end reads on the pages, park-local in the product's time format (docs/rules.md R25a): '4:15 PM
 * park time' today, 'midnight park time' at the end of today, 'tomorrow 8:00 AM park time', else with the day
 * ('Sat, Nov 28, 8:00 AM park time').
 */
export function muteUntilLabel(until: Date, now: Date, timezone: string | null): string {
  const zone = timezone ?? 'UTC';
  const [day, time] = parkLocalDateTime(until, zone);
  const today = parkLocalDate(now, zone);
  const tomorrow = addDaysToDate(today, 1);
  if (day === today) return formatTime(until, { park: zone });
  if (day === tomorrow && time === '00:00') return 'midnight park time';
  if (day === tomorrow) return `tomorrow ${formatTime(until, { park: zone })}`;
  return formatTime(until, { park: zone }, { date: true });
}
