import { flights } from '@walkon/db';
import { parkLocalDate } from '@walkon/domain/dates';
import { destinationAirports, FLIGHT_DESTINATIONS, flightDestination } from '@walkon/domain/flights';
import { FlightProviderError, type FlightSearch, lookupAirport } from '@walkon/integrations/providers';
import { enqueueConfirmation } from '@walkon/jobs/producers';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';

export type { FlightSearchService } from '../deps.ts';

import { AppError } from '../errors.ts';

/** Shown when no flight provider is configured (docs/decisions/006: "the page says search is unavailable"). */
export const FLIGHTS_UNAVAILABLE = 'Flight search is unavailable right now.';
/** docs/spec/part-2.md §8 "Search Failed". */
export const FLIGHTS_FAILED = 'Unable to search flights. Please try again.';

/**
 * The Flight Deals catalogue (docs/spec/part-2.md §3, fixed) and whether search works here.
 * @returns `{ available, source ('duffel' | 'replay' | null), destinations[{ id, name, airports[{ code, name }] }] }`.
 */
export function flightCatalogue(deps: AppDeps) {
  return {
    available: Boolean(deps.flights),
    source: deps.flights?.kind ?? null,
    destinations: FLIGHT_DESTINATIONS.map((d) => ({ id: d.id, name: d.name, airports: d.airports.map((a) => ({ ...a })) })),
  };
}

interface TripInput {
  origin: string;
  destinationId: string;
  airport: string | null;
  departureDate: string;
  returnDate: string | null;
}

/**
 * Checks a trip against the real data (docs/spec/part-2.md §5): the home airport is a known IATA airport, the
 * destination is in the catalogue and the airport serves it, and the departure is not before today in the
 * home airport's time zone (UTC when unknown).
 * @returns the search (destination airports sorted).
 * @throws AppError BAD_REQUEST with a message for the person.
 */
async function checkTrip(deps: AppDeps, t: TripInput): Promise<FlightSearch> {
  const home = await lookupAirport(t.origin);
  if (!home) throw new AppError('BAD_REQUEST', `We could not find the airport code ${t.origin}. Please check your home airport.`);
  const destination = flightDestination(t.destinationId);
  if (!destination) throw new AppError('BAD_REQUEST', 'Please choose a Disney destination from the list.');
  if (t.airport && !destination.airports.some((a) => a.code === t.airport)) {
    throw new AppError('BAD_REQUEST', `${t.airport} is not an airport for ${destination.name}.`);
  }
  const today = parkLocalDate(deps.now(), home.timeZone ?? 'UTC');
  if (t.departureDate < today) throw new AppError('BAD_REQUEST', 'The departure date cannot be in the past.');
  const destinations = destinationAirports(destination.id, t.airport).filter((c) => c !== home.iata);
  if (destinations.length === 0) throw new AppError('BAD_REQUEST', 'Your home airport is the destination airport.');
  return { origin: home.iata, destinations, departureDate: t.departureDate, returnDate: t.returnDate };
}

/**
 * search-flights (docs/spec/part-2.md §7): one search per (origin, airports, dates), served from the 15-minute cache.
 * @returns `{ flights (cheapest first, prices in cents), unresolvedDestinations, source }`.
 * @throws AppError BAD_REQUEST for the trip rules; UNAVAILABLE when no provider is configured or it fails.
 */
export async function searchFlights(deps: AppDeps, input: TripInput) {
  const provider = deps.flights;
  if (!provider) throw new AppError('UNAVAILABLE', FLIGHTS_UNAVAILABLE);
  const query = await checkTrip(deps, input);
  try {
    const out = await provider.search(query);
    return { flights: out.flights, unresolvedDestinations: out.unresolvedDestinations, source: provider.kind };
  } catch (err) {
    if (!(err instanceof FlightProviderError)) throw err;
    deps.logger.warn({ err, status: err.status, origin: query.origin }, 'flight search failed');
    throw new AppError('UNAVAILABLE', FLIGHTS_FAILED);
  }
}

/**
 * Creates a flight price alert (docs/spec/part-2.md §3: economy, 1 passenger, active; departure window = the chosen
 * date). Works without a provider (the price check runs when one is configured). The signed-in user's id is
 * attached when present. Double opt-in (docs/decisions/027): the alert is checked only once
 * confirmed; a confirmation e-mail is queued unless the signed-in owner of this verified address created it.
 * @returns `{ id, confirmed }` (confirmed false: the person must open the e-mailed link).
 * @throws AppError BAD_REQUEST for the trip rules.
 */
export async function createFlightAlert(
  deps: AppDeps,
  user: SessionUser | null,
  input: Omit<TripInput, 'origin'> & { homeAirport: string; email: string; maxPrice: number },
): Promise<{ id: string; confirmed: boolean }> {
  const trip = await checkTrip(deps, { ...input, origin: input.homeAirport });
  // Double opt-in (docs/decisions/027): only the signed-in owner of this verified address skips the confirmation e-mail.
  const proven = Boolean(user?.emailVerified && user.email.toLowerCase() === input.email.trim().toLowerCase());
  const id = await flights.createAlert(deps.db, {
    userId: user?.id ?? null,
    homeAirport: trip.origin,
    destination: input.destinationId,
    airport: input.airport,
    email: input.email,
    maxPrice: input.maxPrice,
    departureDate: input.departureDate,
    returnDate: input.returnDate,
    confirmedAt: proven ? deps.now() : null,
  });
  if (!proven) {
    try {
      await enqueueConfirmation(deps.queues, 'flight_alert', id);
    } catch (err) {
      deps.logger.warn({ err: (err as Error).message }, 'flight alert confirmation not queued');
    }
  }
  return { id, confirmed: proven };
}
