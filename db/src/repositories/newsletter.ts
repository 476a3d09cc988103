import { sql } from 'kysely';
import type { Executor } from '../client.ts';

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
