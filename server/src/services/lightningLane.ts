import { lightningLane, payments } from '@walkon/db';
import { parkLocalDate } from '@walkon/domain/dates';
import { INVITATION_TTL_HOURS } from '@walkon/domain/rules/lightningLane';
import { LL_MESSAGES } from '@walkon/domain/schemas';
import type { SessionUser } from '../auth/session.ts';
import { AppError } from '../errors.ts';
import type { AppDeps } from '../trpc/init.ts';
import { loadRides, requireZonedPark } from './alerts.ts';
import { confirmCheckout as confirmAnyCheckout, createLightningLaneCheckout } from './checkout.ts';
import { booker, bookLaneNow, type LightningLaneAvailability, laneAvailability, type ParkAvailability } from './upstream.ts';

/**
 * Lightning Lane assist (issue 6; spec part 2 §2–§5, §7–§9; DESIGN §5, §6). Everything is per signed-in user
 * and stored server-side. The Disney link is an invitation an operator confirms in /admin (no public Disney
 * API exists); availability is the real live RETURN_TIME / PAID_RETURN_TIME data; bookings go through the
 * simulated `LightningLaneBooker` only — no real Lightning Lane is ever booked.
 */

/** An invitation is open for 24 hours (our choice; the spec shows a countdown but gives no duration). */
export const INVITATION_TTL_MS = INVITATION_TTL_HOURS * 3_600_000;

type LinkRow = NonNullable<Awaited<ReturnType<typeof lightningLane.getLink>>>;

/** The spec's "Disney account link" (part 2 §3) as the page shows it; ISO instants. */
function linkView(row: LinkRow, now: Date) {
  const connected = row.status === 'connected';
  return {
    email: row.disney_email,
    isConnected: connected,
    invitationStatus: row.status,
    invitationSentAt: row.invitation_sent_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    /** A pending invitation past its expiry ('Expired' in the UI). */
    expired: !connected && row.expires_at.getTime() <= now.getTime(),
    lastSync: row.last_sync?.toISOString() ?? null,
  };
}

/**
 * check-disney-connection (spec part 2 §7) and everything the page needs to pick its step: the link (or
 * null), the auto-booking switch, the user's Lightning Lane days from today on, and the booker's kind.
 */
export async function status(deps: AppDeps, user: SessionUser) {
  const now = deps.now();
  const [link, autoBooking, passes] = await Promise.all([
    lightningLane.getLink(deps.db, user.id),
    lightningLane.autoBookingEnabled(deps.db, user.id),
    lightningLane.upcomingPasses(deps.db, user.id, now),
  ]);
  return {
    disneyAccount: link ? linkView(link, now) : null,
    isConnected: link?.status === 'connected',
    autoBooking,
    passes: passes.map((p) => ({ parkId: p.park_id, parkName: p.park_name, day: p.day, isToday: p.is_today })),
    booker: booker.kind,
  };
}

/**
 * send-disney-invitation (spec part 2 §7, step 1): records an invitation for the Disney e-mail, sent now and
 * expiring in 24 hours, status pending. No e-mail is sent to Disney or anyone (there is no public Disney API):
 * an operator adds the account to the Friends & Family list and confirms it in /admin. Sending again
 * replaces a pending or expired invitation.
 * @returns `{ success, message, invitation: { invitation_sent_at, expires_at } }` (the spec's response).
 * @throws AppError CONFLICT when the account is already connected.
 */
export async function connect(deps: AppDeps, user: SessionUser, input: { disneyEmail: string }) {
  const existing = await lightningLane.getLink(deps.db, user.id);
  if (existing?.status === 'connected') {
    throw new AppError('CONFLICT', 'Your Disney account is already connected. Disconnect it first to use another one.');
  }
  const now = deps.now();
  const row = await lightningLane.saveInvitation(deps.db, {
    userId: user.id,
    disneyEmail: input.disneyEmail,
    sentAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
  });
  return {
    success: true,
    message: `Invitation recorded for ${row.disney_email}. Our team will confirm the connection within ${INVITATION_TTL_HOURS} hours.`,
    invitation: { invitation_sent_at: row.invitation_sent_at.toISOString(), expires_at: row.expires_at.toISOString() },
    disneyAccount: linkView(row, now),
  };
}

