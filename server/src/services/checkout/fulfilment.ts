import { lightningLane, payments, promo, rides, subscriptions } from '@walkon/db';
import type { PassChannel } from '@walkon/domain/pricing';
import { enqueueConfirmation } from '@walkon/jobs/producers';
import type Stripe from 'stripe';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { queueAlertsOn } from '../alertsOn.ts';
import { loadRides, syncScheduler } from '../parks.ts';
import { requirePayments } from './stripeSession.ts';

/**
 * setup-default-rides (docs/spec/part-1.md §7): a person with no active ride for the park watches all of its
 * attractions; an existing selection is kept.
 */
export async function setupDefaultRides(
  tx: Parameters<typeof rides.listSelection>[0],
  email: string,
  parkId: string,
  userId: string | null,
) {
  const current = await rides.listSelection(tx, email, parkId);
  if (!current.some((r) => r.active)) await rides.watchAllRides(tx, email, parkId, userId);
}

/** Queues the receipt e-mail of a checkout or promo redemption; a Redis outage is logged (the pass stands). */
export async function queueReceipt(deps: AppDeps, kind: 'checkout' | 'promo', id: string) {
  try {
    await enqueueConfirmation(deps.queues, kind, id);
  } catch (err) {
    deps.logger.warn({ kind, id, err }, 'confirmation e-mail not queued');
  }
}

/** What the payment-return pages show about a checkout session. */
export interface CheckoutOutcome {
  status: 'fulfilled' | 'pending' | 'expired';
  channel: PassChannel;
  parkId: string;
  parkName: string;
  days: string[];
  amountCents: number;
  /** The payment intent id when known, else the checkout session id (promo: the code). */
  transactionId: string;
  /** The park's ride list could not load yet: rides are selected when it does. */
  ridesPending: boolean;
  /** A free promo pass rather than a card payment. */
  promo: boolean;
}

/**
 * Fulfils a Checkout Session exactly once, for the webhook and the payment-return pages
 * alike: re-reads the session from Stripe, and only when `payment_status` is `paid` (or
 * `no_payment_required`) and the amount matches our record, claims our `open` row (`open → fulfilled` in one
 * conditional UPDATE: of any number of racing callers one wins) and, in the same transaction, grants the
 * pass days, redeems a promo code and sets up the default rides. The job scheduler and the receipt follow.
 * What is granted follows OUR record's `product`, never Stripe metadata: a `lightning_lane` checkout grants
 * only `lightning_lane_passes`, an `alert_pass` only pass days; the amount check guards both.
 * @returns the outcome, or null when the session is not one of ours.
 * @throws AppError UNAVAILABLE when payments are off or Stripe cannot be reached; CONFLICT on an amount mismatch.
 */
