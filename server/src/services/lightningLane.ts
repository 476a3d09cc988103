import { type BookLaneResult, booker, bookLane, loadAvailability, type ParkAvailability } from '@walkon/core';
import { lightningLane } from '@walkon/db';
import { parkLocalDate } from '@walkon/domain/dates';
import type { LightningLaneAvailability } from '@walkon/domain/rules/lightningLaneChoice';
import { LL_MESSAGES } from '@walkon/domain/schemas';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { requireConnected } from './lightningLaneAccount.ts';
import { loadRides, requireZonedPark } from './parks.ts';

/**
 * Lightning Lane assist, the booking side (docs/spec/part-2.md §3–§5; docs/DESIGN.md §5): availability from the real live
 * RETURN_TIME / PAID_RETURN_TIME data, preferences, the auto-booking switch and bookings, through the simulated
 * `LightningLaneBooker` only — no real Lightning Lane is ever booked. Everything is per signed-in user and
 * stored server-side. The Disney link and the paid days are in lightningLaneAccount.ts.
 */

/**
 * A park's availability for the page (docs/spec/part-2.md §3): re-reads the park's live data when it is older than
 * 60 s (single-flight, like Live Wait Times), then builds it from `ride_status`.
 * @throws AppError NOT_FOUND for an unknown park.
 */
async function freshAvailability(deps: AppDeps, parkId: string): Promise<ParkAvailability> {
  const park = await requireZonedPark(deps, parkId);
  await loadRides(deps, park.id);
  const a = await loadAvailability(deps.db, park.id, deps.now());
  if (!a) throw new AppError('NOT_FOUND', 'Please select a theme park.');
  return a;
}

/** Lightning Lane availability of a park from the real live data, with its source and poll time. */
export async function availability(deps: AppDeps, parkId: string) {
  return freshAvailability(deps, parkId);
}

/** The user's preferences for a park → [{ attractionId, priority, windowStart, windowEnd, maxPrice (whole $) | null }]. */
export async function preferences(deps: AppDeps, user: SessionUser, parkId: string) {
  return (await lightningLane.listPreferences(deps.db, user.id, parkId)).map(preferenceView);
}

function preferenceView(p: Awaited<ReturnType<typeof lightningLane.listPreferences>>[number]) {
  return {
    attractionId: p.attractionId,
    parkId: p.parkId,
    priority: p.priority,
    windowStart: p.windowStart,
    windowEnd: p.windowEnd,
    maxPrice: p.maxPriceCents === null ? null : p.maxPriceCents / 100,
    maxPriceCents: p.maxPriceCents,
  };
}

/**
 * Saves a preference (docs/spec/part-2.md §3, §5): priority 1–10, window "HH:MM"–"HH:MM", optional max price in
 * whole dollars stored as cents. The attraction must belong to the park.
 * @throws AppError NOT_FOUND for an attraction not in the park.
 */
export async function savePreference(
  deps: AppDeps,
  user: SessionUser,
  input: { parkId: string; attractionId: string; priority: number; windowStart: string; windowEnd: string; maxPrice?: number | null },
) {
  if (!(await lightningLane.attractionInPark(deps.db, input.attractionId, input.parkId)))
    throw new AppError('NOT_FOUND', 'This attraction is not part of the selected park.');
  const row = await lightningLane.upsertPreference(deps.db, {
    userId: user.id,
    parkId: input.parkId,
    attractionId: input.attractionId,
    priority: input.priority,
    windowStart: input.windowStart,
    windowEnd: input.windowEnd,
    maxPriceCents: input.maxPrice == null ? null : input.maxPrice * 100,
    now: deps.now(),
  });
  return preferenceView(row);
}

/** Removes a preference → { removed }. */
export async function deletePreference(deps: AppDeps, user: SessionUser, attractionId: string) {
  return { removed: await lightningLane.deletePreference(deps.db, user.id, attractionId) };
}

/**
 * The auto-booking switch (docs/spec/part-2.md §2, §4), stored per user. Turning it on needs a connected account.
 * @throws AppError FORBIDDEN LL_MESSAGES.disneyAccountRequired.
 */
export async function setAutoBooking(deps: AppDeps, user: SessionUser, enabled: boolean) {
  if (enabled) await requireConnected(deps, user);
  await lightningLane.setAutoBooking(deps.db, user.id, enabled, deps.now());
  return { autoBooking: enabled };
}

