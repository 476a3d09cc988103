import { activateInput, parkInput, saveRidesInput, testAlertInput } from '@walkon/domain/schemas';
import * as alerts from '../../services/alerts.ts';
import * as waitTimes from '../../services/waitTimes.ts';
import { protectedProcedure, router } from '../init.ts';

/** Get Alerts (docs/spec/part-1.md §2, §4, §7): every procedure acts on the signed-in person's e-mail only. */
export const alertsRouter = router({
  /** The rides of a park for the selection list (same shape as waitTimes.live). */
  rides: protectedProcedure.input(parkInput).query(({ ctx, input }) => waitTimes.liveRides(ctx.deps, input.parkId)),
  /** Selection, subscription, cooldown minutes and history for one park. */
  state: protectedProcedure.input(parkInput).query(({ ctx, input }) => alerts.state(ctx.deps, ctx.user, input.parkId)),
  /** Replaces the ride selection for a park → { count }. */
  saveRides: protectedProcedure
    .input(saveRidesInput)
    .mutation(({ ctx, input }) => alerts.saveRides(ctx.deps, ctx.user, input.parkId, input.rideIds)),
  /** Activates or schedules e-mail alerts → { scheduled, subscriptionId, startDate, endDate, startsAt }. */
  activate: protectedProcedure.input(activateInput).mutation(({ ctx, input }) => alerts.activate(ctx.deps, ctx.user, input)),
  /** Stops alerts for a park. */
  stop: protectedProcedure.input(parkInput).mutation(({ ctx, input }) => alerts.stop(ctx.deps, ctx.user, input.parkId)),
  /** The park of the person's current or next pass → { parkId | null } (Get Alerts' default on a new device). */
  defaultPark: protectedProcedure.query(({ ctx }) => alerts.defaultPark(ctx.deps, ctx.user)),
  /** The rides the next tick would alert the person for → { rides, held, reason } (docs/rules.md R56). */
  shortNow: protectedProcedure.input(parkInput).query(({ ctx, input }) => alerts.shortNow(ctx.deps, ctx.user, input.parkId)),
  /** Last 10 alerts in 24 h of the account (every park), newest first. */
  history: protectedProcedure.query(({ ctx }) => alerts.history(ctx.deps, ctx.user)),
  /** Hides the history → { cleared }. */
  clearHistory: protectedProcedure.mutation(({ ctx }) => alerts.clearHistory(ctx.deps, ctx.user)),
  /** Sends a test alert (15-minute cooldown; admins may bypass) → { success, message }. */
  testAlert: protectedProcedure.input(testAlertInput).mutation(({ ctx, input }) => alerts.testAlert(ctx.deps, ctx.user, input)),
});
