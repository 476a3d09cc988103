import { rides, subscriptions } from '@walkon/db';
import { emailScope, type SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { subscriptionView } from './alerts.ts';
import { syncScheduler } from './parks.ts';

/** Manage Alerts (docs/spec/part-1.md §2): the person's unexpired subscriptions with their rides and toggles. */
export async function manageList(deps: AppDeps, user: SessionUser) {
  const now = deps.now();
  const scope = emailScope(user);
  const [subs, selection] = await Promise.all([subscriptions.listForEmail(deps.db, scope, now), rides.listSelection(deps.db, scope)]);
  return {
    email: user.email,
    parks: subs
      .filter((s) => !s.expired)
      .map((s) => ({
        ...subscriptionView(s),
        rides: selection
          .filter((r) => r.parkId === s.parkId)
          .map((r) => ({
            rideId: r.rideId,
            rideName: r.rideName,
            active: r.active,
            // Per-watch alert settings (docs/DESIGN.md §2.3): threshold 5–60 or null = the default 15.
            settings: { thresholdMinutes: r.thresholdMinutes, backInService: r.backInService, remindHourly: r.remindHourly },
          })),
      })),
  };
}

/**
 * Saves Manage Alerts changes (docs/spec/part-1.md §4): per park the subscription's active flag, the rides' toggles
 * and, where given, each ride's alert settings (threshold 5–60 or default, back in service, hourly reminder;
 * docs/DESIGN.md §2.3). Only the person's own subscriptions and watches can change.
 * @throws AppError NOT_FOUND naming the park when the person has no subscription there.
 */
export async function manageSave(
  deps: AppDeps,
  user: SessionUser,
  parks: {
    parkId: string;
    active: boolean;
    rides: {
      rideId: string;
      active: boolean;
      settings?: { thresholdMinutes: number | null; backInService: boolean; remindHourly: boolean };
    }[];
  }[],
) {
  const scope = emailScope(user);
  await deps.db.transaction().execute(async (tx) => {
    for (const p of parks) {
      const sub = await subscriptions.findByEmailAndPark(tx, scope, p.parkId);
      if (!sub) throw new AppError('NOT_FOUND', `Error saving changes: no subscription for park ${p.parkId}.`);
      await subscriptions.setActive(tx, scope, p.parkId, p.active);
      await rides.setRidesActive(tx, scope, p.parkId, p.active ? p.rides : p.rides.map((r) => ({ ...r, active: false })));
      await rides.setWatchSettings(
        tx,
        scope,
        p.parkId,
        p.rides.flatMap((r) => (r.settings ? [{ rideId: r.rideId, ...r.settings }] : [])),
      );
    }
  });
  for (const p of parks) await syncScheduler(deps, p.parkId);
  return { ok: true as const };
}
