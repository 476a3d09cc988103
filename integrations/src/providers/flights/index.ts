import type { IntegrationsEnv } from '../../env.ts';
import { createDuffelProvider } from './duffel.ts';
import { createReplayFlightProvider } from './replay.ts';
import type { FlightSearchProvider } from './types.ts';

export * from './airports.ts';
export * from './cache.ts';
export * from './duffel.ts';
export * from './duffelOffers.ts';
export * from './replay.ts';
export * from './types.ts';

/**
 * The configured flight-offers provider: Duffel (`FLIGHTS_SOURCE=duffel` with DUFFEL_ACCESS_TOKEN, against
 * DUFFEL_API_URL), the replay of recorded responses in FLIGHTS_REPLAY_DIR (`replay`), or null = search unavailable
 * (`off`, or `duffel` without a token; flights are never invented).
 * @throws Error (replay only) when FLIGHTS_REPLAY_DIR holds no readable recorded offers.
 */
export function createFlightSearchProvider(
  env: Pick<IntegrationsEnv, 'FLIGHTS_SOURCE' | 'DUFFEL_ACCESS_TOKEN' | 'DUFFEL_API_URL' | 'FLIGHTS_REPLAY_DIR'>,
): FlightSearchProvider | null {
  if (env.FLIGHTS_SOURCE === 'replay') return createReplayFlightProvider({ dir: env.FLIGHTS_REPLAY_DIR });
  if (env.FLIGHTS_SOURCE === 'duffel' && env.DUFFEL_ACCESS_TOKEN) {
    return createDuffelProvider({ baseUrl: env.DUFFEL_API_URL, accessToken: env.DUFFEL_ACCESS_TOKEN });
  }
  return null;
}
