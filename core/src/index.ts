/**
 * `@walkon/core`: the application steps both processes run (docs/DESIGN.md §3, docs/decisions/042).
 * The API runs them inside a request (a park's live data read, the catalogue load, an admin's restaurant check,
 * Lightning Lane availability and booking); the worker runs the same functions on its schedule (the park tick,
 * the restaurant and flight checks, automatic Lightning Lane booking). IO goes through `@walkon/db` and the
 * providers of `@walkon/integrations`; the rules themselves are functions of `@walkon/domain` (domain/src/rules/).
 */

export { NotFoundError, UpstreamError } from '@walkon/integrations/providers';
export { buildAvailability, type LiveReturnRow } from './pipeline/availability.ts';
export { booker } from './pipeline/booker.ts';
export { ensureCatalogue, findPark } from './pipeline/catalogue.ts';
export {
  type FlightPriceCheckDeps,
  type FlightPriceCheckResult,
  type FlightSearcher,
  runFlightPriceCheck,
} from './pipeline/flightPriceCheck.ts';
export {
  type AutoBookingResult,
  type BookLaneResult,
  bookLane,
  type LightningLaneBooker,
  type LightningLaneBookingRequest,
  loadAvailability,
  type ParkAvailability,
  runAutoBooking,
  SimulatedLightningLaneBooker,
} from './pipeline/lightningLane.ts';
export { type PollResult, readPark, refreshPark, storePark } from './pipeline/poll.ts';
export { readParkUnlessTicked } from './pipeline/readNow.ts';
export {
  RESTAURANT_RECHECK_MS,
  type RestaurantCheckDeps,
  type RestaurantCheckOptions,
  type RestaurantCheckResult,
  runRestaurantCheck,
} from './pipeline/restaurantCheck.ts';
export { claimReturnTimeAlerts, matchReturnTime, type ReturnTimeMatch } from './pipeline/returnTimes.ts';
export { readScheduleIfDue } from './pipeline/schedule.ts';
export { type ShortNowView, type ShortRide, shortNowFor } from './pipeline/shortNow.ts';
export { ANALYZE_AFTER_CLAIMS, runParkTick, type TickResult } from './pipeline/tick.ts';
export { createRedisTickLease, TICK_LEASE_MS, type TickLease } from './pipeline/tickLease.ts';
