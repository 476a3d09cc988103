import { lightningLane, payments } from '@walkon/db';
import { parkLocalDate } from '@walkon/domain/dates';
import { LIGHTNING_LANE_PRICE_CENTS } from '@walkon/domain/pricing';
import type { SessionUser } from '../../auth/session.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { requireZonedPark } from '../parks.ts';
import { validatePassDates } from './rules.ts';
import { requirePayments, startStripeSession } from './stripeSession.ts';

/**
 * create-lightning-lane-subscription (docs/spec/part-2.md §7): Lightning Lane assist days for one park at
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
  const held = new Set((await lightningLane.upcomingPasses(deps.db, user.id, now)).filter((p) => p.parkId === park.id).map((p) => p.day));
  const already = days.filter((d) => held.has(d));
  if (already.length > 0) {
    throw new AppError('CONFLICT', `You already have Lightning Lane Assist for ${park.name} on ${already.join(', ')}.`);
  }
  const total = LIGHTNING_LANE_PRICE_CENTS * days.length;
  const origin = deps.publicOrigin.replace(/\/$/, '');
  const request = { product: 'lightning_lane', userId: user.id, parkId: park.id, days };
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
    { request, now },
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
