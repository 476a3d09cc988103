import { createHash } from 'node:crypto';
import { lightningLane, payments, promo, rides, subscriptions } from '@walkon/db';
import { addDaysToDate, parkLocalDate } from '@walkon/domain/dates';
import { formatUsd } from '@walkon/domain/money';
import { LIGHTNING_LANE_PRICE_CENTS, MAX_DAYS_AHEAD, type PassChannel, quote, STRIPE_MINIMUM_CENTS } from '@walkon/domain/pricing';
import { enqueueConfirmation } from '@walkon/jobs/producers';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import Stripe from 'stripe';
import type { SessionUser } from '../auth/session.ts';
import { lockedMinutes, recordFailure, recordSuccess } from '../auth/throttle.ts';
import { AppError } from '../errors.ts';
import type { AppDeps } from '../trpc/init.ts';
import { loadRides, requireZonedPark, syncScheduler } from './alerts.ts';

/** "The promo code you entered is not valid." (spec part 1 §8). */
export const INVALID_PROMO = 'The promo code you entered is not valid.';
const PAYMENTS_OFF = 'Card payments are not available right now. E-mail alerts are still free with a promo code.';

/**
 * Normalises a phone number to E.164 with libphonenumber-js (numbers without a country code are read as
 * US/Canada numbers, where the parks are).
 * @throws AppError BAD_REQUEST "Please enter a valid phone number (+ symbol optional)" (spec part 1 §5).
 */
export function toE164(raw: string): string {
  const n = parsePhoneNumberFromString(raw.trim(), 'US');
  if (!n?.isValid()) throw new AppError('BAD_REQUEST', 'Please enter a valid phone number (+ symbol optional)');
  return n.number;
}

/**
 * Checks the dates of a pass against the park-local today (spec part 1 §5: dates before today are disabled;
 * at most a year ahead). Returns them sorted without duplicates.
 * @throws AppError BAD_REQUEST with the rule broken.
 */
export function validatePassDates(dates: string[], today: string): string[] {
  const sorted = [...new Set(dates)].sort();
  if (sorted.length === 0) throw new AppError('BAD_REQUEST', 'Please select at least one date.');
  if (sorted[0]! < today) throw new AppError('BAD_REQUEST', 'Dates before today cannot be selected.');
  if (sorted[sorted.length - 1]! > addDaysToDate(today, MAX_DAYS_AHEAD)) {
    throw new AppError('BAD_REQUEST', 'Dates can be at most a year ahead.');
  }
  return sorted;
}

/**
 * The park-local today for a park's pass calendar (spec part 1 §5: dates before today are disabled), decided
 * on the server because the visitor's clock and time zone are not the park's.
 * @returns `{ parkId, parkName, timezone, today: 'yyyy-MM-dd', maxDate: 'yyyy-MM-dd' }`.
 * @throws AppError NOT_FOUND for an unknown park.
 */
export async function passCalendar(deps: AppDeps, parkId: string) {
  const park = await requireZonedPark(deps, parkId);
  const today = parkLocalDate(deps.now(), park.timezone);
  return { parkId: park.id, parkName: park.name, timezone: park.timezone, today, maxDate: addDaysToDate(today, MAX_DAYS_AHEAD) };
}

type PromoRow = NonNullable<Awaited<ReturnType<typeof promo.find>>>;

/** Whether a promo code can be used now on `channel` (active, not expired, uses left, channel matches). */
export function promoUsable(code: PromoRow | undefined, channel: PassChannel, now: Date): code is PromoRow {
  if (!code?.active) return false;
  if (code.expires_at && code.expires_at.getTime() <= now.getTime()) return false;
  if (code.max_uses !== null && code.uses >= code.max_uses) return false;
  return code.channel === 'any' || code.channel === channel;
}

/** Promo guesses are throttled per client address like log-ins (5 wrong codes in 15 minutes lock 15 minutes). */
async function guardPromoGuess(deps: AppDeps, clientKey: string) {
  const wait = await lockedMinutes(deps.db, `promo:${clientKey}`, deps.now());
  if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', `Too many promo code attempts. Please try again in ${wait} minutes.`);
}

/**
 * Checks a promo code for the "Apply" buttons (spec part 1 §2, §8). Never reveals other codes.
 * @returns what the code gives: free e-mail days or a percentage off.
 * @throws AppError BAD_REQUEST INVALID_PROMO; TOO_MANY_REQUESTS after repeated wrong codes.
 */
