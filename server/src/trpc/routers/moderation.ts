import { z } from 'zod';
import * as service from '../../services/rankings.ts';
import { roleProcedure, router } from '../init.ts';

const moderator = roleProcedure('moderator');

/** Moderation (spec part 2 §2, §4, §6): moderators and admins only, enforced here. */
export const moderationRouter = router({
  /** Requests of one status with counts per status. */
  list: moderator
    .input(z.object({ status: z.enum(['pending', 'approved', 'rejected']) }))
    .query(({ ctx, input }) => service.moderationList(ctx.deps, input.status)),
  /** Approve a pending request → { name, kind }. CONFLICT when already decided. */
  approve: moderator
    .input(z.object({ id: z.uuid('Invalid request id.') }))
    .mutation(({ ctx, input }) => service.approve(ctx.deps, ctx.user, input.id)),
  /** Reject a pending request → { name }. CONFLICT when already decided. */
  reject: moderator
    .input(z.object({ id: z.uuid('Invalid request id.') }))
    .mutation(({ ctx, input }) => service.reject(ctx.deps, ctx.user, input.id)),
});
