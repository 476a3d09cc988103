/** Flight deals (docs/spec/part-2.md §3): the fixed destination catalogue and what one bookable result says. */

/** A Disney destination with the airports that serve it (docs/spec/part-2.md §3 "Destination catalogue", fixed). */
export interface FlightDestination {
  id: string;
  name: string;
  airports: { code: string; name: string }[];
}

/** The fixed destination catalogue of docs/spec/part-2.md §3, in the spec's order. */
export const FLIGHT_DESTINATIONS: readonly FlightDestination[] = [
  {
    id: 'disney-world',
    name: 'Disney World (Florida)',
    airports: [
      { code: 'MCO', name: 'Orlando International' },
      { code: 'SFB', name: 'Sanford' },
      { code: 'TPA', name: 'Tampa' },
    ],
  },
  {
    id: 'disneyland',
    name: 'Disneyland (California)',
    airports: [
      { code: 'SNA', name: 'Orange County' },
      { code: 'LAX', name: 'Los Angeles' },
      { code: 'LGB', name: 'Long Beach' },
      { code: 'ONT', name: 'Ontario' },
      { code: 'BUR', name: 'Burbank' },
    ],
  },
  {
    id: 'disneyland-paris',
    name: 'Disneyland Paris',
    airports: [
      { code: 'CDG', name: 'Charles de Gaulle' },
      { code: 'ORY', name: 'Orly' },
    ],
  },
  {
    id: 'tokyo-disney',
    name: 'Tokyo Disney',
    airports: [
      { code: 'HND', name: 'Haneda' },
      { code: 'NRT', name: 'Narita' },
    ],
  },
  { id: 'hong-kong-disney', name: 'Hong Kong Disney', airports: [{ code: 'HKG', name: 'Hong Kong International' }] },
  {
    id: 'shanghai-disney',
    name: 'Shanghai Disney',
    airports: [
      { code: 'PVG', name: 'Pudong' },
      { code: 'SHA', name: 'Hongqiao' },
    ],
  },
];

/** The destination with this id, or undefined. */
export function flightDestination(id: string): FlightDestination | undefined {
  return FLIGHT_DESTINATIONS.find((d) => d.id === id);
}

/**
 * The airports to search for a destination: the chosen one (when it belongs to the destination) or all of
 * them, sorted (docs/spec/part-2.md §7 search-flights "destinations").
 * @throws Error for an unknown destination or an airport that does not serve it.
 */
export function destinationAirports(destinationId: string, airport: string | null): string[] {
  const d = flightDestination(destinationId);
  if (!d) throw new Error(`unknown flight destination ${destinationId}`);
  if (airport) {
    if (!d.airports.some((a) => a.code === airport)) throw new Error(`${airport} does not serve ${d.name}`);
    return [airport];
  }
  return d.airports.map((a) => a.code).sort();
}

/**
 * One bookable result (docs/spec/part-2.md §3 "Flight result"), for the outbound slice. Times are the airports' local
 * times as the provider gives them ('yyyy-MM-ddTHH:mm:ss', no offset).
 */
export interface FlightResult {
  /** The provider's offer id. */
  id: string;
  /** Marketing airline name, e.g. 'American Airlines'. */
  airline: string;
  /** IATA airline code, e.g. 'AA' (null when the provider has none). */
  airlineCode: string | null;
  /** Logo URL (https) or null. */
  airlineLogo: string | null;
  departureTime: string;
  arrivalTime: string;
  /** Departure and arrival airports (IATA). */
  departure: string;
  arrival: string;
  /** Outbound journey duration in minutes. */
  durationMinutes: number;
  /** Outbound stops (segments − 1). */
  stops: number;
  /** Marketing flight numbers of the outbound segments in order, e.g. ['BA1234'] (empty when the provider has none). */
  flightNumbers: string[];
  /** Total price for the whole trip (both slices on a round trip), minor units (cents). */
  priceCents: number;
  /** ISO 4217, e.g. 'USD'. */
  currency: string;
  /** Where "Book Now" opens (https). */
  bookingLink: string;
}

/** One search: economy, one adult (docs/spec/part-2.md §9 flight alert defaults). Dates are 'yyyy-MM-dd'. */
export interface FlightSearch {
  /** Home airport, IATA, upper case. */
  origin: string;
  /** Destination airports, IATA, upper case, sorted and distinct (the chosen one or all of the destination). */
  destinations: string[];
  departureDate: string;
  /** Return date for a round trip, or null for one way. */
  returnDate: string | null;
}

/** What a search returns (docs/spec/part-2.md §7 search-flights: flights and unresolvedDestinations). */
export interface FlightSearchOutcome {
  /** Cheapest first. */
  flights: FlightResult[];
  /** Destination airports that could not be searched (unknown to the provider or failed). */
  unresolvedDestinations: string[];
}
