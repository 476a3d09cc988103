import type { Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { DateOnly, GeneratedTimestamp, Timestamp } from '../types.ts';

/** What a new flight price alert holds (docs/spec/part-2.md §3; economy, one passenger, active are the defaults). */
export interface FlightAlertInput {
  userId: string | null;
  /** IATA code, upper case. */
  homeAirport: string;
  /** Flight destination id of the fixed catalogue. */
  destination: string;
  /** One airport of the destination, or null for all of them. */
  airport: string | null;
  email: string;
  /** Whole US dollars. */
  maxPrice: number;
  /** 'yyyy-MM-dd'. */
  departureDate: string;
  returnDate: string | null;
  /** When the address was already proven (a signed-in owner of that verified address): no confirmation needed. */
  confirmedAt?: Date | null;
}

/**
 * Stores a flight alert; the departure (and return) window is the chosen date on both ends (docs/spec/part-2.md §3).
 * @returns the new row's id.
 */
export async function createAlert(db: Executor, a: FlightAlertInput): Promise<string> {
  const row = await db
    .insertInto('flight_alerts')
    .values({
      user_id: a.userId,
      home_airport: a.homeAirport,
      destination_park: a.destination,
      airport: a.airport,
      email: a.email,
      max_price: a.maxPrice,
      departure_date_start: a.departureDate,
      departure_date_end: a.departureDate,
      return_date_start: a.returnDate,
      return_date_end: a.returnDate,
      confirmed_at: a.confirmedAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A flight alert as repositories return it (camelCase; dates 'yyyy-MM-dd', `maxPrice` whole US dollars). */
const alertColumns = [
  'id',
  'user_id as userId',
  'home_airport as homeAirport',
  'destination_park as destinationPark',
  'airport',
  'email',
  'max_price as maxPrice',
  'departure_date_start as departureDateStart',
  'departure_date_end as departureDateEnd',
  'return_date_start as returnDateStart',
  'return_date_end as returnDateEnd',
  'cabin_class as cabinClass',
  'passengers',
  'active',
  'last_notified_at as lastNotifiedAt',
  'last_notified_price_cents as lastNotifiedPriceCents',
  'unsubscribe_token as unsubscribeToken',
  'created_at as createdAt',
] as const;

/** A flight alert row as `activeAlerts` returns it. */
export type FlightAlert = Awaited<ReturnType<typeof activeAlerts>>[number];

/**
 * Active, confirmed (double opt-in, docs/decisions/027) alerts whose departure is `today` or later ('yyyy-MM-dd'),
 * oldest first: what the price check reads (`alertColumns`).
 */
export async function activeAlerts(db: Executor, today: string) {
  return db
    .selectFrom('flight_alerts')
    .select(alertColumns)
    .where('active', '=', true)
    .where('confirmed_at', 'is not', null)
    .where('departure_date_start', '>=', today)
    .orderBy('created_at')
    .execute();
}

/** Records that the alert was e-mailed at `at` for a fare of `priceCents`. */
export async function markNotified(db: Executor, id: string, priceCents: number, at: Date): Promise<void> {
  await db.updateTable('flight_alerts').set({ last_notified_at: at, last_notified_price_cents: priceCents }).where('id', '=', id).execute();
}

/** Deactivates alerts whose departure date is before `today` ('yyyy-MM-dd'). @returns how many. */
export async function deactivatePast(db: Executor, today: string): Promise<number> {
  const r = await db
    .updateTable('flight_alerts')
    .set({ active: false })
    .where('active', '=', true)
    .where('departure_date_end', '<', sql<string>`${today}::date`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** One-click unsubscribe: deactivates the alert with this token. @returns its e-mail, or undefined. */
export async function deactivateByToken(db: Executor, token: string) {
  return db
    .updateTable('flight_alerts')
    .set({ active: false })
    .where('unsubscribe_token', '=', token)
    .returning(['email'])
    .executeTakeFirst();
}

/**
 * Claims the right to e-mail an alert a fare of `priceCents` at `at` (docs/decisions/019; docs/spec/part-2.md §3 "at most one
 * e-mail a day, again only on a further drop"): a conditional UPDATE that sets `last_notified_at` only when the
 * alert is still active, the fare is within `max_price` (whole dollars), and it was never e-mailed, or was
 * e-mailed at least 24 hours before `at` for a strictly higher fare. The updated row stays locked until the
 * caller's transaction ends, so a concurrent claim waits, re-checks the condition and loses: one e-mail per
 * alert per day even with two workers. Call it inside the transaction that sends, then `markNotified`.
 * @returns true when this caller won the claim.
 */
export async function claimNotification(db: Executor, id: string, priceCents: number, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('flight_alerts')
    .set({ last_notified_at: at })
    .where('id', '=', id)
    .where('active', '=', true)
    .where(sql<boolean>`max_price * 100 >= ${priceCents}`)
    .where((eb) =>
      eb.or([
        eb('last_notified_at', 'is', null),
        eb.and([
          eb('last_notified_at', '<=', sql<Date>`${at}::timestamptz - interval '24 hours'`),
          eb.or([eb('last_notified_price_cents', 'is', null), eb('last_notified_price_cents', '>', priceCents)]),
        ]),
      ]),
    )
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * Double opt-in (docs/decisions/027): confirms the active alert whose confirmation link carries `token` (again: no
 * change) → { email }, or undefined for an unknown token or a stopped alert.
 */
export async function confirmByToken(db: Executor, token: string, now: Date) {
  return db
    .updateTable('flight_alerts')
    .set({ confirmed_at: sql`coalesce(confirmed_at, ${now}::timestamptz)` })
    .where('confirm_token', '=', token)
    .where('active', '=', true)
    .returning(['email'])
    .executeTakeFirst();
}

/**
 * A flight price alert (docs/spec/part-2.md §3): `destination_park` is a flight destination id of the fixed catalogue
 * (e.g. 'walt-disney-world'), `airport` an optional specific airport of it; `max_price` whole US dollars.
 */
export interface FlightAlertsTable {
  id: Generated<string>;
  user_id: string | null;
  home_airport: string;
  destination_park: string;
  airport: string | null;
  email: string;
  max_price: number;
  departure_date_start: DateOnly;
  departure_date_end: DateOnly;
  return_date_start: DateOnly | null;
  return_date_end: DateOnly | null;
  cabin_class: Generated<string>;
  passengers: Generated<number>;
  active: Generated<boolean>;
  /** When the last price e-mail left, and its fare in cents (at most one a day; again only on a further drop). */
  last_notified_at: Timestamp | null;
  last_notified_price_cents: number | null;
  unsubscribe_token: Generated<string>;
  /** Double opt-in (migration 0028): the link's token, when the person confirmed (null = not yet, never checked), when its e-mail left. */
  confirm_token: Generated<string>;
  confirmed_at: Timestamp | null;
  confirmation_sent_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}
