import { z } from 'zod';
import { MUTE_DURATIONS } from '../rules/mutes.ts';
import { entityId, text, timeOfDay } from './common.ts';

// Mutes and quiet hours (docs/rules.md R16a), shared by the server (which enforces them) and the web app.

/** Said when `until` is missing or not one of the three choices. */
export const MUTE_UNTIL_MESSAGE = 'Choose how long to mute: one hour, until tomorrow 8 am, or the rest of the day.';

/** `mutes.set`: a park, or one ride of it (`attractionId`), muted for one of the three durations. */
export const muteSetInput = z.object({
  parkId: entityId,
  attractionId: text('Ride', { min: 1, max: 100, required: 'Please select a ride.', tooLong: 'Invalid id.' }).optional(),
  until: z.enum(MUTE_DURATIONS, { error: MUTE_UNTIL_MESSAGE }),
});

/** `mutes.list`: every running mute of the account, or one park's. */
export const muteListInput = z.object({ parkId: entityId.optional() }).optional();

/** `mutes.clear`: ends one mute of the account now. */
export const muteClearInput = z.object({ id: z.uuid({ error: 'That mute was not found. Reload the page.' }) });

/** Said when quiet hours start and end at the same time (an empty or whole-day period is ambiguous). */
export const QUIET_SAME_MESSAGE = 'Quiet hours need different start and end times (for example 22:00 to 07:00).';

/** `quietHours.set`: park-local start and end ('HH:MM', 24 h); a start after the end wraps midnight. */
export const quietHoursSetInput = z
  .object({ start: timeOfDay, end: timeOfDay })
  .refine((q) => q.start !== q.end, { message: QUIET_SAME_MESSAGE, path: ['end'] });
