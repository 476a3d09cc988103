import { returnTimeAlertRemoveInput, returnTimeAlertSetInput, returnTimeAlertsListInput } from '@walkon/domain/schemas';
import * as returnTimes from '../../services/returnTimeAlerts.ts';
import { protectedProcedure, router } from '../init.ts';

/**
 * Lightning Lane return-time alerts (beyond the spec): signed-in users, identity = the account e-mail
 * (like alerts.*). Not behind a feature gate: they ride on the paid ride-alert pipeline (a pass for the park,
 * watched attractions, the same senders).
 */
export const returnTimeAlertsRouter = router({
  /** { parkId, parkName, timezone, today, hasPass, passToday, rides: [{ rideId, rideName, watching, status, fresh, returnTimes, alerts }] }. */
  list: protectedProcedure.input(returnTimeAlertsListInput).query(({ ctx, input }) => returnTimes.list(ctx.deps, ctx.user, input.parkId)),
  /** Creates or replaces the alert on (ride, queue type) → { rideId, queueType, beforeTime }; 400 unless watched, offered and with a pass. */
  set: protectedProcedure.input(returnTimeAlertSetInput).mutation(({ ctx, input }) => returnTimes.set(ctx.deps, ctx.user, input)),
  /** Removes the alert on (ride, queue type) → { removed }. */
  remove: protectedProcedure.input(returnTimeAlertRemoveInput).mutation(({ ctx, input }) => returnTimes.remove(ctx.deps, ctx.user, input)),
});
