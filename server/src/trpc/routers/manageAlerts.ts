import { manageSaveInput } from '@walkon/domain/schemas';
import { accountHoldings } from '../../services/auth.ts';
import * as manageAlerts from '../../services/manageAlerts.ts';
import { protectedProcedure, router } from '../init.ts';

/** Manage Alerts (docs/spec/part-1.md §2, §4). */
export const manageAlertsRouter = router({
  /** { email, parks: subscription + rides[] } for unexpired subscriptions. */
  list: protectedProcedure.query(({ ctx }) => manageAlerts.manageList(ctx.deps, ctx.user)),
  /**
   * What an e-mail change moves and a deletion ends (docs/decisions/024) → { passes: string[] ("Park: days"),
   * watchedRides }, shown on /account before either.
   */
  holdings: protectedProcedure.query(({ ctx }) => accountHoldings(ctx.deps, ctx.user)),
  /** Saves park and ride toggles → { ok }. */
  save: protectedProcedure.input(manageSaveInput).mutation(({ ctx, input }) => manageAlerts.manageSave(ctx.deps, ctx.user, input.parks)),
});
