import { entityId } from '@walkon/domain/schemas';
import { z } from 'zod';
import * as service from '../../services/checklist.ts';
import { protectedProcedure, router } from '../init.ts';

/** Ride checklist (spec part 2 §2): the signed-in user's own rows only. */
export const checklistRouter = router({
  /** { items[{id, rideId, rideName, completed, completedAt}], progress{completed, total, percent} }. */
  list: protectedProcedure.input(z.object({ parkId: entityId })).query(({ ctx, input }) => service.list(ctx.deps, ctx.user, input.parkId)),
  /** Add rides (idempotent) → { added }. */
  add: protectedProcedure
    .input(z.object({ parkId: entityId, rideIds: z.array(entityId).min(1).max(200) }))
    .mutation(({ ctx, input }) => service.add(ctx.deps, ctx.user, input.parkId, input.rideIds)),
  /** Add All Rides (idempotent) → { added }. */
  addAll: protectedProcedure
    .input(z.object({ parkId: entityId }))
    .mutation(({ ctx, input }) => service.add(ctx.deps, ctx.user, input.parkId, 'all')),
  /** Tick / untick one row. */
  toggle: protectedProcedure
    .input(z.object({ id: z.uuid('Invalid id.'), completed: z.boolean() }))
    .mutation(({ ctx, input }) => service.toggle(ctx.deps, ctx.user, input.id, input.completed)),
  /** Remove one row. */
  remove: protectedProcedure
    .input(z.object({ id: z.uuid('Invalid id.') }))
    .mutation(({ ctx, input }) => service.remove(ctx.deps, ctx.user, input.id)),
  /** Reset All for a park → { removed }. */
  reset: protectedProcedure
    .input(z.object({ parkId: entityId }))
    .mutation(({ ctx, input }) => service.reset(ctx.deps, ctx.user, input.parkId)),
});
