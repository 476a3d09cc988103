/** Park-local calendar helpers (docs/DESIGN.md §2 Time): dates are 'YYYY-MM-DD' strings in the park's IANA zone. */

import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

/** The park-local calendar date of an instant, 'YYYY-MM-DD' (docs/DESIGN.md §2 Time). `timezone` null = UTC. */
export function parkLocalDate(now: Date, timezone: string | null): string {
  return format(new TZDate(now.getTime(), timezone ?? 'UTC'), 'yyyy-MM-dd');
}

/** The park-local time of day of an instant, 'HH:mm' (24 h). `timezone` null = UTC. */
export function parkLocalTime(instant: string | number | Date, timezone: string | null): string {
  return format(new TZDate(new Date(instant).getTime(), timezone ?? 'UTC'), 'HH:mm');
}

/** The park-local date and time of day of an instant: ['YYYY-MM-DD', 'HH:mm']. `timezone` null = UTC. */
export function parkLocalDateTime(at: string | number | Date, timezone: string | null): [string, string] {
  const z = new TZDate(new Date(at).getTime(), timezone ?? 'UTC');
  return [format(z, 'yyyy-MM-dd'), format(z, 'HH:mm')];
}

/**
 * The UTC instant of a park-local wall clock (docs/DESIGN.md §2 Time): `date` 'YYYY-MM-DD' and `time` 'HH:mm' or
 * 'HH:mm:ss' in the IANA zone `timeZone` (null = UTC). The one conversion from park-local to an instant: alert
 * windows, the tick's day start, ride history days and imported history rows all use it.
 * Daylight-saving edges (tests in dates.test.ts): a time inside the spring-forward gap is read with the offset
 * before the gap (02:30 on 2026-03-08 in America/New_York = 07:30Z, i.e. 03:30 EDT); a time that occurs twice
 * at the fall-back takes its first occurrence (01:30 on 2026-11-01 = 05:30Z, EDT).
 * Never throws: a malformed date or time gives an Invalid Date (getTime() NaN).
 */
export function parkLocalInstant(date: string, time: string, timeZone: string | null): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = time.split(':').map(Number) as [number, number, number | undefined];
  return new Date(new TZDate(y, mo - 1, d, h, mi, s ?? 0, timeZone ?? 'UTC').getTime());
}

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return format(addDays(new Date(y, m - 1, d), days), 'yyyy-MM-dd');
}
