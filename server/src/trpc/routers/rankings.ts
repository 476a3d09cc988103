import { entityId, text } from '@walkon/domain/schemas';
import { z } from 'zod';
import * as service from '../../services/rankings.ts';
import { listDestinations } from '../../services/waitTimes.ts';
import { protectedProcedure, publicProcedure, router } from '../init.ts';

const itemType = z.enum(['ride', 'food', 'experience'], { error: 'Type must be ride, food or experience.' });
const itemId = z.uuid('Invalid item id.');

/** Park rankings and ratings (spec part 2 §2 Park Rankings, §4, §5). Reading is public; writing needs sign-in. */
export const rankingsRouter = router({
  /** Ranked items of one tab: { id, name, description, type, parkId, parkName, averageRating (1 decimal) | null, totalReviews }[]. */
  list: publicProcedure
    .input(z.object({ type: itemType, parkId: entityId.optional(), sort: z.enum(['rating', 'reviews']).default('rating') }))
    .query(({ ctx, input }) => service.listRanked(ctx.deps, input)),
  /** Parks to filter by: every park that has items, sorted by name. */
  parks: publicProcedure.query(async ({ ctx }) => {
    const rows = await ctx.deps.db
      .selectFrom('items')
      .innerJoin('parks', 'parks.id', 'items.park_id')
      .select(['parks.id', 'parks.name'])
      .distinct()
      .orderBy('parks.name')
      .execute();
    return rows;
  }),
  /** All catalogue parks (for suggestion and admin forms). */
  allParks: publicProcedure.query(async ({ ctx }) =>
    (await listDestinations(ctx.deps)).flatMap((d) => d.parks.map((p) => ({ id: p.id, name: p.name, destinationName: d.name }))),
  ),
  /** Item detail with recent reviews (reviewer e-mail masked) and the caller's rating. */
  item: publicProcedure.input(z.object({ id: itemId })).query(({ ctx, input }) => service.itemDetail(ctx.deps, ctx.user, input.id)),
  /** Rate 1–5 with an optional comment → { created, filtered }. */
  rate: protectedProcedure
    .input(
      z.object({
        itemId,
        rating: z
          .number({ error: 'Please select a star rating' })
          .int()
          .min(1, 'Please select a star rating')
          .max(5, 'Ratings go up to 5 stars'),
        comment: text('Comment', { max: 1000, multiline: true, tooLong: 'Comments are limited to 1000 characters' }).optional().nullable(),
      }),
    )
    .mutation(({ ctx, input }) => service.rate(ctx.deps, ctx.user, input)),
  /** Suggest a new item → { filtered }. */
  suggestNew: protectedProcedure
    .input(
      z.object({
        name: text('Name', { min: 1, max: 120, required: 'Please fill in all required fields' }),
        description: text('Description', { max: 1000, multiline: true }).optional().nullable(),
        parkId: entityId,
        type: itemType.default('ride'),
      }),
    )
    .mutation(({ ctx, input }) => service.suggestNew(ctx.deps, ctx.user, input)),
  /** Suggest an edit of an item → { filtered }; "Please make changes before submitting" when unchanged. */
  suggestEdit: protectedProcedure
    .input(
      z.object({
        itemId,
        name: text('Name', { min: 1, max: 120 }),
        description: text('Description', { max: 1000, multiline: true }).optional().nullable(),
      }),
    )
    .mutation(({ ctx, input }) => service.suggestEdit(ctx.deps, ctx.user, input)),
});
