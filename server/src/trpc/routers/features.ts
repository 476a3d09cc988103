import { features, users } from '@walkon/db';
import { AppError } from '../../errors.ts';
import {
  earlyAccessRequestInput,
  featureStatusInput,
  grantFeatureInput,
  resolveAccessRequestInput,
  revokeFeatureInput,
  setFeatureInput,
} from '../../schemas.ts';
import { featureAccess, serverToday } from '../../services/features.ts';
import { publicLaunchLabel } from '../../services/launchLabel.ts';
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
  status: publicProcedure.input(featureStatusInput).query(async ({ ctx, input }) => {
    const access = await featureAccess(ctx.deps.db, input.key, ctx.user);
    const requestPending = access.allowed
      ? false
      : await features.hasPendingRequest(ctx.deps.db, input.key, { userId: ctx.user?.id ?? null, email: ctx.user?.email ?? null });
    return {
      key: access.key,
      title: access.title,
      state: access.state,
      launchLabel: publicLaunchLabel(access.launchLabel, serverToday(ctx.deps.now())),
      allowed: access.allowed,
      requestPending,
    };
  }),
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
    .mutation(async ({ ctx, input }) => {
      const id = await features.requestAccess(ctx.deps.db, {
        key: input.key,
        userId: ctx.user?.id ?? null,
        email: ctx.user?.email ?? input.email,
        message: input.message?.trim() || null,
      });
      return { id };
    }),
  /** Admin: every gate, its grants and the early-access requests (pending first). */
  adminOverview: admin.query(async ({ ctx }) => {
    const [flags, grants, requests] = await Promise.all([
      features.listFlags(ctx.deps.db),
      features.listGrants(ctx.deps.db),
      features.listRequests(ctx.deps.db),
    ]);
    return {
      flags: flags.map((f) => ({ ...f, updatedAt: f.updatedAt?.toISOString() ?? null })),
      grants: grants.map((g) => ({ ...g, granted_at: g.granted_at.toISOString() })),
      requests: requests.map((r) => ({ ...r, created_at: r.created_at.toISOString(), handled_at: r.handled_at?.toISOString() ?? null })),
    };
  }),
  /** Admin: sets a gate's state (off / early access / on) and expected launch. */
  setFlag: admin.input(setFeatureInput).mutation(async ({ ctx, input }) => {
    await features.setFlag(ctx.deps.db, { key: input.key, state: input.state, launchLabel: input.launchLabel, updatedBy: ctx.user.id });
    return { ok: true as const };
  }),
  /** Admin: lets the account with this e-mail into a feature in early access. @throws NOT_FOUND without such an account. */
  grant: admin.input(grantFeatureInput).mutation(async ({ ctx, input }) => {
    const user = await users.findByEmail(ctx.deps.db, input.email);
    if (!user) throw new AppError('NOT_FOUND', `No account uses ${input.email}. Ask them to sign up first.`);
    await features.grant(ctx.deps.db, input.key, user.id, ctx.user.id);
    return { userId: user.id, email: user.email };
  }),
  /** Admin: takes early access away. @throws NOT_FOUND when there was no grant. */
  revoke: admin.input(revokeFeatureInput).mutation(async ({ ctx, input }) => {
    if (!(await features.revoke(ctx.deps.db, input.key, input.userId))) throw new AppError('NOT_FOUND', 'That user has no early access.');
    return { ok: true as const };
  }),
  /**
   * Admin: grants (to the requester's account) or dismisses a pending request.
   * @throws NOT_FOUND for an unknown or already handled request; CONFLICT when granting and the e-mail has no account.
   */
  resolveRequest: admin.input(resolveAccessRequestInput).mutation(async ({ ctx, input }) => {
    const req = await features.getRequest(ctx.deps.db, input.id);
    if (req?.status !== 'pending') throw new AppError('NOT_FOUND', 'That request is not pending.');
    if (!input.grant) {
      await features.resolveRequest(ctx.deps.db, input.id, 'dismissed', ctx.user.id);
      return { status: 'dismissed' as const };
    }
    const user = req.user_id ? { id: req.user_id } : await users.findByEmail(ctx.deps.db, req.email.toLowerCase());
    if (!user) throw new AppError('CONFLICT', `No account uses ${req.email} yet; it can be granted once they sign up.`);
    await features.grant(ctx.deps.db, req.feature_key, user.id, ctx.user.id);
    await features.resolveRequest(ctx.deps.db, input.id, 'granted', ctx.user.id);
    return { status: 'granted' as const };
  }),
});
