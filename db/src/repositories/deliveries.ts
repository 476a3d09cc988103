import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import { parkLocalToday } from '../sql.ts';
import type { AlertChannel } from '../types.ts';

/** Default alert threshold in minutes: standby 1–15 is "walk-on or short" (spec part 1 §9). */
export const DEFAULT_THRESHOLD_MINUTES = 15;
/** A `lastUpdated` older than this is stale and never alerts (DESIGN §2.3). */
export const FRESHNESS_MINUTES = 15;
/** The same ride is not re-alerted to the same person within this window (spec part 1 §9). */
export const REALERT_MINUTES = 60;

/** A delivery claimed by the evaluation, ready to fan out. */
export interface ClaimedDelivery {
  id: string;
  channel: AlertChannel;
}

/** A (person, ride) pair that qualifies for an alert now (DESIGN §2.3). */
export interface AlertCandidate {
  email: string;
  channel: AlertChannel;
  address: string;
  park_id: string;
  ride_id: string;
  ride_name: string;
  wait_time: number;
  message: string;
  subscription_id: string;
}

/**
 * The people an alert of a park may go to, shared by every live-data alert (ride alerts, return-time alerts of
 * issue 6) so the rules are written once. `from` joins the park's live attractions (`r` ride_status, `a`
 * attractions, `p` parks) to the people watching them (`ur` active user_rides) whose subscription (`s`) holds a
 * pass day (`pd`) for the park-local today; `columns` selects the recipient (email, channel of the day, address,
 * park_id, ride_id, ride_name, subscription_id); `rules` keeps DESIGN §2.3: status OPERATING; `lastUpdated` no
 * older than 15 minutes; inside the attraction's published operating hours when known; subscription active
 * and past its scheduled start; SMS only with a phone number.
 */
export const alertAudience = {
  from: (now: Date) => sql`ride_status r
    join attractions a on a.id = r.attraction_id and a.entity_type = 'ATTRACTION'
    join parks p on p.id = r.park_id
    join user_rides ur on ur.ride_id = r.attraction_id and ur.active
    join subscriptions s on s.email = ur.email and s.park_id = r.park_id
    join pass_days pd on pd.subscription_id = s.id
      and pd.day = ${parkLocalToday(now)}`,
  columns: sql`s.email, pd.channel,
           case when pd.channel = 'sms' then s.phone_number else s.email end as address,
           r.park_id, r.attraction_id as ride_id, a.name as ride_name, s.id as subscription_id`,
  rules: (parkId: string, now: Date) => sql`r.park_id = ${parkId}
      and r.status = 'OPERATING'
      and r.last_updated >= ${now}::timestamptz - make_interval(mins => ${FRESHNESS_MINUTES})
      and (
        r.operating_hours is null
        or not exists (select 1 from jsonb_array_elements(r.operating_hours) h
                       where h->>'startTime' is not null and h->>'endTime' is not null)
        or exists (select 1 from jsonb_array_elements(r.operating_hours) h
                   where (h->>'startTime')::timestamptz <= ${now} and (h->>'endTime')::timestamptz > ${now})
      )
      and s.active
      and (s.starts_at is null or s.starts_at <= ${now})
      and (pd.channel = 'email' or s.phone_number is not null)`,
};

/**
 * DESIGN §2.3 evaluation: ONE set-based, read-only statement finds every qualifying (person, ride) pair of a
 * park. Rules: those of `alertAudience` (OPERATING, fresh, in operating hours, watch active, subscription
 * active with a pass day for the park-local today — paid, promo or granted: issue 3 — and past its scheduled
 * start, the channel bought for today, SMS only with a phone number); 0 < standby ≤ the watch's threshold
 * (default 15 min, spec part 1 §9); no ride alert of that ride to that person in the last 60 minutes.
 * @param now the poll instant (UTC).
 */
export async function evaluateRideAlerts(db: Executor, parkId: string, now: Date): Promise<AlertCandidate[]> {
  const { rows } = await sql<AlertCandidate>`
    select ${alertAudience.columns}, r.standby_wait as wait_time,
           a.name || ' has a ' || r.standby_wait || ' min standby wait at ' || p.name || '.' as message
    from ${alertAudience.from(now)}
    where ${alertAudience.rules(parkId, now)}
      and r.standby_wait > 0
      and r.standby_wait <= coalesce(ur.threshold_minutes, ${DEFAULT_THRESHOLD_MINUTES})
      and not exists (
        select 1 from deliveries d
        where d.email = s.email and d.ride_id = r.attraction_id and d.kind = 'ride_alert'
          and d.created_at > ${now}::timestamptz - make_interval(mins => ${REALERT_MINUTES})
      )`.execute(db);
  return rows;
}

