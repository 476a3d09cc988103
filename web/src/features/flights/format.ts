import type { FlightResult } from '@walkon/domain/flights';
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

const priceFormats = new Map<string, Intl.NumberFormat | null>();

/** The en-US currency format of an ISO 4217 code (cached), or null when the platform does not know the code. */
function currencyFormat(code: string): Intl.NumberFormat | null {
  let f = priceFormats.get(code);
  if (f === undefined) {
    try {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    } catch {
      f = null;
    }
    priceFormats.set(code, f);
  }
  return f;
}

/**
 * A fare in the currency's minor units (cents, pence; whole yen for zero-decimal currencies), with its currency
 * sign by Intl.NumberFormat (en-US): '$123', '$1,234.50', '£45', '€98.40', 'A$79.62', '¥12,345'. Whole amounts
 * drop the decimals. An unknown code keeps the code: 'XYZ 12.30'.
 */
export function formatPrice(minor: number, currency: string): string {
  const code = currency.toUpperCase();
  const fmt = currencyFormat(code);
  if (!fmt) return `${code} ${(minor / 100).toFixed(2)}`;
  const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
  const amount = minor / 10 ** digits;
  if (Number.isInteger(amount)) {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code, maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(
      amount,
    );
  }
  return fmt.format(amount);
}

/** The fields that make two offers the same flight at the same fare (every field of a result card but the arrival airport). */
type MergeableFlight = Pick<
  FlightResult,
  'id' | 'airline' | 'departureTime' | 'arrivalTime' | 'departure' | 'arrival' | 'durationMinutes' | 'stops' | 'priceCents' | 'currency'
> & { flightNumbers?: string[] | null };

/**
 * Merges identical offers into one card: same airline, flight numbers, departure airport, departure and arrival
 * times, stops, duration and price (amount and currency) — e.g. one fare offered to MCO, SFB and TPA. The first
 * offer of each group is kept (the input is cheapest first) with `arrivals`, the distinct arrival airports it
 * covers in first-seen order. Offers without flight numbers are never merged (nothing proves they are one flight).
 */
export function mergeIdenticalOffers<F extends MergeableFlight>(flights: readonly F[]): (F & { arrivals: string[] })[] {
  const groups = new Map<string, F & { arrivals: string[] }>();
  const out: (F & { arrivals: string[] })[] = [];
  for (const f of flights) {
    const numbers = f.flightNumbers ?? [];
    const key =
      numbers.length === 0
        ? `id:${f.id}`
        : JSON.stringify([
            f.airline,
            numbers,
            f.departure,
            f.departureTime,
            f.arrivalTime,
            f.stops,
            f.durationMinutes,
            f.priceCents,
            f.currency.toUpperCase(),
          ]);
    const seen = groups.get(key);
    if (seen) {
      if (!seen.arrivals.includes(f.arrival)) seen.arrivals.push(f.arrival);
      continue;
    }
    const card = { ...f, arrivals: [f.arrival] };
    groups.set(key, card);
    out.push(card);
  }
  return out;
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
