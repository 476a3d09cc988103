import { catalogue, type Executor } from '@walkon/db';
import type { WaitTimesSource } from '../providers/waitTimes/index.ts';

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
