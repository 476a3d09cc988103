import { z } from 'zod';
import { entityId } from './common.ts';

// Ride checklist inputs (docs/spec/part-2.md §2 Ride Checklist).

/** One park's checklist (list, Add All Rides, Reset All). */
export const checklistParkInput = z.object({ parkId: entityId });

/** Add some rides of a park (1–200). */
export const checklistAddInput = z.object({ parkId: entityId, rideIds: z.array(entityId).min(1).max(200) });

/** Tick or untick one row. */
export const checklistToggleInput = z.object({ id: z.uuid('Invalid id.'), completed: z.boolean() });

/** One row. */
export const checklistRowInput = z.object({ id: z.uuid('Invalid id.') });
