/**
 * Plain patterns and input checks shared by the server (which decides) and the web app (which previews), with
 * no zod so the web app's entry chunk stays small.
 */

/** E-mail: "text, at sign, text, dot, text, no spaces" (docs/spec/part-1.md §5, the stricter pattern). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 'HH:mm' on a 24-hour clock. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The longest value, in characters, each text input may hold: the server's schemas reject longer values and
 * the web app sets the same `maxLength` on the inputs, so nobody types what the server would refuse.
 */
export const MAX_LENGTH = {
  /** RFC 5321 path limit. */
  email: 254,
  phone: 40,
  promoCode: 40,
  password: 200,
  fullName: 120,
  /** Ranking item name and description, rating comment (docs/spec/part-2.md §5 "Comments are limited to 1000 characters"). */
  itemName: 120,
  itemDescription: 1000,
  ratingComment: 1000,
  earlyAccessMessage: 500,
  /** Flight alert maximum price as typed ("$100,000"). */
  maxPrice: 9,
  testimonialName: 80,
  testimonialPark: 120,
  testimonialText: 600,
  launchLabel: 40,
} as const;

/**
 * Signup card phone rule (docs/spec/part-1.md §5): strip non-digits, then 1–15 digits with a non-zero leading digit
 * (an optional leading plus). The server additionally normalises to E.164 with libphonenumber-js.
 */
export function isSignupPhone(raw: string): boolean {
  const digits = raw.replace(/\D/g, '');
  return /^\+?[1-9]\d{0,14}$/.test(raw.trim().startsWith('+') ? `+${digits}` : digits);
}

/**
 * Get Alerts phone rule (docs/spec/part-1.md §5): only digits, spaces, hyphens, parentheses and an optional leading
 * plus, with at least 10 digits.
 */
export function isAlertsPhone(raw: string): boolean {
  return /^\+?[\d\s\-()]+$/.test(raw.trim()) && raw.replace(/\D/g, '').length >= 10;
}

/** Promo codes are upper-cased and trimmed everywhere (docs/spec/part-1.md §5). */
export function normalisePromoCode(raw: string): string {
  return raw.trim().toUpperCase();
}