/** Disconnect: deletes the user's link (spec part 2 §4 "disconnect resets it"). → { disconnected } */
export async function disconnect(deps: AppDeps, user: SessionUser) {
  return { disconnected: await lightningLane.deleteLink(deps.db, user.id) };
}

/**
 * check-lightning-lane-subscription (spec part 2 §7) for one park: subscribed when the user holds a day for
 * the park on or after its park-local today. → { subscribed, days, subscriptionEnd (last day or null), today }
 * @throws AppError NOT_FOUND for an unknown park.
 */
export async function subscription(deps: AppDeps, user: SessionUser, parkId: string) {
  const park = await requireZonedPark(deps, parkId);
  const now = deps.now();
  const days = (await lightningLane.upcomingPasses(deps.db, user.id, now)).filter((p) => p.park_id === park.id).map((p) => p.day);
  const today = parkLocalDate(now, park.timezone);
  return {
    parkId: park.id,
    parkName: park.name,
    subscribed: days.length > 0,
    activeToday: days[0] === today,
    days,
    subscriptionEnd: days.at(-1) ?? null,
    today,
  };
}

/**
 * create-lightning-lane-subscription (spec part 2 §7, step 2): a Stripe checkout for Lightning Lane days
 * ($5/day) — see checkout.createLightningLaneCheckout. Needs an invitation (pending and unexpired, or
 * connected) first.
 * @throws AppError FORBIDDEN LL_MESSAGES.invitationFirst; see createLightningLaneCheckout.
 */
export async function createCheckout(deps: AppDeps, user: SessionUser, input: { parkId: string; dates: string[] }) {
  const link = await lightningLane.getLink(deps.db, user.id);
  if (!link || (link.status !== 'connected' && link.expires_at.getTime() <= deps.now().getTime())) {
    throw new AppError('FORBIDDEN', LL_MESSAGES.invitationFirst);
  }
  return createLightningLaneCheckout(deps, user, input);
}

/**
 * The payment return of step 2: fulfils the user's Lightning Lane checkout once (same claim as the webhook)
 * → { status: fulfilled | pending | expired, parkId, parkName, days, amountCents }.
 * @throws AppError NOT_FOUND when the session is not this user's Lightning Lane checkout.
 */
export async function confirmCheckout(deps: AppDeps, user: SessionUser, sessionId: string) {
  const rec = await payments.getCheckout(deps.db, sessionId);
  if (rec?.product !== 'lightning_lane' || rec.user_id !== user.id) throw new AppError('NOT_FOUND', 'We could not find this payment.');
  const o = await confirmAnyCheckout(deps, sessionId);
  return { status: o.status, parkId: o.parkId, parkName: o.parkName, days: o.days, amountCents: o.amountCents };
}

/**
 * A park's availability for the page (spec part 2 §3): re-reads the park's live data when it is older than
 * 60 s (single-flight, like Live Wait Times), then builds it from `ride_status`.
 * @throws AppError NOT_FOUND for an unknown park.
 */
async function freshAvailability(deps: AppDeps, parkId: string): Promise<ParkAvailability> {
  const park = await requireZonedPark(deps, parkId);
  await loadRides(deps, park.id);
  const a = await laneAvailability(deps, park.id);
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
    attractionId: p.attraction_id,
    parkId: p.park_id,
    priority: p.priority,
    windowStart: p.window_start,
    windowEnd: p.window_end,
    maxPrice: p.max_price_cents === null ? null : p.max_price_cents / 100,
    maxPriceCents: p.max_price_cents,
  };
}

/**
 * Saves a preference (spec part 2 §3, §5): priority 1–10, window "HH:MM"–"HH:MM", optional max price in
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
 * The auto-booking switch (spec part 2 §2, §4), stored per user. Turning it on needs a connected account.
 * @throws AppError FORBIDDEN LL_MESSAGES.disneyAccountRequired.
 */
export async function setAutoBooking(deps: AppDeps, user: SessionUser, enabled: boolean) {
  if (enabled) await requireConnected(deps, user);
  await lightningLane.setAutoBooking(deps.db, user.id, enabled, deps.now());
  return { autoBooking: enabled };
}

