import { z } from 'zod';
import { EMAIL_PATTERN, MAX_LENGTH } from '../patterns.ts';
import { dateOnly, text } from './common.ts';

/** Input schemas of Restaurant Alerts (docs/decisions/009, docs/spec/part-2.md §3, §5, §8, §9), shared by the server and the web app. */

/** docs/spec/part-2.md §8 'Missing information': the description when the park or a valid e-mail is missing. */
export const RESTAURANT_MISSING_INFO = 'Please select a park and enter a valid email.';
/** docs/spec/part-2.md §8 'Missing restaurant'. */
export const RESTAURANT_MISSING_RESTAURANT = 'Please select a restaurant.';
/** docs/spec/part-2.md §8 'Missing dates'. */
export const RESTAURANT_MISSING_DATES = 'Please select at least one date.';
/** At most this many dates per alert (about two months of days). */
export const MAX_RESTAURANT_DATES = 60;
/** docs/spec/part-2.md §9: party size 1–20, default 2. */
export const PARTY_SIZE_MIN = 1;
export const PARTY_SIZE_MAX = 20;
export const DEFAULT_PARTY_SIZE = 2;
/** docs/spec/part-2.md §3 preferred_time, default dinner (§5). */
export const PREFERRED_TIMES = ['breakfast', 'lunch', 'dinner', 'any'] as const;
export type PreferredTime = (typeof PREFERRED_TIMES)[number];
export const DEFAULT_PREFERRED_TIME: PreferredTime = 'dinner';

/** The toast title of each create field's message (docs/spec/part-2.md §8). */
export const RESTAURANT_TOAST_TITLES: Record<string, string> = {
  parkId: 'Missing information',
  email: 'Missing information',
  restaurantId: 'Missing restaurant',
  dates: 'Missing dates',
};

/** A real calendar date 'YYYY-MM-DD' (2026-02-30 is refused here, not by the database as a 500). */
const calendarDate = (required: string) => z.string({ error: required }).pipe(dateOnly);
const parkDate = calendarDate(RESTAURANT_MISSING_DATES);
const entity = (message: string) => text('Id', { min: 1, max: 100, required: message, tooLong: message });

/** A park of the restaurant destinations. */
export const restaurantParkInput = z.object({ parkId: entity(RESTAURANT_MISSING_INFO) });

/**
 * restaurants.create (docs/spec/part-2.md §5): a park and a valid e-mail ('Missing information'), a restaurant
 * ('Missing restaurant'), at least one date ('Missing dates'; today or later in the park's time zone — checked
 * by the server), party size 1–20 (default 2), preferred time (default dinner). `email` defaults to the
 * account's on the server.
 */
export const restaurantAlertCreateInput = z.object({
  parkId: entity(RESTAURANT_MISSING_INFO),
  email: z
    .string({ error: RESTAURANT_MISSING_INFO })
    .trim()
    .toLowerCase()
    .max(MAX_LENGTH.email, RESTAURANT_MISSING_INFO)
    .regex(EMAIL_PATTERN, RESTAURANT_MISSING_INFO)
    .optional(),
  restaurantId: entity(RESTAURANT_MISSING_RESTAURANT),
  dates: z
    .array(parkDate, { error: RESTAURANT_MISSING_DATES })
    .min(1, RESTAURANT_MISSING_DATES)
    .max(MAX_RESTAURANT_DATES, `Please select at most ${MAX_RESTAURANT_DATES} dates.`),
  partySize: z.coerce
    .number({ error: 'Party size must be between 1 and 20.' })
    .int('Party size must be between 1 and 20.')
    .min(PARTY_SIZE_MIN, 'Party size must be between 1 and 20.')
    .max(PARTY_SIZE_MAX, 'Party size must be between 1 and 20.')
    .default(DEFAULT_PARTY_SIZE),
  preferredTime: z.enum(PREFERRED_TIMES, { error: 'Choose breakfast, lunch, dinner or any time.' }).default(DEFAULT_PREFERRED_TIME),
});

/** restaurants.delete */
export const restaurantAlertIdInput = z.object({ id: z.uuid({ error: 'Restaurant alert not found.' }) });

/** restaurants.adminTest (docs/spec/part-2.md §7 manual-test-restaurant-alerts: force, dates). */
export const restaurantAdminTestInput = z
  .object({
    force: z.boolean().optional(),
    dates: z.array(calendarDate('Dates look like 2026-04-14.')).max(MAX_RESTAURANT_DATES).optional(),
  })
  .default({});
