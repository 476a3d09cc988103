import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { AlertChannel } from '../types.ts';

/** Fields of a pass to create or renew (dates are park-local 'YYYY-MM-DD'). */
export interface PassInput {
  email: string;
  parkId: string;
  userId: string | null;
  alertType: AlertChannel;
  phoneNumber?: string | null;
  /** First valid park-local date. */
  startDate: string;
  /** end_date = start + 1 day for a day pass (spec part 1 §4). */
  endDate: string;
  /** Scheduled start instant (UTC) or null for immediately. */
  startsAt?: Date | null;
  promoCode?: string | null;
}

/**
 * Creates or replaces the (email, park) subscription (unique, spec part 1 §3) as an active pass.
 * Returns the row.
 */
export async function upsertActivePass(db: Executor, p: PassInput) {
  return db
    .insertInto('subscriptions')
    .values({
      email: p.email,
      park_id: p.parkId,
      user_id: p.userId,
      alert_type: p.alertType,
      phone_number: p.phoneNumber ?? null,
      start_date: p.startDate,
      end_date: p.endDate,
      starts_at: p.startsAt ?? null,
      promo_code: p.promoCode ?? null,
      active: true,
    })
    .onConflict((oc) =>
      oc.columns(['email', 'park_id']).doUpdateSet({
        user_id: (eb) => eb.fn.coalesce('excluded.user_id', 'subscriptions.user_id'),
        alert_type: (eb) => eb.ref('excluded.alert_type'),
        phone_number: (eb) => eb.ref('excluded.phone_number'),
        start_date: (eb) => eb.ref('excluded.start_date'),
        end_date: (eb) => eb.ref('excluded.end_date'),
        starts_at: (eb) => eb.ref('excluded.starts_at'),
        promo_code: (eb) => eb.fn.coalesce('excluded.promo_code', 'subscriptions.promo_code'),
        active: true,
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The subscription of one person for one park, or undefined. */
export async function findByEmailAndPark(db: Executor, email: string, parkId: string) {
  return db.selectFrom('subscriptions').selectAll().where('email', '=', email).where('park_id', '=', parkId).executeTakeFirst();
}

/**
 * A person's subscriptions with validity computed in the park's time zone at `now`:
 * `valid` = active ∧ start_date ≤ today < end_date ∧ started; `scheduled` = active ∧ not yet started;
 * `expired` = end_date ≤ today (spec part 1 §4). Includes the park name.
 */
export async function listForEmail(db: Executor, email: string, now: Date) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('parks as p', 'p.id', 's.park_id')
    .selectAll('s')
    .select([
      'p.name as park_name',
      sql<string>`to_char((${now}::timestamptz at time zone coalesce(p.timezone, 'UTC'))::date, 'YYYY-MM-DD')`.as('today'),
      sql<boolean>`s.active and s.start_date <= (${now}::timestamptz at time zone coalesce(p.timezone, 'UTC'))::date
        and s.end_date > (${now}::timestamptz at time zone coalesce(p.timezone, 'UTC'))::date
        and (s.starts_at is null or s.starts_at <= ${now})`.as('valid'),
      sql<boolean>`s.active and s.end_date > (${now}::timestamptz at time zone coalesce(p.timezone, 'UTC'))::date
        and (s.start_date > (${now}::timestamptz at time zone coalesce(p.timezone, 'UTC'))::date
             or (s.starts_at is not null and s.starts_at > ${now}))`.as('scheduled'),
      sql<boolean>`s.end_date <= (${now}::timestamptz at time zone coalesce(p.timezone, 'UTC'))::date`.as('expired'),
    ])
    .where('s.email', '=', email)
    .orderBy('p.name')
    .execute();
}

/** Sets `active` on a person's subscription for a park. Returns whether a row changed. */
export async function setActive(db: Executor, email: string, parkId: string, active: boolean): Promise<boolean> {
  const r = await db
    .updateTable('subscriptions')
    .set({ active, updated_at: sql`now()` })
    .where('email', '=', email)
    .where('park_id', '=', parkId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** One-click unsubscribe (RFC 8058): deactivates the subscription with this token. Returns it, or undefined. */
export async function deactivateByToken(db: Executor, token: string) {
  return db
    .updateTable('subscriptions')
    .set({ active: false, updated_at: sql`now()` })
    .where('unsubscribe_token', '=', token)
    .returning(['id', 'email', 'park_id'])
    .executeTakeFirst();
}

/**
 * Expiry sweep (spec part 1 §4): deactivates active subscriptions whose end_date is before the park-local
 * today. Returns how many were deactivated.
 */
export async function deactivateExpired(db: Executor, now: Date): Promise<number> {
  const r = await sql`
    update subscriptions s set active = false, updated_at = now()
    from parks p
    where p.id = s.park_id and s.active
      and s.end_date < (${now}::timestamptz at time zone coalesce(p.timezone, 'UTC'))::date`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
