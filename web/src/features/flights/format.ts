import { formatAmount, formatCents } from '@walkon/server/pricing';
import { format } from 'date-fns';

/**
 * Parses a provider's local airport time ('yyyy-MM-ddTHH:mm:ss', no offset) as the same wall-clock time in
 * the browser, without any time-zone conversion; null when the string does not look like that.
 */
export function parseLocalDateTime(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  return new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
}

/** A flight's local time and date for a result card, e.g. { time: '9:05 AM', date: 'Mon, Dec 7' }; the raw text when unparsable. */
export function formatFlightTime(value: string): { time: string; date: string } {
  const d = parseLocalDateTime(value);
  if (!d) return { time: value, date: '' };
  return { time: format(d, 'h:mm a'), date: format(d, 'EEE, MMM d') };
}

/** A journey duration in minutes as '2h 26m' (or '45m' under an hour). */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/** Stops as the spec words them: 'Direct', '1 stop', '2 stops'. */
export function formatStops(stops: number): string {
  if (stops <= 0) return 'Direct';
  return stops === 1 ? '1 stop' : `${stops} stops`;
}

/**
 * A fare in minor units: '$123' for whole US dollars, '$1,234.50' otherwise; other currencies keep their
 * code so they are never mistaken for dollars ('EUR 98.40').
 */
export function formatPrice(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  return code === 'USD' ? formatCents(cents) : `${code} ${formatAmount(cents)}`;
}

/** What the home airport field keeps as the person types: letters only, upper case, at most three. */
export function normalizeAirportCode(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 3);
}

/** The browser's local date as 'yyyy-MM-dd' (the date inputs' `min`; the server checks properly). */
export function todayYmd(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/**
 * The "Search Complete" toast text: 'Found N flights' plus, when some destination airports could not be
 * searched, which ones.
 */
export function searchSummary(count: number, unresolved: readonly string[]): string {
  const found = `Found ${count} ${count === 1 ? 'flight' : 'flights'}`;
  if (unresolved.length === 0) return found;
  const list = unresolved.join(', ');
  return `${found}. ${unresolved.length === 1 ? 'The airport' : 'The airports'} ${list} could not be searched; ${
    unresolved.length === 1 ? 'the code may be unavailable' : 'those codes may be unavailable'
  }.`;
}
