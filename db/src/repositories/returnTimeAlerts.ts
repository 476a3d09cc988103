import type { Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import { type EmailOwner, scopeOf } from '../scope.ts';
import { parkLocalToday } from '../sql.ts';
import type { AlertChannel, GeneratedTimestamp } from '../types.ts';
import { alertAudience, type ClaimedDelivery } from './deliveries.ts';

/** A person's return-time alert (docs/decisions/017, beyond the spec), as the server shows it. */
export interface ReturnTimeAlertRow {
  id: string;
  rideId: string;
  queueType: ReturnQueueType;
  /** Park-local 'HH:MM', or null = whenever a return time is available. */
  beforeTime: string | null;
  active: boolean;
}

/** The person's return-time alerts for a park (identity = the e-mail, like `user_rides`). */
export async function listForEmail(db: Executor, owner: EmailOwner, parkId: string): Promise<ReturnTimeAlertRow[]> {
  const { email, userId } = scopeOf(owner);
  let q = db
    .selectFrom('return_time_alerts')
    .select(['id', 'ride_id as rideId', 'queue_type as queueType', 'before_time as beforeTime', 'active'])
    .where('email', '=', email)
    .where('park_id', '=', parkId)
    .orderBy('created_at');
  if (userId) q = q.where('user_id', '=', userId);
  return q.execute();
}

/**
 * Creates or replaces (unique e-mail + ride + queue type) a return-time alert, active.
 * @returns the stored row.
 */
export async function upsert(
  db: Executor,
  a: { email: string; userId: string | null; parkId: string; rideId: string; queueType: ReturnQueueType; beforeTime: string | null },
): Promise<ReturnTimeAlertRow> {
  return db
    .insertInto('return_time_alerts')
    .values({
      email: a.email,
      user_id: a.userId,
      park_id: a.parkId,
      ride_id: a.rideId,
      queue_type: a.queueType,
      before_time: a.beforeTime,
      active: true,
    })
    .onConflict((oc) =>
      oc.constraint('return_time_alerts_email_ride_queue_uq').doUpdateSet({
        before_time: a.beforeTime,
        active: true,
        park_id: a.parkId,
        user_id: (eb) => eb.fn.coalesce('return_time_alerts.user_id', 'excluded.user_id'),
      }),
    )
    .returning(['id', 'ride_id as rideId', 'queue_type as queueType', 'before_time as beforeTime', 'active'])
    .executeTakeFirstOrThrow();
}

/** Deletes the person's alert for a ride and queue type; returns how many rows went (0 or 1). */
export async function remove(db: Executor, owner: EmailOwner, parkId: string, rideId: string, queueType: ReturnQueueType): Promise<number> {
  const { email, userId } = scopeOf(owner);
  let q = db
    .deleteFrom('return_time_alerts')
    .where('email', '=', email)
    .where('park_id', '=', parkId)
    .where('ride_id', '=', rideId)
    .where('queue_type', '=', queueType);
  if (userId) q = q.where('user_id', '=', userId);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** One watched attraction of a park with its latest live state (for the return-time controls). */
export interface WatchedRideStatus {
  rideId: string;
  rideName: string;
  /** The watch is on (user_rides.active). */
  watching: boolean;
  status: string | null;
  /** Raw live `queue` object as polled (parse it with `parseReturnTimes`), or null. */
  queue: Record<string, unknown> | null;
  lastUpdated: Date | null;
}

/**
 * The person's watched attractions of a park (active or not) with their stored live state, by name. Only
 * `ATTRACTION` entities (the ride list of docs/spec/part-1.md §2).
 */
export async function listWatchedWithStatus(db: Executor, owner: EmailOwner, parkId: string): Promise<WatchedRideStatus[]> {
  const { email, userId } = scopeOf(owner);
  let q = db
    .selectFrom('user_rides as ur')
    .innerJoin('attractions as a', 'a.id', 'ur.ride_id')
    .leftJoin('ride_status as r', 'r.attraction_id', 'ur.ride_id')
    .select(['ur.ride_id as rideId', 'a.name as rideName', 'ur.active as watching', 'r.status', 'r.queue', 'r.last_updated as lastUpdated'])
    .where('ur.email', '=', email)
    .where('ur.park_id', '=', parkId)
    .where('a.entity_type', '=', 'ATTRACTION')
    .orderBy('a.name');
  if (userId) q = q.where('ur.user_id', '=', userId);
  const rows = await q.execute();
  return rows.map((r) => ({
    ...r,
    status: r.status ?? null,
    queue: (r.queue as Record<string, unknown> | null) ?? null,
    lastUpdated: (r.lastUpdated as Date | null) ?? null,
  }));
}

/**
 * A return-time alert whose attraction publishes that queue AVAILABLE with a return start (SQL pre-filter of
 * the evaluation; the exact check and the before-time filter are the caller's, with `parseReturnTimes`).
 */
export interface ReturnTimeCandidate {
  email: string;
  channel: AlertChannel;
  address: string;
  parkId: string;
  parkName: string;
  /** The park's IANA zone ('UTC' when unknown). */
  timezone: string;
  rideId: string;
  rideName: string;
  subscriptionId: string;
  queueType: ReturnQueueType;
  beforeTime: string | null;
  /** The attraction's raw live `queue` object. */
  queue: Record<string, unknown>;
  /** The park-local today 'YYYY-MM-DD'. */
  today: string;
  /** `rt:<email>:<rideId>:<queueType>:<park-local today>:<before_time | any>` (see `insertReturnTimeAlerts`). */
  dedupKey: string;
}

/**
 * Return-time evaluation, step 1 (one read-only SQL statement): the park's active return-time alerts
 * whose person passes every rule of `alertAudience` (the same rules as ride alerts: watch active, OPERATING,
 * fresh data, hours and schedule (the poll's `alertable`), pass day today with its channel, scheduled start, SMS phone) and whose
 * attraction's stored `queue` has that queue type in state AVAILABLE with a `returnStart`; alerts already
 * delivered today (same dedup key) are left out.
 * @param now the poll instant (UTC).
 * @param alertable the attraction ids the poll judged OPERATING, fresh and inside hours and schedule
 * (docs/rules.md R2–R3, decided once in the poll).
 */
export async function listCandidates(db: Executor, parkId: string, now: Date, alertable: string[]): Promise<ReturnTimeCandidate[]> {
  const { rows } = await sql<ReturnTimeCandidate>`
    select c.email, c.channel, c.address, c.park_id as "parkId", c.park_name as "parkName", c.timezone,
           c.ride_id as "rideId", c.ride_name as "rideName", c.subscription_id as "subscriptionId",
           c.queue_type as "queueType", c.before_time as "beforeTime", c.queue, c.today, c.dedup_key as "dedupKey"
    from (
      select ${alertAudience.columns}, p.name as park_name, coalesce(p.timezone, 'UTC') as timezone,
             rta.queue_type, rta.before_time, r.queue,
             to_char(${parkLocalToday(now)}, 'YYYY-MM-DD') as today,
             'rt:' || s.email || ':' || r.attraction_id || ':' || rta.queue_type || ':'
               || to_char(${parkLocalToday(now)}, 'YYYY-MM-DD') || ':' || coalesce(rta.before_time, 'any') as dedup_key
      from ${alertAudience.from(now)}
      join return_time_alerts rta on rta.email = s.email and rta.ride_id = r.attraction_id and rta.active
      where ${alertAudience.rules(parkId, now, alertable)}
        and upper(r.queue -> rta.queue_type ->> 'state') = 'AVAILABLE'
        and (r.queue -> rta.queue_type ->> 'returnStart') is not null
    ) c
    where not exists (select 1 from deliveries d where d.dedup_key = c.dedup_key)`.execute(db);
  return rows;
}

/** A qualifying return-time alert, ready to claim: the candidate plus its rendered headline. */
export interface ReturnTimeDeliveryInput {
  dedupKey: string;
  email: string;
  channel: AlertChannel;
  address: string;
  parkId: string;
  rideId: string;
  rideName: string;
  /** The headline written at claim time (alert history and the e-mail/SMS body). */
  message: string;
  subscriptionId: string;
}

/**
 * Return-time claim (docs/DESIGN.md §2.4): inserts deliveries of kind `return_time` in one statement,
 * `ON CONFLICT (dedup_key, key_month) DO NOTHING` (key_month: the month of the key's date). The key `rt:<email>:<rideId>:<queueType>:<park-local date>:<before
 * time | any>` means at most one alert per person, attraction, queue type and day (a changed before time
 * arms it again for the day). `wait_time` is null.
 * @returns the deliveries this call claimed (a racing caller's rows are not returned).
 */
export async function insertReturnTimeAlerts(db: Executor, rows: ReturnTimeDeliveryInput[], now: Date): Promise<ClaimedDelivery[]> {
  if (rows.length === 0) return [];
  const col = <K extends keyof ReturnTimeDeliveryInput>(k: K) => rows.map((c) => c[k]);
  const { rows: claimed } = await sql<ClaimedDelivery>`
    insert into deliveries (dedup_key, kind, email, channel, address, park_id, ride_id, ride_name, wait_time, message, subscription_id,
                            created_at, key_month)
    select c.dedup_key, 'return_time', c.email, c.channel, c.address, c.park_id, c.ride_id, c.ride_name, null, c.message,
           c.subscription_id, ${now}, delivery_key_month(c.dedup_key, ${now})
    from unnest(${col('dedupKey')}::text[], ${col('email')}::text[], ${col('channel')}::text[], ${col('address')}::text[],
                ${col('parkId')}::text[], ${col('rideId')}::text[], ${col('rideName')}::text[], ${col('message')}::text[],
                ${col('subscriptionId')}::uuid[])
         as c(dedup_key, email, channel, address, park_id, ride_id, ride_name, message, subscription_id)
    on conflict (dedup_key, key_month) do nothing
    returning id, channel`.execute(db);
  return claimed;
}

export type ReturnQueueType = 'RETURN_TIME' | 'PAID_RETURN_TIME';

/** A return-time alert (docs/decisions/017, beyond the spec): available, or available before `before_time` (park-local "HH:MM"). */
export interface ReturnTimeAlertsTable {
  id: Generated<string>;
  email: string;
  user_id: string | null;
  park_id: string;
  ride_id: string;
  queue_type: ReturnQueueType;
  before_time: string | null;
  active: Generated<boolean>;
  created_at: GeneratedTimestamp;
}
