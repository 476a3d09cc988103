import { type Kysely, sql } from 'kysely';

/**
 * The audience, one row per person and park (docs/DESIGN.md §2.3 "The audience"): `alert_watchers` replaces the
 * per-(attraction, person) `alert_audience`. A park's attractions get a `bit` (0–255, in order of first
 * sight), and every per-attraction fact of a person becomes a `bit(256)` mask over them: the active watches
 * (`watched`), those on the default threshold (`plain`), those on each custom threshold (`custom_t[k]` →
 * `custom_m[k]`), hourly reminders (`hourly`), back-in-service watches (`bis`), the armed state of the day
 * (`armed` on `armed_on`) and the alerts of the last 60 minutes (`alert_ticks[k]` → `alert_masks[k]`, newest
 * first). A busy tick then decides a person's alerts with a few bit operations on one row instead of one row
 * per attraction (at 50,000 visitors × 30 attractions: 50,000 rows, not 1,500,000).
 * Kept in step by statement-level triggers on `user_rides`, `subscriptions` and `pass_days`: each rebuilds
 * the rows of the (email, park) it touched from those tables (`alert_watchers_refresh`), keeping the armed
 * state and the recent alerts, arming attractions newly watched, and marking the row `dirty`.
 */
const Z = `B'0'::bit(256)`;

const refresh = `
  create or replace function alert_watchers_refresh(emails text[], parks text[]) returns void language sql as $$
    with k as (select distinct e as email, p as park_id from unnest(emails, parks) u(e, p)),
    watches as (
      select ur.email, ur.park_id, ur.threshold_minutes as t, ur.remind_hourly, ur.back_in_service,
             set_bit(${Z}, a.bit, 1) as m
      -- The park test is kept out of the index choice ('is true'): without statistics (a new database) the
      -- planner otherwise ANDs in user_rides_park_idx, one whole park read per person.
      from k join user_rides ur on ur.email = k.email and (ur.park_id = k.park_id) is true and ur.active
      join attractions a on a.id = ur.ride_id and a.bit is not null
    ),
    masks as (
      select email, park_id, bit_or(m) as watched,
             coalesce(bit_or(m) filter (where t is null), ${Z}) as plain,
             coalesce(bit_or(m) filter (where remind_hourly), ${Z}) as hourly,
             coalesce(bit_or(m) filter (where back_in_service), ${Z}) as bis
      from watches group by email, park_id
    ),
    custom as (
      select email, park_id, array_agg(t order by t) as custom_t, array_agg(m order by t) as custom_m
      from (select email, park_id, t, bit_or(m) as m from watches where t is not null group by email, park_id, t) c
      group by email, park_id
    ),
    src as (
      select s.email, s.park_id, s.id as subscription_id, s.phone_number, s.starts_at,
             coalesce(pd.email_days, '{}') as email_days, coalesce(pd.sms_days, '{}') as sms_days,
             m.watched, m.plain, coalesce(c.custom_t, '{}') as custom_t, coalesce(c.custom_m, '{}') as custom_m,
             m.hourly, m.bis
      from k join subscriptions s on s.email = k.email and s.park_id = k.park_id and s.active
      join masks m on m.email = s.email and m.park_id = s.park_id
      left join custom c on c.email = s.email and c.park_id = s.park_id
      left join lateral (
        select array_agg(p.day order by p.day) filter (where p.channel = 'email') as email_days,
               array_agg(p.day order by p.day) filter (where p.channel = 'sms') as sms_days
        from pass_days p where p.subscription_id = s.id
      ) pd on true
    ),
    gone as (
      delete from alert_watchers w using k
      where w.email = k.email and w.park_id = k.park_id
        -- NOT IN (a hashed subplan), not NOT EXISTS: a bulk change has thousands of keys while the planner
        -- guesses 10 for unnest, and the anti join it then picks rescans src once per key.
        and (w.email, w.park_id) not in (select src.email, src.park_id from src)
    )
    insert into alert_watchers as w (park_id, email, subscription_id, phone_number, starts_at, email_days, sms_days,
                                     watched, plain, custom_t, custom_m, hourly, bis, dirty)
    select park_id, email, subscription_id, phone_number, starts_at, email_days, sms_days,
           watched, plain, custom_t, custom_m, hourly, bis, true
    from src
    on conflict (park_id, email) do update set
      subscription_id = excluded.subscription_id, phone_number = excluded.phone_number, starts_at = excluded.starts_at,
      email_days = excluded.email_days, sms_days = excluded.sms_days, watched = excluded.watched,
      plain = excluded.plain, custom_t = excluded.custom_t, custom_m = excluded.custom_m, hourly = excluded.hourly,
      bis = excluded.bis, armed = w.armed | (excluded.watched & ~w.watched), dirty = true
  $$`;