export async function fulfilCheckout(deps: AppDeps, sessionId: string): Promise<CheckoutOutcome | null> {
  const { stripe } = requirePayments(deps);
  const rec = await payments.getCheckout(deps.db, sessionId);
  if (!rec) return null;
  const outcome = async (status: CheckoutOutcome['status'], paymentIntent: string | null): Promise<CheckoutOutcome> => ({
    status,
    channel: rec.channel,
    parkId: rec.parkId,
    parkName: rec.parkName,
    days: rec.days,
    amountCents: rec.amountTotal,
    transactionId: paymentIntent ?? rec.paymentIntent ?? rec.id,
    ridesPending:
      status === 'fulfilled' && rec.product !== 'lightning_lane' && (await subscriptions.ridesPending(deps.db, rec.email, rec.parkId)),
    promo: false,
  });
  if (rec.status !== 'open') return outcome(rec.status, null);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (err) {
    deps.logger.warn({ sessionId, err }, 'stripe checkout.sessions.retrieve failed');
    throw new AppError('UNAVAILABLE', 'We could not confirm the payment yet. Please refresh in a moment.');
  }
  if (session.payment_status === 'unpaid') return outcome(session.status === 'expired' ? 'expired' : 'pending', null);
  if (session.amount_total !== rec.amountTotal) {
    deps.logger.error({ sessionId, stripe: session.amount_total, ours: rec.amountTotal }, 'checkout amount mismatch; not fulfilled');
    throw new AppError('CONFLICT', 'The payment amount does not match this order. Please contact support.');
  }
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
  if (rec.product === 'lightning_lane') {
    // Lightning Lane assist days: the same claim, then lightning_lane_passes rows instead of pass days.
    const granted = await deps.db.transaction().execute(async (tx) => {
      const claimed = await payments.claimForFulfilment(tx, sessionId, { paymentIntent, customerId: customer, now: deps.now() });
      if (!claimed) return false;
      if (!claimed.userId) {
        deps.logger.error({ sessionId }, 'lightning lane checkout without an account; nothing granted');
        return true;
      }
      await lightningLane.grantPasses(tx, {
        userId: claimed.userId,
        parkId: claimed.parkId,
        days: claimed.days,
        checkoutSessionId: claimed.id,
      });
      return true;
    });
    // The park is polled while someone holds a Lightning Lane day for it (watches.parksWithValidWatches).
    if (granted) await syncScheduler(deps, rec.parkId);
    return outcome('fulfilled', paymentIntent);
  }
  await loadRides(deps, rec.parkId);
  const won = await deps.db.transaction().execute(async (tx) => {
    const claimed = await payments.claimForFulfilment(tx, sessionId, { paymentIntent, customerId: customer, now: deps.now() });
    if (!claimed) return false;
    await subscriptions.grantPassDays(tx, {
      email: claimed.email,
      parkId: claimed.parkId,
      userId: claimed.userId,
      channel: claimed.channel,
      phoneNumber: claimed.phoneNumber,
      days: claimed.days,
      source: 'stripe',
      reference: claimed.id,
      promoCode: claimed.promoCode,
      stripeCustomerId: customer,
    });
    if (claimed.promoCode) {
      await promo.redeem(tx, {
        code: claimed.promoCode,
        email: claimed.email,
        parkId: claimed.parkId,
        firstDay: claimed.days[0]!,
        checkoutSessionId: claimed.id,
      });
    }
    await setupDefaultRides(tx, claimed.email, claimed.parkId, claimed.userId);
    return true;
  });
  if (won) {
    await syncScheduler(deps, rec.parkId);
    // The "alerts on" claim first: the receipt job then knows whether a text went already (one text, R24).
    await queueAlertsOn(deps, rec.email, rec.parkId, `checkout:${rec.id}`, { grantedDays: rec.days });
    await queueReceipt(deps, 'checkout', rec.id);
  }
  return outcome('fulfilled', paymentIntent);
}

/**
 * The payment-return pages (docs/spec/part-1.md §4 "payment return"): fulfils when paid (idempotent, racing the
 * webhook is safe) and reports the outcome.
 * @throws AppError NOT_FOUND for a session that is not ours; see fulfilCheckout.
 */
export async function confirmCheckout(deps: AppDeps, sessionId: string): Promise<CheckoutOutcome> {
  const outcome = await fulfilCheckout(deps, sessionId);
  if (!outcome) throw new AppError('NOT_FOUND', 'We could not find this payment.');
  return outcome;
}

/** Stripe webhook events: what happened with one verified event. */
export type WebhookResult = 'duplicate' | 'fulfilled' | 'pending' | 'expired' | 'ignored' | 'unknown-session' | 'amount-mismatch';

/**
 * Handles one verified Stripe event once: a recorded `event.id` is acknowledged without work;
 * `checkout.session.completed` / `async_payment_succeeded` fulfil through fulfilCheckout;
 * `checkout.session.expired` closes our open record when Stripe confirms the session expired; other types are
 * acknowledged and ignored. An amount mismatch is permanent: it is logged (fulfilCheckout) and acknowledged
 * rather than retried for days. The id is recorded after the work succeeds, so a transient failure is retried
 * by Stripe and fulfilment stays exactly-once regardless.
 */
export async function handleStripeEvent(deps: AppDeps, event: Stripe.Event): Promise<WebhookResult> {
  if (await payments.eventSeen(deps.db, event.id)) return 'duplicate';
  let result: WebhookResult = 'ignored';
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    try {
      const outcome = await fulfilCheckout(deps, event.data.object.id);
      result = outcome ? (outcome.status === 'fulfilled' ? 'fulfilled' : outcome.status) : 'unknown-session';
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
      result = 'amount-mismatch';
    }
  } else if (event.type === 'checkout.session.expired' && (await payments.getCheckout(deps.db, event.data.object.id))) {
    // Delivery order is not guaranteed: close our record only when Stripe says the session did expire (never
    // one that was paid meanwhile; fulfilment only claims `open` records).
    const session = await requirePayments(deps).stripe.checkout.sessions.retrieve(event.data.object.id);
    if (session.status === 'expired') {
      await payments.markExpired(deps.db, session.id);
      result = 'expired';
    }
  }
  await payments.recordEvent(deps.db, event.id, event.type);
  return result;
}
