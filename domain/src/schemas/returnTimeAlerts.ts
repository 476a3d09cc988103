import { z } from 'zod';
import { TIME_OF_DAY } from '../patterns.ts';
import { entityId } from './common.ts';

// Input schemas of return-time alerts (docs/decisions/017, beyond the spec), shared by the server and the web app.
// Shared fields come from ./common.ts (./index.ts re-exports this file).

/** The two Lightning Lane return-time queues of the live data: Multi Pass (`RETURN_TIME`) and Single Pass (`PAID_RETURN_TIME`). */
export const RETURN_QUEUE_TYPES = ['RETURN_TIME', 'PAID_RETURN_TIME'] as const;

const id = (what: string) =>
  z
    .string({ error: `Please select ${what}.` })
    .trim()
    .min(1, `Please select ${what}.`)
    .max(100, 'Invalid id.');

export const returnQueueType = z.enum(RETURN_QUEUE_TYPES, { error: 'Choose Lightning Lane Multi Pass or Single Pass.' });

/** Park-local time of day 'HH:MM' (24 h): alert only when the return start is earlier. */
export const returnBeforeTime = z.string({ error: 'Enter a time like 14:30.' }).regex(TIME_OF_DAY, 'Enter a time like 14:30.');

export const returnTimeAlertsListInput = z.object({ parkId: entityId });

export const returnTimeAlertSetInput = z.object({
  parkId: entityId,
  rideId: id('an attraction'),
  queueType: returnQueueType,
  /** null = whenever a return time is available. */
  beforeTime: returnBeforeTime.nullable(),
});

export const returnTimeAlertRemoveInput = z.object({
  parkId: entityId,
  rideId: id('an attraction'),
  queueType: returnQueueType,
});
