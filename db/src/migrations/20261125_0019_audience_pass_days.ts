import { type Kysely, sql } from 'kysely';

/**
 * The audience carries its pass days (docs/DESIGN.md §2.3): `alert_audience.email_days` / `sms_days` are the
 * park-local dates of the subscription's pass days per channel (`pass_days`, one channel per day), so the
 * evaluation reads the channel of "today" from the pair itself instead of joining `pass_days` once per pair
 * (at 300,000 pairs that join was a third of a busy tick). Kept in step by the same statement-level triggers:
 * a pass-day change rewrites the arrays of its subscription's pairs (and marks them dirty, as before); a new
 * audience row (watch or subscription change) reads them from `pass_days`.
 */

/** The per-channel pass days of one subscription `s.id`, as a lateral subquery `pd(email_days, sms_days)`. */
const passDaysOf = (sub: string) => `
  left join lateral (
    select coalesce(array_agg(p.day order by p.day) filter (where p.channel = 'email'), '{}') as email_days,
           coalesce(array_agg(p.day order by p.day) filter (where p.channel = 'sms'), '{}') as sms_days
    from pass_days p where p.subscription_id = ${sub}
  ) pd on true`;

const refreshFunction = (withDays: boolean) => `
  create or replace function alert_audience_refresh(keys jsonb) returns void language sql as $$
    with k as (select distinct x->>'email' as email, x->>'park_id' as park_id from jsonb_array_elements(keys) x),
    gone as (
      delete from alert_audience a using k
      where a.email = k.email and a.park_id = k.park_id
        and not exists (
          select 1 from user_rides ur join subscriptions s on s.email = ur.email and s.park_id = ur.park_id
          where ur.email = a.email and ur.ride_id = a.ride_id and ur.active and s.active)
    )
    insert into alert_audience (ride_id, email, park_id, subscription_id, phone_number, starts_at, threshold_minutes,
                                remind_hourly, back_in_service, dirty${withDays ? ', email_days, sms_days' : ''})
    select ur.ride_id, ur.email, ur.park_id, s.id, s.phone_number, s.starts_at, ur.threshold_minutes,
           ur.remind_hourly, ur.back_in_service, true${withDays ? ', pd.email_days, pd.sms_days' : ''}
    from k
    join user_rides ur on ur.email = k.email and ur.park_id = k.park_id and ur.active
    join subscriptions s on s.email = ur.email and s.park_id = ur.park_id and s.active
    ${withDays ? passDaysOf('s.id') : ''}
    on conflict (ride_id, email) do update set
      park_id = excluded.park_id, subscription_id = excluded.subscription_id, phone_number = excluded.phone_number,
      starts_at = excluded.starts_at, threshold_minutes = excluded.threshold_minutes,
      remind_hourly = excluded.remind_hourly, back_in_service = excluded.back_in_service, dirty = true
      ${withDays ? ', email_days = excluded.email_days, sms_days = excluded.sms_days' : ''}
  $$`;

const watchUpsert = (withDays: boolean) => `
  delete from alert_audience a using rows r where a.ride_id = r.ride_id and a.email = r.email and not r.active;
  insert into alert_audience (ride_id, email, park_id, subscription_id, phone_number, starts_at, threshold_minutes,
                              remind_hourly, back_in_service, dirty${withDays ? ', email_days, sms_days' : ''})
  select r.ride_id, r.email, r.park_id, s.id, s.phone_number, s.starts_at, r.threshold_minutes, r.remind_hourly,
         r.back_in_service, true${withDays ? ', pd.email_days, pd.sms_days' : ''}
  from rows r join subscriptions s on s.email = r.email and s.park_id = r.park_id and s.active
  ${withDays ? passDaysOf('s.id') : ''}
  where r.active
  on conflict (ride_id, email) do update set
    park_id = excluded.park_id, subscription_id = excluded.subscription_id, phone_number = excluded.phone_number,
    starts_at = excluded.starts_at, threshold_minutes = excluded.threshold_minutes,
    remind_hourly = excluded.remind_hourly, back_in_service = excluded.back_in_service, dirty = true
    ${withDays ? ', email_days = excluded.email_days, sms_days = excluded.sms_days' : ''};`;

const passDaysChange = (withDays: boolean) =>
  withDays
    ? `update alert_audience a set dirty = true, email_days = pd.email_days, sms_days = pd.sms_days
       from (select distinct subscription_id from rows) r ${passDaysOf('r.subscription_id')}
       where a.subscription_id = r.subscription_id;`
    : `update alert_audience a set dirty = true from (select distinct subscription_id from rows) r
       where a.subscription_id = r.subscription_id and not a.dirty;`;

async function replaceTriggerBodies(db: Kysely<any>, withDays: boolean): Promise<void> {
  await sql.raw(refreshFunction(withDays)).execute(db);
  const bodies: [string, string][] = [
    ['alert_audience_user_rides_insert', watchUpsert(withDays)],
    ['alert_audience_user_rides_update', watchUpsert(withDays)],
    ['alert_audience_pass_days_insert', passDaysChange(withDays)],
    ['alert_audience_pass_days_update', passDaysChange(withDays)],
    ['alert_audience_pass_days_delete', passDaysChange(withDays)],
  ];
  for (const [fn, body] of bodies) {
    await sql
      .raw(`create or replace function ${fn}() returns trigger language plpgsql as $$
        begin
          ${body}
          return null;
        end $$`)
      .execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table alert_audience add column email_days date[] not null default '{}', add column sms_days date[] not null default '{}'`.execute(
    db,
  );
  await sql
    .raw(`update alert_audience a set email_days = pd.email_days, sms_days = pd.sms_days
          from (select distinct subscription_id from alert_audience) s ${passDaysOf('s.subscription_id')}
          where a.subscription_id = s.subscription_id`)
    .execute(db);
  await replaceTriggerBodies(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceTriggerBodies(db, false);
  await sql`alter table alert_audience drop column email_days, drop column sms_days`.execute(db);
}
