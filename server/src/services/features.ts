import { type Executor, type FeatureKey, features } from '@walkon/db';

type FeatureFlag = features.FeatureFlag;

import type { SessionUser } from '../auth/session.ts';
import { AppError } from '../errors.ts';

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

/** The message a refused caller gets: the feature is not open to them yet, with the expected launch. */
export function comingSoonMessage(flag: FeatureFlag): string {
  return flag.state === 'off'
    ? `${flag.title} is coming soon (expected launch ${flag.launchLabel}).`
    : `${flag.title} is in early access (expected launch ${flag.launchLabel}). Request early access to try it.`;
}

/**
 * Throws unless `user` may use the feature (the check every gated procedure runs).
 * @throws AppError FORBIDDEN with `comingSoonMessage`.
 */
export async function requireFeature(db: Executor, key: FeatureKey, user: SessionUser | null): Promise<void> {
  const access = await featureAccess(db, key, user);
  if (!access.allowed) throw new AppError('FORBIDDEN', comingSoonMessage(access));
}
