import { sql } from 'kysely';
import type { Executor } from '../client.ts';

/**
 * Mutes and quiet hours of an account (docs/rules.md R16a; migration 0027). The alert engine reads them in its
 * evaluation (`alertSteering.ts`); every change here wakes the engine for the person (`due_at` = now on their
 * `alert_watchers` rows), like a watch changed (R7), so the next tick re-evaluates them and stores the end of
 * the period as their next due time.
 */

/** How long an ended mute row is kept (it tells the engine what to re-arm, R16a) before a sweep deletes it. */
export const ENDED_MUTE_KEEP_MS = 86_400_000;

/** Wakes the engine for the person's rows at `parkId` (every park when absent): evaluated at the next tick. */
async function wake(db: Executor, email: string, now: Date, parkId?: string): Promise<void> {
  await sql`update alert_watchers set due_at = least(due_at, ${now}::timestamptz)
    where email = ${email} ${parkId ? sql`and park_id = ${parkId}` : sql``}`.execute(db);
}

/** A mute as stored, with the names a page shows. */
export interface MuteRow {
  id: string;
  parkId: string;
  parkName: string;
  /** The park's IANA zone, or null. */
  timezone: string | null;
  /** null = the whole park. */
  attractionId: string | null;
  attractionName: string | null;
  /** UTC end instant. */
  until: Date;
}

/**
 * Mutes the park, or one attraction of it, for account `userId` until `until` (UTC): one row per (account,
 * park, attraction), so muting again moves the end. Wakes the engine for `email` at the park. Ended rows of the
 * account older than ENDED_MUTE_KEEP_MS are swept on the way. → the mute's id.
 */
export async function setMute(
  db: Executor,
  m: { userId: string; email: string; parkId: string; attractionId: string | null; until: Date },
  now: Date,
): Promise<string> {
  await sql`delete from alert_mutes where user_id = ${m.userId} and until < ${new Date(now.getTime() - ENDED_MUTE_KEEP_MS)}`.execute(db);
  const { rows } = await sql<{ id: string }>`
    insert into alert_mutes (user_id, park_id, attraction_id, until, created_at)
    values (${m.userId}, ${m.parkId}, ${m.attractionId}, ${m.until}, ${now})
    on conflict (user_id, park_id, (coalesce(attraction_id, ''))) do update set until = excluded.until, created_at = excluded.created_at
    returning id`.execute(db);
  await wake(db, m.email, now, m.parkId);
  return rows[0]!.id;
}

/** The account's mutes still running at `now` (until > now), soonest end first; only `parkId`'s when given. */
export async function listActive(db: Executor, userId: string, now: Date, parkId?: string): Promise<MuteRow[]> {
  let q = db
    .selectFrom('alert_mutes as m')
    .innerJoin('parks as p', 'p.id', 'm.park_id')
    .leftJoin('attractions as a', 'a.id', 'm.attraction_id')
    .select([
      'm.id',
      'm.park_id as parkId',
      'p.name as parkName',
      'p.timezone',
      'm.attraction_id as attractionId',
      'a.name as attractionName',
      'm.until',
    ])
    .where('m.user_id', '=', userId)
    .where('m.until', '>', now)
    .orderBy('m.until')
    .orderBy('m.id');
  if (parkId) q = q.where('m.park_id', '=', parkId);
  return q.execute();
}

/** How many mutes the account has running at `now` (the server bounds it, docs/rules.md R36). */
export async function countActive(db: Executor, userId: string, now: Date): Promise<number> {
  const r = await db
    .selectFrom('alert_mutes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('until', '>', now)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * Ends mute `id` of account `userId` now ("Unmute"): its `until` becomes `now`, so the engine re-arms what it
 * covered (R16a); wakes the engine. → false when no running mute of that account has this id.
 */
export async function endMute(db: Executor, userId: string, email: string, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('alert_mutes')
    .set({ until: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('until', '>', now)
    .returning('park_id')
    .executeTakeFirst();
  if (!row) return false;
  await wake(db, email, now, row.park_id);
  return true;
}

/** Deletes mutes that ended before `now` − ENDED_MUTE_KEEP_MS (the retention sweep). → rows deleted. */
export async function sweepEnded(db: Executor, now: Date): Promise<number> {
  const r = await sql`delete from alert_mutes where until < ${new Date(now.getTime() - ENDED_MUTE_KEEP_MS)}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Quiet hours as park-local minutes of the day: [startMinute, endMinute), wrapping midnight when start > end. */
export interface QuietHours {
  startMinute: number;
  endMinute: number;
}

/** The account's quiet hours, or null. */
export async function getQuietHours(db: Executor, userId: string): Promise<QuietHours | null> {
  const r = await db
    .selectFrom('alert_quiet_hours')
    .select(['start_minute as startMinute', 'end_minute as endMinute'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r ?? null;
}

/**
 * Sets (or, with null, removes) the account's quiet hours; wakes the engine for `email` at every park.
 * @throws Error (database check) when a minute lies outside 0–1439 or start equals end; callers validate first.
 */
export async function setQuietHours(db: Executor, userId: string, email: string, q: QuietHours | null, now: Date): Promise<void> {
  if (q) {
    await db
      .insertInto('alert_quiet_hours')
      .values({ user_id: userId, start_minute: q.startMinute, end_minute: q.endMinute, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ start_minute: q.startMinute, end_minute: q.endMinute, updated_at: now }))
      .execute();
  } else {
    await db.deleteFrom('alert_quiet_hours').where('user_id', '=', userId).execute();
  }
  await wake(db, email, now);
}

/** Whether `attractionId` is an attraction of `parkId` (a mute names a ride of the park). */
export async function attractionInPark(db: Executor, parkId: string, attractionId: string): Promise<boolean> {
  const r = await db.selectFrom('attractions').select('id').where('id', '=', attractionId).where('park_id', '=', parkId).executeTakeFirst();
  return r !== undefined;
}

/** The parks where `email` holds a subscription (quiet hours apply at all of them). */
export async function parksOfEmail(db: Executor, email: string): Promise<string[]> {
  const rows = await db.selectFrom('subscriptions').select('park_id').distinct().where('email', '=', email).execute();
  return rows.map((r) => r.park_id);
}
