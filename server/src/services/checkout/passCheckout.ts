import { payments, promo, site, subscriptions } from '@walkon/db';
import { parkLocalDate } from '@walkon/domain/dates';
import { formatUsd } from '@walkon/domain/money';
import { type PassChannel, quote, STRIPE_MINIMUM_CENTS } from '@walkon/domain/pricing';
import { formatDayList } from '@walkon/domain/timeFormat';
import type { SessionUser } from '../../auth/session.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { reservePromoGuess } from '../../security/promoGuesses.ts';
import { requireZonedPark } from '../parks.ts';
import { SMS_CAPACITY_KEY } from '../site.ts';
import { INVALID_PROMO, promoUsable } from './promo.ts';
import { toE164, validatePassDates } from './rules.ts';
import { requirePayments, startStripeSession } from './stripeSession.ts';

/**
 * Nobody pays for a day they already hold (docs/rules.md "Held days"): a date the e-mail holds
 * on the same channel, or on SMS when e-mail is being bought, is refused before any session exists, so the
 * price shown is the price charged. Buying SMS for a date held on e-mail is an upgrade and allowed.
 * @throws AppError BAD_REQUEST naming the held dates (in the sentence, and as `invalid` { field: 'dates', values } for
 *   the page to mark their date chips).
 */
export async function refuseHeldDays(
  deps: AppDeps,
  email: string,
  park: { id: string; name: string },
  channel: PassChannel,
  days: string[],
): Promise<void> {
  const held = (await subscriptions.heldDays(deps.db, email, park.id, days)).filter((h) => h.channel === 'sms' || channel === 'email');
  if (held.length === 0) return;
  const list = formatDayList(held.map((h) => h.day));
  throw new AppError(
    'BAD_REQUEST',
    `${email} already has alerts for ${park.name} on ${list}. Remove ${held.length === 1 ? 'that date' : 'those dates'} to pay only for new days.`,
    undefined,
    { field: 'dates', values: held.map((h) => h.day) },
  );
}

/**
 * The per-park daily SMS capacity (docs/rules.md R25): with a capacity set by an admin
 * (`sms_daily_capacity`, 0 or unset = no limit), an SMS checkout is refused when any of its dates has no spot
 * left at the park (SMS pass days held + SMS days of other buyers' open checkouts of the last 24 hours).
 * @throws AppError BAD_REQUEST naming the full dates.
 */
export async function refuseFullSmsDays(deps: AppDeps, park: { id: string; name: string }, days: string[], email: string): Promise<void> {
  const capacity = await site.getSetting<number>(deps.db, SMS_CAPACITY_KEY);
  if (!capacity || capacity <= 0) return;
  const taken = await site.smsSpotsTaken(deps.db, park.id, days, deps.now(), email);
  const full = days.filter((d) => (taken[d] ?? 0) >= capacity);
  if (full.length === 0) return;
  throw new AppError(
    'BAD_REQUEST',
    `No SMS spots left for ${park.name} on ${formatDayList(full)}. Remove ${full.length === 1 ? 'that date' : 'those dates'} or choose e-mail alerts.`,
  );
}

/**
 * create-checkout (docs/spec/part-1.md §7): prices the dates on the server (cents; optional
 * percent-off promo), creates a Stripe Checkout Session with line items, the pass in metadata and
 * `client_reference_id`, an idempotency key (same request within 10 minutes → the same session), and the
 * return URLs of §2 (Get Alerts: `/get-alerts?success=true&session_id=…` / `?canceled=true`; landing card:
 * `/subscription-success?session_id=…` / `/?canceled=true`), and records it for fulfilment.
 * @returns `{ url, sessionId }`: the browser goes to `url`.
 * @throws AppError UNAVAILABLE when payments are off, "No checkout URL received", or Stripe fails
 * ("Failed to start checkout process"); BAD_REQUEST for dates, phone, promo and amount rules;
 * BAD_REQUEST naming the dates when the e-mail already holds some of them (refuseHeldDays) or an SMS date
 * is full at the park (refuseFullSmsDays);
 * UNAUTHORIZED for Get Alerts without a session; TOO_MANY_REQUESTS past the promo-guess limits for
 * `clientKey` (the client address; a code here is a guess like on checkPromo, security/promoGuesses.ts).
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
  await refuseHeldDays(deps, email, park, input.channel, days);
  if (input.channel === 'sms') await refuseFullSmsDays(deps, park, days, email);
  let percentOff: number | null = null;
  if (input.promoCode) {
    // A code here is a guess like on checkPromo (security/promoGuesses.ts), or percent-off codes could be enumerated.
    const guess = await reservePromoGuess(deps, clientKey, input.promoCode);
    const row = await promo.find(deps.db, input.promoCode);
    const valid = promoUsable(row, input.channel, now) && row.kind === 'percent_off' && !(await promo.usedBy(deps.db, row.code, email));
    await guess.settle(valid);
    if (!row || !valid) throw new AppError('BAD_REQUEST', INVALID_PROMO);
    percentOff = row.percentOff;
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
    { request, now },
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
