/**
 * Flight search behind one interface (docs/DESIGN.md §5 "flights"; docs/decisions/006): a real flight-offers API (Duffel) and a
 * replay provider over recorded Duffel example responses (server/fixtures/flights/README.md).
 */

import type { FlightResult, FlightSearch, FlightSearchOutcome } from '@walkon/domain/flights';

export type { FlightResult, FlightSearch, FlightSearchOutcome };

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