export async function checkPromo(deps: AppDeps, clientKey: string, code: string) {
  await guardPromoGuess(deps, clientKey);
  const row = await promo.find(deps.db, code);
  const now = deps.now();
  if (!row || !(promoUsable(row, 'email', now) || promoUsable(row, 'sms', now))) {
    await recordFailure(deps.db, `promo:${clientKey}`, now);
    throw new AppError('BAD_REQUEST', INVALID_PROMO);
  }
  await recordSuccess(deps.db, `promo:${clientKey}`);
  return { code: row.code, kind: row.kind, channel: row.channel, days: row.days, percentOff: row.percent_off };
}

/**
 * The free e-mail form behind a valid promo code (spec part 1 §2 "Want alerts for FREE?", §6 "the free promo
 * is for e-mail alerts only and lasts one day"): in one transaction the code is locked, checked (usable on
 * e-mail, not used by this e-mail before) and redeemed, and the e-mail gets `days` free pass days from
 * `date` (default the park-local today) with every ride of the park watched (setup-default-rides). A receipt
 * e-mail is queued.
 * @throws AppError BAD_REQUEST INVALID_PROMO or a date rule; CONFLICT when this e-mail used the code already.
 */
export async function redeemPromo(
  deps: AppDeps,
  clientKey: string,
  user: SessionUser | null,
  input: { email: string; parkId: string; code: string; date?: string },
) {
  await guardPromoGuess(deps, clientKey);
  const park = await requireZonedPark(deps, input.parkId);
  const now = deps.now();
  const today = parkLocalDate(now, park.timezone);
  const [first] = validatePassDates([input.date ?? today], today);
  await loadRides(deps, input.parkId);
  const result = await deps.db.transaction().execute(async (tx) => {
    const row = await promo.find(tx, input.code, true);
    if (!promoUsable(row, 'email', now) || row.kind !== 'free_days') return { invalid: true as const };
    const redemptionId = await promo.redeem(tx, { code: row.code, email: input.email, parkId: input.parkId, firstDay: first! });
    if (!redemptionId) throw new AppError('CONFLICT', 'You have already used this promo code.');
    const days = Array.from({ length: row.days }, (_, i) => addDaysToDate(first!, i));
    await subscriptions.grantPassDays(tx, {
      email: input.email,
      parkId: input.parkId,
      userId: user?.email === input.email ? user.id : null,
      channel: 'email',
      days,
      source: 'promo',
      reference: row.code,
      promoCode: row.code,
    });
    await setupDefaultRides(tx, input.email, input.parkId, user?.email === input.email ? user.id : null);
    return { invalid: false as const, redemptionId, days };
  });
  if (result.invalid) {
    await recordFailure(deps.db, `promo:${clientKey}`, now);
    throw new AppError('BAD_REQUEST', INVALID_PROMO);
  }
  await syncScheduler(deps, input.parkId);
  await confirm(deps, 'promo', result.redemptionId);
  return { parkId: park.id, parkName: park.name, email: input.email, days: result.days };
}

/**
 * setup-default-rides (spec part 1 §7): a person with no active ride for the park watches all of its
 * attractions; an existing selection is kept.
 */
async function setupDefaultRides(tx: Parameters<typeof rides.listSelection>[0], email: string, parkId: string, userId: string | null) {
  const current = await rides.listSelection(tx, email, parkId);
  if (!current.some((r) => r.active)) await rides.watchAllRides(tx, email, parkId, userId);
}

async function confirm(deps: AppDeps, kind: 'checkout' | 'promo', id: string) {
  try {
    await enqueueConfirmation(deps.queues, kind, id);
  } catch (err) {
    deps.logger.warn({ kind, id, err: (err as Error).message }, 'confirmation e-mail not queued');
  }
}

function requirePayments(deps: AppDeps) {
  if (!deps.payments) throw new AppError('UNAVAILABLE', PAYMENTS_OFF);
  return deps.payments;
}

/**
 * Creates a Stripe Checkout Session (the one creation path of every paid product: alert passes and
 * Lightning Lane days, issue 6). `stripe.checkout.sessions.create` with the idempotency key.
 * @returns the session, which has a `url`.
 * @throws AppError UNAVAILABLE with Stripe's message for an invalid request, else "Failed to start checkout
 * process"; "No checkout URL received" when Stripe returns none.
 */
async function startStripeSession(
  deps: AppDeps,
  params: Stripe.Checkout.SessionCreateParams,
  idempotencyKey: string,
): Promise<Stripe.Checkout.Session & { url: string }> {
  const { stripe } = requirePayments(deps);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(params, { idempotencyKey });
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message }, 'stripe checkout.sessions.create failed');
    const message = err instanceof Stripe.errors.StripeInvalidRequestError ? err.message : 'Failed to start checkout process';
    throw new AppError('UNAVAILABLE', message);
  }
  if (!session.url) throw new AppError('UNAVAILABLE', 'No checkout URL received');
  return session as Stripe.Checkout.Session & { url: string };
}

