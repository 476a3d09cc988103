import {
  earlyAccessRequestInput,
  featureStatusInput,
  grantFeatureInput,
  resolveAccessRequestInput,
  revokeFeatureInput,
  setFeatureInput,
} from '@walkon/domain/schemas';
import * as service from '../../services/features.ts';
import { limitEmailWrite, publicProcedure, roleProcedure, router } from '../init.ts';

const admin = roleProcedure('admin');

/**
 * Server-side feature gates (issue 6, DESIGN §6: flags in the database, managed in /admin; the five-click
 * unlock of spec part 2 §2 opens a request-access form instead of a password). Nothing secret reaches the browser.
 */
export const featuresRouter = router({
  /**
   * The caller's view of a gate → { key, title, state, launchLabel, allowed, requestPending }; `launchLabel` is
   * the admin's expected launch while it lies ahead, else null (shown as "Early access", no date).
   * Pages show the coming-soon screen unless `allowed`; the gated procedures check again on their own.
   */
  status: publicProcedure.input(featureStatusInput).query(({ ctx, input }) => service.gateStatus(ctx.deps, input.key, ctx.user)),
  /**
   * Stores a request for early access (one pending per e-mail and feature; asking again updates it) → { id }.
   * A signed-in caller's request is for their own account: its e-mail is the account's, whatever the form sent
   * (a typed e-mail would show admins one person while a grant went to the caller's account).
   * TOO_MANY_REQUESTS past the e-mailing-write limits (per client and per address, README "Security").
   */
  requestAccess: publicProcedure
    .input(earlyAccessRequestInput)
    .use(async ({ ctx, path, input, next }) => {
      await limitEmailWrite(ctx, path, ctx.user?.email ?? input.email);
      return next();
    })
    .mutation(({ ctx, input }) => service.requestAccess(ctx.deps, ctx.user, input)),
  /** Admin: every gate, its grants and the early-access requests (pending first). */
  adminOverview: admin.query(({ ctx }) => service.adminOverview(ctx.deps)),
  /** Admin: sets a gate's state (off / early access / on) and expected launch. */
  setFlag: admin.input(setFeatureInput).mutation(({ ctx, input }) => service.setFlag(ctx.deps, ctx.user, input)),
  /** Admin: lets the account with this e-mail into a feature in early access. @throws NOT_FOUND without such an account. */
  grant: admin.input(grantFeatureInput).mutation(({ ctx, input }) => service.grantByEmail(ctx.deps, ctx.user, input.key, input.email)),
  /** Admin: takes early access away. @throws NOT_FOUND when there was no grant. */
  revoke: admin.input(revokeFeatureInput).mutation(({ ctx, input }) => service.revoke(ctx.deps, input.key, input.userId)),
  /**
   * Admin: grants (to the requester's account) or dismisses a pending request.
   * @throws NOT_FOUND for an unknown or already handled request; CONFLICT when granting and the e-mail has no account.
   */
  resolveRequest: admin
    .input(resolveAccessRequestInput)
    .mutation(({ ctx, input }) => service.resolveRequest(ctx.deps, ctx.user, input.id, input.grant)),
});
