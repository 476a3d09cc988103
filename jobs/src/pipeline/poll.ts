import { catalogue, type Executor, liveStatus } from '@walkon/db';
import { NotFoundError, type WaitTimesSource } from '../providers/waitTimes/index.ts';
import { ensureCatalogue } from './catalogue.ts';

/** What one poll of a park wrote. */
export interface PollResult {
  parkId: string;
  /** Live entities stored (PARK entries excluded). */
  entities: number;
  /** wait_samples appended (only where lastUpdated changed). */
  samples: number;
}

/**
 * DESIGN §2.2 Poll: ONE upstream read of the park's live data, then upserts the attraction catalogue and
 * `ride_status`, appending `wait_samples` only where `lastUpdated` changed. Sets the park's time zone.
 * Also used by the server for on-demand reads of parks nobody watches.
 * @throws UpstreamError (retryable), NotFoundError (park unknown to the source or the catalogue).
 */
export async function refreshPark(deps: { db: Executor; source: WaitTimesSource; now: () => Date }, parkId: string): Promise<PollResult> {
  const live = await deps.source.getLive(parkId);
  const polledAt = deps.now();
  let park = await catalogue.getPark(deps.db, parkId);
  if (!park) {
    await ensureCatalogue(deps, { force: true });
    park = await catalogue.getPark(deps.db, parkId);
    if (!park) throw new NotFoundError(`park ${parkId} is not in the destinations catalogue`);
  }
  if (live.timezone) await catalogue.setParkTimezone(deps.db, parkId, live.timezone);
  const entries = live.entries.filter((e) => e.entityType !== 'PARK' && e.entityType !== 'DESTINATION');
  await catalogue.upsertAttractions(
    deps.db,
    entries.map((e) => ({ id: e.id, parkId, name: e.name, entityType: e.entityType })),
  );
  const { samples } = await liveStatus.saveLiveStatus(
    deps.db,
    entries.map((e) => ({
      attractionId: e.id,
      parkId,
      status: e.status ?? 'CLOSED',
      standbyWait: e.standbyWait,
      queue: e.queue,
      operatingHours: e.operatingHours,
      lastUpdated: e.lastUpdated,
    })),
    polledAt,
  );
  return { parkId, entities: entries.length, samples };
}