/** A booking as the page shows it (docs/spec/part-2.md §3 "Lightning Lane booking"); `simulated` is always true today. */
function bookingView(b: lightningLane.Booking) {
  return {
    id: b.id,
    parkId: b.parkId,
    attractionId: b.attractionId,
    attractionName: b.attractionName,
    day: b.day,
    returnTimeStart: b.returnStart.toISOString(),
    returnTimeEnd: b.returnEnd?.toISOString() ?? null,
    priceCents: b.priceCents,
    bookingTime: b.bookedAt.toISOString(),
    status: b.status,
    booker: b.booker,
    simulated: b.booker === 'simulated',
    auto: b.auto,
    cancelledAt: b.cancelledAt?.toISOString() ?? null,
    userId: b.userId,
  };
}

/** The user's bookings (newest first, at most 200). */
export async function bookings(deps: AppDeps, user: SessionUser) {
  return (await lightningLane.listBookings(deps.db, user.id)).map(bookingView);
}

/**
 * Books a Lightning Lane by hand (docs/spec/part-2.md §4, §5) through the simulated booker. Requires a connected
 * Disney account, a Lightning Lane day for the park today, and the lane available right now in the live
 * data (re-read when older than 60 s).
 * @returns the booking (status confirmed: the simulated booker confirms every booking).
 * @throws AppError FORBIDDEN LL_MESSAGES.disneyAccountRequired / LL_MESSAGES.noDayToday; NOT_FOUND when the
 * attraction publishes no return time; CONFLICT when it is not available now or already booked today;
 * UNAVAILABLE when the booker fails.
 */
export async function book(deps: AppDeps, user: SessionUser, input: { parkId: string; attractionId: string }) {
  await requireConnected(deps, user);
  const park = await requireZonedPark(deps, input.parkId);
  const today = parkLocalDate(deps.now(), park.timezone);
  if (!(await lightningLane.hasPassDay(deps.db, user.id, park.id, today))) throw new AppError('FORBIDDEN', LL_MESSAGES.noDayToday);
  const a = await freshAvailability(deps, park.id);
  const lane = a.lanes.find((l) => l.id === input.attractionId);
  if (!lane) throw new AppError('NOT_FOUND', 'This attraction publishes no Lightning Lane return time in the live data.');
  if (!lane.available || !lane.returnTimeStart) throw new AppError('CONFLICT', unavailableMessage(lane, a));
  let result: BookLaneResult;
  try {
    result = await bookLane(
      { db: deps.db, booker, now: deps.now },
      { ...lane, returnTimeStart: lane.returnTimeStart },
      {
        userId: user.id,
        day: a.today,
        auto: false,
      },
    );
  } catch (err) {
    deps.logger.warn({ userId: user.id, attractionId: lane.id, err }, 'lightning lane booking failed');
    throw new AppError('UNAVAILABLE', 'The booking could not be made. Please try again.');
  }
  if (result.outcome === 'exists') throw new AppError('CONFLICT', `You already have a Lightning Lane for ${lane.name} today.`);
  return bookingView(result.booking);
}

function unavailableMessage(lane: LightningLaneAvailability, a: ParkAvailability): string {
  if (!a.fresh) return `The live data for ${a.parkName} is not fresh enough to book from. Please try again in a minute.`;
  const state = lane.state ? ` (live state: ${lane.state.replaceAll('_', ' ').toLowerCase()})` : '';
  return `No Lightning Lane return time is available for ${lane.name} right now${state}.`;
}

/**
 * Cancels one of the user's bookings (docs/spec/part-2.md §4: then cancelled).
 * @throws AppError NOT_FOUND for a booking that is not theirs; CONFLICT when already cancelled.
 */
export async function cancel(deps: AppDeps, user: SessionUser, bookingId: string) {
  const existing = await lightningLane.getBooking(deps.db, user.id, bookingId);
  if (!existing) throw new AppError('NOT_FOUND', 'Booking not found.');
  if (existing.status === 'cancelled') throw new AppError('CONFLICT', 'This booking is already cancelled.');
  await booker.cancel({ id: existing.id, attractionId: existing.attractionId });
  const row = await lightningLane.cancelBooking(deps.db, { userId: user.id, id: bookingId, now: deps.now() });
  if (!row) throw new AppError('CONFLICT', 'This booking is already cancelled.');
  return bookingView(row);
}
