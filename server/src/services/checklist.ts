import { catalogue, checklist } from '@walkon/db';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { liveRides } from './waitTimes.ts';

/** Progress of a checklist: completed / total and the whole-number percentage (0 for an empty list). */
export function progress(items: { completed: boolean }[]): { completed: number; total: number; percent: number } {
  const completed = items.filter((i) => i.completed).length;
  return { completed, total: items.length, percent: items.length ? Math.round((completed / items.length) * 100) : 0 };
}

/** The park's rides (ATTRACTION) from the catalogue, loading the park's live data once when unknown. */
async function parkRides(deps: AppDeps, parkId: string) {
  let rides = await catalogue.listAttractions(deps.db, parkId);
  if (rides.length === 0) {
    await liveRides(deps, parkId);
    rides = await catalogue.listAttractions(deps.db, parkId);
  }
  return rides;
}

/** The user's checklist for a park with progress (docs/spec/part-2.md §2 Ride Checklist). */
export async function list(deps: AppDeps, user: SessionUser, parkId: string) {
  const items = await checklist.listChecklist(deps.db, user.id, parkId);
  return {
    items: items.map((i) => ({ ...i, completedAt: i.completedAt ? i.completedAt.toISOString() : null })),
    progress: progress(items),
  };
}

/** Adds some rides of the park (names taken from the catalogue, never from the browser). Idempotent. */
export async function add(deps: AppDeps, user: SessionUser, parkId: string, rideIds: string[] | 'all') {
  const rides = await parkRides(deps, parkId);
  const chosen = rideIds === 'all' ? rides : rides.filter((r) => rideIds.includes(r.id));
  if (chosen.length === 0) throw new AppError('BAD_REQUEST', 'Failed to add ride to checklist: unknown ride for this park.');
  return { added: await checklist.addRides(deps.db, user.id, user.email, parkId, chosen) };
}

/** Ticks or unticks one of the user's rows (completed_at set / cleared). NOT_FOUND for another user's row. */
export async function toggle(deps: AppDeps, user: SessionUser, id: string, completed: boolean) {
  if (!(await checklist.setCompleted(deps.db, user.id, id, completed, deps.now())))
    throw new AppError('NOT_FOUND', 'Failed to update ride status');
  return { ok: true as const };
}

/** Removes one of the user's rows. */
export async function remove(deps: AppDeps, user: SessionUser, id: string) {
  if (!(await checklist.removeRide(deps.db, user.id, id))) throw new AppError('NOT_FOUND', 'Failed to remove ride from checklist');
  return { ok: true as const };
}

/** Reset All (docs/spec/part-2.md §2): clears the user's checklist for the park. */
export async function reset(deps: AppDeps, user: SessionUser, parkId: string) {
  return { removed: await checklist.resetPark(deps.db, user.id, parkId) };
}
