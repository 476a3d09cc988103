import { flightAlertInput, flightSearchInput } from '@walkon/domain/schemas';
import * as flightService from '../../services/flights.ts';
import { emailWriteLimit, publicProcedure, router } from '../init.ts';

/** Flight Deals (docs/spec/part-2.md §2, §3, §5, §7): public search and price alerts. */
export const flightsRouter = router({
  /** { available, source: 'duffel' | 'replay' | null, destinations[{ id, name, airports[{ code, name }] }] } (docs/spec/part-2.md §3). */
  destinations: publicProcedure.query(({ ctx }) => flightService.flightCatalogue(ctx.deps)),
  /**
   * search-flights → { flights[{ id, airline, airlineCode, airlineLogo, departureTime, arrivalTime, departure,
   * arrival, durationMinutes, stops, priceCents, currency, bookingLink }], unresolvedDestinations, source }.
   * BAD_REQUEST for unknown airports or past dates; SERVICE_UNAVAILABLE when search is off or the provider fails.
   */
  search: publicProcedure.input(flightSearchInput).mutation(({ ctx, input }) => flightService.searchFlights(ctx.deps, input)),
  /**
   * Creates a flight price alert (economy, 1 passenger, active) → { id }; max price in whole dollars.
   * TOO_MANY_REQUESTS past the e-mailing-write limits (per client and per address, docs/security.md).
   */
  createAlert: publicProcedure
    .input(flightAlertInput)
    .use(emailWriteLimit((input: { email: string }) => input.email))
    .mutation(({ ctx, input }) => flightService.createFlightAlert(ctx.deps, ctx.user, input)),
});
