import { sql } from 'kysely';
import type { Executor } from '../client.ts';

/**
 * Web Push deliveries (docs/decisions/038-web-push-channel.md, DESIGN §2.5 "Push"): one row per (message,
 * push subscription), sent like a provider delivery of decision 037 — claim with a lease, send outside any
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
 * Adds the push half of already claimed deliveries (DESIGN §2.5 "Push"): for every message among `deliveryIds`
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
 * Claims the still-`queued` push deliveries among `ids` (`queued` → `sending`, lease = `owner` until `leaseUntil`,
 * rows held elsewhere skipped), in one statement meant for a short transaction of its own (decision 037). A row
 * whose subscription was deleted meanwhile becomes `gone`. Returns the claimed rows with endpoint and keys.
 */
export async function claimForSend(db: Executor, ids: string[], owner: string, leaseUntil: Date): Promise<PushToSend[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<PushToSend>`
    with c as (
      select id from push_deliveries where id = any(${ids}::uuid[]) and status = 'queued' for update skip locked
    ), u as (
      update push_deliveries p set
        status = case when p.push_subscription_id is null then 'gone' else 'sending' end,
        lease_owner = case when p.push_subscription_id is null then null else ${owner} end,
        lease_expires_at = case when p.push_subscription_id is null then null else ${leaseUntil}::timestamptz end
      from c where p.id = c.id
      returning p.*
    )
    select u.id, u.message_key as "messageKey", u.delivery_id as "deliveryId", u.push_subscription_id as "subscriptionId",
           s.endpoint, s.p256dh, s.auth, u.created_at as "createdAt"
    from u join push_subscriptions s on s.id = u.push_subscription_id
    where u.status = 'sending'`.execute(db);
  return rows;
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

/** Extends `owner`'s lease on its `sending` push deliveries among `ids`. Returns how many it still holds. */
export async function renewLeases(db: Executor, ids: string[], owner: string, leaseUntil: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .updateTable('push_deliveries')
    .set({ lease_expires_at: leaseUntil })
    .where('id', 'in', ids)
    .where('status', '=', 'sending')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Marks push deliveries the push service accepted `sent` with its message id (the `Location` of its 201), and
 * their subscriptions used, in one statement. Rows still `sending`, or re-queued by the sweeper meanwhile, change
 * (a re-queued copy is not sent again). Returns how many changed.
 */
export async function markSent(db: Executor, sent: { id: string; messageId: string }[], now: Date): Promise<number> {
  if (sent.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    with m as (
      update push_deliveries p set status = 'sent', provider_message_id = x.message_id, sent_at = ${now}, attempts = p.attempts + 1,
             error = null, lease_owner = null, lease_expires_at = null
      from unnest(${sent.map((s) => s.id)}::uuid[], ${sent.map((s) => s.messageId)}::text[]) as x(id, message_id)
      where p.id = x.id and p.status in ('sending', 'queued')
      returning p.push_subscription_id
    ), s as (
      update push_subscriptions ps set last_success_at = ${now}, last_used_at = ${now}
      where ps.id in (select push_subscription_id from m)
    )
    select count(*)::int as n from m`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * Ends `owner`'s lease on push deliveries that did not leave: `failed` (a permanent answer, reason kept), `gone`
 * (the subscription answered 404/410/403 and is deleted by the caller), `retry` (back to `queued`, attempt
 * counted) or `throttled` (back to `queued`, no attempt counted: the push service's 429).
 */
export async function releaseLeases(
  db: Executor,
  ids: string[],
  owner: string,
  outcome: 'failed' | 'gone' | 'retry' | 'throttled',
  reason: string,
): Promise<void> {
  if (ids.length === 0) return;
  const status = outcome === 'failed' || outcome === 'gone' ? outcome : 'queued';
  await db
    .updateTable('push_deliveries')
    .set((eb) => ({
      status,
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
 * The sweeper's half (DESIGN §2.5 "Push"): push deliveries older than `ttlSeconds` (the push TTL) that never
 * left become `failed` ("expired": an alert that late is noise); then `sending` rows whose lease ended before
 * `now` go back to `queued`; returns those and the `queued` rows older than `olderThan` (to re-enqueue), at most
 * `limit`.
 */
export async function sweep(db: Executor, now: Date, olderThan: Date, ttlSeconds: number, limit = 5000): Promise<string[]> {
  const expiredBefore = new Date(now.getTime() - ttlSeconds * 1000);
  await sql`update push_deliveries set status = 'failed', error = 'expired: not sent within its TTL', lease_owner = null, lease_expires_at = null
    where (status = 'queued' or (status = 'sending' and lease_expires_at < ${now})) and created_at < ${expiredBefore}`.execute(db);
  const { rows: requeued } = await sql<{ id: string }>`
    update push_deliveries p set status = 'queued', lease_owner = null, lease_expires_at = null
    from (select id from push_deliveries where status = 'sending' and lease_expires_at < ${now}
          order by lease_expires_at limit ${limit} for update skip locked) x
    where p.id = x.id
    returning p.id`.execute(db);
  const stale = await db
    .selectFrom('push_deliveries')
    .select('id')
    .where('status', '=', 'queued')
    .where('created_at', '<', olderThan)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return [...new Set([...requeued.map((r) => r.id), ...stale.map((r) => r.id)])];
}
