import { restaurantAdminTestInput, restaurantAlertCreateInput, restaurantAlertIdInput, restaurantParkInput } from '@walkon/domain/schemas';
import * as service from '../../services/restaurants.ts';
import { gatedProcedure, gatedProtectedProcedure, roleProcedure, router } from '../init.ts';

const gated = gatedProcedure('restaurant_alerts');
const gatedSignedIn = gatedProtectedProcedure('restaurant_alerts');

/**
 * Restaurant Alerts (docs/spec/part-2.md §2–§9), behind the `restaurant_alerts` gate (FORBIDDEN with the
 * coming-soon message otherwise); creating, listing and deleting need a login (UNAUTHORIZED).
 */
export const restaurantsRouter = router({
  /** { source: 'themeparks' | 'replay' | null, sourceLabel, destinations[{ id, name, parks[{ id, name }] }] } (WDW and Disneyland Resort only). */
  destinations: gated.query(({ ctx }) => service.destinations(ctx.deps)),
  /** { park{ id, name, timezone, today }, restaurants[{ id, name }] }: the park's RESTAURANT entities. NOT_FOUND, SERVICE_UNAVAILABLE. */
  restaurants: gated.input(restaurantParkInput).query(({ ctx, input }) => service.restaurantsOf(ctx.deps, input.parkId)),
  /** Creates an active alert → the alert { id, email, parkId, parkName, restaurantId, restaurantName, active, dates, partySize, preferredTime, createdAt }. */
  create: gatedSignedIn.input(restaurantAlertCreateInput).mutation(({ ctx, input }) => service.createAlert(ctx.deps, ctx.user, input)),
  /** The caller's alerts, active first, newest first (same shape as `create`). */
  list: gatedSignedIn.query(({ ctx }) => service.listAlerts(ctx.deps, ctx.user)),
  /** Deletes one of the caller's alerts → { ok: true }; NOT_FOUND when it is not theirs. */
  delete: gatedSignedIn.input(restaurantAlertIdInput).mutation(({ ctx, input }) => service.deleteAlert(ctx.deps, ctx.user, input.id)),
  /**
   * Admin only (the spec's manual test button): runs the restaurant check now → { expired, alerts, groups, checks,
   * skipped, unknown, matched, queued, duplicates, held, source, populate{ queueItemsCreated } }.
   */
  adminTest: roleProcedure('admin')
    .input(restaurantAdminTestInput)
    .mutation(({ ctx, input }) => service.runCheckNow(ctx.deps, { force: input.force, dates: input.dates })),
});
