import { type Executor, type FeatureKey, type FeatureState, features, users } from '@walkon/db';
import { formatEarlyAccessGrantedEmail } from '@walkon/domain/messages/earlyAccess';
import { gateAllows } from '@walkon/domain/rules/features';
import { createOutboxNotifier } from '@walkon/integrations/providers';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { publicLaunchLabel } from './launchLabel.ts';

type FeatureFlag = features.FeatureFlag;

const outbox = createOutboxNotifier();

/** The page of each gated feature (the link of the "you have early access" e-mail). */
const FEATURE_PAGE: Record<FeatureKey, string> = { restaurant_alerts: '/restaurant-alerts', lightning_lane: '/lightning-lane' };

/**
 * Tells a person by e-mail that they now have early access (a new grant only). A transport failure is logged,
 * never shown: the grant stands either way.
 */
async function sendGrantedEmail(deps: AppDeps, key: FeatureKey, to: string): Promise<void> {
  try {
    const flag = await features.getFlag(deps.db, key);
    const link = `${deps.publicOrigin.replace(/\/$/, '')}${FEATURE_PAGE[key]}`;
    await (deps.notifier ?? outbox).email.send(
      { to, ...formatEarlyAccessGrantedEmail({ featureTitle: flag.title, link }) },
      { db: deps.db },
    );
  } catch (err) {
    deps.logger.warn({ key, err: (err as Error).message }, 'early-access e-mail not sent');
  }
}

/** A caller's view of one gate: the flag, whether they are let in, and whether they asked for early access. */
export interface FeatureAccess extends FeatureFlag {
  allowed: boolean;
}

/**
 * Whether `user` may use a gated feature (docs/DESIGN.md §6), by the one rule `gateAllows` (@walkon/domain, also used
 * by jobs acting for a user): `on` lets everyone in, `early_access` lets in admins and users holding a grant,
 * `off` only admins (so they can try a feature before opening it). Signed-out visitors pass only when the
 * feature is `on`. The grant is read only when it can matter.
 */
export async function featureAccess(db: Executor, key: FeatureKey, user: SessionUser | null): Promise<FeatureAccess> {
  const flag = await features.getFlag(db, key);
  const isAdmin = user?.roles.includes('admin') ?? false;
  const hasGrant = user && !isAdmin && flag.state === 'early_access' ? await features.hasGrant(db, key, user.id) : false;
  return { ...flag, allowed: gateAllows(flag.state, user ? { isAdmin, hasGrant } : null) };
}

/** 'yyyy-MM-dd' of an instant in UTC: the server's "today" for launch labels. */
export function serverToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The message a refused caller gets: the feature is not open to them yet, with the expected launch only while
 * it lies ahead (publicLaunchLabel against `now`'s UTC date): "… is in early access. Request early access to
 * try it." or "… is coming soon (expected launch Q1 2027)."
 */
export function comingSoonMessage(flag: FeatureFlag, now: Date): string {
  const launch = publicLaunchLabel(flag.launchLabel, serverToday(now));
  const when = launch ? ` (expected launch ${launch})` : '';
  return flag.state === 'off'
    ? `${flag.title} is coming soon${when}.`
    : `${flag.title} is in early access${when}. Request early access to try it.`;
}

/**
 * Throws unless `user` may use the feature (the check every gated procedure runs); `now` dates the message.
 * @throws AppError FORBIDDEN with `comingSoonMessage`.
 */
export async function requireFeature(db: Executor, key: FeatureKey, user: SessionUser | null, now: Date = new Date()): Promise<void> {
  const access = await featureAccess(db, key, user);
  if (!access.allowed) throw new AppError('FORBIDDEN', comingSoonMessage(access, now));
}

/**
 * The caller's view of a gate (docs/DESIGN.md §6) → { key, title, state, launchLabel, allowed, requestPending }:
 * `launchLabel` is the admin's expected launch while it lies ahead, else null (shown as "Early access", no
 * date); `requestPending` whether the caller (account or e-mail) asked for early access already.
 */
export async function status(deps: AppDeps, user: SessionUser | null, key: FeatureKey) {
  const access = await featureAccess(deps.db, key, user);
  const requestPending = access.allowed
    ? false
    : await features.hasPendingRequest(deps.db, key, { userId: user?.id ?? null, email: user?.email ?? null });
  return {
    key: access.key,
    title: access.title,
    state: access.state,
    launchLabel: publicLaunchLabel(access.launchLabel, serverToday(deps.now())),
    allowed: access.allowed,
    requestPending,
  };
}

/**
 * Stores a request for early access (one pending per e-mail and feature; asking again updates it) → { id }.
 * A signed-in caller's request is for their own account: its e-mail is the account's, whatever the form sent
 * (a typed e-mail would show admins one person while a grant went to the caller's account).
 */
export async function requestAccess(deps: AppDeps, user: SessionUser | null, input: { key: FeatureKey; email: string; message?: string }) {
  const id = await features.requestAccess(deps.db, {
    key: input.key,
    userId: user?.id ?? null,
    email: user?.email ?? input.email,
    message: input.message?.trim() || null,
  });
  return { id };
}

/** Admin: every gate, its grants and the early-access requests (pending first); instants as ISO strings. */
export async function adminOverview(deps: AppDeps) {
  const [flags, grants, requests] = await Promise.all([
    features.listFlags(deps.db),
    features.listGrants(deps.db),
    features.listRequests(deps.db),
  ]);
  return {
    flags: flags.map((f) => ({ ...f, updatedAt: f.updatedAt?.toISOString() ?? null })),
    grants: grants.map((g) => ({ ...g, grantedAt: g.grantedAt.toISOString() })),
    requests: requests.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), handledAt: r.handledAt?.toISOString() ?? null })),
  };
}

