import {
  earlyAccessRequestInput,
  featureStatusInput,
  grantFeatureInput,
  resolveAccessRequestInput,
  revokeFeatureInput,
  setFeatureInput,
} from '@walkon/domain/schemas';
import * as features from '../../services/features.ts';
import { emailWriteLimit, publicProcedure, roleProcedure, router } from '../init.ts';

const admin = roleProcedure('admin');

/**
 * Server-side feature gates (docs/DESIGN.md §6: flags in the database, managed in /admin; the five-click unlock of
 * docs/spec/part-2.md §2 opens a request-access form instead of a password). Nothing secret reaches the browser.
 */
export const featuresRouter = router({
  /**
   * The caller's view of a gate → { key, title, state, launchLabel, allowed, requestPending }. Pages show the
   * coming-soon screen unless `allowed`; the gated procedures check again on their own.
   */
  status: publicProcedure.input(featureStatusInput).query(({ ctx, input }) => features.status(ctx.deps, ctx.user, input.key)),
  /**
   * Stores a request for early access → { id }; a signed-in caller's request is for their own account.
   * TOO_MANY_REQUESTS past the e-mailing-write limits (per client and per address, docs/security.md).
   */
  requestAccess: publicProcedure
    .input(earlyAccessRequestInput)
    .use(emailWriteLimit((input: { email: string }, user) => user?.email ?? input.email))
    .mutation(({ ctx, input }) => features.requestAccess(ctx.deps, ctx.user, input)),
  /** Admin: every gate, its grants and the early-access requests (pending first). */
  adminOverview: admin.query(({ ctx }) => features.adminOverview(ctx.deps)),
  /** Admin: sets a gate's state (off / early access / on) and expected launch. */
  setFlag: admin.input(setFeatureInput).mutation(({ ctx, input }) => features.setFlag(ctx.deps, ctx.user, input)),
  /** Admin: lets the account with this e-mail into a feature in early access. NOT_FOUND without such an account. */
  grant: admin.input(grantFeatureInput).mutation(({ ctx, input }) => features.grant(ctx.deps, ctx.user, input)),
  /** Admin: takes early access away. NOT_FOUND when there was no grant. */
  revoke: admin.input(revokeFeatureInput).mutation(({ ctx, input }) => features.revoke(ctx.deps, input)),
  /** Admin: grants or dismisses a pending request. NOT_FOUND when not pending; CONFLICT when granting without an account. */
  resolveRequest: admin.input(resolveAccessRequestInput).mutation(({ ctx, input }) => features.resolveRequest(ctx.deps, ctx.user, input)),
});
