import { manageSaveInput } from '@walkon/domain/schemas';
import * as manageAlerts from '../../services/manageAlerts.ts';
import { protectedProcedure, router } from '../init.ts';

/** Manage Alerts (spec part 1 §2, §4). */
export const manageAlertsRouter = router({
  /** { email, parks: subscription + rides[] } for unexpired subscriptions. */
  list: protectedProcedure.query(({ ctx }) => manageAlerts.manageList(ctx.deps, ctx.user)),
  /** Saves park and ride toggles → { ok }. */
  save: protectedProcedure.input(manageSaveInput).mutation(({ ctx, input }) => manageAlerts.manageSave(ctx.deps, ctx.user, input.parks)),
});
