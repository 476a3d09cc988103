import { DEFAULT_THRESHOLD_MINUTES, MIN_ALERT_WAIT_MINUTES } from '@walkon/domain/rules/alerts';
import type { Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { GeneratedTimestamp, Json } from '../types.ts';

/**
 * Testimonials in display order: { id, name, parkVisited, text, rating 1–5 }[]. Every row is one an admin
 * entered (docs/DESIGN.md §6: admin-curated, never invented); an empty list hides the landing section.
 */
export async function listTestimonials(db: Executor) {
  return db
    .selectFrom('testimonials')
    .select(['id', 'name', 'park_visited as parkVisited', 'text', 'rating'])
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

/** Adds a testimonial (admin). */
export async function addTestimonial(db: Executor, t: { name: string; parkVisited: string; text: string; rating: number }) {
  return db
    .insertInto('testimonials')
    .values({
      name: t.name,
      park_visited: t.parkVisited,
      text: t.text,
      rating: t.rating,
      position: sql`coalesce((select max(position) + 1 from testimonials), 0)`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Deletes a testimonial (admin). Returns whether one was deleted. */
export async function deleteTestimonial(db: Executor, id: string): Promise<boolean> {
  const r = await db.deleteFrom('testimonials').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Reads a setting's JSON value, or undefined. */
export async function getSetting<T>(db: Executor, key: string): Promise<T | undefined> {
  const r = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return r?.value as T | undefined;
}

/** Writes a setting (JSON value). */
export async function putSetting(db: Executor, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: sql`now()` }))
    .execute();
}

/**
 * Walk-on alerts actually sent since `since` (the landing counter's "walk-on alerts sent today", docs/DESIGN.md §6 "no
 * invented numbers"): ride alerts (not back-in-service, test or other kinds) whose standby wait was walk-on by
 * docs/rules.md R1's default, 1–15 minutes; an alert a person asked for at a 60-minute threshold is no walk-on.
 */
export async function countWalkOnAlertsSentSince(db: Executor, since: Date): Promise<number> {
  const r = await db
    .selectFrom('deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'ride_alert')
    .where('wait_time', '>=', MIN_ALERT_WAIT_MINUTES)
    .where('wait_time', '<=', DEFAULT_THRESHOLD_MINUTES)
    .where('status', '=', 'sent')
    .where('sent_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The rides with the most alerts sent in the months kept (landing per-ride counts; docs/OPERATIONS.md "Retention"), most first. */
export async function topAlertedRides(db: Executor, limit = 6) {
  return db
    .selectFrom('deliveries')
    .select(['ride_name as rideName', (eb) => eb.fn.countAll<number>().as('alerts')])
    .where('kind', '=', 'ride_alert')
    .where('status', '=', 'sent')
    .groupBy('ride_name')
    .orderBy('alerts', 'desc')
    .limit(limit)
    .execute();
}

/** SMS pass days held for a park-local date (all parks), for "spots left". */
export async function countSmsPassesFor(db: Executor, date: string): Promise<number> {
  const r = await db
    .selectFrom('pass_days')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('channel', '=', 'sms')
    .where('day', '=', date)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Every park of the catalogue → { id, name, timezone, destinationId, destinationName, rideCount } with its known
 * ride count (attractions loaded so far), by destination then park name.
 */
export async function parksOverview(db: Executor) {
  const rows = await db
    .selectFrom('parks as p')
    .innerJoin('destinations as d', 'd.id', 'p.destination_id')
    .leftJoin('attractions as a', (j) => j.onRef('a.park_id', '=', 'p.id').on('a.entity_type', '=', 'ATTRACTION'))
    .select([
      'p.id',
      'p.name',
      'p.timezone',
      'd.id as destinationId',
      'd.name as destinationName',
      (eb) => eb.fn.count<number>('a.id').as('rideCount'),
    ])
    .groupBy(['p.id', 'p.name', 'p.timezone', 'd.id', 'd.name'])
    .orderBy('d.name')
    .orderBy('p.name')
    .execute();
  return rows.map((r) => ({ ...r, rideCount: Number(r.rideCount) }));
}

/**
 * SMS spots taken for one park on each of `days` (park-local dates): SMS pass days held plus SMS days of open
 * checkout sessions of the last 24 hours (a visitor on Stripe's page holds a spot until it expires), for the
 * per-park daily capacity (docs/rules.md R25). The open checkouts of `exceptEmail` do not count (the same buyer
 * starting again). → { day: taken }.
 */
export async function smsSpotsTaken(
  db: Executor,
  parkId: string,
  days: string[],
  now: Date,
  exceptEmail: string,
): Promise<Record<string, number>> {
  const { rows } = await sql<{ day: string; n: string }>`
    select to_char(d, 'YYYY-MM-DD') as day,
      (select count(*) from pass_days pd join subscriptions s on s.id = pd.subscription_id
        where s.park_id = ${parkId} and pd.channel = 'sms' and pd.day = d)
      + (select count(*) from checkout_sessions c
        where c.park_id = ${parkId} and c.channel = 'sms' and c.status = 'open' and c.product = 'alert_pass' and c.email <> ${exceptEmail}
          and c.created_at > ${now}::timestamptz - interval '24 hours' and d = any(c.days::date[])) as n
    from unnest(${days}::date[]) d`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.day, Number(r.n)]));
}

export interface TestimonialsTable {
  id: Generated<string>;
  name: string;
  park_visited: string;
  text: string;
  /** 1–5 stars. */
  rating: number;
  position: Generated<number>;
  created_at: GeneratedTimestamp;
}

export interface SettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: GeneratedTimestamp;
}
