import { catalogue, type Executor } from '@walkon/db';
import type { WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';

/**
 * Loads destinations and parks into the database when the catalogue is empty (or `force`).
 * One upstream read (`GET /v1/destinations`). Returns the number of destinations written (0 = already loaded).
 * @throws UpstreamError from the source.
 */
export async function ensureCatalogue(deps: { db: Executor; source: WaitTimesSource }, opts: { force?: boolean } = {}): Promise<number> {
  if (!opts.force && (await catalogue.countDestinations(deps.db)) > 0) return 0;
  const destinations = await deps.source.getDestinations();
  await catalogue.upsertDestinations(deps.db, destinations);
  return destinations.length;
}

/**
 * THE park-or-catalogue lookup (jobs and server alike): the park with its destination (`catalogue.getPark` →
 * { id, name, timezone, destinationId, destinationName }); when the database does not know it, the catalogue
 * is loaded with `load` and the park looked up again. `load` defaults to re-reading the destinations
 * (`ensureCatalogue` with `force`: a park added upstream since the last load); the server passes its
 * single-flight loader of an empty catalogue. Undefined when the park is still unknown.
 * @throws what `load` throws (UpstreamError from the source by default).
 */
export async function findPark(
  deps: { db: Executor; source: WaitTimesSource },
  parkId: string,
  load: () => Promise<unknown> = () => ensureCatalogue(deps, { force: true }),
) {
  const park = await catalogue.getPark(deps.db, parkId);
  if (park) return park;
  await load();
  return catalogue.getPark(deps.db, parkId);
}