/**
 * create-checkout (spec part 1 §7, issue 3 item 2): prices the dates on the server (cents; optional
 * percent-off promo), creates a Stripe Checkout Session with line items, the pass in metadata and
 * `client_reference_id`, an idempotency key (same request within 10 minutes → the same session), and the
 * return URLs of §2 (Get Alerts: `/get-alerts?success=true&session_id=…` / `?canceled=true`; landing card:
 * `/subscription-success?session_id=…` / `/?canceled=true`), and records it for fulfilment.
 * @returns `{ url, sessionId }`: the browser goes to `url`.
 * @throws AppError UNAVAILABLE when payments are off, "No checkout URL received", or Stripe fails
 * ("Failed to start checkout process"); BAD_REQUEST for dates, phone, promo and amount rules;
 * UNAUTHORIZED for Get Alerts without a session; TOO_MANY_REQUESTS after repeated wrong promo codes from
 * `clientKey` (the client address; wrong codes here count like on checkPromo).
 */
export async function createCheckout(
  deps: AppDeps,
  clientKey: string,
  user: SessionUser | null,
  input: {
    from: 'landing' | 'get-alerts';
    email: string;
    parkId: string;
    channel: PassChannel;
    phone?: string;
    dates: string[];
    promoCode?: string;
  },
) {
  requirePayments(deps);
  if (input.from === 'get-alerts' && !user) throw new AppError('UNAUTHORIZED', 'Please log in to manage your alert subscriptions.');
  const email = input.from === 'get-alerts' && user ? user.email : input.email;
  const park = await requireZonedPark(deps, input.parkId);
  const now = deps.now();
  const days = validatePassDates(input.dates, parkLocalDate(now, park.timezone));
  const phone = input.channel === 'sms' ? toE164(input.phone ?? '') : null;
  let percentOff: number | null = null;
  if (input.promoCode) {
    // A code here is a guess like on checkPromo: throttled per client, or percent-off codes could be enumerated.
    await guardPromoGuess(deps, clientKey);
    const row = await promo.find(deps.db, input.promoCode);
    if (!promoUsable(row, input.channel, now) || row.kind !== 'percent_off' || (await promo.usedBy(deps.db, row.code, email))) {
      await recordFailure(deps.db, `promo:${clientKey}`, now);
      throw new AppError('BAD_REQUEST', INVALID_PROMO);
    }
    percentOff = row.percent_off;
  }
  const price = quote(input.channel, days.length, percentOff);
  if (price.total < STRIPE_MINIMUM_CENTS) {
    throw new AppError('BAD_REQUEST', `Card payments start at ${formatUsd(STRIPE_MINIMUM_CENTS)}; please add a date.`);
  }
  const origin = deps.publicOrigin.replace(/\/$/, '');
  const successUrl =
    input.from === 'landing'
      ? `${origin}/subscription-success?session_id={CHECKOUT_SESSION_ID}`
      : `${origin}/get-alerts?success=true&session_id={CHECKOUT_SESSION_ID}`;
  const cancelUrl = input.from === 'landing' ? `${origin}/?canceled=true` : `${origin}/get-alerts?canceled=true`;
  const request = { email, parkId: park.id, channel: input.channel, phone, days, promo: input.promoCode ?? null, from: input.from };
  const idempotencyKey = `checkout-${createHash('sha256').update(JSON.stringify(request)).digest('hex')}-${Math.floor(now.getTime() / 600_000)}`;
  const label = input.channel === 'sms' ? 'SMS' : 'E-mail';
  const session = await startStripeSession(
    deps,
    {
      mode: 'payment',
      customer_email: email,
      client_reference_id: `${input.channel}:${park.id}`.slice(0, 200),
      metadata: {
        email,
        park_id: park.id,
        channel: input.channel,
        days: days.join(','),
        phone: phone ?? '',
        promo_code: input.promoCode ?? '',
      },
      payment_intent_data: { metadata: { email, park_id: park.id, channel: input.channel } },
      line_items: [
        {
          quantity: days.length,
          price_data: {
            currency: 'usd',
            unit_amount: price.unitAmount,
            product_data: {
              name: `${label} alerts day pass — ${park.name}`,
              description: `Dates: ${days.join(', ')}`.slice(0, 500),
            },
          },
        },
      ],
      success_url: successUrl,
      cancel_url: cancelUrl,
    },
    idempotencyKey,
  );
  await payments.recordCheckout(deps.db, {
    id: session.id,
    email,
    parkId: park.id,
    channel: input.channel,
    phoneNumber: phone,
    days,
    unitAmount: price.unitAmount,
    amountTotal: price.total,
    currency: 'usd',
    promoCode: input.promoCode ?? null,
    userId: user?.email === email ? user.id : null,
  });
  return { url: session.url, sessionId: session.id };
}

