import { accounts, mutes } from '@walkon/db';
import { hhmmOf, MAX_ACTIVE_MUTES, type MuteDuration, minuteOfDay, muteEnd, muteUntilLabel } from '@walkon/domain/rules/mutes';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { requireWritablePark, VERIFY_TO_CHANGE } from './ownership.ts';
import { requireZonedPark } from './parks.ts';

/**
 * "Mute until …" and quiet hours of the signed-in account (docs/rules.md R16a). The alert
 * engine honours them at its next tick; each change wakes it for the person (db `mutes`).
 */

/** A running mute as the pages show it ("Muted until 8:00 AM park time — Unmute"). */
export interface MuteView {
  id: string;
  parkId: string;
  parkName: string;
  /** null = the whole park. */
  attractionId: string | null;
  attractionName: string | null;
  /** UTC end instant, ISO 8601. */
  until: string;
  /** The end, park-local, in the product's time format (`muteUntilLabel`): 'tomorrow 8:00 AM park time'. */
  untilLabel: string;
}

const NOT_FOUND = 'That mute was not found. It may have ended already; reload the page.';

function views(deps: AppDeps, rows: Awaited<ReturnType<typeof mutes.listActive>>): MuteView[] {
  const now = deps.now();
  return rows.map((r) => ({
    id: r.id,
    parkId: r.parkId,
    parkName: r.parkName,
    attractionId: r.attractionId,
    attractionName: r.attractionName,
    until: r.until.toISOString(),
    untilLabel: muteUntilLabel(r.until, now, r.timezone),
  }));
}

/**
 * Mutes a park, or one ride of it, for the signed-in account (R16a): `until` 'one-hour' (now + 60 minutes),
 * 'tomorrow-8am' (08:00 park-local on the next date) or 'rest-of-day' (park-local midnight); muting the same
 * target again moves its end. → the mute as shown.
 * @throws AppError NOT_FOUND for an unknown park or a ride not of that park; FORBIDDEN (verify first) for an
 * unverified account whose address has alerts it did not set up in that park; TOO_MANY_REQUESTS past
 * MAX_ACTIVE_MUTES running mutes.
 */
export async function set(
  deps: AppDeps,
  user: SessionUser,
  input: { parkId: string; attractionId?: string; until: MuteDuration },
): Promise<MuteView> {
  const park = await requireZonedPark(deps, input.parkId);
  await requireWritablePark(deps, user, input.parkId);
  if (input.attractionId) {
    const ride = await mutes.attractionInPark(deps.db, input.parkId, input.attractionId);
    if (!ride) throw new AppError('NOT_FOUND', 'That ride is not part of this park. Reload the page and try again.');
  }
  const now = deps.now();
  if ((await mutes.countActive(deps.db, user.id, now)) >= MAX_ACTIVE_MUTES) {
    throw new AppError('TOO_MANY_REQUESTS', `You have ${MAX_ACTIVE_MUTES} mutes running. Unmute some before adding more.`);
  }
  const until = muteEnd(input.until, now, park.timezone);
  const id = await mutes.setMute(
    deps.db,
    { userId: user.id, email: user.email, parkId: input.parkId, attractionId: input.attractionId ?? null, until },
    now,
  );
  const row = (await mutes.listActive(deps.db, user.id, now, input.parkId)).find((m) => m.id === id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return views(deps, [row])[0]!;
}

/** The signed-in account's running mutes (until > now), soonest end first; one park's when `parkId` is given. */
export async function list(deps: AppDeps, user: SessionUser, parkId?: string): Promise<MuteView[]> {
  return views(deps, await mutes.listActive(deps.db, user.id, deps.now(), parkId));
}

/**
 * Ends one of the signed-in account's mutes now ("Unmute"); a ride still short then alerts at the next tick (R16a).
 * @throws AppError NOT_FOUND when no running mute of this account has that id (another account's included).
 */
export async function clear(deps: AppDeps, user: SessionUser, id: string): Promise<{ ok: true }> {
  if (!(await mutes.endMute(deps.db, user.id, user.email, id, deps.now()))) throw new AppError('NOT_FOUND', NOT_FOUND);
  return { ok: true };
}

/** Quiet hours as the pages show them: park-local 'HH:MM' start and end, or null for none. */
export interface QuietHoursView {
  start: string;
  end: string;
}

/** The signed-in account's quiet hours (R16a), or null. */
export async function getQuietHours(deps: AppDeps, user: SessionUser): Promise<QuietHoursView | null> {
  const q = await mutes.getQuietHours(deps.db, user.id);
  return q ? { start: hhmmOf(q.startMinute), end: hhmmOf(q.endMinute) } : null;
}

/** An unverified account may not silence alerts of its address that it did not set up (R26). */
async function requireOwnAlerts(deps: AppDeps, user: SessionUser): Promise<void> {
  if (user.emailVerified) return;
  for (const parkId of await mutes.parksOfEmail(deps.db, user.email)) {
    if (await accounts.hasForeignRows(deps.db, user.email, parkId, user.id)) throw new AppError('FORBIDDEN', VERIFY_TO_CHANGE);
  }
}

/**
 * Sets the signed-in account's quiet hours (R16a): 'HH:MM' park-local start and end, start after end wrapping
 * midnight; equal times are refused by the input schema. → the stored hours.
 * @throws AppError FORBIDDEN (verify first) for an unverified account whose address has alerts it did not set up.
 */
export async function setQuietHours(deps: AppDeps, user: SessionUser, input: { start: string; end: string }): Promise<QuietHoursView> {
  await requireOwnAlerts(deps, user);
  const q = { startMinute: minuteOfDay(input.start), endMinute: minuteOfDay(input.end) };
  if (q.startMinute === q.endMinute) throw new AppError('BAD_REQUEST', 'Quiet hours need different start and end times.');
  await mutes.setQuietHours(deps.db, user.id, user.email, q, deps.now());
  return { start: hhmmOf(q.startMinute), end: hhmmOf(q.endMinute) };
}

/** Removes the signed-in account's quiet hours (R16a). */
export async function clearQuietHours(deps: AppDeps, user: SessionUser): Promise<{ ok: true }> {
  await mutes.setQuietHours(deps.db, user.id, user.email, null, deps.now());
  return { ok: true };
}
