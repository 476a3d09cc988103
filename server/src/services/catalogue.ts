import { ensureCatalogue, findPark as findParkOrLoad } from '@walkon/core';
import { catalogue } from '@walkon/db';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';

/** Popular destinations first (docs/spec/part-1.md §2 Live Wait Times): Florida, California, then the two studio resorts. */
export const POPULAR_DESTINATIONS = [
  'e957da41-3552-4cf6-b636-5babc5cbc4e5', // Walt Disney World Resort
  'bfc89fd6-314d-44b4-b89e-df1a89cf991e', // Disneyland Resort
  '89db5d43-c434-4097-b71f-f6869f495a22', // Universal Orlando Resort
  '9fc68f1c-3f5e-4f09-89f2-aab2cf1a0741', // Universal Studios (Hollywood)
];

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
 * Loads destinations and parks from the source when the database has none yet (a fresh deployment), once
 * however many requests ask at the same time; a no-op afterwards.
 * @throws AppError UNAVAILABLE "Error fetching destinations" when the catalogue is empty and the source fails.
 */
export async function loadCatalogue(deps: AppDeps): Promise<void> {
  try {
    await singleFlight('catalogue', () => ensureCatalogue({ db: deps.db, source: deps.source }));
  } catch (err) {
    deps.logger.warn({ err }, 'catalogue load failed');
    throw new AppError('UNAVAILABLE', 'Error fetching destinations');
  }
}

/**
 * Every destination with its parks → { id, name, parks: { id, name, timezone }[] }[], popular first. Loads the
 * catalogue from the source on first use.
 * @throws AppError UNAVAILABLE "Error fetching destinations" when the catalogue is empty and the source fails.
 */
export async function listDestinations(deps: AppDeps) {
  await loadCatalogue(deps);
  return sortDestinations(await catalogue.listDestinations(deps.db));
}

/**
 * The park with its destination → { id, name, timezone, destinationId, destinationName }, loading the
 * catalogue on first use (the one park-or-catalogue lookup, `@walkon/core` `findPark`, with `loadCatalogue`).
 * Undefined for a park the catalogue does not have.
 * @throws AppError UNAVAILABLE when the catalogue is empty and the source fails.
 */
export async function findPark(deps: AppDeps, parkId: string) {
  return findParkOrLoad(deps, parkId, () => loadCatalogue(deps));
}

/** The park (see findPark). @throws AppError NOT_FOUND "Please select a theme park."; UNAVAILABLE. */
export async function requirePark(deps: AppDeps, parkId: string) {
  const park = await findPark(deps, parkId);
  if (!park) throw new AppError('NOT_FOUND', 'Please select a theme park.');
  return park;
}
