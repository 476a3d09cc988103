import { z } from 'zod';

/**
 * Field schemas every input schema shares (server/src/schemas.ts and the feature files beside this one
 * import them from here, which keeps the feature files free of an import cycle with schemas.ts).
 */

/** A ThemeParks.wiki entity id (UUID-like). */
export const entityId = z
  .string({ error: 'Please select a theme park.' })
  .trim()
  .min(1, 'Please select a theme park.')
  .max(100, 'Invalid id.');

/** A real calendar date 'YYYY-MM-DD' (an impossible one such as 2026-02-30 is a 400 here, never a database error). */
export const dateOnly = z.iso.date('Dates look like 2026-04-14.');

/** 'HH:mm' on a 24-hour clock. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
/** 'HH:mm' (24 h) */
export const timeOfDay = z.string().regex(TIME_OF_DAY, 'Times look like 09:30.');

/** A Stripe Checkout Session id from a payment-return URL. */
export const checkoutSessionId = z
  .string()
  .trim()
  .regex(/^cs_[A-Za-z0-9_]{4,200}$/, 'This payment link is not valid.');