/** Trigger bodies: the distinct (email, park) of the changed rows (`rows`, the transition table). */
const keysOf: Record<string, string> = {
  user_rides: `select array_agg(email), array_agg(park_id) from (select distinct email, park_id from rows) k`,
  subscriptions: `select array_agg(email), array_agg(park_id) from (select distinct email, park_id from rows) k`,
  pass_days: `select array_agg(s.email), array_agg(s.park_id)
              from (select distinct subscription_id from rows) r join subscriptions s on s.id = r.subscription_id`,
};

const OPS = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // The attraction bits: per park, in order of first sight, for the entities that can alert (ATTRACTION).
  await sql`alter table attractions add column bit smallint check (bit between 0 and 255)`.execute(db);
  await sql`create unique index attractions_park_bit_uq on attractions (park_id, bit)`.execute(db);
  await sql`
    update attractions a set bit = n.b
    from (select id, row_number() over (partition by park_id order by updated_at, id) - 1 as b
          from attractions where entity_type = 'ATTRACTION') n
    where a.id = n.id and n.b < 256`.execute(db);
  await sql`
    create function attractions_assign_bit() returns trigger language plpgsql as $$
      begin
        if new.bit is null and new.entity_type = 'ATTRACTION'
           and (tg_op = 'UPDATE' or not exists (select 1 from attractions x where x.id = new.id)) then
          perform pg_advisory_xact_lock(hashtext('walkon:attraction-bit'), hashtext(new.park_id));
          select b into new.bit from generate_series(0, 255) b
          where not exists (select 1 from attractions x where x.park_id = new.park_id and x.bit = b)
          order by b limit 1;
        end if;
        return new;
      end $$`.execute(db);
  await sql`
    create trigger attractions_assign_bit before insert or update of entity_type on attractions
    for each row execute function attractions_assign_bit()`.execute(db);

  await sql
    .raw(`
    create table alert_watchers (
      park_id text not null references parks(id) on delete cascade,
      email text not null,
      subscription_id uuid not null references subscriptions(id) on delete cascade,
      phone_number text,
      starts_at timestamptz,
      email_days date[] not null default '{}',
      sms_days date[] not null default '{}',
      watched bit(256) not null,
      plain bit(256) not null,
      custom_t integer[] not null default '{}',
      custom_m bit(256)[] not null default '{}',
      hourly bit(256) not null,
      bis bit(256) not null,
      armed bit(256) not null default ~${Z},
      armed_on date,
      alert_ticks timestamptz[] not null default '{}',
      alert_masks bit(256)[] not null default '{}',
      due_at timestamptz,
      dirty boolean not null default true,
      primary key (park_id, email)
    )`)
    .execute(db);
  await sql`create index alert_watchers_dirty_idx on alert_watchers (park_id) where dirty`.execute(db);
  await sql`create index alert_watchers_due_idx on alert_watchers (park_id, due_at) where due_at is not null`.execute(db);
  await sql`create index alert_watchers_subscription_idx on alert_watchers (subscription_id)`.execute(db);

  // The per-pair audience goes, with its triggers.
  for (const table of ['user_rides', 'subscriptions', 'pass_days']) {
    for (const op of OPS) {
      await sql.raw(`drop trigger if exists alert_audience_${table}_${op} on ${table}`).execute(db);
      await sql.raw(`drop function if exists alert_audience_${table}_${op}()`).execute(db);
    }
  }
  await sql`drop function if exists alert_audience_refresh(jsonb)`.execute(db);
  await sql`drop table if exists alert_audience`.execute(db);

  await sql.raw(refresh).execute(db);
  for (const table of Object.keys(keysOf)) {
    for (const op of OPS) {
      const fn = `alert_watchers_${table}_${op}`;
      await sql
        .raw(`create function ${fn}() returns trigger language plpgsql as $$
          declare emails text[]; parks text[];
          begin
            ${keysOf[table]} into emails, parks;
            if emails is not null then perform alert_watchers_refresh(emails, parks); end if;
            return null;
          end $$`)
        .execute(db);
      const ref = op === 'delete' ? 'old table as rows' : 'new table as rows';
      await sql
        .raw(`create trigger ${fn} after ${op} on ${table} referencing ${ref} for each statement execute function ${fn}()`)
        .execute(db);
    }
  }
  // Existing watches join.
  await sql`
    select alert_watchers_refresh(array_agg(email), array_agg(park_id))
    from (select distinct email, park_id from user_rides) k`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(keysOf)) {
    for (const op of OPS) {
      await sql.raw(`drop trigger if exists alert_watchers_${table}_${op} on ${table}`).execute(db);
      await sql.raw(`drop function if exists alert_watchers_${table}_${op}()`).execute(db);
    }
  }
  await sql`drop function if exists alert_watchers_refresh(text[], text[])`.execute(db);
  await sql`drop table if exists alert_watchers`.execute(db);
  await sql`drop trigger if exists attractions_assign_bit on attractions`.execute(db);
  await sql`drop function if exists attractions_assign_bit()`.execute(db);
  await sql`alter table attractions drop column if exists bit`.execute(db);
  // The per-pair audience of migrations 0014, 0019 and 0021 is not rebuilt: migrate down past 0014 and up again.
}