/** Admin: sets a gate's state (off / early access / on) and expected launch → { ok }. */
export async function setFlag(deps: AppDeps, admin: SessionUser, input: { key: FeatureKey; state: FeatureState; launchLabel: string }) {
  await features.setFlag(deps.db, { ...input, updatedBy: admin.id });
  return { ok: true as const };
}

/**
 * Admin: lets the account with this e-mail into a feature in early access → { userId, email }; a new grant
 * e-mails the person a link to the feature.
 * @throws AppError NOT_FOUND without such an account.
 */
export async function grant(deps: AppDeps, admin: SessionUser, input: { key: FeatureKey; email: string }) {
  const user = await users.findByEmail(deps.db, input.email);
  if (!user) throw new AppError('NOT_FOUND', `No account uses ${input.email}. Ask them to sign up first.`);
  if ((await features.grant(deps.db, input.key, user.id, admin.id)).created) await sendGrantedEmail(deps, input.key, user.email);
  return { userId: user.id, email: user.email };
}

/** Admin: takes early access away → { ok }. @throws AppError NOT_FOUND when there was no grant. */
export async function revoke(deps: AppDeps, input: { key: FeatureKey; userId: string }) {
  if (!(await features.revoke(deps.db, input.key, input.userId))) throw new AppError('NOT_FOUND', 'That user has no early access.');
  return { ok: true as const };
}

/**
 * Admin: grants (to the requester's account, who is e-mailed when the grant is new) or dismisses a pending
 * request → { status }.
 * @throws AppError NOT_FOUND for an unknown or already handled request; CONFLICT when granting and the e-mail
 * has no account.
 */
export async function resolveRequest(deps: AppDeps, admin: SessionUser, input: { id: string; grant: boolean }) {
  const req = await features.getRequest(deps.db, input.id);
  if (req?.status !== 'pending') throw new AppError('NOT_FOUND', 'That request is not pending.');
  if (!input.grant) {
    await features.resolveRequest(deps.db, input.id, 'dismissed', admin.id);
    return { status: 'dismissed' as const };
  }
  const user = req.userId ? { id: req.userId } : await users.findByEmail(deps.db, req.email.toLowerCase());
  if (!user) throw new AppError('CONFLICT', `No account uses ${req.email} yet; it can be granted once they sign up.`);
  const granted = await features.grant(deps.db, req.featureKey, user.id, admin.id);
  await features.resolveRequest(deps.db, input.id, 'granted', admin.id);
  if (granted.created && granted.email) await sendGrantedEmail(deps, req.featureKey, granted.email);
  return { status: 'granted' as const };
}
