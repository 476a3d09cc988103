import { catalogue, liveStatus } from '@walkon/db';
import { ensureCatalogue, NotFoundError, refreshPark } from '@walkon/jobs';
import { AppError } from '../errors.ts';
import type { AppDeps } from '../trpc/init.ts';

/** Popular destinations first (spec part 1 §2 Live Wait Times): Florida, California, then the two studio resorts. */
export const POPULAR_DESTINATIONS = [
  'e957da41-3552-4cf6-b636-5babc5cbc4e5', // Walt Disney World Resort
  'bfc89fd6-314d-44b4-b89e-df1a89cf991e', // Disneyland Resort
  '89db5d43-c434-4097-b71f-f6869f495a22', // Universal Orlando Resort
  '9fc68f1c-3f5e-4f09-89f2-aab2cf1a0741', // Universal Studios (Hollywood)
];

/** Live data older than this is re-read on demand (DESIGN §2: 60 s cache). */
export const LIVE_CACHE_MS = 60_000;

const inflight = new Map<string, Promise<unknown>>();

/** Runs `fn` once per key at a time: concurrent callers share the same promise (single-flight). */
export function singleFlight<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const running = inflight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const p = fn().finally(() => inflight.delete(key));
  inflight.set(key, p);
  return p;
}

/** Sorts destinations popular-first, then by name. */
export function sortDestinations<T extends { id: string; name: string }>(list: T[]): T[] {
  const rank = (id: string) => {
    const i = POPULAR_DESTINATIONS.indexOf(id);
    return i === -1 ? POPULAR_DESTINATIONS.length : i;
  };
  return [...list].sort((a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name));
}

/**
 * Every destination with its parks, popular first. Loads the catalogue from the source on first use.
 * @throws AppError UNAVAILABLE "Error fetching destinations" when the catalogue is empty and the source fails.
 */
export async function listDestinations(deps: AppDeps) {
  await loadCatalogue(deps);
  return sortDestinations(await catalogue.listDestinations(deps.db));
}

/**
 * Loads destinations and parks from the source when the database has none yet (a fresh deployment), once
 * however many requests ask at the same time; a no-op afterwards.
 * @throws AppError UNAVAILABLE "Error fetching destinations" when the catalogue is empty and the source fails.
 */
export async function loadCatalogue(deps: AppDeps): Promise<void> {
  try {
    await singleFlight('catalogue', () => ensureCatalogue({ db: deps.db, source: deps.source }));
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message }, 'catalogue load failed');
    throw new AppError('UNAVAILABLE', 'Error fetching destinations');
  }
}

/**
 * A park's rides with their live state, sorted by wait descending then name (spec part 1 §2). Reads
 * `ride_status` written by the pollers; when it is missing or older than 60 s, re-reads the park once
 * (single-flight across concurrent requests). Serves the last known data when the source fails.
 * @throws AppError NOT_FOUND for an unknown park or one the source has no data for; UNAVAILABLE when the
 * source fails and nothing is stored.
 */
export async function liveRides(deps: AppDeps, parkId: string) {
  let park = await catalogue.getPark(deps.db, parkId);
  if (!park) {
    await listDestinations(deps);
    park = await catalogue.getPark(deps.db, parkId);
    if (!park) throw new AppError('NOT_FOUND', 'Destination not found.');
  }
  const last = await liveStatus.lastPolledAt(deps.db, parkId);
  if (!last || deps.now().getTime() - last.getTime() > LIVE_CACHE_MS) {
    try {
      await singleFlight(`live:${parkId}`, () => refreshPark({ db: deps.db, source: deps.source, now: deps.now }, parkId));
    } catch (err) {
      if (err instanceof NotFoundError) throw new AppError('NOT_FOUND', 'No ride information available for this park.');
      deps.logger.warn({ parkId, err: (err as Error).message }, 'live refresh failed');
      if (!last) throw new AppError('UNAVAILABLE', 'Error fetching live data');
    }
    park = (await catalogue.getPark(deps.db, parkId)) ?? park;
  }
  const rows = await liveStatus.listRideStatus(deps.db, parkId);
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'No ride information available for this park.');
  const updatedAt = rows.reduce<Date | null>((m, r) => (r.polledAt && (!m || r.polledAt > m) ? r.polledAt : m), null);
  return {
    park: { id: park.id, name: park.name, timezone: park.timezone, destinationId: park.destinationId },
    rides: rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status ?? 'CLOSED',
      waitMinutes: r.waitMinutes,
      lastUpdated: r.lastUpdated ? r.lastUpdated.toISOString() : null,
    })),
    updatedAt: (updatedAt ?? deps.now()).toISOString(),
  };
}
