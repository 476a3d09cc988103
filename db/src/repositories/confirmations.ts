import { sql } from 'kysely';
import type { Executor } from '../client.ts';

/**
 * What the confirmation e-mails (newsletter welcome, affiliate application, pass receipt) read and mark. Each
 * `lock…` reads its row `FOR UPDATE`, so a confirmation and its `confirmation_sent_at` mark happen in one
 * transaction and a retry after success sends nothing. Run them inside the sending transaction.
 */

/** Which row a confirmation is for: its table by kind. */
export type ConfirmationKind = 'newsletter' | 'affiliate' | 'checkout' | 'promo';

const TABLE = {
  newsletter: 'newsletter_subscriptions',
  affiliate: 'affiliate_applications',
  checkout: 'checkout_sessions',
  promo: 'promo_redemptions',
} as const satisfies Record<ConfirmationKind, string>;

/** A newsletter subscription, locked → { email, unsubscribeToken, confirmationSentAt, unsubscribedAt }, or undefined. */
export async function lockNewsletter(db: Executor, id: string) {
  return db
    .selectFrom('newsletter_subscriptions')
    .select([
      'email',
      'unsubscribe_token as unsubscribeToken',
      'confirmation_sent_at as confirmationSentAt',
      'unsubscribed_at as unsubscribedAt',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** An affiliate application, locked → { email, fullName, confirmationSentAt }, or undefined. */
export async function lockAffiliate(db: Executor, id: string) {
  return db
    .selectFrom('affiliate_applications')
    .select(['email', 'full_name as fullName', 'confirmation_sent_at as confirmationSentAt'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * A checkout session, locked → { id, email, parkId, userId, channel, phoneNumber, days (park-local dates),
 * amountTotal (cents), paymentIntent, status, confirmationSentAt }, or undefined.
 */
export async function lockCheckout(db: Executor, id: string) {
  return db
    .selectFrom('checkout_sessions')
    .select([
      'id',
      'email',
      'park_id as parkId',
      'user_id as userId',
      'channel',
      'phone_number as phoneNumber',
      'days',
      'amount_total as amountTotal',
      'payment_intent as paymentIntent',
      'status',
      'confirmation_sent_at as confirmationSentAt',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * A promo redemption, locked → { id, code, email, parkId, firstDay, checkoutSessionId (set when it was part of
 * a card checkout), confirmationSentAt }, or undefined.
 */
export async function lockPromoRedemption(db: Executor, id: string) {
  return db
    .selectFrom('promo_redemptions')
    .select([
      'id',
      'code',
      'email',
      'park_id as parkId',
      'first_day as firstDay',
      'checkout_session_id as checkoutSessionId',
      'confirmation_sent_at as confirmationSentAt',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The park's name and, when the person has one for it, their subscription → { parkName, subscriptionId,
 * unsubscribeToken, subscriptionUserId } (the subscription fields null without one), or undefined for an
 * unknown park.
 */
export async function parkAndSubscription(db: Executor, parkId: string, email: string) {
  return db
    .selectFrom('parks as p')
    .leftJoin('subscriptions as s', (j) => j.onRef('s.park_id', '=', 'p.id').on('s.email', '=', email))
    .select(['p.name as parkName', 's.id as subscriptionId', 's.unsubscribe_token as unsubscribeToken', 's.user_id as subscriptionUserId'])
    .where('p.id', '=', parkId)
    .executeTakeFirst();
}

/** The pass days a promo code granted on a subscription, as park-local 'YYYY-MM-DD' dates in order. */
export async function promoPassDays(db: Executor, subscriptionId: string, code: string): Promise<string[]> {
  const rows = await db
    .selectFrom('pass_days')
    .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'))
    .where('subscription_id', '=', subscriptionId)
    .where('source', '=', 'promo')
    .where('reference', '=', code)
    .orderBy('day')
    .execute();
  return rows.map((d) => d.day);
}

/** Records that the confirmation of this row left at `now` (`confirmation_sent_at`). */
export async function markSent(db: Executor, kind: ConfirmationKind, id: string, now: Date): Promise<void> {
  await db.updateTable(TABLE[kind]).set({ confirmation_sent_at: now }).where('id', '=', id).execute();
}