/**
 * DESIGN §2.4 claim: inserts the candidates into `deliveries` in one statement
 * (`INSERT … SELECT FROM unnest(…) ON CONFLICT (dedup_key) DO NOTHING`). The dedup key
 * `ride:<email>:<rideId>:<hour bucket>` makes the claim exactly-once even when two pollers race. Evaluation
 * and insert are separate statements so the anti-join never scans rows the same statement is inserting.
 * @returns the deliveries this call claimed (a racing caller's rows are not returned).
 */
export async function insertRideAlerts(db: Executor, candidates: AlertCandidate[], now: Date): Promise<ClaimedDelivery[]> {
  if (candidates.length === 0) return [];
  const hourBucket = Math.floor(now.getTime() / 3_600_000);
  const col = <K extends keyof AlertCandidate>(k: K) => candidates.map((c) => c[k]);
  const { rows } = await sql<ClaimedDelivery>`
    insert into deliveries (dedup_key, kind, email, channel, address, park_id, ride_id, ride_name, wait_time, message, subscription_id, created_at)
    select 'ride:' || c.email || ':' || c.ride_id || ':' || ${String(hourBucket)}, 'ride_alert', c.email, c.channel, c.address,
           c.park_id, c.ride_id, c.ride_name, c.wait_time, c.message, c.subscription_id, ${now}
    from unnest(${col('email')}::text[], ${col('channel')}::text[], ${col('address')}::text[], ${col('park_id')}::text[],
                ${col('ride_id')}::text[], ${col('ride_name')}::text[], ${col('wait_time')}::int[], ${col('message')}::text[],
                ${col('subscription_id')}::uuid[])
         as c(email, channel, address, park_id, ride_id, ride_name, wait_time, message, subscription_id)
    on conflict (dedup_key) do nothing
    returning id, channel`.execute(db);
  return rows;
}

/** DESIGN §2.3–2.4: evaluate, then claim, for one park at `now`. Returns the claimed deliveries. */
export async function claimRideAlerts(db: Executor, parkId: string, now: Date): Promise<ClaimedDelivery[]> {
  return insertRideAlerts(db, await evaluateRideAlerts(db, parkId, now), now);
}

/** One delivery with what a sender needs to write the message (park name, unsubscribe token). */
export async function getDeliveryForSend(db: Executor, id: string) {
  return db
    .selectFrom('deliveries as d')
    .leftJoin('parks as p', 'p.id', 'd.park_id')
    .leftJoin('subscriptions as s', 's.id', 'd.subscription_id')
    .select([
      'd.id',
      'd.kind',
      'd.email',
      'd.channel',
      'd.address',
      'd.park_id as parkId',
      'd.ride_id as rideId',
      'd.ride_name as rideName',
      'd.wait_time as waitTime',
      'd.message',
      'd.status',
      'd.attempts',
      'p.name as parkName',
      's.unsubscribe_token as unsubscribeToken',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** Marks a queued delivery sent (idempotent: only a `queued` row changes). Returns whether it changed. */
export async function markSent(db: Executor, id: string, providerMessageId: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('deliveries')
    .set((eb) => ({ status: 'sent', provider_message_id: providerMessageId, sent_at: now, attempts: eb('attempts', '+', 1), error: null }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Records a failed attempt; `permanent` marks the delivery `failed` with the reason. */
export async function markAttemptFailed(db: Executor, id: string, reason: string, permanent: boolean): Promise<void> {
  await db
    .updateTable('deliveries')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), error: reason.slice(0, 1000), ...(permanent ? { status: 'failed' as const } : {}) }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

/** Deliveries still `queued` that were claimed before `olderThan` (for the sweeper, DESIGN §2.5). */
export async function listStaleQueued(db: Executor, olderThan: Date, limit = 1000): Promise<ClaimedDelivery[]> {
  return db
    .selectFrom('deliveries')
    .select(['id', 'channel'])
    .where('status', '=', 'queued')
    .where('created_at', '<', olderThan)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Inserts a test alert delivery (spec part 1 §7 test-alert); the dedup key is per person, park and minute. */
export async function insertTestAlert(
  db: Executor,
  d: {
    email: string;
    channel: AlertChannel;
    address: string;
    parkId: string;
    rideId: string | null;
    rideName: string;
    waitTime: number | null;
    message: string;
    subscriptionId: string | null;
  },
  now: Date,
): Promise<ClaimedDelivery | undefined> {
  return db
    .insertInto('deliveries')
    .values({
      dedup_key: `test:${d.email}:${d.parkId}:${Math.floor(now.getTime() / 60_000)}`,
      kind: 'test_alert',
      email: d.email,
      channel: d.channel,
      address: d.address,
      park_id: d.parkId,
      ride_id: d.rideId,
      ride_name: d.rideName,
      wait_time: d.waitTime,
      message: d.message,
      subscription_id: d.subscriptionId,
      created_at: now,
    })
    .onConflict((oc) => oc.column('dedup_key').doNothing())
    .returning(['id', 'channel'])
    .executeTakeFirst();
}
