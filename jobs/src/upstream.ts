/**
 * `@walkon/jobs/upstream`: the pipeline steps the API may run inside a request (DESIGN §3), made for that
 * purpose and imported only by the server's `services/upstream.ts`: one upstream read of a park's live data,
 * the catalogue load, a restaurant availability check run by an admin, and the Lightning Lane availability
 * and booking built on the stored live data. The worker runs the same functions on its own schedule.
 */

export { ensureCatalogue, findPark } from './pipeline/catalogue.ts';
export {
  type BookLaneResult,
  bookLane,
  type LightningLaneBooker,
  type LightningLaneBookingRequest,
  loadAvailability,
  type ParkAvailability,
  SimulatedLightningLaneBooker,
} from './pipeline/lightningLane.ts';
export type { LightningLaneAvailability } from './pipeline/lightningLaneChoice.ts';
export { type PollResult, refreshPark } from './pipeline/poll.ts';
export { type RestaurantCheckOptions, type RestaurantCheckResult, runRestaurantCheck } from './pipeline/restaurantCheck.ts';
export { NotFoundError, UpstreamError } from './providers/waitTimes/types.ts';
