/**
 * One availability question: a restaurant of a park, a park-local date and a party size (the group key of the
 * restaurant check, docs/decisions/009).
 */
export interface DiningQuery {
  parkId: string;
  restaurantId: string;
  /** Park-local 'YYYY-MM-DD'. */
  date: string;
  /** 1–20. */
  partySize: number;
}

/**
 * The answer to a DiningQuery:
 * - `available`: the source publishes a table for this party size on this date, at park-local time `time`
 *   ('HH:mm'; for live walk-up data the current park-local time) with an estimated wait (minutes, or null);
 * - `none`: the source answers for this date but publishes no availability for this restaurant and party size;
 * - `unknown`: the source cannot answer (a date other than today for live walk-up data, stale data, an
 *   upstream fault). Never a match.
 */
export type DiningAnswer =
  | { status: 'available'; time: string; waitMinutes: number | null }
  | { status: 'none'; reason: string }
  | { status: 'unknown'; reason: string };

/**
 * Where restaurant availability comes from (docs/DESIGN.md §5 "restaurant availability"). No public reservation source
 * exists; `themeparks` reads ThemeParks.wiki's published walk-up `diningAvailability` (today only), `replay`
 * serves recorded responses for development and tests.
 */
export interface DiningAvailabilityProvider {
  readonly kind: 'themeparks' | 'replay';
  /** What the UI and the e-mails say about the data (e.g. that replayed data is a recorded sample). */
  readonly label: string;
  /** Answers one query. Never throws for "no data": faults come back as `unknown`. */
  check(q: DiningQuery): Promise<DiningAnswer>;
}