/**
 * create-lightning-lane-subscription (spec part 2 §7; issue 6): Lightning Lane assist days for one park at
 * $5 per park-local date, through the same Stripe Checkout Session creation as alert passes and the same
 * webhook / `fulfilCheckout` claim (fulfilment writes `lightning_lane_passes`). Bought by the signed-in user
 * with the account's e-mail; returns to `/lightning-lane?success=true&session_id=…` (or `?canceled=true`).
 * The checkout row's `channel` is 'email' (the column is required; it is the receipt channel, no alerts).
 * @returns `{ url, sessionId }`.
 * @throws AppError UNAVAILABLE when payments are off or Stripe fails; BAD_REQUEST for the date rules;
 * CONFLICT when the user already holds one of the days (it would be paid for twice and granted once);
 * NOT_FOUND for an unknown park.
 */
export async function createLightningLaneCheckout(deps: AppDeps, user: SessionUser, input: { parkId: string; dates: string[] }) {
  requirePayments(deps);
  const park = await requireZonedPark(deps, input.parkId);
  const now = deps.now();
  const days = validatePassDates(input.dates, parkLocalDate(now, park.timezone));
  const held = new Set((await lightningLane.upcomingPasses(deps.db, user.id, now)).filter((p) => p.park_id === park.id).map((p) => p.day));
  const already = days.filter((d) => held.has(d));
  if (already.length > 0) {
    throw new AppError('CONFLICT', `You already have Lightning Lane Assist for ${park.name} on ${already.join(', ')}.`);
  }
  const total = LIGHTNING_LANE_PRICE_CENTS * days.length;
  const origin = deps.publicOrigin.replace(/\/$/, '');
  const request = { product: 'lightning_lane', userId: user.id, parkId: park.id, days };
  const idempotencyKey = `checkout-${createHash('sha256').update(JSON.stringify(request)).digest('hex')}-${Math.floor(now.getTime() / 600_000)}`;
  const session = await startStripeSession(
    deps,
    {
      mode: 'payment',
      customer_email: user.email,
      client_reference_id: `lightning_lane:${park.id}`.slice(0, 200),
      metadata: { product: 'lightning_lane', email: user.email, user_id: user.id, park_id: park.id, days: days.join(',') },
      payment_intent_data: { metadata: { product: 'lightning_lane', email: user.email, park_id: park.id } },
      line_items: [
        {
          quantity: days.length,
          price_data: {
            currency: 'usd',
            unit_amount: LIGHTNING_LANE_PRICE_CENTS,
            product_data: {
              name: `Lightning Lane Assist day — ${park.name}`,
              description: `Dates: ${days.join(', ')}`.slice(0, 500),
            },
          },
        },
      ],
      success_url: `${origin}/lightning-lane?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/lightning-lane?canceled=true`,
    },
    idempotencyKey,
  );
  await payments.recordCheckout(deps.db, {
    id: session.id,
    email: user.email,
    parkId: park.id,
    channel: 'email',
    phoneNumber: null,
    days,
    unitAmount: LIGHTNING_LANE_PRICE_CENTS,
    amountTotal: total,
    currency: 'usd',
    promoCode: null,
    userId: user.id,
    product: 'lightning_lane',
  });
  return { url: session.url, sessionId: session.id };
}

/** What the payment-return pages show about a checkout session. */
export interface CheckoutOutcome {
  status: 'fulfilled' | 'pending' | 'expired';
  channel: PassChannel;
  parkId: string;
  parkName: string;
  days: string[];
  amountCents: number;
  /** The payment intent id when known, else the checkout session id. */
  transactionId: string;
}

/**
 * Fulfils a Checkout Session exactly once (issue 3 item 3), for the webhook and the payment-return pages
 * alike: re-reads the session from Stripe, and only when `payment_status` is `paid` (or
 * `no_payment_required`) and the amount matches our record, claims our `open` row (`open → fulfilled` in one
 * conditional UPDATE: of any number of racing callers one wins) and, in the same transaction, grants the
 * pass days, redeems a promo code and sets up the default rides. The job scheduler and the receipt follow.
 * What is granted follows OUR record's `product`, never Stripe metadata: a `lightning_lane` checkout grants
 * only `lightning_lane_passes` (issue 6), an `alert_pass` only pass days; the amount check guards both.
 * @returns the outcome, or null when the session is not one of ours.
 * @throws AppError UNAVAILABLE when payments are off or Stripe cannot be reached; CONFLICT on an amount mismatch.
 */
