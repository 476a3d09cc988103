import { muteClearInput, muteListInput, muteSetInput, quietHoursSetInput } from '@walkon/domain/schemas';
import * as mutes from '../../services/mutes.ts';
import { protectedProcedure, router } from '../init.ts';

/**
 * "Mute until …" per park and per ride (docs/rules.md R16a): signed-in accounts, on their own mutes only.
 * A mute ends by itself at its `until` (UTC); the alert engine honours it from its next tick.
 */
export const mutesRouter = router({
  /**
   * { parkId, attractionId?, until: 'one-hour' | 'tomorrow-8am' | 'rest-of-day' } → { id, parkId, parkName,
   * attractionId|null, attractionName|null, until (ISO UTC), untilLabel ('8:00 AM park time') }; 404 for a ride
   * not of the park.
   */
  set: protectedProcedure.input(muteSetInput).mutation(({ ctx, input }) => mutes.set(ctx.deps, ctx.user, input)),
  /** The account's running mutes, soonest end first (one park's with { parkId }). */
  list: protectedProcedure.input(muteListInput).query(({ ctx, input }) => mutes.list(ctx.deps, ctx.user, input?.parkId)),
  /** { id } → ends that mute now ("Unmute"); 404 when it is not a running mute of this account. */
  clear: protectedProcedure.input(muteClearInput).mutation(({ ctx, input }) => mutes.clear(ctx.deps, ctx.user, input.id)),
});

/** Quiet hours per account (R16a): no alert between park-local start and end (wrapping midnight). */
export const quietHoursRouter = router({
  /** → { start: 'HH:MM', end: 'HH:MM' } or null. */
  get: protectedProcedure.query(({ ctx }) => mutes.getQuietHours(ctx.deps, ctx.user)),
  /** { start, end } ('HH:MM', 24 h, park-local; different) → the stored hours. */
  set: protectedProcedure.input(quietHoursSetInput).mutation(({ ctx, input }) => mutes.setQuietHours(ctx.deps, ctx.user, input)),
  /** Removes the quiet hours. */
  clear: protectedProcedure.mutation(({ ctx }) => mutes.clearQuietHours(ctx.deps, ctx.user)),
});
