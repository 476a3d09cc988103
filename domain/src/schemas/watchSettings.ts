import { z } from 'zod';
import { THRESHOLD_MAX_MINUTES, THRESHOLD_MIN_MINUTES } from '../rules/alerts.ts';
import { entityId } from './common.ts';

// Per-watch alert settings (docs/DESIGN.md §2.3 and §6, beyond the spec), shared by the server and the web app.

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
