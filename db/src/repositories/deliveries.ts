import type { Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import { parkLocalToday } from '../sql.ts';
import type { AlertChannel, GeneratedTimestamp, Timestamp } from '../types.ts';
import { type LeasedStore, leaseStatements } from './leasedStore.ts';

/** A delivery claimed by the evaluation, ready to fan out. */
export interface ClaimedDelivery {
  id: string;
  channel: AlertChannel;
  /** Deliveries sharing a message key leave as one message (docs/DESIGN.md §2.5); null/absent = a message of its own. */
  messageKey?: string | null;
}

/**
 * The people an alert of a park may go to, shared by every live-data alert (ride alerts, return-time alerts of
 * docs/decisions/017) so the rules are written once. `from` joins the park's live attractions (`r` ride_status, `a`
 * attractions, `p` parks) to the people watching them (`ur` active user_rides) whose subscription (`s`) holds a
 * pass day (`pd`) for the park-local today; `columns` selects the recipient (email, channel of the day, address,
 * park_id, ride_id, ride_name, subscription_id); `rules` keeps docs/DESIGN.md §2.3: the attraction is among `alertable`
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

/** A queued delivery claimed for sending, with what its message needs (docs/DESIGN.md §2.5). */
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

/** The DeliveryToSend columns of the rows `t` (joined to parks `p` and subscriptions `s`), in message order. */
const toSend = (t: string) =>
  sql.raw(`select ${t}.id, ${t}.kind, ${t}.email, ${t}.channel, ${t}.address, ${t}.park_id as "parkId", ${t}.ride_id as "rideId",
           ${t}.ride_name as "rideName", ${t}.wait_time as "waitTime", ${t}.message, ${t}.message_key as "messageKey",
           ${t}.created_at as "createdAt", p.name as "parkName", p.timezone, s.unsubscribe_token as "unsubscribeToken"`);

/** Rows `t` joined to their park and subscription, in message order (`message_key`, shortest wait, ride name). */
const joined = (t: string) =>
  sql.raw(`left join parks p on p.id = ${t}.park_id
    left join subscriptions s on s.id = ${t}.subscription_id`);
const messageOrder = (t: string) => sql.raw(`order by ${t}.message_key, ${t}.wait_time nulls last, ${t}.ride_name`);

/**
 * The leased store of one channel's rows of `deliveries` (leasedStore.ts, docs/decisions/062; e-mail and SMS share the
 * table): claim with a lease (`queued` → `sending`, docs/DESIGN.md §2.5 "claim, send, mark") or lock for the caller's
 * transaction (the outbox), renew, mark sent / failed, and the sweeper's re-queue of expired leases and stale
 * `queued` rows of this `channel`. Every write is one statement per batch.
 */
export function deliveryStore(channel: AlertChannel): LeasedStore<DeliveryToSend> {
  const lease = leaseStatements('deliveries', sql`channel = ${channel}`);
  return {
    async claim(db, ids, held) {
      if (ids.length === 0) return [];
      if (!held) {
        const { rows } = await sql<DeliveryToSend>`
          ${toSend('d')} from deliveries d ${joined('d')}
          where d.id = any(${ids}::uuid[]) and d.status = 'queued'
          ${messageOrder('d')}
          for update of d skip locked`.execute(db);
        return rows;
      }
      const { rows } = await sql<DeliveryToSend>`
        ${lease.claimed(ids, held)}
        ${toSend('u')} from u ${joined('u')}
        ${messageOrder('u')}`.execute(db);
      return rows;
    },

    renewLeases: lease.renewLeases,

    async markSent(db, sent, now) {
      if (sent.length === 0) return 0;
      return Number((await lease.markSent(sent, now).execute(db)).numAffectedRows ?? 0);
    },

    async markFailed(db, ids, owner, end, reason) {
      await lease.markFailed(db, ids, owner, end, end === 'failed' || end === 'gone' ? 'failed' : 'queued', reason);
    },

    requeueExpired: (db, now, staleBefore, limit = 5000) => lease.requeueExpired(db, now, staleBefore, limit),
  };
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

/** `capped`: held back by the daily cap per person and channel (recorded, never sent). */
export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'capped';
export type DeliveryKind = 'ride_alert' | 'test_alert' | 'back_in_service' | 'restaurant_alert' | 'return_time' | 'alerts_on';

export interface DeliveriesTable {
  id: Generated<string>;
  /** Unique with key_month: recipient e-mail + ride + hour bucket (docs/DESIGN.md §2.4). */
  dedup_key: string;
  /**
   * First day (UTC) of the month of the period the dedup key names: the partition key (migration 0029,
   * `delivery_key_month`). Defaults to the current UTC month.
   */
  key_month: Generated<string>;
  kind: Generated<DeliveryKind>;
  email: string;
  channel: AlertChannel;
  /** E-mail address or E.164 phone number the alert goes to. */
  address: string;
  park_id: string;
  ride_id: string | null;
  ride_name: string;
  /** Minutes. */
  wait_time: number | null;
  message: string;
  subscription_id: string | null;
  status: Generated<DeliveryStatus>;
  attempts: Generated<number>;
  provider_message_id: string | null;
  error: string | null;
  hidden: Generated<boolean>;
  created_at: GeneratedTimestamp;
  sent_at: Timestamp | null;
  /** The deliveries of one person, channel and tick share it and leave as ONE message (docs/DESIGN.md §2.5). */
  message_key: string | null;
  /** The worker holding a `sending` delivery (docs/DESIGN.md §2.5 leases); null otherwise. */
  lease_owner: string | null;
  /** When that worker's lease ends (UTC); the sweeper re-queues `sending` rows past it. */
  lease_expires_at: Timestamp | null;
}
