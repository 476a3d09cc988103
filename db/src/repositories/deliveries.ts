import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import { parkLocalToday } from '../sql.ts';
import type { AlertChannel } from '../types.ts';

/** A delivery claimed by the evaluation, ready to fan out. */
export interface ClaimedDelivery {
  id: string;
  channel: AlertChannel;
  /** Deliveries sharing a message key leave as one message (DESIGN §2.5); null/absent = a message of its own. */
  messageKey?: string | null;
}

/**
 * The people an alert of a park may go to, shared by every live-data alert (ride alerts, return-time alerts of
 * docs/decisions/017-return-time-alerts.md) so the rules are written once. `from` joins the park's live attractions (`r` ride_status, `a`
 * attractions, `p` parks) to the people watching them (`ur` active user_rides) whose subscription (`s`) holds a
 * pass day (`pd`) for the park-local today; `columns` selects the recipient (email, channel of the day, address,
 * park_id, ride_id, ride_name, subscription_id); `rules` keeps DESIGN §2.3: the attraction is among `alertable`
 * (the poll's verdict: OPERATING, fresh by docs/rules.md R2, inside its hours and the park's schedule, R3);
 * subscription active and past its scheduled start; SMS only with a phone number.
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
  rules: (parkId: string, now: Date, alertable: string[]) => sql`r.park_id = ${parkId}
      and r.attraction_id = any(${alertable}::text[])
      and s.active
      and (s.starts_at is null or s.starts_at <= ${now})
      and (pd.channel = 'email' or s.phone_number is not null)`,
};

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
    .select(['id', 'channel', 'message_key as messageKey'])
    .where('status', '=', 'queued')
    .where('created_at', '<', olderThan)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Inserts a test alert delivery (docs/spec/part-1.md §7 test-alert); the dedup key is per person, park and minute. */
export async function insertTestAlert(
  db: Executor,
  d: Pick<DeliveryToSend, 'email' | 'channel' | 'address' | 'parkId' | 'rideId' | 'rideName' | 'waitTime' | 'message'> & {
    subscriptionId: string | null;
  },
  now: Date,
): Promise<ClaimedDelivery | undefined> {
  const dedupKey = `test:${d.email}:${d.parkId}:${Math.floor(now.getTime() / 60_000)}`;
  return db
    .insertInto('deliveries')
    .values({
      dedup_key: dedupKey,
      key_month: sql<string>`delivery_key_month(${dedupKey}, ${now})`,
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
    .onConflict((oc) => oc.columns(['dedup_key', 'key_month']).doNothing())
    .returning(['id', 'channel'])
    .executeTakeFirst();
}

/**
 * Deletes a delivery that was claimed but never handed to a send queue (still `queued`): the API's test alert
 * when Redis refused the job (docs/spec/part-1.md §7 test-alert). Returns whether a row was removed.
 */
export async function withdrawQueued(db: Executor, id: string): Promise<boolean> {
  // Its pushes go with it (push_deliveries has no foreign key: deliveries is partitioned, migration 0029).
  await db.deleteFrom('push_deliveries').where('delivery_id', '=', id).where('status', '=', 'queued').execute();
  const r = await db.deleteFrom('deliveries').where('id', '=', id).where('status', '=', 'queued').executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** A queued delivery locked for sending, with what its message needs (DESIGN §2.5). */
export interface DeliveryToSend {
  id: string;
  kind: string;
  email: string;
  channel: AlertChannel;
  address: string;
  parkId: string;
  rideId: string | null;
  rideName: string;
  waitTime: number | null;
  message: string;
  messageKey: string | null;
  createdAt: Date;
  parkName: string | null;
  timezone: string | null;
  unsubscribeToken: string | null;
}

/**
 * Locks the still-`queued` deliveries among `ids` for this transaction (`FOR UPDATE SKIP LOCKED`: rows another
 * sender holds are skipped, rows already sent are not returned), with the park and unsubscribe token.
 * DESIGN §2.5: one statement per batch.
 */
export async function lockQueuedForSend(db: Executor, ids: string[]): Promise<DeliveryToSend[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<DeliveryToSend>`
    select d.id, d.kind, d.email, d.channel, d.address, d.park_id as "parkId", d.ride_id as "rideId", d.ride_name as "rideName",
           d.wait_time as "waitTime", d.message, d.message_key as "messageKey", d.created_at as "createdAt",
           p.name as "parkName", p.timezone, s.unsubscribe_token as "unsubscribeToken"
    from deliveries d
    left join parks p on p.id = d.park_id
    left join subscriptions s on s.id = d.subscription_id
    where d.id = any(${ids}::uuid[]) and d.status = 'queued'
    order by d.message_key, d.wait_time nulls last, d.ride_name
    for update of d skip locked`.execute(db);
  return rows;
}

/** Marks many queued deliveries sent with their provider message ids, in one statement. Returns how many changed. */
export async function markSentMany(db: Executor, sent: { id: string; messageId: string }[], now: Date): Promise<number> {
  if (sent.length === 0) return 0;
  const r = await sql`
    update deliveries d set status = 'sent', provider_message_id = x.message_id, sent_at = ${now}, attempts = d.attempts + 1, error = null
    from unnest(${sent.map((s) => s.id)}::uuid[], ${sent.map((s) => s.messageId)}::text[]) as x(id, message_id)
    where d.id = x.id and d.status = 'queued'`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Records a failed attempt for many deliveries in one statement; `permanent` marks them `failed`. */
export async function markManyFailed(db: Executor, ids: string[], reason: string, permanent: boolean): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('deliveries')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), error: reason.slice(0, 1000), ...(permanent ? { status: 'failed' as const } : {}) }))
    .where('id', 'in', ids)
    .where('status', '=', 'queued')
    .execute();
}

