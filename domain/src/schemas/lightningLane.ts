import { z } from 'zod';
import { EMAIL_PATTERN, MAX_LENGTH } from '../patterns.ts';
import { DEFAULT_WINDOW, MAX_PRICE_DOLLARS, PRIORITY_DEFAULT, PRIORITY_MAX, PRIORITY_MIN } from '../rules/lightningLane.ts';
import { checkoutSessionId, dateOnly, entityId, timeOfDay } from './common.ts';

/**
 * Input schemas of Lightning Lane assist (docs/decisions/008; docs/spec/part-2.md §5), shared by the server and the web app.
 * Shared fields come from ./common.ts (./index.ts re-exports this file).
 */

const attractionId = z
  .string({ error: 'Please choose an attraction.' })
  .trim()
  .min(1, 'Please choose an attraction.')
  .max(100, 'Invalid id.');

/** A park of the user's choice (availability, preferences, subscription). */
export const llParkInput = z.object({ parkId: entityId });

/** Step 1: "a Disney email is required before sending an invitation" (docs/spec/part-2.md §5). */
export const disneyConnectInput = z.object({
  disneyEmail: z
    .string({ error: 'Please enter your Disney account email.' })
    .trim()
    .toLowerCase()
    .min(1, 'Please enter your Disney account email.')
    .max(MAX_LENGTH.email, 'Please enter a valid email address')
    .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
});

/** Step 2: Lightning Lane days for one park ($5/day). */
export const llCheckoutInput = z.object({
  parkId: entityId,
  dates: z
    .array(dateOnly, { error: 'Please select at least one date.' })
    .min(1, 'Please select at least one date.')
    .max(30, 'Please select at most 30 dates.'),
});

/** The payment return of step 2: a Stripe Checkout Session id. */
export const llConfirmInput = z.object({ sessionId: checkoutSessionId });

/**
 * A booking preference (docs/spec/part-2.md §3, §5): priority 1–10 (default 1), park-local window (default
 * 09:00–21:00, start before end), optional max price in whole dollars (stored as cents).
 */
export const llPreferenceInput = z
  .object({
    parkId: entityId,
    attractionId,
    priority: z
      .number({ error: 'Priority must be a whole number from 1 to 10.' })
      .int('Priority must be a whole number from 1 to 10.')
      .min(PRIORITY_MIN, 'Priority must be a whole number from 1 to 10.')
      .max(PRIORITY_MAX, 'Priority must be a whole number from 1 to 10.')
      .default(PRIORITY_DEFAULT),
    windowStart: timeOfDay.default(DEFAULT_WINDOW.start),
    windowEnd: timeOfDay.default(DEFAULT_WINDOW.end),
    maxPrice: z
      .number({ error: 'Max price must be a whole number of dollars.' })
      .int('Max price must be a whole number of dollars.')
      .min(0, 'Max price cannot be negative.')
      .max(MAX_PRICE_DOLLARS, `Max price can be at most $${MAX_PRICE_DOLLARS}.`)
      .nullable()
      .optional(),
  })
  .refine((v) => v.windowStart < v.windowEnd, { path: ['windowEnd'], message: 'The window must end after it starts.' });

/** Removes the preference for one attraction. */
export const llPreferenceDeleteInput = z.object({ attractionId });

/** The auto-booking switch (docs/spec/part-2.md §2). */
export const llAutoBookingInput = z.object({ enabled: z.boolean() });

/** Books one attraction's Lightning Lane at a park (docs/spec/part-2.md §4). */
export const llBookInput = z.object({ parkId: entityId, attractionId });

/** Cancels one of the user's bookings. */
export const llCancelInput = z.object({ bookingId: z.uuid('Invalid booking id.') });

/** Admin: confirm the link of this account. */
export const llAdminConfirmInput = z.object({ userId: z.uuid('Invalid user id.') });

/** Refusal messages the web maps to the toast titles of docs/spec/part-2.md §8 ('Disney Account Required', …). */
export const LL_MESSAGES = {
  disneyAccountRequired: 'Please connect your Disney account before booking Lightning Lanes.',
  noDayToday: 'You have no Lightning Lane Assist day for this park today. Subscribe for today first.',
  invitationFirst: 'Please connect your Disney account first (step 1).',
} as const;
