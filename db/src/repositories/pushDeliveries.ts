import type { Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { GeneratedTimestamp, Timestamp } from '../types.ts';
import { type LeasedStore, leaseStatements } from './leasedStore.ts';

/**
 * Web Push deliveries (docs/decisions/038, docs/DESIGN.md §2.5 "Push"): one row per (message,
 * push subscription), sent like a provider delivery of docs/decisions/037 — claim with a lease, send outside any
 * transaction, mark with the push service's message id; the sweeper re-queues expired leases.
 */

/** A push delivery claimed for sending, with its subscription's endpoint and keys. */
export interface PushToSend {
  id: string;
  messageKey: string;
  deliveryId: string;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Date;
}

/** One delivery of a push message (the rides of one person's tick, or a single test alert / confirmation). */
export interface PushMessageDelivery {
  id: string;
  kind: string;
  messageKey: string | null;
  parkId: string;
  rideId: string | null;
  rideName: string;
  /** Minutes, or null. */
  waitTime: number | null;
  message: string;
  createdAt: Date;
  parkName: string | null;
  timezone: string | null;
}

/**
 * Adds the push half of already claimed deliveries (docs/DESIGN.md §2.5 "Push"): for every message among `deliveryIds`
 * (their `message_key`, or the delivery alone when it has none) whose person — the account with the delivery's
 * e-mail — holds push subscriptions, one `queued` push delivery per subscription, led by the message's shortest
 * wait. Only `queued` deliveries count (a message held back by the daily cap is not pushed either), so push shares
 * the e-mail's decision, caps and 60-minute rule. Idempotent (unique message and subscription). Returns the new
 * push deliveries' ids.
 */
export async function createForDeliveries(db: Executor, deliveryIds: string[], now: Date): Promise<string[]> {
  if (deliveryIds.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    insert into push_deliveries (message_key, delivery_id, push_subscription_id, created_at)
    select distinct on (x.mk, ps.id) x.mk, x.id, ps.id, ${now}::timestamptz
    from (select d.id, d.email, d.wait_time, d.ride_name, coalesce(d.message_key, 'single:' || d.id) as mk
          from deliveries d where d.id = any(${deliveryIds}::uuid[]) and d.status = 'queued') x
    join users u on u.email = x.email
    join push_subscriptions ps on ps.user_id = u.id
    order by x.mk, ps.id, x.wait_time nulls last, x.ride_name
    on conflict (message_key, push_subscription_id) do nothing
    returning id`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * The deliveries of the given messages (`message_key`s; `single:<id>` = that delivery alone), with park name and
 * zone, for writing each push (one statement). Capped deliveries are left out.
 */
export async function messagesFor(db: Executor, messageKeys: string[]): Promise<Map<string, PushMessageDelivery[]>> {
  const out = new Map<string, PushMessageDelivery[]>();
  if (messageKeys.length === 0) return out;
  const keys = [...new Set(messageKeys)];
  const singles = keys.filter((k) => k.startsWith('single:')).map((k) => k.slice('single:'.length));
  const grouped = keys.filter((k) => !k.startsWith('single:'));
  const { rows } = await sql<PushMessageDelivery>`
    select d.id, d.kind, d.message_key as "messageKey", d.park_id as "parkId", d.ride_id as "rideId", d.ride_name as "rideName",
           d.wait_time as "waitTime", d.message, d.created_at as "createdAt", p.name as "parkName", p.timezone
    from deliveries d left join parks p on p.id = d.park_id
    where (d.message_key = any(${grouped}::text[]) or d.id = any(${singles}::uuid[])) and d.status <> 'capped'`.execute(db);
  for (const r of rows) {
    const key = r.messageKey && grouped.includes(r.messageKey) ? r.messageKey : `single:${r.id}`;
    const list = out.get(key);
    if (list) list.push(r);
    else out.set(key, [r]);
  }
  return out;
}

const pushToSend = sql.raw(`select u.id, u.message_key as "messageKey", u.delivery_id as "deliveryId",
  u.push_subscription_id as "subscriptionId", s.endpoint, s.p256dh, s.auth, u.created_at as "createdAt"`);

/**
 * The leased store of `push_deliveries` (leasedStore.ts, docs/decisions/037, docs/decisions/038 and docs/decisions/062): one row per (message, push
 * subscription). `claim` with a lease sets `queued` → `sending` (a row whose subscription was deleted meanwhile
 * becomes `gone`) and returns the rows with endpoint and keys; `markSent` also records the subscriptions' use;
 * `markFailed(…, 'gone')` marks the rows `gone` and deletes their subscriptions (the push service answered
 * 404/410); `requeueExpired` first fails what is older than `ttlSeconds` (the push TTL: an alert that late is
 * noise), then re-queues expired leases and returns them with the stale `queued` rows.
 */
export function pushDeliveryStore(ttlSeconds: number): LeasedStore<PushToSend> {
  const lease = leaseStatements('push_deliveries');
  return {
    async claim(db, ids, held) {
      if (ids.length === 0) return [];
      if (!held) {
        const { rows } = await sql<PushToSend>`
          ${pushToSend} from push_deliveries u join push_subscriptions s on s.id = u.push_subscription_id
          where u.id = any(${ids}::uuid[]) and u.status = 'queued'
          for update of u skip locked`.execute(db);
        return rows;
      }
      // A row whose subscription was deleted meanwhile becomes `gone` instead of `sending`.
      const assign = sql`status = case when p.push_subscription_id is null then 'gone' else 'sending' end,
        lease_owner = case when p.push_subscription_id is null then null else ${held.owner} end,
        lease_expires_at = case when p.push_subscription_id is null then null else ${held.until}::timestamptz end`;
      const { rows } = await sql<PushToSend>`
        ${lease.claimed(ids, held, assign)}
        ${pushToSend} from u join push_subscriptions s on s.id = u.push_subscription_id
        where u.status = 'sending'`.execute(db);
      return rows;
    },

    renewLeases: lease.renewLeases,

    async markSent(db, sent, now) {
      if (sent.length === 0) return 0;
      const { rows } = await sql<{ n: number }>`
        with m as (${lease.markSent(sent, now, sql`p.push_subscription_id`)}), s as (
          update push_subscriptions ps set last_success_at = ${now}, last_used_at = ${now}
          where ps.id in (select push_subscription_id from m)
        )
        select count(*)::int as n from m`.execute(db);
      return rows[0]?.n ?? 0;
    },

    async markFailed(db, ids, owner, end, reason) {
      const status = end === 'failed' || end === 'gone' ? end : 'queued';
      const rows = await lease.markFailed<{ subscriptionId: string | null }>(
        db,
        ids,
        owner,
        end,
        status,
        reason,
        sql`push_subscription_id as "subscriptionId"`,
      );
      if (end === 'gone') {
        const gone = [...new Set(rows.map((r) => r.subscriptionId).filter((id): id is string => id !== null))];
        if (gone.length) await db.deleteFrom('push_subscriptions').where('id', 'in', gone).execute();
      }
    },

    async requeueExpired(db, now, staleBefore, limit = 5000) {
      const expiredBefore = new Date(now.getTime() - ttlSeconds * 1000);
      await sql`update push_deliveries set status = 'failed', error = 'expired: not sent within its TTL', lease_owner = null, lease_expires_at = null
        where (status = 'queued' or (status = 'sending' and lease_expires_at < ${now})) and created_at < ${expiredBefore}`.execute(db);
      return lease.requeueExpired(db, now, staleBefore, limit);
    },
  };
}

/** `gone`: the push service answered 404/410 (or 403 after a key change) and the subscription was deleted. */
export type PushDeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'gone';

/** One notification per (message, push subscription), sent like a provider delivery (docs/decisions/037, docs/decisions/038). */
export interface PushDeliveriesTable {
  id: Generated<string>;
  message_key: string;
  delivery_id: string;
  push_subscription_id: string | null;
  status: Generated<PushDeliveryStatus>;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_expires_at: Timestamp | null;
  provider_message_id: string | null;
  error: string | null;
  created_at: GeneratedTimestamp;
  sent_at: Timestamp | null;
}
