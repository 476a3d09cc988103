import {
  type BookLaneResult,
  bookLane,
  ensureCatalogue,
  findPark,
  type LightningLaneAvailability,
  type LightningLaneBooker,
  loadAvailability,
  NotFoundError,
  type ParkAvailability,
  type RestaurantCheckOptions,
  type RestaurantCheckResult,
  refreshPark,
  runRestaurantCheck,
  SimulatedLightningLaneBooker,
} from '@walkon/core';
import { liveStatus, watches } from '@walkon/db';
import type { DiningAvailabilityProvider } from '@walkon/integrations/providers';
import { enqueueDeliveries } from '@walkon/jobs/producers';
import type { AppDeps } from '../deps.ts';

/**
 * The one door from a request to the worker's pipeline (DESIGN §3): every upstream read the API makes while
 * answering (a park's live data, the destinations catalogue, an admin's restaurant check) and the Lightning
 * Lane availability and booking go through here, to the `@walkon/jobs/upstream` functions the worker also
 * runs on its schedule. No other server module imports `@walkon/jobs/upstream` (biome.json).
 */

export type { BookLaneResult, LightningLaneAvailability, LightningLaneBooker, ParkAvailability, RestaurantCheckOptions };
/** A park or entity the upstream does not know (404): callers answer NOT_FOUND. */
export { NotFoundError };

/** The only Lightning Lane booker (DESIGN §5; docs/decisions/008): simulated, every booking says so. */
export const booker: LightningLaneBooker = new SimulatedLightningLaneBooker();

/**
 * One upstream read of a park's live data, stored as a poll (ride status, return times, the park's zone),
 * except for a watched park that has been polled before: its reads belong to its per-minute tick (DESIGN §2.2),
 * which alerts on what changed since the stored readings, so a read here between two ticks would take a change
 * from the next tick and lose its alert. Returns whether it read.
 * @throws NotFoundError for an unknown park, UpstreamError when the source fails.
 */
export async function readParkNow(deps: AppDeps, parkId: string): Promise<boolean> {
  const polled = await liveStatus.lastPolledAt(deps.db, parkId);
  if (polled && (await watches.parkHasValidWatch(deps.db, parkId, deps.now()))) return false;
  await refreshPark({ db: deps.db, source: deps.source, now: deps.now }, parkId);
  return true;
}

/**
 * Loads the destinations and parks from the upstream when the catalogue is empty (one read) → how many
 * destinations were written (0 = already loaded). @throws UpstreamError.
 */
export function loadCatalogueNow(deps: AppDeps): Promise<number> {
  return ensureCatalogue({ db: deps.db, source: deps.source });
}

/**
 * The park with its destination, through THE park-or-catalogue lookup (jobs `findPark`): when the database
 * does not know the park, `load` loads the catalogue (the server's single-flight load of an empty catalogue)
 * and the park is looked up again. Undefined when it is still unknown. @throws what `load` throws.
 */
export function findParkOrLoad(deps: AppDeps, parkId: string, load: () => Promise<unknown>) {
  return findPark(deps, parkId, load);
}

/** Runs the restaurant availability check now (an admin's button) with `provider` (null = only expire alerts). */
export function checkRestaurantsNow(
  deps: AppDeps,
  provider: DiningAvailabilityProvider | null,
  opts: RestaurantCheckOptions,
): Promise<RestaurantCheckResult> {
  return runRestaurantCheck(
    { db: deps.db, enqueue: (claimed) => enqueueDeliveries(deps.queues, claimed), provider, logger: deps.logger, now: deps.now },
    opts,
  );
}

/** A park's Lightning Lane availability from the stored live data at `deps.now()`, or null for an unknown park. */
export function laneAvailability(deps: AppDeps, parkId: string): Promise<ParkAvailability | null> {
  return loadAvailability(deps.db, parkId, deps.now());
}

/** Books `lane` for the user through `booker` (claim first, so one booking per attraction and day). */
export function bookLaneNow(
  deps: AppDeps,
  lane: LightningLaneAvailability & { returnTimeStart: string },
  ctx: { userId: string; day: string; auto: boolean },
): Promise<BookLaneResult> {
  return bookLane({ db: deps.db, booker, now: deps.now }, lane, ctx);
}
