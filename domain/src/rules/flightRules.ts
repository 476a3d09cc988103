import { destinationAirports, type FlightResult, type FlightSearch, type FlightSearchOutcome } from '../flights.ts';

/**
 * Pure rules of the flight price check (docs/decisions/019, docs/spec/part-2.md §3 "Flight alert"): which alerts share one
 * search, which fare counts, and when an alert is e-mailed. No I/O here; core/src/pipeline/flightPriceCheck.ts does that.
 */

/** An alert may be e-mailed at most once per this many milliseconds (24 hours; docs/spec/part-2.md §3). */
export const FLIGHT_NOTIFY_INTERVAL_MS = 24 * 3_600_000;

/** The fields of a flight alert the grouping reads (dates 'yyyy-MM-dd', airports IATA). */
export interface GroupableFlightAlert {
  homeAirport: string;
  destinationPark: string;
  /** One airport of the destination, or null for all of them. */
  airport: string | null;
  departureDateStart: string;
  returnDateStart: string | null;
}

/** Alerts that share one search: the search runs once and serves every alert of the group. */
export interface FlightAlertGroup<A extends GroupableFlightAlert = GroupableFlightAlert> {
  /** Stable key: origin, destinations, departure date and return date. */
  key: string;
  search: FlightSearch;
  /** In input order. */
  alerts: A[];
}

/** The search of one alert (economy, one adult; docs/spec/part-2.md §9). @throws Error for an unknown destination or airport. */
export function searchOf(alert: GroupableFlightAlert): FlightSearch {
  return {
    origin: alert.homeAirport.trim().toUpperCase(),
    destinations: destinationAirports(alert.destinationPark, alert.airport ? alert.airport.trim().toUpperCase() : null),
    departureDate: alert.departureDateStart,
    returnDate: alert.returnDateStart ?? null,
  };
}

/** The grouping key of a search. */
export function searchKey(s: FlightSearch): string {
  return [s.origin, s.destinations.join(','), s.departureDate, s.returnDate ?? 'one-way'].join('|');
}

/**
 * Groups alerts by their search — (homeAirport, destinationAirports(destinationPark, airport),
 * departureDateStart, returnDateStart) — so ONE provider search serves every alert of a group.
 * A specific airport and "all airports" of the same destination are different searches. Groups come in the
 * order of their first alert. An alert whose destination or airport is not in the catalogue is left out and
 * passed to `onInvalid` (it cannot be searched).
 */
export function groupAlerts<A extends GroupableFlightAlert>(
  alerts: readonly A[],
  onInvalid?: (alert: A, error: Error) => void,
): FlightAlertGroup<A>[] {
  const groups = new Map<string, FlightAlertGroup<A>>();
  for (const alert of alerts) {
    let search: FlightSearch;
    try {
      search = searchOf(alert);
    } catch (err) {
      onInvalid?.(alert, err as Error);
      continue;
    }
    const key = searchKey(search);
    const group = groups.get(key);
    if (group) group.alerts.push(alert);
    else groups.set(key, { key, search, alerts: [alert] });
  }
  return [...groups.values()];
}

/**
 * The cheapest fare of a search outcome, or null when there is none. Only USD fares count: alert limits are
 * whole US dollars (docs/spec/part-2.md §3) and no currency conversion is done, so fares in any other currency are
 * ignored. Prices are compared in cents (`priceCents`); on a tie the provider's earlier result wins.
 */
export function cheapestMatch(outcome: Pick<FlightSearchOutcome, 'flights'>): FlightResult | null {
  let best: FlightResult | null = null;
  for (const f of outcome.flights) {
    if (f.currency.toUpperCase() !== 'USD' || !Number.isFinite(f.priceCents) || f.priceCents <= 0) continue;
    if (!best || f.priceCents < best.priceCents) best = f;
  }
  return best;
}

/** What `shouldNotify` decides on. */
export interface NotifyInput {
  /** The alert's limit, whole US dollars (`flight_alerts.max_price`). */
  maxPriceDollars: number;
  /** Cheapest USD fare found, cents, or null when none. */
  cheapestCents: number | null;
  /** When the alert was last e-mailed, or null. */
  lastNotifiedAt: Date | null;
  /** The fare last e-mailed, cents, or null. */
  lastNotifiedPriceCents: number | null;
  now: Date;
}

/**
 * Whether an alert gets an e-mail now (docs/decisions/019, docs/spec/part-2.md §3):
 * - only when the cheapest fare is at or below the limit (`cheapestCents <= maxPriceDollars * 100`);
 * - at most once per 24 hours per alert;
 * - after a first e-mail, only again when the fare is strictly lower than the last e-mailed fare.
 * The same rule is enforced atomically in SQL by `flights.claimNotification`.
 */
export function shouldNotify(i: NotifyInput): boolean {
  if (i.cheapestCents === null || i.cheapestCents > i.maxPriceDollars * 100) return false;
  if (i.lastNotifiedAt === null) return true;
  if (i.now.getTime() - i.lastNotifiedAt.getTime() < FLIGHT_NOTIFY_INTERVAL_MS) return false;
  return i.lastNotifiedPriceCents === null || i.cheapestCents < i.lastNotifiedPriceCents;
}
