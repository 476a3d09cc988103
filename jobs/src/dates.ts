import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

/** The park-local calendar date of an instant, 'YYYY-MM-DD' (DESIGN §2 Time). `timezone` null = UTC. */
export function parkLocalDate(now: Date, timezone: string | null): string {
  return format(new TZDate(now.getTime(), timezone ?? 'UTC'), 'yyyy-MM-dd');
}

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return format(addDays(new Date(y, m - 1, d), days), 'yyyy-MM-dd');
}
