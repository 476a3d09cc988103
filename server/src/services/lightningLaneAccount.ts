import { booker } from '@walkon/core';
import { lightningLane, payments } from '@walkon/db';
import { parkLocalDate } from '@walkon/domain/dates';
import { INVITATION_TTL_HOURS } from '@walkon/domain/rules/lightningLane';
import { LL_MESSAGES } from '@walkon/domain/schemas';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { confirmCheckout as confirmAnyCheckout, createLightningLaneCheckout } from './checkout/index.ts';
import { requireZonedPark } from './parks.ts';

/**
 * Lightning Lane assist, the account side (docs/spec/part-2.md §2–§4, §7, §9; docs/DESIGN.md §5, §6): the Disney account link
 * (an invitation an operator confirms in /admin — no public Disney API exists), the paid days and the page's
 * state. Availability, preferences and bookings are in lightningLane.ts.
 */

/** An invitation is open for 24 hours (our choice; the spec shows a countdown but gives no duration). */
export const INVITATION_TTL_MS = INVITATION_TTL_HOURS * 3_600_000;

type LinkRow = NonNullable<Awaited<ReturnType<typeof lightningLane.getLink>>>;

/** The spec's "Disney account link" (docs/spec/part-2.md §3) as the page shows it; ISO instants. */
function linkView(row: LinkRow, now: Date) {
  const connected = row.status === 'connected';
  return {
    email: row.disneyEmail,
    isConnected: connected,
    invitationStatus: row.status,
    invitationSentAt: row.invitationSentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    /** A pending invitation past its expiry ('Expired' in the UI). */
    expired: !connected && row.expiresAt.getTime() <= now.getTime(),
    lastSync: row.lastSync?.toISOString() ?? null,
  };
}

/**
 * check-disney-connection (docs/spec/part-2.md §7) and everything the page needs to pick its step: the link (or
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
    passes: passes.map((p) => ({ parkId: p.parkId, parkName: p.parkName, day: p.day, isToday: p.isToday })),
    booker: booker.kind,
  };
}

/**
 * send-disney-invitation (docs/spec/part-2.md §7, step 1): records an invitation for the Disney e-mail, sent now and
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
    message: `Invitation recorded for ${row.disneyEmail}. Our team will confirm the connection within ${INVITATION_TTL_HOURS} hours.`,
    invitation: { invitation_sent_at: row.invitationSentAt.toISOString(), expires_at: row.expiresAt.toISOString() },
    disneyAccount: linkView(row, now),
  };
}

/** Disconnect: deletes the user's link (docs/spec/part-2.md §4 "disconnect resets it"). → { disconnected } */
export async function disconnect(deps: AppDeps, user: SessionUser) {
  return { disconnected: await lightningLane.deleteLink(deps.db, user.id) };
}

/**
 * check-lightning-lane-subscription (docs/spec/part-2.md §7) for one park: subscribed when the user holds a day for
 * the park on or after its park-local today. → { subscribed, days, subscriptionEnd (last day or null), today }
 * @throws AppError NOT_FOUND for an unknown park.
 */
export async function subscription(deps: AppDeps, user: SessionUser, parkId: string) {
  const park = await requireZonedPark(deps, parkId);
  const now = deps.now();
  const days = (await lightningLane.upcomingPasses(deps.db, user.id, now)).filter((p) => p.parkId === park.id).map((p) => p.day);
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
 * create-lightning-lane-subscription (docs/spec/part-2.md §7, step 2): a Stripe checkout for Lightning Lane days
 * ($5/day) — see checkout.createLightningLaneCheckout. Needs an invitation (pending and unexpired, or
 * connected) first.
 * @throws AppError FORBIDDEN LL_MESSAGES.invitationFirst; see createLightningLaneCheckout.
 */
export async function createCheckout(deps: AppDeps, user: SessionUser, input: { parkId: string; dates: string[] }) {
  const link = await lightningLane.getLink(deps.db, user.id);
  if (!link || (link.status !== 'connected' && link.expiresAt.getTime() <= deps.now().getTime())) {
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
  if (rec?.product !== 'lightning_lane' || rec.userId !== user.id) throw new AppError('NOT_FOUND', 'We could not find this payment.');
  const o = await confirmAnyCheckout(deps, sessionId);
  return { status: o.status, parkId: o.parkId, parkName: o.parkName, days: o.days, amountCents: o.amountCents };
}

/** @throws AppError FORBIDDEN LL_MESSAGES.disneyAccountRequired unless the user's Disney account is connected. */
export async function requireConnected(deps: AppDeps, user: SessionUser) {
  const link = await lightningLane.getLink(deps.db, user.id);
  if (link?.status !== 'connected') throw new AppError('FORBIDDEN', LL_MESSAGES.disneyAccountRequired);
}

/** Admin: every Disney account link, pending first → [{ userId, accountEmail, accountName, email, status, … }]. */
export async function adminLinks(deps: AppDeps) {
  const now = deps.now();
  return (await lightningLane.listLinks(deps.db)).map((r) => ({
    userId: r.userId,
    accountEmail: r.accountEmail,
    accountName: r.accountName,
    ...linkView(r, now),
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
    confirmedByEmail: r.confirmedByEmail,
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
