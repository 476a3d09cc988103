import type { Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import { type EmailOwner, scopeOf } from '../scope.ts';
import type { GeneratedTimestamp } from '../types.ts';

/** A person's ride selection for one park (user_rides, docs/spec/part-1.md §3), with ride names. */
export async function listSelection(db: Executor, owner: EmailOwner, parkId?: string) {
  const { email, userId } = scopeOf(owner);
  let q = db
    .selectFrom('user_rides as ur')
    .innerJoin('attractions as a', 'a.id', 'ur.ride_id')
    .select([
      'ur.id',
      'ur.ride_id as rideId',
      'ur.park_id as parkId',
      'ur.active',
      'ur.threshold_minutes as thresholdMinutes',
      'ur.back_in_service as backInService',
      'ur.remind_hourly as remindHourly',
      'a.name as rideName',
    ])
    .where('ur.email', '=', email)
    .orderBy('a.name');
  if (parkId) q = q.where('ur.park_id', '=', parkId);
  if (userId) q = q.where('ur.user_id', '=', userId);
  return q.execute();
}

/**
 * Replaces a person's selection for a park: the given rides become active (inserted when new), every other
 * ride of that park becomes inactive. Only attractions of that park are accepted; returns the active count.
 */
export async function replaceSelection(
  db: Executor,
  email: string,
  parkId: string,
  rideIds: string[],
  createdBy: string | null = null,
): Promise<number> {
  const valid = rideIds.length
    ? (await db.selectFrom('attractions').select('id').where('park_id', '=', parkId).where('id', 'in', rideIds).execute()).map((r) => r.id)
    : [];
  if (valid.length) {
    await db
      .insertInto('user_rides')
      .values(valid.map((id) => ({ email, park_id: parkId, ride_id: id, active: true, user_id: createdBy })))
      .onConflict((oc) =>
        oc
          .columns(['email', 'ride_id'])
          .doUpdateSet({ active: true, user_id: (eb) => eb.fn.coalesce('user_rides.user_id', 'excluded.user_id') }),
      )
      .execute();
  }
  let q = db.updateTable('user_rides').set({ active: false }).where('email', '=', email).where('park_id', '=', parkId);
  if (valid.length) q = q.where('ride_id', 'not in', valid);
  await q.execute();
  return valid.length;
}

/** Sets `active` for some of a person's rides in a park (Manage Alerts save). */
export async function setRidesActive(
  db: Executor,
  owner: EmailOwner,
  parkId: string,
  changes: { rideId: string; active: boolean }[],
): Promise<void> {
  const { email, userId } = scopeOf(owner);
  for (const active of [true, false]) {
    const ids = changes.filter((c) => c.active === active).map((c) => c.rideId);
    if (ids.length === 0) continue;
    let q = db
      .updateTable('user_rides')
      .set({ active })
      .where('email', '=', email)
      .where('park_id', '=', parkId)
      .where('ride_id', 'in', ids);
    if (userId) q = q.where('user_id', '=', userId);
    await q.execute();
  }
}

/** Watches every ATTRACTION of the park for this person (operator `watch --all-rides`, setup-default-rides). */
export async function watchAllRides(db: Executor, email: string, parkId: string, createdBy: string | null = null): Promise<number> {
  const r = await sql`
    insert into user_rides (email, park_id, ride_id, active, user_id)
    select ${email}, a.park_id, a.id, true, ${createdBy}::uuid from attractions a where a.park_id = ${parkId} and a.entity_type = 'ATTRACTION'
    on conflict (email, ride_id) do update set active = true`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * setup-default-rides, deferred (docs/rules.md R21, docs/decisions/026): every active
 * subscription of the park without any ride selection (granted while the ride list could not load) watches
 * every attraction now in the catalogue. Run after each poll that stored the park's attractions.
 * Starts from the park's `rides_pending` rows (kept by triggers, migration 0047; docs/decisions/067), so a poll
 * with no pass waiting costs one probe of an empty index, not one probe per subscription of the park; each
 * row is checked again against `user_rides`, and a row left by two racing transactions (a pass granted while
 * its rides were being chosen) is removed here.
 * @returns how many watches were created.
 */
export async function selectPendingDefaults(db: Executor, parkId: string): Promise<number> {
  // Almost always none: one index probe, and no insert (whose statement triggers fire even for no rows).
  const { rows } = await sql<{ any: boolean }>`select exists (select 1 from rides_pending where park_id = ${parkId}) as any`.execute(db);
  if (!rows[0]?.any) return 0;
  const r = await sql`
    with waiting as materialized (
      select s.id, s.email, s.user_id, s.park_id,
             exists (select 1 from user_rides ur where ur.email = s.email and ur.park_id = s.park_id) as has_rides
      from rides_pending rp
      join subscriptions s on s.id = rp.subscription_id
      where rp.park_id = ${parkId} and s.active
    ),
    stale as (
      delete from rides_pending rp using waiting w where rp.subscription_id = w.id and w.has_rides
    )
    insert into user_rides (email, park_id, ride_id, active, user_id)
    select w.email, a.park_id, a.id, true, w.user_id
    from waiting w
    join attractions a on a.park_id = w.park_id and a.entity_type = 'ATTRACTION'
    where not w.has_rides
    on conflict (email, ride_id) do nothing`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * Per-watch alert settings (docs/DESIGN.md §2.3 / §6): `thresholdMinutes` 5–60 or null for the default 15 minutes,
 * `backInService` (alert when the attraction comes back from DOWN), `remindHourly` (remind every hour while the
 * standby wait stays at or under the threshold instead of alerting only on the drop).
 */
export interface WatchSettings {
  thresholdMinutes: number | null;
  backInService: boolean;
  remindHourly: boolean;
}

/** A person's watch settings for the attractions of one park (watched or not), by ride id. */
export async function listWatchSettings(db: Executor, owner: EmailOwner, parkId: string) {
  const { email, userId } = scopeOf(owner);
  let q = db
    .selectFrom('user_rides')
    .select([
      'ride_id as rideId',
      'active',
      'threshold_minutes as thresholdMinutes',
      'back_in_service as backInService',
      'remind_hourly as remindHourly',
    ])
    .where('email', '=', email)
    .where('park_id', '=', parkId);
  if (userId) q = q.where('user_id', '=', userId);
  return q.execute();
}

/**
 * Stores the settings of one watch: an existing watch keeps its `active` flag; a ride not watched yet gets an
 * inactive row (it alerts only once selected on Get Alerts, which keeps the settings). The ride must be an
 * attraction of the park: returns false (nothing written) otherwise.
 */
export async function upsertWatchSettings(
  db: Executor,
  email: string,
  parkId: string,
  rideId: string,
  settings: WatchSettings,
  createdBy: string | null = null,
): Promise<boolean> {
  const ride = await db.selectFrom('attractions').select('id').where('id', '=', rideId).where('park_id', '=', parkId).executeTakeFirst();
  if (!ride) return false;
  const values = {
    threshold_minutes: settings.thresholdMinutes,
    back_in_service: settings.backInService,
    remind_hourly: settings.remindHourly,
  };
  await db
    .insertInto('user_rides')
    .values({ email, park_id: parkId, ride_id: rideId, active: false, user_id: createdBy, ...values })
    .onConflict((oc) => oc.columns(['email', 'ride_id']).doUpdateSet(values))
    .execute();
  return true;
}

/** Updates the settings of some of a person's existing watches in a park (Manage Alerts save); others are untouched. */
export async function setWatchSettings(
  db: Executor,
  owner: EmailOwner,
  parkId: string,
  changes: ({ rideId: string } & WatchSettings)[],
): Promise<void> {
  const { email, userId } = scopeOf(owner);
  for (const c of changes) {
    let q = db
      .updateTable('user_rides')
      .set({ threshold_minutes: c.thresholdMinutes, back_in_service: c.backInService, remind_hourly: c.remindHourly })
      .where('email', '=', email)
      .where('park_id', '=', parkId)
      .where('ride_id', '=', c.rideId);
    if (userId) q = q.where('user_id', '=', userId);
    await q.execute();
  }
}

export interface AttractionsTable {
  id: string;
  park_id: string;
  name: string;
  /** ThemeParks.wiki entityType: ATTRACTION, SHOW, RESTAURANT, ... */
  entity_type: string;
  updated_at: GeneratedTimestamp;
  /** The attraction's place (0–255) in its park's audience masks (ATTRACTION only; assigned by a trigger). */
  bit: Generated<number | null>;
}

export interface UserRidesTable {
  id: Generated<string>;
  email: string;
  ride_id: string;
  park_id: string;
  active: Generated<boolean>;
  /** Optional per-ride threshold in minutes (5–60, docs/DESIGN.md §6); null = the default 15. */
  threshold_minutes: number | null;
  /** Alert when the attraction comes back from DOWN to OPERATING (two consecutive fresh polls). */
  back_in_service: Generated<boolean>;
  /** Remind every hour while the standby wait stays short, instead of alerting only on the drop. */
  remind_hourly: Generated<boolean>;
  /** The account that made this selection while signed in; null when made signed out. */
  user_id: Generated<string | null>;
  created_at: GeneratedTimestamp;
}
