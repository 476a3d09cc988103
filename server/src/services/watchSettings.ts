import { rides } from '@walkon/db';
import { DEFAULT_THRESHOLD_MINUTES } from '@walkon/domain/rules/alerts';
import { emailScope, type SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { requirePark } from './catalogue.ts';
import { requireWritablePark } from './ownership.ts';

/** One watch's settings as the pages show them (docs/DESIGN.md §2.3, §6). */
export interface WatchSettingsView {
  rideId: string;
  /** Whether the ride is in the person's active selection. */
  watching: boolean;
  /** 5–60 minutes, or null for the default. */
  thresholdMinutes: number | null;
  /** The threshold that applies: thresholdMinutes or the default 15. */
  effectiveThresholdMinutes: number;
  backInService: boolean;
  remindHourly: boolean;
}

function view(r: Awaited<ReturnType<typeof rides.listWatchSettings>>[number]): WatchSettingsView {
  return {
    rideId: r.rideId,
    watching: r.active,
    thresholdMinutes: r.thresholdMinutes,
    effectiveThresholdMinutes: r.thresholdMinutes ?? DEFAULT_THRESHOLD_MINUTES,
    backInService: r.backInService,
    remindHourly: r.remindHourly,
  };
}

/**
 * The signed-in person's per-watch settings for a park (docs/DESIGN.md §2.3): only their own rows (identity = the
 * account e-mail). Rides without a row use the defaults (15 minutes, no back-in-service, no hourly reminder).
 * @throws AppError NOT_FOUND for an unknown park.
 */
export async function list(
  deps: AppDeps,
  user: SessionUser,
  parkId: string,
): Promise<{ parkId: string; defaultThresholdMinutes: number; rides: WatchSettingsView[] }> {
  await requirePark(deps, parkId);
  const rows = await rides.listWatchSettings(deps.db, emailScope(user), parkId);
  return { parkId, defaultThresholdMinutes: DEFAULT_THRESHOLD_MINUTES, rides: rows.map(view) };
}

/**
 * Sets one watch's settings for the signed-in person (threshold 5–60 minutes or null = default 15, back in
 * service, hourly reminder; docs/DESIGN.md §2.3, §6). A ride not yet selected keeps the settings for when it is.
 * Returns the stored settings.
 * @throws AppError NOT_FOUND for an unknown park, or a ride that is not an attraction of that park; FORBIDDEN
 * (verify first) for an unverified account whose address has rows it did not create in that park.
 */
export async function set(
  deps: AppDeps,
  user: SessionUser,
  input: { parkId: string; rideId: string; thresholdMinutes: number | null; backInService: boolean; remindHourly: boolean },
): Promise<WatchSettingsView> {
  await requirePark(deps, input.parkId);
  await requireWritablePark(deps, user, input.parkId);
  const ok = await rides.upsertWatchSettings(deps.db, user.email, input.parkId, input.rideId, input, user.id);
  if (!ok) throw new AppError('NOT_FOUND', 'That ride is not part of this park. Reload the page and try again.');
  const row = (await rides.listWatchSettings(deps.db, emailScope(user), input.parkId)).find((r) => r.rideId === input.rideId);
  if (!row) throw new AppError('NOT_FOUND', 'That ride is not part of this park. Reload the page and try again.');
  return view(row);
}
