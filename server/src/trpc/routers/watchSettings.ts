import { watchSettingsListInput, watchSettingsSetInput } from '@walkon/domain/schemas';
import * as watchSettings from '../../services/watchSettings.ts';
import { protectedProcedure, router } from '../init.ts';

/**
 * Per-watch alert settings (docs/DESIGN.md §2.3, §6): threshold 5–60 minutes (or the default 15), back-in-service
 * alerts and hourly reminders. Signed-in users, on their own watches only (identity = the account e-mail).
 */
export const watchSettingsRouter = router({
  /** { parkId, defaultThresholdMinutes, rides: [{ rideId, watching, thresholdMinutes|null, effectiveThresholdMinutes, backInService, remindHourly }] }. */
  list: protectedProcedure.input(watchSettingsListInput).query(({ ctx, input }) => watchSettings.list(ctx.deps, ctx.user, input.parkId)),
  /** Stores one ride's settings → the stored view; 404 when the ride is not in the park. */
  set: protectedProcedure.input(watchSettingsSetInput).mutation(({ ctx, input }) => watchSettings.set(ctx.deps, ctx.user, input)),
});
