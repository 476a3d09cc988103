/**
 * Flight search behind one interface (DESIGN §5 "flights"; issue 7): a real flight-offers API (Duffel) and a
 * replay provider over recorded Duffel example responses (server/test/fixtures/flights/README.md).
 */

/** One search: economy, one adult (spec part 2 §9 flight alert defaults). Dates are 'yyyy-MM-dd'. */
export interface FlightSearch {
  /** Home airport, IATA, upper case. */
  origin: string;
  /** Destination airports, IATA, upper case, sorted and distinct (the chosen one or all of the destination). */
  destinations: string[];
  departureDate: string;
  /** Return date for a round trip, or null for one way. */
  returnDate: string | null;
}

/**
 * One bookable result (spec part 2 §3 "Flight result"), for the outbound slice. Times are the airports' local
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

/** What a search returns (spec part 2 §7 search-flights: flights and unresolvedDestinations). */
export interface FlightSearchOutcome {
  /** Cheapest first. */
  flights: FlightResult[];
  /** Destination airports that could not be searched (unknown to the provider or failed). */
  unresolvedDestinations: string[];
}

/** A flight-offers source. */
export interface FlightSearchProvider {
  readonly kind: 'duffel' | 'replay';
  /** @throws FlightProviderError when the provider cannot answer at all. */
  search(query: FlightSearch): Promise<FlightSearchOutcome>;
}

/** The provider failed (network, authentication, 5xx, malformed response). */
export class FlightProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FlightProviderError';
  }
}
