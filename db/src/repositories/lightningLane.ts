import type { Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import { parkLocalToday } from '../sql.ts';
import type { DateOnly, GeneratedTimestamp, Timestamp } from '../types.ts';

/**
 * Lightning Lane assist (docs/spec/part-2.md §3, §4; docs/DESIGN.md §5): the Disney account link, the paid days,
 * preferences, the auto-booking switch, bookings, and the live return-time rows availability is built from.
 * Days are park-local 'YYYY-MM-DD'; money is integer cents; preference windows are park-local "HH:MM".
 */

// ---------------------------------------------------------------------------------------------------------
// Disney account link
// ---------------------------------------------------------------------------------------------------------

/** A Disney account link as repositories return it (camelCase). */
const linkColumns = [
  'user_id as userId',
  'disney_email as disneyEmail',
  'status',
  'invitation_sent_at as invitationSentAt',
  'expires_at as expiresAt',
  'confirmed_by as confirmedBy',
  'confirmed_at as confirmedAt',
  'last_sync as lastSync',
] as const;

/**
 * The user's Disney account link → { userId, disneyEmail, status, invitationSentAt, expiresAt, confirmedBy,
 * confirmedAt, lastSync }, or undefined when not connected and no invitation was recorded.
 */
export async function getLink(db: Executor, userId: string) {
  return db.selectFrom('disney_account_links').select(linkColumns).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Records (or re-records) an invitation for the user's Disney e-mail: status back to `pending`, the sent time
 * and expiry replaced, any earlier confirmation cleared. Returns the link (as `getLink`).
 */
export async function saveInvitation(db: Executor, inv: { userId: string; disneyEmail: string; sentAt: Date; expiresAt: Date }) {
  const values = {
    disney_email: inv.disneyEmail,
    status: 'pending' as const,
    invitation_sent_at: inv.sentAt,
    expires_at: inv.expiresAt,
    confirmed_by: null,
    confirmed_at: null,
    last_sync: null,
  };
  return db
    .insertInto('disney_account_links')
    .values({ user_id: inv.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .returning(linkColumns)
    .executeTakeFirstOrThrow();
}

/** Deletes the user's link (Disconnect). Returns whether one existed. */
export async function deleteLink(db: Executor, userId: string): Promise<boolean> {
  const r = await db.deleteFrom('disney_account_links').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * Every link (as `getLink`) with its account's `accountEmail` and `accountName` and the confirming admin's
 * `confirmedByEmail` (admin list): pending first, newest invitation first.
 */
export async function listLinks(db: Executor) {
  return db
    .selectFrom('disney_account_links as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .leftJoin('users as c', 'c.id', 'l.confirmed_by')
    .select(linkColumns.map((c) => `l.${c}` as const))
    .select(['u.email as accountEmail', 'u.full_name as accountName', 'c.email as confirmedByEmail'])
    .orderBy(sql`case when l.status = 'pending' then 0 else 1 end`)
    .orderBy('l.invitation_sent_at', 'desc')
    .execute();
}

/**
 * Marks a pending, unexpired invitation connected (an operator accepted it in Disney's Friends & Family list).
 * Returns the link (as `getLink`), or undefined when there is no pending link or it expired at `now`.
 */
export async function confirmLink(db: Executor, c: { userId: string; byUserId: string; now: Date }) {
  return db
    .updateTable('disney_account_links')
    .set({ status: 'connected', confirmed_by: c.byUserId, confirmed_at: c.now, last_sync: c.now })
    .where('user_id', '=', c.userId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', c.now)
    .returning(linkColumns)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------------------
// Paid days ($5/day, docs/spec/part-2.md §9)
// ---------------------------------------------------------------------------------------------------------

/** Grants Lightning Lane days (idempotent per user, park and day). Returns how many were new. */
export async function grantPasses(
  db: Executor,
  g: { userId: string; parkId: string; days: string[]; checkoutSessionId: string },
): Promise<number> {
  if (g.days.length === 0) return 0;
  const r = await db
    .insertInto('lightning_lane_passes')
    .values(g.days.map((day) => ({ user_id: g.userId, park_id: g.parkId, day, checkout_session_id: g.checkoutSessionId })))
    .onConflict((oc) => oc.columns(['user_id', 'park_id', 'day']).doNothing())
    .returning('day')
    .execute();
  return r.length;
}

/**
 * The user's Lightning Lane days on or after each park's park-local today at `now` → { parkId, parkName,
 * timezone, day, isToday }, by park name then day.
 */
export async function upcomingPasses(db: Executor, userId: string, now: Date) {
  return db
    .selectFrom('lightning_lane_passes as ll')
    .innerJoin('parks as p', 'p.id', 'll.park_id')
    .select(['ll.park_id as parkId', 'p.name as parkName', 'p.timezone', 'll.day'])
    .select(sql<boolean>`ll.day = ${parkLocalToday(now)}`.as('isToday'))
    .where('ll.user_id', '=', userId)
    .where(sql<boolean>`ll.day >= ${parkLocalToday(now)}`)
    .orderBy('p.name')
    .orderBy('ll.day')
    .execute();
}

/** Whether the user holds a Lightning Lane day for the park on `day`. */
export async function hasPassDay(db: Executor, userId: string, parkId: string, day: string): Promise<boolean> {
  const r = await db
    .selectFrom('lightning_lane_passes')
    .select('day')
    .where('user_id', '=', userId)
    .where('park_id', '=', parkId)
    .where('day', '=', day)
    .executeTakeFirst();
  return r !== undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Live return-time data (written by the 60-s poller, docs/DESIGN.md §2.2)
// ---------------------------------------------------------------------------------------------------------

/**
 * The park's entities whose stored live `queue` holds a RETURN_TIME or PAID_RETURN_TIME entry → { id, name,
 * entityType, parkId, status, queue (raw), lastUpdated (upstream), polledAt (ours) }, by name.
 */
export async function liveReturnQueues(db: Executor, parkId: string) {
  return db
    .selectFrom('ride_status as r')
    .innerJoin('attractions as a', 'a.id', 'r.attraction_id')
    .select([
      'a.id',
      'a.name',
      'a.entity_type as entityType',
      'r.park_id as parkId',
      'r.status',
      'r.queue',
      'r.last_updated as lastUpdated',
      'r.polled_at as polledAt',
    ])
    .where('r.park_id', '=', parkId)
    .where(sql<boolean>`(r.queue ? 'RETURN_TIME' or r.queue ? 'PAID_RETURN_TIME')`)
    .orderBy('a.name')
    .orderBy('a.id')
    .execute();
}

// ---------------------------------------------------------------------------------------------------------
// Preferences and the auto-booking switch
// ---------------------------------------------------------------------------------------------------------

/** A booking preference as repositories return it (camelCase; window park-local "HH:MM", price in cents). */
const preferenceColumns = [
  'user_id as userId',
  'attraction_id as attractionId',
  'park_id as parkId',
  'priority',
  'window_start as windowStart',
  'window_end as windowEnd',
  'max_price_cents as maxPriceCents',
  'updated_at as updatedAt',
] as const;

/**
 * The user's booking preferences → { userId, attractionId, parkId, priority, windowStart, windowEnd,
 * maxPriceCents, updatedAt }, optionally for one park, highest priority first, then attraction id.
 */
export async function listPreferences(db: Executor, userId: string, parkId?: string) {
  let q = db.selectFrom('lightning_lane_preferences').select(preferenceColumns).where('user_id', '=', userId);
  if (parkId) q = q.where('park_id', '=', parkId);
  return q.orderBy('priority', 'desc').orderBy('attraction_id').execute();
}

/** Creates or replaces the user's preference for an attraction. Returns it (as `listPreferences`). */
export async function upsertPreference(
  db: Executor,
  p: {
    userId: string;
    parkId: string;
    attractionId: string;
    priority: number;
    windowStart: string;
    windowEnd: string;
    maxPriceCents: number | null;
    now: Date;
  },
) {
  const values = {
    park_id: p.parkId,
    priority: p.priority,
    window_start: p.windowStart,
    window_end: p.windowEnd,
    max_price_cents: p.maxPriceCents,
    updated_at: p.now,
  };
  return db
    .insertInto('lightning_lane_preferences')
    .values({ user_id: p.userId, attraction_id: p.attractionId, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'attraction_id']).doUpdateSet(values))
    .returning(preferenceColumns)
    .executeTakeFirstOrThrow();
}

/** Whether the attraction belongs to the park (catalogue). */
export async function attractionInPark(db: Executor, attractionId: string, parkId: string): Promise<boolean> {
  const r = await db.selectFrom('attractions').select('id').where('id', '=', attractionId).where('park_id', '=', parkId).executeTakeFirst();
  return r !== undefined;
}

/** Deletes the user's preference for an attraction. Returns whether it existed. */
export async function deletePreference(db: Executor, userId: string, attractionId: string): Promise<boolean> {
  const r = await db
    .deleteFrom('lightning_lane_preferences')
    .where('user_id', '=', userId)
    .where('attraction_id', '=', attractionId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Whether auto-booking is on for the user (off when never set). */
export async function autoBookingEnabled(db: Executor, userId: string): Promise<boolean> {
  const r = await db.selectFrom('lightning_lane_settings').select('auto_booking').where('user_id', '=', userId).executeTakeFirst();
  return r?.auto_booking ?? false;
}

/** Turns auto-booking on or off for the user. */
export async function setAutoBooking(db: Executor, userId: string, on: boolean, now: Date): Promise<void> {
  await db
    .insertInto('lightning_lane_settings')
    .values({ user_id: userId, auto_booking: on, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ auto_booking: on, updated_at: now }))
    .execute();
}

/**
 * Users for whom auto-booking should run on the park at `now` (docs/spec/part-2.md §4): auto-booking on, a connected
 * Disney link and a Lightning Lane day for the park's park-local today → { userId, timezone, day, isAdmin,
 * hasGrant }: whether they are an admin and hold an early-access grant, so the caller can apply the feature gate.
 */
export async function autoBookingUsers(db: Executor, parkId: string, now: Date) {
  return db
    .selectFrom('lightning_lane_settings as s')
    .innerJoin('disney_account_links as l', 'l.user_id', 's.user_id')
    .innerJoin('lightning_lane_passes as ll', 'll.user_id', 's.user_id')
    .innerJoin('parks as p', 'p.id', 'll.park_id')
    .select(['s.user_id as userId', 'p.timezone'])
    .select(sql<string>`to_char(ll.day, 'YYYY-MM-DD')`.as('day'))
    .select(sql<boolean>`exists (select 1 from user_roles ur where ur.user_id = s.user_id and ur.role = 'admin')`.as('isAdmin'))
    .select(
      sql<boolean>`exists (select 1 from feature_access_grants g where g.user_id = s.user_id and g.feature_key = 'lightning_lane')`.as(
        'hasGrant',
      ),
    )
    .where('s.auto_booking', '=', true)
    .where('l.status', '=', 'connected')
    .where('ll.park_id', '=', parkId)
    .where(sql<boolean>`ll.day = ${parkLocalToday(now)}`)
    .orderBy('s.user_id')
    .execute();
}

// ---------------------------------------------------------------------------------------------------------
// Bookings
// ---------------------------------------------------------------------------------------------------------

/** A booking as repositories return it (camelCase; day park-local, price in cents). */
const bookingColumns = [
  'id',
  'user_id as userId',
  'park_id as parkId',
  'attraction_id as attractionId',
  'attraction_name as attractionName',
  'day',
  'return_start as returnStart',
  'return_end as returnEnd',
  'price_cents as priceCents',
  'status',
  'booker',
  'auto',
  'booked_at as bookedAt',
  'cancelled_at as cancelledAt',
] as const;

/** A booking row (`bookingColumns`) as the booking functions return it. */
export type Booking = NonNullable<Awaited<ReturnType<typeof getBooking>>>;

/** What a booking records. */
export interface BookingInput {
  userId: string;
  parkId: string;
  attractionId: string;
  attractionName: string;
  /** Park-local day of the return time. */
  day: string;
  returnStart: Date;
  returnEnd: Date | null;
  priceCents: number | null;
  booker: string;
  auto: boolean;
  now: Date;
}

/**
 * Claims the (user, attraction, day) slot with a `pending` row; the partial unique index
 * `lightning_lane_bookings_live_uq` lets only one live (non-cancelled) booking exist, so of racing callers
 * (a click and the auto-booking job) one wins. Returns the booking, or undefined when a live booking exists.
 */
export async function claimBooking(db: Executor, b: BookingInput) {
  return db
    .insertInto('lightning_lane_bookings')
    .values({
      user_id: b.userId,
      park_id: b.parkId,
      attraction_id: b.attractionId,
      attraction_name: b.attractionName,
      day: b.day,
      return_start: b.returnStart,
      return_end: b.returnEnd,
      price_cents: b.priceCents,
      status: 'pending',
      booker: b.booker,
      auto: b.auto,
      booked_at: b.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'attraction_id', 'day']).where('status', '<>', 'cancelled').doNothing())
    .returning(bookingColumns)
    .executeTakeFirst();
}

/** Sets a booking's status (the booker's answer). Returns the booking. */
export async function setBookingStatus(db: Executor, id: string, status: LightningLaneBookingStatus, now: Date) {
  return db
    .updateTable('lightning_lane_bookings')
    .set({ status, cancelled_at: status === 'cancelled' ? now : null })
    .where('id', '=', id)
    .returning(bookingColumns)
    .executeTakeFirstOrThrow();
}

/** Removes a claim the booker refused (so the slot is free again). */
export async function deleteBooking(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('lightning_lane_bookings').where('id', '=', id).execute();
}

/** One of the user's bookings, or undefined. */
export async function getBooking(db: Executor, userId: string, id: string) {
  return db
    .selectFrom('lightning_lane_bookings')
    .select(bookingColumns)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user's bookings on or after `fromDay` (all when omitted), newest return first. */
export async function listBookings(db: Executor, userId: string, fromDay?: string) {
  let q = db.selectFrom('lightning_lane_bookings').select(bookingColumns).where('user_id', '=', userId);
  if (fromDay) q = q.where('day', '>=', fromDay);
  return q.orderBy('day', 'desc').orderBy('return_start', 'desc').orderBy('booked_at', 'desc').limit(200).execute();
}

/** The user's bookings (every status) at a park on one day → { id, attractionId, day, status }, for the auto-booking choice. */
export async function bookingsOnDay(db: Executor, userId: string, parkId: string, day: string) {
  return db
    .selectFrom('lightning_lane_bookings')
    .select(['id', 'attraction_id as attractionId', 'day', 'status'])
    .where('user_id', '=', userId)
    .where('park_id', '=', parkId)
    .where('day', '=', day)
    .execute();
}

/** Cancels one of the user's live bookings. Returns the booking, or undefined when missing or already cancelled. */
export async function cancelBooking(db: Executor, c: { userId: string; id: string; now: Date }) {
  return db
    .updateTable('lightning_lane_bookings')
    .set({ status: 'cancelled', cancelled_at: c.now })
    .where('id', '=', c.id)
    .where('user_id', '=', c.userId)
    .where('status', '<>', 'cancelled')
    .returning(bookingColumns)
    .executeTakeFirst();
}

type DisneyLinkStatus = 'pending' | 'connected';

/** The Disney account link of Lightning Lane assist (docs/spec/part-2.md §3): an invitation an operator confirms. */
export interface DisneyAccountLinksTable {
  user_id: string;
  disney_email: string;
  status: Generated<DisneyLinkStatus>;
  invitation_sent_at: Timestamp;
  expires_at: Timestamp;
  confirmed_by: string | null;
  confirmed_at: Timestamp | null;
  last_sync: Timestamp | null;
}

/** One park-local day of Lightning Lane assist a user paid for ($5/day, docs/spec/part-2.md §9). */
export interface LightningLanePassesTable {
  user_id: string;
  park_id: string;
  day: DateOnly;
  checkout_session_id: string;
  created_at: GeneratedTimestamp;
}

/** A booking preference (docs/spec/part-2.md §3): priority 1–10, park-local window "HH:MM", optional max price in cents. */
export interface LightningLanePreferencesTable {
  user_id: string;
  attraction_id: string;
  park_id: string;
  priority: Generated<number>;
  window_start: Generated<string>;
  window_end: Generated<string>;
  max_price_cents: number | null;
  updated_at: GeneratedTimestamp;
}

export interface LightningLaneSettingsTable {
  user_id: string;
  auto_booking: Generated<boolean>;
  updated_at: GeneratedTimestamp;
}

type LightningLaneBookingStatus = 'confirmed' | 'pending' | 'cancelled';

/** A Lightning Lane booking made through a `LightningLaneBooker` (only a simulated one exists, docs/DESIGN.md §5). */
export interface LightningLaneBookingsTable {
  id: Generated<string>;
  user_id: string;
  park_id: string;
  attraction_id: string;
  attraction_name: string;
  /** Park-local day of the return time. */
  day: DateOnly;
  return_start: Timestamp;
  return_end: Timestamp | null;
  price_cents: number | null;
  status: LightningLaneBookingStatus;
  /** Which booker made it: 'simulated'. */
  booker: Generated<string>;
  auto: Generated<boolean>;
  booked_at: GeneratedTimestamp;
  cancelled_at: Timestamp | null;
}