async function requireConnected(deps: AppDeps, user: SessionUser) {
  const link = await lightningLane.getLink(deps.db, user.id);
  if (link?.status !== 'connected') throw new AppError('FORBIDDEN', LL_MESSAGES.disneyAccountRequired);
}

type BookingRow = Awaited<ReturnType<typeof lightningLane.listBookings>>[number];

/** A booking as the page shows it (spec part 2 §3 "Lightning Lane booking"); `simulated` is always true today. */
function bookingView(b: BookingRow) {
  return {
    id: b.id,
    parkId: b.park_id,
    attractionId: b.attraction_id,
    attractionName: b.attraction_name,
    day: b.day,
    returnTimeStart: b.return_start.toISOString(),
    returnTimeEnd: b.return_end?.toISOString() ?? null,
    priceCents: b.price_cents,
    bookingTime: b.booked_at.toISOString(),
    status: b.status,
    booker: b.booker,
    simulated: b.booker === 'simulated',
    auto: b.auto,
    cancelledAt: b.cancelled_at?.toISOString() ?? null,
    userId: b.user_id,
  };
}

/** The user's bookings (newest first, at most 200). */
export async function bookings(deps: AppDeps, user: SessionUser) {
  return (await lightningLane.listBookings(deps.db, user.id)).map(bookingView);
}

/**
 * Books a Lightning Lane by hand (spec part 2 §4, §5) through the simulated booker. Requires a connected
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
  let result: Awaited<ReturnType<typeof bookLaneNow>>;
  try {
    result = await bookLaneNow(
      deps,
      { ...lane, returnTimeStart: lane.returnTimeStart },
      {
        userId: user.id,
        day: a.today,
        auto: false,
      },
    );
  } catch (err) {
    deps.logger.warn({ userId: user.id, attractionId: lane.id, err: (err as Error).message }, 'lightning lane booking failed');
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
 * Cancels one of the user's bookings (spec part 2 §4: then cancelled).
 * @throws AppError NOT_FOUND for a booking that is not theirs; CONFLICT when already cancelled.
 */
export async function cancel(deps: AppDeps, user: SessionUser, bookingId: string) {
  const existing = await lightningLane.getBooking(deps.db, user.id, bookingId);
  if (!existing) throw new AppError('NOT_FOUND', 'Booking not found.');
  if (existing.status === 'cancelled') throw new AppError('CONFLICT', 'This booking is already cancelled.');
  await booker.cancel({ id: existing.id, attractionId: existing.attraction_id });
  const row = await lightningLane.cancelBooking(deps.db, { userId: user.id, id: bookingId, now: deps.now() });
  if (!row) throw new AppError('CONFLICT', 'This booking is already cancelled.');
  return bookingView(row);
}

/** Admin: every Disney account link, pending first → [{ userId, accountEmail, accountName, email, status, … }]. */
export async function adminLinks(deps: AppDeps) {
  const now = deps.now();
  return (await lightningLane.listLinks(deps.db)).map((r) => ({
    userId: r.user_id,
    accountEmail: r.account_email,
    accountName: r.account_name,
    ...linkView(r, now),
    confirmedAt: r.confirmed_at?.toISOString() ?? null,
    confirmedByEmail: r.confirmed_by_email,
  }));
}

/**
 * Admin: marks a pending, unexpired invitation connected — after adding the Disney account to the Friends &
 * Family list by hand (no public Disney API can do it).
 * @throws AppError NOT_FOUND when the user has no link; CONFLICT when already connected or expired.
 */
export async function adminConfirm(deps: AppDeps, admin: SessionUser, userId: string) {
  const now = deps.now();
  const row = await lightningLane.confirmLink(deps.db, { userId, byUserId: admin.id, now });
  if (row) return linkView(row, now);
  const link = await lightningLane.getLink(deps.db, userId);
  if (!link) throw new AppError('NOT_FOUND', 'This account has no Disney invitation.');
  if (link.status === 'connected') throw new AppError('CONFLICT', 'This Disney account is already connected.');
  throw new AppError('CONFLICT', 'This invitation expired. Ask the user to send a new one.');
}
