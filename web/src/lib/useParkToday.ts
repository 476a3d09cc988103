import { parkToday } from './dates.ts';
import { useApiQuery } from './useApi.ts';

/**
 * The park-local date today ('yyyy-MM-dd') for `parkId` (docs/spec/part-1.md §5: dates before today are disabled).
 * The server's pass calendar is the authority (it knows the time zone of parks that were never polled);
 * until it answers, or when no park is chosen, `fallback` or the listed `timeZone` is used. Read through the
 * light client (lib/useApi.ts): the landing page's signup card uses it.
 */
export function useParkToday(parkId: string | null | undefined, timeZone: string | null | undefined, fallback?: string): string {
  const calendar = useApiQuery('checkout.passCalendar', { parkId: parkId ?? '' }, { enabled: Boolean(parkId), staleTime: 5 * 60_000 });
  if (parkId && calendar.data?.today) return calendar.data.today;
  if (!parkId && fallback) return fallback;
  return parkToday(timeZone);
}
