import { z } from 'zod';
import { entityId } from './common.ts';

// Per-watch alert settings (DESIGN §2.3 and §6, beyond the spec), shared by the server and the web app.

/** Bounds of a per-ride threshold in minutes (DESIGN §6: optional per-ride threshold 5–60). */
export const THRESHOLD_MIN_MINUTES = 5;
export const THRESHOLD_MAX_MINUTES = 60;
/** The threshold used when a watch sets none (spec part 1 §9: 1–15 minutes is "walk-on or short"). */
export const DEFAULT_THRESHOLD_MINUTES = 15;

const THRESHOLD_MESSAGE = `Pick a threshold between ${THRESHOLD_MIN_MINUTES} and ${THRESHOLD_MAX_MINUTES} minutes.`;

/** A per-ride threshold in whole minutes (5–60), or null for the default 15. */
export const thresholdMinutes = z
  .number({ error: THRESHOLD_MESSAGE })
  .int(THRESHOLD_MESSAGE)
  .min(THRESHOLD_MIN_MINUTES, THRESHOLD_MESSAGE)
  .max(THRESHOLD_MAX_MINUTES, THRESHOLD_MESSAGE)
  .nullable();

/** The settings of one watch. */
export const watchSettingsFields = z.object({
  thresholdMinutes,
  backInService: z.boolean({ error: 'Choose whether to get back-in-service alerts.' }),
  remindHourly: z.boolean({ error: 'Choose whether to get hourly reminders.' }),
});

export const watchSettingsListInput = z.object({ parkId: entityId });

export const watchSettingsSetInput = watchSettingsFields.extend({
  parkId: entityId,
  rideId: z.string({ error: 'Please select a ride.' }).trim().min(1, 'Please select a ride.').max(100, 'Invalid id.'),
});
