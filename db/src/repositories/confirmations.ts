import { sql } from 'kysely';
import type { Executor } from '../client.ts';

/**
 * The rows a confirmation e-mail is written from (newsletter sign-up, affiliate application, pass receipt of a
 * fulfilled checkout or a promo redemption), each read with its row locked (`for update`) inside the sender's
 * transaction, so a confirmation leaves once (docs/features.md "Day passes and payments").
 */

/**
 * The confirmations there are (docs/decisions/015): newsletter double opt-in / affiliate welcome e-mails, checkout /
 * promo pass receipts, and the flight price alert's double opt-in (docs/decisions/027).
 */
export const CONFIRMATION_KINDS = ['newsletter', 'affiliate', 'checkout', 'promo', 'flight_alert'] as const;

/** What a confirmation is for; the row's table follows from it. */
export type ConfirmationKind = (typeof CONFIRMATION_KINDS)[number];

const TABLE = {
  newsletter: 'newsletter_subscriptions',
  affiliate: 'affiliate_applications',
  checkout: 'checkout_sessions',
  promo: 'promo_redemptions',
  flight_alert: 'flight_alerts',
} as const satisfies Record<ConfirmationKind, string>;

/**
 * A newsletter subscription, locked → { email, unsubscribeToken, confirmToken, confirmedAt, confirmationSentAt,
 * unsubscribedAt }, or undefined.
 */
export function lockNewsletter(tx: Executor, id: string) {
  return tx
    .selectFrom('newsletter_subscriptions')
    .select([
      'email',
      'unsubscribe_token as unsubscribeToken',
      'confirm_token as confirmToken',
      'confirmed_at as confirmedAt',
      'confirmation_sent_at as confirmationSentAt',
      'unsubscribed_at as unsubscribedAt',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * A flight price alert, locked → { email, homeAirport, destinationPark, airport, maxPrice, departureDate,
 * returnDate ('yyyy-MM-dd' | null), active, confirmToken, confirmedAt, confirmationSentAt, unsubscribeToken }, or undefined.
 */
export function lockFlightAlert(tx: Executor, id: string) {
  return tx
    .selectFrom('flight_alerts')
    .select([
      'email',
      'home_airport as homeAirport',
      'destination_park as destinationPark',
      'airport',
      'max_price as maxPrice',
      sql<string>`to_char(departure_date_start, 'YYYY-MM-DD')`.as('departureDate'),
      sql<string | null>`to_char(return_date_start, 'YYYY-MM-DD')`.as('returnDate'),
      'active',
      'confirm_token as confirmToken',
      'confirmed_at as confirmedAt',
      'confirmation_sent_at as confirmationSentAt',
      'unsubscribe_token as unsubscribeToken',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** An affiliate application, locked → { email, fullName, confirmationSentAt }, or undefined. */
export function lockAffiliate(tx: Executor, id: string) {
  return tx
    .selectFrom('affiliate_applications')
    .select(['email', 'full_name as fullName', 'confirmation_sent_at as confirmationSentAt'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The park's name and, when the person has one for it, their subscription → { parkName, subscriptionId,
 * unsubscribeToken, subscriptionUserId } (the subscription fields null without one); undefined for an unknown park.
 */
function parkAndSubscription(tx: Executor, parkId: string, email: string) {
  return tx
    .selectFrom('parks as p')
    .leftJoin('subscriptions as s', (j) => j.onRef('s.park_id', '=', 'p.id').on('s.email', '=', email))
    .select(['p.name as parkName', 's.id as subscriptionId', 's.unsubscribe_token as unsubscribeToken', 's.user_id as subscriptionUserId'])
    .where('p.id', '=', parkId)
    .executeTakeFirst();
}

/** What a pass receipt says: who, which channel and dates ('YYYY-MM-DD'), the amount in cents, the park. */
export interface PassConfirmation {
  email: string;
  userId: string | null;
  channel: 'email' | 'sms';
  phoneNumber: string | null;
  days: string[];
  amountCents: number;
  transactionId: string | null;
  parkName: string;
  unsubscribeToken: string | null;
}

/**
 * What a pass confirmation needs, from a fulfilled checkout session or a promo redemption (row locked so a
 * confirmation leaves once). Undefined when missing, not fulfilled, or already confirmed.
 */
export async function lockPassConfirmation(tx: Executor, kind: 'checkout' | 'promo', id: string): Promise<PassConfirmation | undefined> {
  if (kind === 'checkout') {
    const c = await tx
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
    if (c?.status !== 'fulfilled' || c.confirmationSentAt) return undefined;
    const extra = await parkAndSubscription(tx, c.parkId, c.email);
    return {
      email: c.email,
      userId: c.userId,
      channel: c.channel,
      phoneNumber: c.phoneNumber,
      days: c.days,
      amountCents: c.amountTotal,
      transactionId: c.paymentIntent ?? c.id,
      parkName: extra?.parkName ?? c.parkId,
      unsubscribeToken: extra?.unsubscribeToken ?? null,
    };
  }
  const r = await tx
    .selectFrom('promo_redemptions')
    .select([
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
  if (!r || r.confirmationSentAt || r.checkoutSessionId) return undefined;
  const extra = await parkAndSubscription(tx, r.parkId, r.email);
  const days = extra?.subscriptionId
    ? (
        await tx
          .selectFrom('pass_days')
          .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'))
          .where('subscription_id', '=', extra.subscriptionId)
          .where('source', '=', 'promo')
          .where('reference', '=', r.code)
          .orderBy('day')
          .execute()
      ).map((d) => d.day)
    : [r.firstDay];
  return {
    email: r.email,
    userId: extra?.subscriptionUserId ?? null,
    channel: 'email' as const,
    phoneNumber: null,
    days,
    amountCents: 0,
    transactionId: null,
    parkName: extra?.parkName ?? r.parkId,
    unsubscribeToken: extra?.unsubscribeToken ?? null,
  };
}

/** Records that the confirmation of `kind` row `id` left (`confirmation_sent_at = at`). */
export async function markSent(tx: Executor, kind: ConfirmationKind, id: string, at: Date): Promise<void> {
  await tx.updateTable(TABLE[kind]).set({ confirmation_sent_at: at }).where('id', '=', id).execute();
}

/**
 * Whether the activation of this checkout or promo redemption claimed its "alerts on" confirmation as an SMS
 * (docs/rules.md R16b, R24: a purchase sends one text, not two): a delivery of kind `alerts_on` on channel
 * `sms` to `email` whose dedup key ends with the activation `<kind>:<id>` (`alerts_on:<subscription>:<kind>:<id>`).
 */
export async function alertsOnTextClaimed(tx: Executor, email: string, kind: 'checkout' | 'promo', id: string): Promise<boolean> {
  const r = await tx
    .selectFrom('deliveries')
    .select('id')
    .where('email', '=', email)
    .where('kind', '=', 'alerts_on')
    .where('channel', '=', 'sms')
    .where('dedup_key', 'like', `alerts_on:%:${kind}:${id}`)
    .executeTakeFirst();
  return r !== undefined;
}