/**
 * Claims the still-`queued` deliveries among `ids` for a provider send (DESIGN §2.5 "claim, send, mark"):
 * `queued` → `sending` with a lease (`owner` = the worker's id, until `leaseUntil`, UTC), rows another sender
 * holds skipped (`FOR UPDATE SKIP LOCKED`), one statement. Meant for a short transaction of its own; returns the
 * claimed rows with what their messages need, in message order.
 */
export async function claimForSend(db: Executor, ids: string[], owner: string, leaseUntil: Date): Promise<DeliveryToSend[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<DeliveryToSend>`
    with c as (
      select id from deliveries where id = any(${ids}::uuid[]) and status = 'queued' for update skip locked
    ), u as (
      update deliveries d set status = 'sending', lease_owner = ${owner}, lease_expires_at = ${leaseUntil}
      from c where d.id = c.id
      returning d.*
    )
    select u.id, u.kind, u.email, u.channel, u.address, u.park_id as "parkId", u.ride_id as "rideId", u.ride_name as "rideName",
           u.wait_time as "waitTime", u.message, u.message_key as "messageKey", u.created_at as "createdAt",
           p.name as "parkName", p.timezone, s.unsubscribe_token as "unsubscribeToken"
    from u
    left join parks p on p.id = u.park_id
    left join subscriptions s on s.id = u.subscription_id
    order by u.message_key, u.wait_time nulls last, u.ride_name`.execute(db);
  return rows;
}

/** Extends `owner`'s lease on its `sending` deliveries among `ids` to `leaseUntil` (UTC). Returns how many it still holds. */
export async function renewLeases(db: Executor, ids: string[], owner: string, leaseUntil: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .updateTable('deliveries')
    .set({ lease_expires_at: leaseUntil })
    .where('id', 'in', ids)
    .where('status', '=', 'sending')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Marks deliveries the provider accepted `sent` with its message ids, in one statement (DESIGN §2.5). Rows
 * still `sending` or — when their lease expired and the sweeper re-queued them meanwhile — `queued` change, so a
 * re-queued copy is not sent again. Returns how many changed.
 */
export async function markLeasedSent(db: Executor, sent: { id: string; messageId: string }[], now: Date): Promise<number> {
  if (sent.length === 0) return 0;
  const r = await sql`
    update deliveries d set status = 'sent', provider_message_id = x.message_id, sent_at = ${now}, attempts = d.attempts + 1,
           error = null, lease_owner = null, lease_expires_at = null
    from unnest(${sent.map((s) => s.id)}::uuid[], ${sent.map((s) => s.messageId)}::text[]) as x(id, message_id)
    where d.id = x.id and d.status in ('sending', 'queued')`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * Ends `owner`'s lease on deliveries that did not leave (DESIGN §2.5): `failed` marks them failed with the
 * reason (a permanent provider error); `retry` puts them back to `queued` with the attempt and reason recorded
 * (a transient error); `throttled` puts them back to `queued` without counting an attempt (the provider's rate
 * limit, never a failure).
 */
export async function releaseLeases(
  db: Executor,
  ids: string[],
  owner: string,
  outcome: 'failed' | 'retry' | 'throttled',
  reason: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('deliveries')
    .set((eb) => ({
      status: outcome === 'failed' ? ('failed' as const) : ('queued' as const),
      attempts: outcome === 'throttled' ? eb.ref('attempts') : eb('attempts', '+', 1),
      error: reason.slice(0, 1000),
      lease_owner: null,
      lease_expires_at: null,
    }))
    .where('id', 'in', ids)
    .where('status', '=', 'sending')
    .where('lease_owner', '=', owner)
    .execute();
}

/**
 * The sweeper's half of the lease (DESIGN §2.5): puts `sending` deliveries whose lease ended before `now` back to
 * `queued` (their worker died or lost its database connection mid-batch) and returns them, at most `limit`.
 */
export async function requeueExpiredLeases(db: Executor, now: Date, limit = 5000): Promise<ClaimedDelivery[]> {
  const { rows } = await sql<ClaimedDelivery>`
    update deliveries d set status = 'queued', lease_owner = null, lease_expires_at = null
    from (select id from deliveries where status = 'sending' and lease_expires_at < ${now}
          order by lease_expires_at limit ${limit} for update skip locked) x
    where d.id = x.id
    returning d.id, d.channel, d.message_key as "messageKey"`.execute(db);
  return rows;
}

/**
 * Puts `failed` e-mail and SMS deliveries created at or after `since` back to `queued` (attempts and error
 * cleared) and returns them for the send queues (the caller enqueues: enqueueDeliveries). Old alerts are not worth
 * sending late, hence the window (docs/OPERATIONS.md "Operator CLI"). Push deliveries are not included.
 */
export async function requeueFailedSince(db: Executor, since: Date) {
  return db
    .updateTable('deliveries')
    .set({ status: 'queued', attempts: 0, error: null })
    .where('status', '=', 'failed')
    .where('created_at', '>=', since)
    .where('channel', 'in', ['email', 'sms'])
    .returning(['id', 'channel', 'message_key as messageKey'])
    .execute();
}
