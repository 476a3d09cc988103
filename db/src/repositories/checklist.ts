import type { Generated } from 'kysely';
import type { Executor } from '../client.ts';
import type { GeneratedTimestamp, Timestamp } from '../types.ts';

/** A user's checklist for a park, ordered by ride name (docs/spec/part-2.md §7 ride_checklist). */
export async function listChecklist(db: Executor, userId: string, parkId: string) {
  return db
    .selectFrom('ride_checklist')
    .select(['id', 'ride_id as rideId', 'ride_name as rideName', 'completed', 'completed_at as completedAt'])
    .where('user_id', '=', userId)
    .where('park_id', '=', parkId)
    .orderBy('ride_name')
    .execute();
}

/**
 * Adds rides to a user's checklist; idempotent (unique user + park + ride: an existing row keeps its state).
 * Returns how many rows were new.
 */
export async function addRides(
  db: Executor,
  userId: string,
  email: string,
  parkId: string,
  rides: { id: string; name: string }[],
): Promise<number> {
  if (rides.length === 0) return 0;
  const r = await db
    .insertInto('ride_checklist')
    .values(rides.map((x) => ({ user_id: userId, email, park_id: parkId, ride_id: x.id, ride_name: x.name })))
    .onConflict((oc) => oc.columns(['user_id', 'park_id', 'ride_id']).doNothing())
    .returning('id')
    .execute();
  return r.length;
}

/** Ticks (completed_at = now) or unticks (cleared) one of the user's rows. Returns whether it changed a row. */
export async function setCompleted(db: Executor, userId: string, id: string, completed: boolean, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('ride_checklist')
    .set({ completed, completed_at: completed ? now : null })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Removes one of the user's rows. Returns whether it existed. */
export async function removeRide(db: Executor, userId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('ride_checklist').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Clears a user's checklist for a park (Reset All). Returns how many rows were removed. */
export async function resetPark(db: Executor, userId: string, parkId: string): Promise<number> {
  const r = await db.deleteFrom('ride_checklist').where('user_id', '=', userId).where('park_id', '=', parkId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export interface RideChecklistTable {
  id: Generated<string>;
  user_id: string;
  email: string;
  park_id: string;
  ride_id: string;
  ride_name: string;
  completed: Generated<boolean>;
  completed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}
