import { moderationListInput, moderationRequestInput } from '@walkon/domain/schemas';
import * as rankings from '../../services/rankings.ts';
import { roleProcedure, router } from '../init.ts';

const moderator = roleProcedure('moderator');

/** Moderation (docs/spec/part-2.md §2, §4, §6): moderators and admins only, enforced here. */
export const moderationRouter = router({
  /** Requests of one status with counts per status. */
  list: moderator.input(moderationListInput).query(({ ctx, input }) => rankings.moderationList(ctx.deps, input.status)),
  /** Approve a pending request → { name, kind }. CONFLICT when already decided. */
  approve: moderator.input(moderationRequestInput).mutation(({ ctx, input }) => rankings.approve(ctx.deps, ctx.user, input.id)),
  /** Reject a pending request → { name }. CONFLICT when already decided. */
  reject: moderator.input(moderationRequestInput).mutation(({ ctx, input }) => rankings.reject(ctx.deps, ctx.user, input.id)),
});
