import { z } from 'zod';
import { entityId, text } from './common.ts';

// Admin inputs (docs/spec/part-2.md §2 Admin) besides promo codes, roles and caps (index.ts, alertCaps.ts).

/** Add a rankings item (name and park required: "Please fill in all required fields"). */
export const adminAddItemInput = z.object({
  name: text('Name', { min: 1, max: 120, required: 'Please fill in all required fields' }),
  type: z.enum(['ride', 'food', 'experience']),
  parkId: entityId,
  description: text('Description', { max: 1000, multiline: true }).optional().nullable(),
});

/** Delete a rankings item. */
export const adminDeleteItemInput = z.object({ id: z.uuid('Invalid item id.') });

/** The outbox list: how many of the newest messages (1–200, default 50). */
export const outboxListInput = z.object({ limit: z.number().int().min(1).max(200).default(50) }).optional();
