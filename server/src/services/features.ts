import { type Executor, type FeatureKey, features } from '@walkon/db';

type FeatureFlag = features.FeatureFlag;

import type { SessionUser } from '../auth/session.ts';
import { AppError } from '../errors.ts';
import { publicLaunchLabel } from './launchLabel.ts';

/** A caller's view of one gate: the flag, whether they are let in, and whether they asked for early access. */
export interface FeatureAccess extends FeatureFlag {
  allowed: boolean;
}

/**
 * Whether `user` may use a gated feature (issue 6, DESIGN §6), by the one rule `features.gateAllows` (also used
 * by jobs acting for a user): `on` lets everyone in, `early_access` lets in admins and users holding a grant,
 * `off` only admins (so they can try a feature before opening it). Signed-out visitors pass only when the
 * feature is `on`. The grant is read only when it can matter.
 */
export async function featureAccess(db: Executor, key: FeatureKey, user: SessionUser | null): Promise<FeatureAccess> {
  const flag = await features.getFlag(db, key);
  const isAdmin = user?.roles.includes('admin') ?? false;
  const hasGrant = user && !isAdmin && flag.state === 'early_access' ? await features.hasGrant(db, key, user.id) : false;
  return { ...flag, allowed: features.gateAllows(flag.state, user ? { isAdmin, hasGrant } : null) };
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
