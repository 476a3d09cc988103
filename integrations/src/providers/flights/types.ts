/**
 * Flight search behind one interface (DESIGN §5 "flights"; docs/decisions/006-duffel-for-flights.md): a real flight-offers API (Duffel) and a
 * replay provider over recorded Duffel example responses (server/test/fixtures/flights/README.md).
 */

import type { FlightResult } from '@walkon/domain/flights';

export type { FlightResult };

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
