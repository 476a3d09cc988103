import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';

/** Said when card payments are not configured (no Stripe keys). */
const PAYMENTS_OFF = 'Card payments are not available right now. E-mail alerts are still free with a promo code.';

/** Stripe, when card payments are configured. @throws AppError UNAVAILABLE PAYMENTS_OFF otherwise. */
export function requirePayments(deps: AppDeps) {
  if (!deps.payments) throw new AppError('UNAVAILABLE', PAYMENTS_OFF);
  return deps.payments;
}

/** How long the same checkout request reuses its Stripe session: one idempotency window, 10 minutes in ms. */
export const IDEMPOTENCY_WINDOW_MS = 600_000;

/**
 * THE idempotency key of a Checkout Session creation: `checkout-<sha256 hex of the JSON request>-<window>`,
 * the window being `now` in 10-minute steps, so the same request (product, buyer, park, dates, …) within one
 * window gets the same session from Stripe instead of a second one.
 */
export function checkoutIdempotencyKey(request: object, now: Date): string {
  return `checkout-${createHash('sha256').update(JSON.stringify(request)).digest('hex')}-${Math.floor(now.getTime() / IDEMPOTENCY_WINDOW_MS)}`;
}

/**
 * Creates a Stripe Checkout Session (the one creation path of every paid product: alert passes and
 * Lightning Lane days). `stripe.checkout.sessions.create` with the idempotency key of `request` at `now`
 * (checkoutIdempotencyKey).
 * @returns the session, which has a `url`.
 * @throws AppError UNAVAILABLE with Stripe's message for an invalid request, else "Failed to start checkout
 * process"; "No checkout URL received" when Stripe returns none.
 */
export async function startStripeSession(
  deps: AppDeps,
  params: Stripe.Checkout.SessionCreateParams,
  idempotency: { request: object; now: Date },
): Promise<Stripe.Checkout.Session & { url: string }> {
  const { stripe } = requirePayments(deps);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(params, {
      idempotencyKey: checkoutIdempotencyKey(idempotency.request, idempotency.now),
    });
  } catch (err) {
    deps.logger.warn({ err }, 'stripe checkout.sessions.create failed');
    const message = err instanceof Stripe.errors.StripeInvalidRequestError ? err.message : 'Failed to start checkout process';
    throw new AppError('UNAVAILABLE', message);
  }
  if (!session.url) throw new AppError('UNAVAILABLE', 'No checkout URL received');
  return session as Stripe.Checkout.Session & { url: string };
}
