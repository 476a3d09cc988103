import type { ColumnType, Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import { parkLocalToday } from '../sql.ts';
import type { DateOnly, GeneratedTimestamp, Timestamp } from '../types.ts';
import type { ClaimedDelivery } from './deliveries.ts';

/** What a new restaurant alert holds (docs/spec/part-2.md §3 "Restaurant alert"; validated by the server first). */
export interface NewRestaurantAlert {
  userId: string;
  email: string;
  parkId: string;
  restaurantId: string;
  restaurantName: string;
  /** Park-local 'YYYY-MM-DD' dates, 1–60 of them (duplicates are removed, stored sorted). */
  dates: string[];
  /** 1–20 (docs/spec/part-2.md §9). */
  partySize: number;
  preferredTime: PreferredMeal;
}

/** A restaurant alert as its owner sees it (docs/spec/part-2.md §2 Manage Restaurant Alerts). */
export interface RestaurantAlertView {
  id: string;
  email: string;
  parkId: string;
  parkName: string | null;
  restaurantId: string;
  restaurantName: string;
  active: boolean;
  /** Sorted park-local dates. */
  dates: string[];
  partySize: number;
  preferredTime: PreferredMeal;
  createdAt: Date;
}

const viewColumns = [
  'ra.id',
  'ra.email',
  'ra.park_id as parkId',
  'p.name as parkName',
  'ra.restaurant_id as restaurantId',
  'ra.restaurant_name as restaurantName',
  'ra.active',
  'ra.dates',
  'ra.party_size as partySize',
  'ra.preferred_time as preferredTime',
  'ra.created_at as createdAt',
] as const;

/**
 * Stores a restaurant alert, created active (docs/spec/part-2.md §4); `last_date` is the latest date (the expiry sweep
 * ends the alert after it). `phone` of the spec is not stored (it only repeated the e-mail).
 * @returns the new alert.
 */
export async function create(db: Executor, a: NewRestaurantAlert): Promise<RestaurantAlertView> {
  const dates = [...new Set(a.dates)].sort();
  const { id } = await db
    .insertInto('restaurant_alerts')
    .values({
      user_id: a.userId,
      email: a.email,
      park_id: a.parkId,
      restaurant_id: a.restaurantId,
      restaurant_name: a.restaurantName,
      dates,
      last_date: dates[dates.length - 1]!,
      party_size: a.partySize,
      preferred_time: a.preferredTime,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await getOwned(db, id, a.userId))!;
}

/** One alert of `userId`, or undefined (also when it belongs to someone else). */
export async function getOwned(db: Executor, id: string, userId: string): Promise<RestaurantAlertView | undefined> {
  return db
    .selectFrom('restaurant_alerts as ra')
    .leftJoin('parks as p', 'p.id', 'ra.park_id')
    .select(viewColumns)
    .where('ra.id', '=', id)
    .where('ra.user_id', '=', userId)
    .executeTakeFirst();
}

/** A user's alerts, active first, newest first (docs/spec/part-2.md §7 "GET … newest first"; inactive ones show as Pending). */
export async function listByUser(db: Executor, userId: string): Promise<RestaurantAlertView[]> {
  return db
    .selectFrom('restaurant_alerts as ra')
    .leftJoin('parks as p', 'p.id', 'ra.park_id')
    .select(viewColumns)
    .where('ra.user_id', '=', userId)
    .orderBy('ra.active', 'desc')
    .orderBy('ra.created_at', 'desc')
    .orderBy('ra.id')
    .limit(200)
    .execute();
}

/** Deletes an alert only when `userId` owns it (docs/DESIGN.md §6 ownership). @returns whether a row was deleted. */
export async function deleteOwned(db: Executor, id: string, userId: string): Promise<boolean> {
  const r = await db.deleteFrom('restaurant_alerts').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * Expiry: deactivates active alerts whose last date is before the park-local today of their park at `now`
 * (docs/rules.md R39 "expires alerts after their last date"). @returns how many were deactivated.
 */
export async function expirePast(db: Executor, now: Date): Promise<number> {
  const r = await sql`
    update restaurant_alerts ra set active = false
    from parks p
    where p.id = ra.park_id and ra.active and ra.last_date < ${parkLocalToday(now)}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** An active alert as the restaurant check reads it. */
export interface AlertToCheck {
  id: string;
  email: string;
  parkId: string;
  parkName: string;
  /** IANA zone of the park, null until known. */
  timezone: string | null;
  restaurantId: string;
  restaurantName: string;
  partySize: number;
  preferredTime: PreferredMeal;
  /** The alert's dates from the park-local today on (restricted to `onlyDates` when given), sorted. */
  dates: string[];
  lastCheckedAt: Date | null;
  /** The owner's standing at the `restaurant_alerts` gate (the check mails only owners it lets in). */
  ownerIsAdmin: boolean;
  ownerHasGrant: boolean;
}

/**
 * Active alerts with their dates still to come (park-local today or later at `now`), oldest first. With
 * `onlyDates`, only those dates are returned (the admin's manual test of docs/spec/part-2.md §7). Alerts left with
 * no date are omitted.
 */
export async function activeForCheck(db: Executor, now: Date, onlyDates?: string[]): Promise<AlertToCheck[]> {
  const filter = onlyDates && onlyDates.length > 0 ? sql`and d = any(${onlyDates}::date[])` : sql``;
  const { rows } = await sql<AlertToCheck>`
    select ra.id, ra.email, ra.park_id as "parkId", p.name as "parkName", p.timezone,
           ra.restaurant_id as "restaurantId", ra.restaurant_name as "restaurantName",
           ra.party_size as "partySize", ra.preferred_time as "preferredTime", ra.last_checked_at as "lastCheckedAt",
           exists (select 1 from user_roles r where r.user_id = ra.user_id and r.role = 'admin') as "ownerIsAdmin",
           exists (select 1 from feature_access_grants g
                   where g.user_id = ra.user_id and g.feature_key = 'restaurant_alerts') as "ownerHasGrant",
           array(select to_char(d, 'YYYY-MM-DD') from unnest(ra.dates) d
                 where d >= ${parkLocalToday(now)} ${filter} order by d) as dates
    from restaurant_alerts ra
    join parks p on p.id = ra.park_id
    where ra.active
    order by ra.created_at, ra.id`.execute(db);
  return rows.filter((r) => r.dates.length > 0);
}

/** Records that these alerts were checked at `now`. */
export async function markChecked(db: Executor, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('restaurant_alerts').set({ last_checked_at: now }).where('id', 'in', ids).execute();
}

/** A matched (alert, date) to e-mail. */
export interface RestaurantMatch {
  alertId: string;
  /** Park-local 'YYYY-MM-DD'. */
  date: string;
  /** The walk-up wait in minutes the source published, or null. */
  waitMinutes: number | null;
  /** One-line summary kept with the delivery (alert history). */
  message: string;
}

/**
 * Claims matches as `deliveries` rows (kind `restaurant_alert`, channel e-mail) in one statement, with the
 * dedup key `restaurant:<alertId>:<date>` and `ON CONFLICT DO NOTHING`: each alert is mailed at most once per
 * date however often (or however concurrently) the check runs (docs/rules.md R39, like ride alerts docs/DESIGN.md §2.4). Only
 * alerts still active are claimed.
 * @returns the deliveries this call claimed (to fan out).
 */
export async function claimMatches(db: Executor, matches: RestaurantMatch[], now: Date): Promise<ClaimedDelivery[]> {
  if (matches.length === 0) return [];
  const { rows } = await sql<ClaimedDelivery>`
    insert into deliveries (dedup_key, kind, email, channel, address, park_id, ride_id, ride_name, wait_time, message, created_at, key_month)
    select 'restaurant:' || ra.id || ':' || m.date, 'restaurant_alert', ra.email, 'email', ra.email, ra.park_id,
           ra.restaurant_id, ra.restaurant_name, m.wait, m.message, ${now},
           delivery_key_month('restaurant:' || ra.id || ':' || m.date, ${now})
    from unnest(${matches.map((m) => m.alertId)}::uuid[], ${matches.map((m) => m.date)}::text[],
                ${matches.map((m) => m.waitMinutes)}::int[], ${matches.map((m) => m.message)}::text[])
         as m(alert_id, date, wait, message)
    join restaurant_alerts ra on ra.id = m.alert_id and ra.active
    on conflict (dedup_key, key_month) do nothing
    returning id, channel`.execute(db);
  return rows;
}

/** What the sender needs to write a restaurant alert e-mail, for a `restaurant_alert` delivery; undefined otherwise. */
export async function deliveryContext(db: Executor, deliveryId: string) {
  const { rows } = await sql<{
    alertId: string;
    restaurantName: string;
    parkName: string | null;
    date: string;
    partySize: number;
    preferredTime: PreferredMeal;
    waitMinutes: number | null;
    message: string;
    unsubscribeToken: string;
  }>`
    select ra.id as "alertId", ra.restaurant_name as "restaurantName", p.name as "parkName",
           split_part(d.dedup_key, ':', 3) as date, ra.party_size as "partySize", ra.preferred_time as "preferredTime",
           d.wait_time as "waitMinutes", d.message, ra.unsubscribe_token as "unsubscribeToken"
    from deliveries d
    join restaurant_alerts ra on d.kind = 'restaurant_alert' and ra.id::text = split_part(d.dedup_key, ':', 2)
    left join parks p on p.id = ra.park_id
    where d.id = ${deliveryId}`.execute(db);
  return rows[0];
}

/** One-click unsubscribe: deactivates the alert with this token. @returns its e-mail and restaurant, or undefined. */
export async function deactivateByToken(db: Executor, token: string) {
  return db
    .updateTable('restaurant_alerts')
    .set({ active: false })
    .where('unsubscribe_token', '=', token)
    .returning(['email', 'restaurant_name as restaurantName'])
    .executeTakeFirst();
}

type PreferredMeal = 'breakfast' | 'lunch' | 'dinner' | 'any';

/** A restaurant alert (docs/spec/part-2.md §3): park-local dates, party size 1–20, preferred meal. */
export interface RestaurantAlertsTable {
  id: Generated<string>;
  user_id: string;
  email: string;
  park_id: string;
  restaurant_id: string;
  restaurant_name: string;
  active: Generated<boolean>;
  /** Park-local dates ('YYYY-MM-DD'). */
  dates: ColumnType<string[], string[], string[]>;
  /** The latest of `dates`; the alert ends after it. */
  last_date: DateOnly;
  party_size: Generated<number>;
  preferred_time: Generated<PreferredMeal>;
  unsubscribe_token: Generated<string>;
  last_checked_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}
