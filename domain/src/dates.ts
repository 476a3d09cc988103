/** Park-local calendar helpers (DESIGN §2 Time): dates are 'YYYY-MM-DD' strings in the park's IANA zone. */

import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

/** The park-local calendar date of an instant, 'YYYY-MM-DD' (DESIGN §2 Time). `timezone` null = UTC. */
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

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return format(addDays(new Date(y, m - 1, d), days), 'yyyy-MM-dd');
}
