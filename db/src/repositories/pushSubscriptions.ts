import type { Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { GeneratedTimestamp, Timestamp } from '../types.ts';

/** Push subscriptions an account may hold (one per browser and device); a subscribe past it is refused. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 20;
/** A push subscription neither re-subscribed nor accepted by its push service for this long is deleted (days). */
export const PUSH_SUBSCRIPTION_UNUSED_DAYS = 30;

/** The stored part of a browser's PushSubscription JSON (keys URL-safe base64). */
export interface PushSubscriptionInput {
  endpoint: string;
  /** ms since the epoch, or null (the push service gives none). */
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
  deviceLabel: string | null;
}

/** One subscription as Manage Alerts lists it. */
export interface PushSubscriptionSummary {
  id: string;
  endpoint: string;
  deviceLabel: string | null;
  createdAt: Date;
  lastSuccessAt: Date | null;
}

/**
 * Stores a browser's push subscription for the account `userId` (docs/decisions/038, docs/decisions/047), upserting by endpoint: the
 * owner subscribing again (new keys, a new label) replaces its row and counts as use (`last_used_at` = now); the
 * row moves to another account only when that account presents the same keys (`p256dh` and `auth`: the same
 * browser, signed into another account). Returns the row's id, or null when the endpoint belongs to another
 * account and the keys differ (the row is left as it was).
 */
export async function upsert(db: Executor, userId: string, s: PushSubscriptionInput, now: Date): Promise<string | null> {
  const row = await db
    .insertInto('push_subscriptions')
    .values({
      user_id: userId,
      endpoint: s.endpoint,
      p256dh: s.keys.p256dh,
      auth: s.keys.auth,
      expiration_time: s.expirationTime === null ? null : new Date(s.expirationTime),
      device_label: s.deviceLabel,
      created_at: now,
      updated_at: now,
      last_used_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({
          user_id: userId,
          p256dh: s.keys.p256dh,
          auth: s.keys.auth,
          expiration_time: s.expirationTime === null ? null : new Date(s.expirationTime),
          device_label: s.deviceLabel,
          updated_at: now,
          last_used_at: now,
        })
        .where((eb) =>
          eb.or([
            eb('push_subscriptions.user_id', '=', userId),
            eb.and([eb('push_subscriptions.p256dh', '=', s.keys.p256dh), eb('push_subscriptions.auth', '=', s.keys.auth)]),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** How many push subscriptions the account holds, not counting `exceptEndpoint` (the one being re-subscribed). */
export async function countForUser(db: Executor, userId: string, exceptEndpoint: string): Promise<number> {
  const r = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('endpoint', '<>', exceptEndpoint)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Deletes the account's subscription with this endpoint. Returns whether one was deleted. */
export async function remove(db: Executor, userId: string, endpoint: string): Promise<boolean> {
  const r = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The account's push subscriptions, newest first. */
export async function listForUser(db: Executor, userId: string): Promise<PushSubscriptionSummary[]> {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'device_label as deviceLabel', 'created_at as createdAt', 'last_success_at as lastSuccessAt'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Deletes a subscription its push service called gone (404/410, or 403 after a VAPID key change). */
export async function deleteGone(db: Executor, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db.deleteFrom('push_subscriptions').where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Records an accepted push on these subscriptions (`last_success_at` = `last_used_at` = now). */
export async function markUsed(db: Executor, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('push_subscriptions').set({ last_success_at: now, last_used_at: now }).where('id', 'in', ids).execute();
}

/**
 * The expiry sweep (docs/DESIGN.md §2.5 "Push"): deletes subscriptions unused (no subscribe and no accepted push) for
 * PUSH_SUBSCRIPTION_UNUSED_DAYS days before `now`, or past the expirationTime their browser gave. Returns how many.
 */
export async function expireUnused(db: Executor, now: Date): Promise<number> {
  const before = new Date(now.getTime() - PUSH_SUBSCRIPTION_UNUSED_DAYS * 86_400_000);
  const r = await sql`delete from push_subscriptions where last_used_at < ${before} or expiration_time < ${now}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** One browser's Web Push subscription (the standard PushSubscription JSON), per account and device (docs/decisions/038). */
export interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  /** The push service's URL for this browser (https; unique). */
  endpoint: string;
  /** The browser's P-256 public key, URL-safe base64 (65 bytes decoded). */
  p256dh: string;
  /** The browser's auth secret, URL-safe base64 (16 bytes decoded). */
  auth: string;
  expiration_time: Timestamp | null;
  device_label: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  last_success_at: Timestamp | null;
  /** Last subscribe or accepted push; unused for 30 days = expired (docs/DESIGN.md §2.5 "Push"). */
  last_used_at: GeneratedTimestamp;
}
