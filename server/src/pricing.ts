/**
 * Pass pricing and the signup card's plain checks, shared by the server (which decides) and the web app
 * (which previews). No zod here so the landing chunk stays small. Money is integer cents.
 */

/** SMS: $5 per selected date (spec part 1 §1, §9). */
export const SMS_PRICE_CENTS = 500;
/** E-mail: $1 per day, or free for one day with a valid promo code (DESIGN §6). */
export const EMAIL_PRICE_CENTS = 100;
/** Most dates one checkout may buy (issue 3; keeps Stripe metadata well under its 500-character limit). */
export const MAX_PASS_DATES = 30;
/** Furthest a pass date may lie ahead, in days. */
export const MAX_DAYS_AHEAD = 365;
/** Stripe's smallest card charge in USD cents. */
export const STRIPE_MINIMUM_CENTS = 50;

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
 * The price of `dates` pass dates on `channel` (spec part 1 §2 "price box: dates × $5"), optionally with a
 * percent-off promo code (1–99) applied to the price per date, rounded to whole cents.
 */
export function quote(channel: PassChannel, dates: number, percentOff: number | null = null): PriceQuote {
  const listUnitAmount = channel === 'sms' ? SMS_PRICE_CENTS : EMAIL_PRICE_CENTS;
  const unitAmount = percentOff ? Math.round((listUnitAmount * (100 - percentOff)) / 100) : listUnitAmount;
  const quantity = Math.max(0, Math.trunc(dates));
  return { listUnitAmount, unitAmount, quantity, discount: (listUnitAmount - unitAmount) * quantity, total: unitAmount * quantity };
}

/** US dollars from cents: "$5" for whole dollars, "$4.50" otherwise, thousands grouped ("$1,234.50"). */
export function formatCents(cents: number): string {
  return `$${formatAmount(cents)}`;
}

/** A minor-unit amount without a currency sign: "5", "4.50", "1,234.50" (two decimals unless whole). */
export function formatAmount(minor: number): string {
  const digits = minor % 100 === 0 ? 0 : 2;
  return (minor / 100).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * Signup card phone rule (spec part 1 §5): strip non-digits, then 1–15 digits with a non-zero leading digit
 * (an optional leading plus). The server additionally normalises to E.164 with libphonenumber-js.
 */
export function isSignupPhone(raw: string): boolean {
  const digits = raw.replace(/\D/g, '');
  return /^\+?[1-9]\d{0,14}$/.test(raw.trim().startsWith('+') ? `+${digits}` : digits);
}

/**
 * Get Alerts phone rule (spec part 1 §5): only digits, spaces, hyphens, parentheses and an optional leading
 * plus, with at least 10 digits.
 */
export function isAlertsPhone(raw: string): boolean {
  return /^\+?[\d\s\-()]+$/.test(raw.trim()) && raw.replace(/\D/g, '').length >= 10;
}

/** Promo codes are upper-cased and trimmed everywhere (spec part 1 §5). */
export function normalisePromoCode(raw: string): string {
  return raw.trim().toUpperCase();
}
