import { rankingsItemInput, rankingsListInput, rateInput, suggestEditInput, suggestNewInput } from '@walkon/domain/schemas';
import * as rankings from '../../services/rankings.ts';
import { protectedProcedure, publicProcedure, router } from '../init.ts';

/** Park rankings and ratings (docs/spec/part-2.md §2 Park Rankings, §4, §5). Reading is public; writing needs sign-in. */
export const rankingsRouter = router({
  /** Ranked items of one tab: { id, name, description, type, parkId, parkName, averageRating (1 decimal) | null, totalReviews }[]. */
  list: publicProcedure.input(rankingsListInput).query(({ ctx, input }) => rankings.list(ctx.deps, input)),
  /** Parks to filter by: every park that has items, sorted by name. */
  parks: publicProcedure.query(({ ctx }) => rankings.parksWithItems(ctx.deps)),
  /** All catalogue parks (for suggestion and admin forms). */
  allParks: publicProcedure.query(({ ctx }) => rankings.allParks(ctx.deps)),
  /** Item detail with recent reviews (reviewer e-mail masked) and the caller's rating. */
  item: publicProcedure.input(rankingsItemInput).query(({ ctx, input }) => rankings.itemDetail(ctx.deps, ctx.user, input.id)),
  /** Rate 1–5 with an optional comment → { created, filtered }. */
  rate: protectedProcedure.input(rateInput).mutation(({ ctx, input }) => rankings.rate(ctx.deps, ctx.user, input)),
  /** Suggest a new item → { filtered }. */
  suggestNew: protectedProcedure.input(suggestNewInput).mutation(({ ctx, input }) => rankings.suggestNew(ctx.deps, ctx.user, input)),
  /** Suggest an edit of an item → { filtered }; "Please make changes before submitting" when unchanged. */
  suggestEdit: protectedProcedure.input(suggestEditInput).mutation(({ ctx, input }) => rankings.suggestEdit(ctx.deps, ctx.user, input)),
});
