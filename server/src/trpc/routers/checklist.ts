import { checklistAddInput, checklistParkInput, checklistRowInput, checklistToggleInput } from '@walkon/domain/schemas';
import * as checklist from '../../services/checklist.ts';
import { protectedProcedure, router } from '../init.ts';

/** Ride checklist (docs/spec/part-2.md §2): the signed-in user's own rows only. */
export const checklistRouter = router({
  /** { items[{id, rideId, rideName, completed, completedAt}], progress{completed, total, percent} }. */
  list: protectedProcedure.input(checklistParkInput).query(({ ctx, input }) => checklist.list(ctx.deps, ctx.user, input.parkId)),
  /** Add rides (idempotent) → { added }. */
  add: protectedProcedure
    .input(checklistAddInput)
    .mutation(({ ctx, input }) => checklist.add(ctx.deps, ctx.user, input.parkId, input.rideIds)),
  /** Add All Rides (idempotent) → { added }. */
  addAll: protectedProcedure.input(checklistParkInput).mutation(({ ctx, input }) => checklist.add(ctx.deps, ctx.user, input.parkId, 'all')),
  /** Tick / untick one row. */
  toggle: protectedProcedure
    .input(checklistToggleInput)
    .mutation(({ ctx, input }) => checklist.toggle(ctx.deps, ctx.user, input.id, input.completed)),
  /** Remove one row. */
  remove: protectedProcedure.input(checklistRowInput).mutation(({ ctx, input }) => checklist.remove(ctx.deps, ctx.user, input.id)),
  /** Reset All for a park → { removed }. */
  reset: protectedProcedure.input(checklistParkInput).mutation(({ ctx, input }) => checklist.reset(ctx.deps, ctx.user, input.parkId)),
});
