import { catalogue } from '@walkon/db';
import { syncParkScheduler } from '@walkon/jobs/producers';
import type { AppDeps } from '../deps.ts';
import { requirePark } from './catalogue.ts';
import { freshPoll } from './waitTimes.ts';

/**
 * The park with its time zone, for the park-local today. The catalogue has no time zones; a park's is stored
 * by its first live read, so a park nobody has looked at yet gets that read here (loadRides) — without it
 * "today" would be the UTC date, a day ahead of the American parks every evening.
 * @throws AppError NOT_FOUND "Please select a theme park."; UNAVAILABLE when the catalogue cannot be loaded.
 */
export async function requireZonedPark(deps: AppDeps, parkId: string) {
  const park = await requirePark(deps, parkId);
  if (park.timezone) return park;
  await loadRides(deps, parkId);
  return (await catalogue.getPark(deps.db, parkId)) ?? park;
}

/**
 * Loads the park's attractions (one upstream read at most, through freshPoll) so "all rides" can be selected;
 * failures are logged. It builds no live table: its callers read the catalogue afterwards.
 */
export async function loadRides(deps: AppDeps, parkId: string) {
  try {
    await freshPoll(deps, parkId);
  } catch (err) {
    deps.logger.warn({ parkId, err }, 'could not load rides for default selection');
  }
}

/** Keeps the park's job scheduler in step; a Redis outage is logged (the worker's sweep reconciles). */
export async function syncScheduler(deps: AppDeps, parkId: string): Promise<void> {
  try {
    await syncParkScheduler({ db: deps.db, queues: deps.queues, now: deps.now }, parkId);
  } catch (err) {
    deps.logger.warn({ parkId, err }, 'scheduler sync failed; the worker will reconcile');
  }
}
