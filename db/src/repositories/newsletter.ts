import type { Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { GeneratedTimestamp, Timestamp } from '../types.ts';

/**
 * Adds a newsletter subscription (e-mail already lower-cased and trimmed, docs/spec/part-1.md §3) → { id, unsubscribeToken }.
 * @throws pg unique violation 23505 when the e-mail is already subscribed.
 */
export async function insertSubscription(db: Executor, email: string, userId: string | null) {
  return db
    .insertInto('newsletter_subscriptions')
    .values({ email, user_id: userId })
    .returning(['id', 'unsubscribe_token as unsubscribeToken'])
    .executeTakeFirstOrThrow();
}

/** Unsubscribes by token; returns the e-mail or undefined. */
export async function unsubscribeByToken(db: Executor, token: string, now: Date) {
  return db
    .updateTable('newsletter_subscriptions')
    .set({ unsubscribed_at: now })
    .where('unsubscribe_token', '=', token)
    .returning(['email'])
    .executeTakeFirst();
}

/**
 * Double opt-in (docs/decisions/027): confirms the subscription whose confirmation link carries `token` (again: no
 * change) → { email }, or undefined for an unknown token or an unsubscribed address.
 */
export async function confirmByToken(db: Executor, token: string, now: Date) {
  return db
    .updateTable('newsletter_subscriptions')
    .set({ confirmed_at: sql`coalesce(confirmed_at, ${now}::timestamptz)` })
    .where('confirm_token', '=', token)
    .where('unsubscribed_at', 'is', null)
    .returning(['email'])
    .executeTakeFirst();
}

export interface NewsletterSubscriptionsTable {
  id: Generated<string>;
  email: string;
  user_id: string | null;
  unsubscribe_token: Generated<string>;
  unsubscribed_at: Timestamp | null;
  /** When the confirmation e-mail left (null = not yet). */
  confirmation_sent_at: Timestamp | null;
  /** Double opt-in (migration 0028): the link's token, and when the person confirmed (null = not yet). */
  confirm_token: Generated<string>;
  confirmed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}
