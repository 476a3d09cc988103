import { z } from 'zod';
import { entityId, text } from './common.ts';

// Park rankings and moderation inputs (docs/spec/part-2.md §2 Park Rankings, §4, §5).

/** Item types of the park rankings. */
export const itemType = z.enum(['ride', 'food', 'experience'], { error: 'Type must be ride, food or experience.' });
const itemId = z.uuid('Invalid item id.');

/** One tab of the rankings: type, optional park, sort by rating (default) or reviews. */
export const rankingsListInput = z.object({
  type: itemType,
  parkId: entityId.optional(),
  sort: z.enum(['rating', 'reviews']).default('rating'),
});

/** One item. */
export const rankingsItemInput = z.object({ id: itemId });

/** Rate 1–5 with an optional comment (at most 1000 characters). */
export const rateInput = z.object({
  itemId,
  rating: z.number({ error: 'Please select a star rating' }).int().min(1, 'Please select a star rating').max(5, 'Ratings go up to 5 stars'),
  comment: text('Comment', { max: 1000, multiline: true, tooLong: 'Comments are limited to 1000 characters' }).optional().nullable(),
});

/** Suggest a new item (name and park required). */
export const suggestNewInput = z.object({
  name: text('Name', { min: 1, max: 120, required: 'Please fill in all required fields' }),
  description: text('Description', { max: 1000, multiline: true }).optional().nullable(),
  parkId: entityId,
  type: itemType.default('ride'),
});

/** Suggest an edit of an item's name and description. */
export const suggestEditInput = z.object({
  itemId,
  name: text('Name', { min: 1, max: 120 }),
  description: text('Description', { max: 1000, multiline: true }).optional().nullable(),
});

/** Moderation: the requests of one status. */
export const moderationListInput = z.object({ status: z.enum(['pending', 'approved', 'rejected']) });

/** Moderation: one request. */
export const moderationRequestInput = z.object({ id: z.uuid('Invalid request id.') });
