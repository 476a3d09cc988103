/**
 * What WalkOn charges, in integer cents (docs/spec/part-1.md §1, §9; docs/DESIGN.md §6), and the price of an order. The server
 * decides with these and the web app previews with them; page texts read the constants, never a literal.
 */

/** SMS alert pass: $5 per selected date (docs/spec/part-1.md §1, §9). */
export const SMS_PRICE_CENTS = 500;
/** E-mail alert pass: $1 per day, or free for one day with a valid promo code (docs/DESIGN.md §6). */
export const EMAIL_PRICE_CENTS = 100;
/** Lightning Lane assist: $5 per park-local date (docs/spec/part-2.md §9). */
export const LIGHTNING_LANE_PRICE_CENTS = 500;
/** Most dates one checkout may buy (keeps Stripe metadata well under its 500-character limit). */
export const MAX_PASS_DATES = 30;
/** Furthest a pass date may lie ahead, in days. */
export const MAX_DAYS_AHEAD = 365;
/** Stripe's smallest card charge in USD cents. */
export const STRIPE_MINIMUM_CENTS = 50;

/** The channel an alert pass day sends on. */
export type PassChannel = 'email' | 'sms';

/** A price quote in cents: per date before and after the discount, and the total. */
export interface PriceQuote {
  listUnitAmount: number;
  unitAmount: number;
  quantity: number;
  /** Cents taken off by a percent-off promo code over the whole order. */
  discount: number;
  total: number;
}

/**
 * The price of `dates` pass dates on `channel` (docs/spec/part-1.md §2 "price box: dates × $5"), optionally with a
 * percent-off promo code (1–99) applied to the price per date, rounded to whole cents. Quantities are
 * truncated to whole dates and never negative.
 */
export function quote(channel: PassChannel, dates: number, percentOff: number | null = null): PriceQuote {
  const listUnitAmount = channel === 'sms' ? SMS_PRICE_CENTS : EMAIL_PRICE_CENTS;
  const unitAmount = percentOff ? Math.round((listUnitAmount * (100 - percentOff)) / 100) : listUnitAmount;
  const quantity = Math.max(0, Math.trunc(dates));
  return { listUnitAmount, unitAmount, quantity, discount: (listUnitAmount - unitAmount) * quantity, total: unitAmount * quantity };
}