export async function fulfilCheckout(deps: AppDeps, sessionId: string): Promise<CheckoutOutcome | null> {
  const { stripe } = requirePayments(deps);
  const rec = await payments.getCheckout(deps.db, sessionId);
  if (!rec) return null;
  const outcome = (status: CheckoutOutcome['status'], paymentIntent: string | null): CheckoutOutcome => ({
    status,
    channel: rec.channel,
    parkId: rec.park_id,
    parkName: rec.park_name,
    days: rec.days,
    amountCents: rec.amount_total,
    transactionId: paymentIntent ?? rec.payment_intent ?? rec.id,
  });
  if (rec.status !== 'open') return outcome(rec.status, null);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (err) {
    deps.logger.warn({ sessionId, err: (err as Error).message }, 'stripe checkout.sessions.retrieve failed');
    throw new AppError('UNAVAILABLE', 'We could not confirm the payment yet. Please refresh in a moment.');
  }
  if (session.payment_status === 'unpaid') return outcome(session.status === 'expired' ? 'expired' : 'pending', null);
  if (session.amount_total !== rec.amount_total) {
    deps.logger.error({ sessionId, stripe: session.amount_total, ours: rec.amount_total }, 'checkout amount mismatch; not fulfilled');
    throw new AppError('CONFLICT', 'The payment amount does not match this order. Please contact support.');
  }
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
  if (rec.product === 'lightning_lane') {
    // Lightning Lane assist days (issue 6): the same claim, then lightning_lane_passes rows instead of pass days.
    const granted = await deps.db.transaction().execute(async (tx) => {
      const claimed = await payments.claimForFulfilment(tx, sessionId, { paymentIntent, customerId: customer, now: deps.now() });
      if (!claimed) return false;
      if (!claimed.user_id) {
        deps.logger.error({ sessionId }, 'lightning lane checkout without an account; nothing granted');
        return true;
      }
      await lightningLane.grantPasses(tx, {
        userId: claimed.user_id,
        parkId: claimed.park_id,
        days: claimed.days,
        checkoutSessionId: claimed.id,
      });
      return true;
    });
    // The park is polled while someone holds a Lightning Lane day for it (watches.parksWithValidWatches).
    if (granted) await syncScheduler(deps, rec.park_id);
    return outcome('fulfilled', paymentIntent);
  }
  await loadRides(deps, rec.park_id);
  const won = await deps.db.transaction().execute(async (tx) => {
    const claimed = await payments.claimForFulfilment(tx, sessionId, { paymentIntent, customerId: customer, now: deps.now() });
    if (!claimed) return false;
    await subscriptions.grantPassDays(tx, {
      email: claimed.email,
      parkId: claimed.park_id,
      userId: claimed.user_id,
      channel: claimed.channel,
      phoneNumber: claimed.phone_number,
      days: claimed.days,
      source: 'stripe',
      reference: claimed.id,
      promoCode: claimed.promo_code,
      stripeCustomerId: customer,
    });
    if (claimed.promo_code) {
      await promo.redeem(tx, {
        code: claimed.promo_code,
        email: claimed.email,
        parkId: claimed.park_id,
        firstDay: claimed.days[0]!,
        checkoutSessionId: claimed.id,
      });
    }
    await setupDefaultRides(tx, claimed.email, claimed.park_id, claimed.user_id);
    return true;
  });
  if (won) {
    await syncScheduler(deps, rec.park_id);
    await confirm(deps, 'checkout', rec.id);
  }
  return outcome('fulfilled', paymentIntent);
}

/**
 * The payment-return pages (spec part 1 §4 "payment return"): fulfils when paid (idempotent, racing the
 * webhook is safe) and reports the outcome.
 * @throws AppError NOT_FOUND for a session that is not ours; see fulfilCheckout.
 */
export async function confirmCheckout(deps: AppDeps, sessionId: string): Promise<CheckoutOutcome> {
  const outcome = await fulfilCheckout(deps, sessionId);
  if (!outcome) throw new AppError('NOT_FOUND', 'We could not find this payment.');
  return outcome;
}

/** Stripe webhook events (issue 3 item 3): what happened with one verified event. */
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
