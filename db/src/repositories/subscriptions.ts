import type { Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import { type EmailOwner, scopeOf } from '../scope.ts';
import { parkLocalToday } from '../sql.ts';
import type { AlertChannel, DateOnly, GeneratedTimestamp, Timestamp } from '../types.ts';

/** A subscription row as repositories return it (camelCase; dates park-local 'YYYY-MM-DD', `endDate` exclusive). */
export const subscriptionColumns = [
  'id',
  'email',
  'park_id as parkId',
  'active',
  'start_date as startDate',
  'end_date as endDate',
  'starts_at as startsAt',
  'promo_code as promoCode',
  'stripe_customer_id as stripeCustomerId',
  'user_id as userId',
  'alert_type as alertType',
  'phone_number as phoneNumber',
  'unsubscribe_token as unsubscribeToken',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

/** Days to add to a person's pass for a park (docs/decisions/001): one row per park-local date. */
export interface PassDaysInput {
  email: string;
  parkId: string;
  userId: string | null;
  /** The channel bought for these dates; an SMS day also upgrades an e-mail day of the same date. */
  channel: AlertChannel;
  /** E.164; required for SMS. */
  phoneNumber?: string | null;
  /** Park-local dates 'YYYY-MM-DD'. */
  days: string[];
  source: PassSource;
  /** Checkout session id, promo code or operator note. */
  reference: string;
  promoCode?: string | null;
  stripeCustomerId?: string | null;
  /** Scheduled start instant (UTC) or null for the start of the first day. */
  startsAt?: Date | null;
}

/**
 * Creates or extends the (email, park) subscription (unique, docs/spec/part-1.md §3) with pass days, and activates
 * it. `start_date`/`end_date` are kept as the envelope of its days (first day, last day + 1: docs/spec/part-1.md §4
 * "end = start + 1" for a single day). Idempotent per (subscription, day). Run it inside the caller's
 * transaction when the grant must be atomic with something else (fulfilment, promo redemption).
 * @returns the subscription after the change (`subscriptionColumns`).
 * @throws Error when `days` is empty.
 */
export async function grantPassDays(db: Executor, p: PassDaysInput) {
  if (p.days.length === 0) throw new Error('grantPassDays needs at least one day');
  const sorted = [...new Set(p.days)].sort();
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const sub = await db
    .insertInto('subscriptions')
    .values({
      email: p.email,
      park_id: p.parkId,
      user_id: p.userId,
      alert_type: p.channel,
      phone_number: p.phoneNumber ?? null,
      start_date: first,
      end_date: sql<string>`${last}::date + 1`,
      starts_at: p.startsAt ?? null,
      promo_code: p.promoCode ?? null,
      stripe_customer_id: p.stripeCustomerId ?? null,
      active: true,
    })
    .onConflict((oc) =>
      oc.columns(['email', 'park_id']).doUpdateSet({
        alert_type: (eb) => eb.ref('excluded.alert_type'),
        phone_number: (eb) => eb.fn.coalesce('excluded.phone_number', 'subscriptions.phone_number'),
        starts_at: (eb) => eb.ref('excluded.starts_at'),
        promo_code: (eb) => eb.fn.coalesce('excluded.promo_code', 'subscriptions.promo_code'),
        stripe_customer_id: (eb) => eb.fn.coalesce('excluded.stripe_customer_id', 'subscriptions.stripe_customer_id'),
        active: true,
        updated_at: sql`now()`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into pass_days (subscription_id, day, channel, source, reference)
    select ${sub.id}::uuid, d::date, ${p.channel}, ${p.source}, ${p.reference}
    from unnest(${sorted}::date[]) d
    on conflict (subscription_id, day) do update
      set channel = case when excluded.channel = 'sms' then 'sms' else pass_days.channel end`.execute(db);
  return db
    .updateTable('subscriptions')
    .set({
      start_date: sql`(select min(day) from pass_days where subscription_id = ${sub.id}::uuid)`,
      end_date: sql`(select max(day) + 1 from pass_days where subscription_id = ${sub.id}::uuid)`,
    })
    .where('id', '=', sub.id)
    .returning(subscriptionColumns)
    .executeTakeFirstOrThrow();
}

/** Fields of an operator grant over a date range (CLI `walkon-jobs watch`, tests, seeds). */
export interface PassInput {
  email: string;
  parkId: string;
  userId: string | null;
  alertType: AlertChannel;
  phoneNumber?: string | null;
  /** First valid park-local date. */
  startDate: string;
  /** Exclusive end: end_date = start + 1 day for a day pass (docs/spec/part-1.md §4). */
  endDate: string;
  /** Scheduled start instant (UTC) or null for immediately. */
  startsAt?: Date | null;
  promoCode?: string | null;
}

/**
 * Operator grant: gives a person pass days for every date in [startDate, endDate) (source `grant`, not a
 * sale) through grantPassDays. Used by the `walkon-jobs watch` CLI, seeds and tests. Returns the subscription.
 * @throws Error when the range is empty.
 */
export async function upsertActivePass(db: Executor, p: PassInput) {
  const { rows } = await sql<{ d: string }>`
    select to_char(d, 'YYYY-MM-DD') as d from generate_series(${p.startDate}::date, ${p.endDate}::date - 1, interval '1 day') d`.execute(
    db,
  );
  const days = rows.map((r) => r.d);
  return grantPassDays(db, {
    email: p.email,
    parkId: p.parkId,
    userId: p.userId,
    channel: p.alertType,
    phoneNumber: p.phoneNumber ?? null,
    days,
    source: 'grant',
    reference: 'operator',
    startsAt: p.startsAt ?? null,
    promoCode: p.promoCode ?? null,
  });
}

/** The subscription of one person for one park (within the owner's scope; `subscriptionColumns`), or undefined. */
export async function findByEmailAndPark(db: Executor, owner: EmailOwner, parkId: string) {
  const { email, userId } = scopeOf(owner);
  let q = db.selectFrom('subscriptions').select(subscriptionColumns).where('email', '=', email).where('park_id', '=', parkId);
  if (userId) q = q.where('user_id', '=', userId);
  return q.executeTakeFirst();
}

/**
 * A person's subscriptions with validity computed in the park's time zone at `now` (docs/decisions/001: a pass is valid
 * on the park-local dates it holds pass days for): each row is `subscriptionColumns` plus `parkName`, `today`
 * (the park-local date), `valid` = active ∧ a pass day today ∧ past `startsAt`; `todayChannel` = the channel
 * bought for today; `scheduled` = active ∧ not valid ∧ a pass day today or later; `expired` = no pass day today
 * or later (docs/spec/part-1.md §4); `ridesPending` = active without any ride selection yet (ridesPending); `days` lists
 * today's and later pass days with their channel.
 */
export async function listForEmail(db: Executor, owner: EmailOwner, now: Date) {
  const { email, userId } = scopeOf(owner);
  let q = db
    .selectFrom('subscriptions as s')
    .innerJoin('parks as p', 'p.id', 's.park_id')
    .select(subscriptionColumns.map((c) => `s.${c}` as const))
    .select([
      'p.name as parkName',
      sql<string>`to_char(${parkLocalToday(now)}, 'YYYY-MM-DD')`.as('today'),
      sql<AlertChannel | null>`(select pd.channel from pass_days pd where pd.subscription_id = s.id and pd.day = ${parkLocalToday(now)})`.as(
        'todayChannel',
      ),
      sql<boolean>`s.active and exists (select 1 from pass_days pd where pd.subscription_id = s.id and pd.day = ${parkLocalToday(now)})
        and (s.starts_at is null or s.starts_at <= ${now})`.as('valid'),
      sql<boolean>`s.active and exists (select 1 from pass_days pd where pd.subscription_id = s.id and pd.day >= ${parkLocalToday(now)})
        and not (exists (select 1 from pass_days pd where pd.subscription_id = s.id and pd.day = ${parkLocalToday(now)})
                 and (s.starts_at is null or s.starts_at <= ${now}))`.as('scheduled'),
      sql<boolean>`not exists (select 1 from pass_days pd where pd.subscription_id = s.id and pd.day >= ${parkLocalToday(now)})`.as(
        'expired',
      ),
      sql<boolean>`s.active and not exists (select 1 from user_rides ur where ur.email = s.email and ur.park_id = s.park_id)`.as(
        'ridesPending',
      ),
      sql<
        { day: string; channel: AlertChannel }[]
      >`coalesce((select json_agg(json_build_object('day', to_char(pd.day, 'YYYY-MM-DD'), 'channel', pd.channel) order by pd.day)
        from pass_days pd where pd.subscription_id = s.id and pd.day >= ${parkLocalToday(now)}), '[]'::json)`.as('days'),
    ])
    .where('s.email', '=', email)
    .orderBy('p.name');
  if (userId) q = q.where('s.user_id', '=', userId);
  return q.execute();
}

/** Whether a person holds a pass day for the park on `day` or (without `day`) on any date from `today` on. */
export async function hasPassDay(db: Executor, owner: EmailOwner, parkId: string, opts: { day?: string; from?: string }): Promise<boolean> {
  const { email, userId } = scopeOf(owner);
  let q = db
    .selectFrom('pass_days as pd')
    .innerJoin('subscriptions as s', 's.id', 'pd.subscription_id')
    .select('pd.day')
    .where('s.email', '=', email)
    .where('s.park_id', '=', parkId);
  if (userId) q = q.where('s.user_id', '=', userId);
  if (opts.day) q = q.where('pd.day', '=', opts.day);
  if (opts.from) q = q.where('pd.day', '>=', opts.from);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Turns alerts on for a pass the person already holds (docs/spec/part-1.md §4 "alerts are activated"): active = true
 * and the scheduled start instant (UTC, or null). Returns the subscription (`subscriptionColumns`), or undefined
 * without one.
 */
export async function activate(db: Executor, owner: EmailOwner, parkId: string, startsAt: Date | null) {
  const { email, userId } = scopeOf(owner);
  let q = db
    .updateTable('subscriptions')
    .set({ active: true, starts_at: startsAt, updated_at: sql`now()` })
    .where('email', '=', email)
    .where('park_id', '=', parkId);
  if (userId) q = q.where('user_id', '=', userId);
  return q.returning(subscriptionColumns).executeTakeFirst();
}

/** Sets `active` on a person's subscription for a park. Returns whether a row changed. */
export async function setActive(db: Executor, owner: EmailOwner, parkId: string, active: boolean): Promise<boolean> {
  const { email, userId } = scopeOf(owner);
  let q = db.updateTable('subscriptions').set({ active, updated_at: sql`now()` }).where('email', '=', email).where('park_id', '=', parkId);
  if (userId) q = q.where('user_id', '=', userId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * What an unsubscribe link stops, read without changing anything → { email, parkName, days } (`days`: its pass
 * days 'YYYY-MM-DD' from the park-local today at `now` on, sorted), or undefined for another token.
 */
export async function describeByToken(db: Executor, token: string, now: Date) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('parks as p', 'p.id', 's.park_id')
    .select([
      's.email',
      'p.name as parkName',
      sql<string[]>`coalesce((select array_agg(to_char(pd.day, 'YYYY-MM-DD') order by pd.day) from pass_days pd
        where pd.subscription_id = s.id and pd.day >= ${parkLocalToday(now)}), '{}')`.as('days'),
    ])
    .where('s.unsubscribe_token', '=', token)
    .executeTakeFirst();
}

/** One-click unsubscribe (RFC 8058): deactivates the subscription with this token → { id, email, parkId }, or undefined. */
export async function deactivateByToken(db: Executor, token: string) {
  return db
    .updateTable('subscriptions')
    .set({ active: false, updated_at: sql`now()` })
    .where('unsubscribe_token', '=', token)
    .returning(['id', 'email', 'park_id as parkId'])
    .executeTakeFirst();
}

/**
 * Expiry sweep (docs/spec/part-1.md §4): deactivates active subscriptions with no pass day left on or after the
 * park-local today (their end date has passed). Returns how many were deactivated.
 */
export async function deactivateExpired(db: Executor, now: Date): Promise<number> {
  const r = await sql`
    update subscriptions s set active = false, updated_at = now()
    from parks p
    where p.id = s.park_id and s.active
      and not exists (select 1 from pass_days pd where pd.subscription_id = s.id and pd.day >= ${parkLocalToday(now)})`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * The pass days an e-mail already holds for a park among `days` (park-local 'YYYY-MM-DD'), with their channel,
 * sorted — checked before a checkout so nobody pays for a day they hold (docs/rules.md R19a).
 */
export async function heldDays(db: Executor, email: string, parkId: string, days: string[]) {
  if (days.length === 0) return [];
  const rows = await db
    .selectFrom('pass_days as pd')
    .innerJoin('subscriptions as s', 's.id', 'pd.subscription_id')
    .select([sql<string>`to_char(pd.day, 'YYYY-MM-DD')`.as('day'), 'pd.channel'])
    .where('s.email', '=', email)
    .where('s.park_id', '=', parkId)
    .where(sql<boolean>`pd.day = any(${days}::date[])`)
    .orderBy('pd.day')
    .execute();
  return rows as { day: string; channel: AlertChannel }[];
}

/**
 * Whether an active subscription of the e-mail for the park waits for its rides: it was
 * granted while the park's ride list could not load, so no ride selection exists yet (not even a switched-off
 * one). The park's poll selects every ride once the list loads (rides.selectPendingDefaults).
 */
export async function ridesPending(db: Executor, email: string, parkId: string): Promise<boolean> {
  const { rows } = await sql<{ pending: boolean }>`
    select exists (
      select 1 from subscriptions s where s.email = ${email} and s.park_id = ${parkId} and s.active
        and not exists (select 1 from user_rides ur where ur.email = s.email and ur.park_id = s.park_id)
    ) as pending`.execute(db);
  return rows[0]?.pending ?? false;
}

/** The pass days of the e-mail's subscription for the park granted by one source and reference (a promo code), sorted. */
export async function heldDaysFrom(db: Executor, email: string, parkId: string, by: { source: PassSource; reference: string }) {
  const rows = await db
    .selectFrom('pass_days as pd')
    .innerJoin('subscriptions as s', 's.id', 'pd.subscription_id')
    .select([sql<string>`to_char(pd.day, 'YYYY-MM-DD')`.as('day'), 'pd.channel'])
    .where('s.email', '=', email)
    .where('s.park_id', '=', parkId)
    .where('pd.source', '=', by.source)
    .where('pd.reference', '=', by.reference)
    .orderBy('pd.day')
    .execute();
  return rows as { day: string; channel: AlertChannel }[];
}

export interface SubscriptionsTable {
  id: Generated<string>;
  email: string;
  park_id: string;
  active: Generated<boolean>;
  /** Park-local first valid date. */
  start_date: DateOnly;
  /** Park-local end date (start + 1 day for a day pass, docs/spec/part-1.md §4); valid while today <= end_date. */
  end_date: DateOnly;
  /** Scheduled start instant (UTC); null = starts immediately. */
  starts_at: Timestamp | null;
  promo_code: string | null;
  stripe_customer_id: string | null;
  user_id: string | null;
  alert_type: Generated<AlertChannel>;
  phone_number: string | null;
  unsubscribe_token: Generated<string>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

type PassSource = 'stripe' | 'promo' | 'grant';

/** One park-local date a subscription is valid on, with the channel bought for that date. */
export interface PassDaysTable {
  subscription_id: string;
  day: DateOnly;
  channel: AlertChannel;
  /** stripe = paid checkout, promo = free promo day, grant = operator (CLI/migration). */
  source: PassSource;
  /** Checkout session id, promo code, or the operator's note. */
  reference: string;
  created_at: GeneratedTimestamp;
}
