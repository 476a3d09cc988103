import type { ColumnType, Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { AlertChannel, GeneratedTimestamp, Timestamp } from '../types.ts';

/** What a Stripe Checkout Session sells, recorded when it is created (docs/decisions/012). Money in cents. */
export interface CheckoutRecord {
  id: string;
  email: string;
  parkId: string;
  channel: AlertChannel;
  phoneNumber: string | null;
  /** Park-local dates 'YYYY-MM-DD'. */
  days: string[];
  unitAmount: number;
  amountTotal: number;
  currency: string;
  promoCode: string | null;
  userId: string | null;
  /** What is sold (docs/decisions/018): an alert day pass (default) or Lightning Lane assist days. */
  product?: CheckoutProduct;
}

/** Records a checkout session (idempotent: the same Stripe id twice keeps the first row). */
export async function recordCheckout(db: Executor, c: CheckoutRecord): Promise<void> {
  await db
    .insertInto('checkout_sessions')
    .values({
      id: c.id,
      email: c.email,
      park_id: c.parkId,
      channel: c.channel,
      phone_number: c.phoneNumber,
      days: sql<string[]>`${c.days}::date[]`,
      unit_amount: c.unitAmount,
      amount_total: c.amountTotal,
      currency: c.currency,
      promo_code: c.promoCode,
      user_id: c.userId,
      product: c.product ?? 'alert_pass',
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** A checkout session row as repositories return it (camelCase; money in cents, `days` park-local dates). */
const checkoutColumns = [
  'id',
  'email',
  'park_id as parkId',
  'channel',
  'phone_number as phoneNumber',
  'days',
  'unit_amount as unitAmount',
  'amount_total as amountTotal',
  'currency',
  'promo_code as promoCode',
  'user_id as userId',
  'status',
  'payment_intent as paymentIntent',
  'stripe_customer_id as stripeCustomerId',
  'confirmation_sent_at as confirmationSentAt',
  'created_at as createdAt',
  'fulfilled_at as fulfilledAt',
  'product',
] as const;

/**
 * Our record of a checkout session → { id, email, parkId, parkName, channel, phoneNumber, days, unitAmount,
 * amountTotal, currency, promoCode, userId, status, paymentIntent, stripeCustomerId, confirmationSentAt,
 * createdAt, fulfilledAt, product }, or undefined.
 */
export async function getCheckout(db: Executor, id: string) {
  return db
    .selectFrom('checkout_sessions as c')
    .innerJoin('parks as p', 'p.id', 'c.park_id')
    .select(checkoutColumns.map((c) => `c.${c}` as const))
    .select('p.name as parkName')
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/**
 * Claims an open checkout session for fulfilment: `open → fulfilled` in one conditional UPDATE, so of any
 * number of racing callers exactly one gets the row (the record, as `getCheckout` without `parkName`; the others
 * get undefined). Call inside the transaction that grants the pass days, so a failed grant rolls the claim back.
 */
export async function claimForFulfilment(
  db: Executor,
  id: string,
  paid: { paymentIntent: string | null; customerId: string | null; now: Date },
) {
  return db
    .updateTable('checkout_sessions')
    .set({ status: 'fulfilled', fulfilled_at: paid.now, payment_intent: paid.paymentIntent, stripe_customer_id: paid.customerId })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning(checkoutColumns)
    .executeTakeFirst();
}

/** Marks an open session expired (`checkout.session.expired`). Returns whether it changed. */
export async function markExpired(db: Executor, id: string): Promise<boolean> {
  const r = await db
    .updateTable('checkout_sessions')
    .set({ status: 'expired' })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Whether a Stripe event id was processed already. */
export async function eventSeen(db: Executor, id: string): Promise<boolean> {
  return (await db.selectFrom('stripe_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Records a processed Stripe event id (idempotent). Returns true the first time. */
export async function recordEvent(db: Executor, id: string, type: string): Promise<boolean> {
  const r = await db
    .insertInto('stripe_events')
    .values({ id, type })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Recent checkout sessions (the record, as `getCheckout` without `parkName`), newest first (admin list). */
export async function listRecentCheckouts(db: Executor, limit = 50) {
  return db.selectFrom('checkout_sessions').select(checkoutColumns).orderBy('created_at', 'desc').limit(limit).execute();
}

type CheckoutStatus = 'open' | 'fulfilled' | 'expired';

/** Our record of a Stripe Checkout Session: what was sold, for how much (cents), and whether it was fulfilled. */
export interface CheckoutSessionsTable {
  /** Stripe's `cs_…` id. */
  id: string;
  email: string;
  park_id: string;
  channel: AlertChannel;
  /** E.164, SMS only. */
  phone_number: string | null;
  /** Park-local dates bought ('YYYY-MM-DD'). */
  days: ColumnType<string[], string[], string[]>;
  /** Price per date in cents. */
  unit_amount: number;
  /** What the buyer pays in cents (after any promo discount). */
  amount_total: number;
  currency: Generated<string>;
  promo_code: string | null;
  user_id: string | null;
  status: Generated<CheckoutStatus>;
  payment_intent: string | null;
  stripe_customer_id: string | null;
  confirmation_sent_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  fulfilled_at: Timestamp | null;
  /** What was sold: an alert day pass (default) or Lightning Lane assist days (docs/decisions/018). */
  product: Generated<CheckoutProduct>;
}

type CheckoutProduct = 'alert_pass' | 'lightning_lane';

/** Stripe event ids already processed (webhook idempotency). */
export interface StripeEventsTable {
  id: string;
  type: string;
  processed_at: GeneratedTimestamp;
}
