/**
 * Paid and promo passes (docs/spec/part-1.md §2, §7, §8; docs/DESIGN.md §5, §6), by job: the shared date and phone rules,
 * promo codes, alert-pass checkout, Lightning Lane checkout, the Stripe Checkout Session (one creation path,
 * one idempotency key) and fulfilment (webhook and payment-return pages alike).
 */
export { type CheckoutOutcome, confirmCheckout, fulfilCheckout, handleStripeEvent, type WebhookResult } from './fulfilment.ts';
export { createLightningLaneCheckout } from './lightningLaneCheckout.ts';
export { createCheckout } from './passCheckout.ts';
export { checkPromo, INVALID_PROMO, promoOutcome, promoUsable, redeemPromo } from './promo.ts';
export { passCalendar, toE164, validatePassDates } from './rules.ts';
export { checkoutIdempotencyKey } from './stripeSession.ts';
