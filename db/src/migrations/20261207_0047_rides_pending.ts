import { type Kysely, sql } from 'kysely';

/**
 * Passes waiting for their rides, kept in a table instead of found by a scan (docs/decisions/067, docs/rules.md
 * R21): `rides_pending` holds one row per active subscription whose e-mail has no `user_rides` row for the park
 * (granted while the park's ride list could not load). The poll's `rides.selectPendingDefaults` starts from the
 * park's rows here, almost always none, instead of probing `user_rides` once per subscription of the park on
 * every poll (1.5 s a poll at 183,534 subscriptions of one park).
 * A table of its own, not a column of `subscriptions`: writing a flag there would fire the audience's
 * statement triggers on `subscriptions` (migration 0022) and rebuild `alert_watchers` rows for nothing.
 * Kept in step by statement triggers: on `subscriptions` (insert, update) the touched subscriptions are
 * recomputed (a delete cascades); on `user_rides` an insert removes the pairs it touched, an update or delete
 * (rows moved to another e-mail, or removed) recomputes the subscriptions of the old and new pairs.
 */
const recompute = `
  create or replace function rides_pending_refresh(ids uuid[]) returns void language sql as $$
    delete from rides_pending where subscription_id = any(ids);
    insert into rides_pending (subscription_id, park_id, email)
    select s.id, s.park_id, s.email from subscriptions s
    where s.id = any(ids) and s.active
      and not exists (select 1 from user_rides ur where ur.email = s.email and ur.park_id = s.park_id);
  $$`;

/** The subscriptions of the (email, park) pairs of a `user_rides` transition table. */
const subscriptionsOf = (rows: string) =>
  `select array_agg(s.id) from (select distinct email, park_id from ${rows}) k
   join subscriptions s on s.email = k.email and s.park_id = k.park_id`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table rides_pending (
      subscription_id uuid primary key references subscriptions(id) on delete cascade,
      park_id text not null,
      email text not null
    )`.execute(db);
  await sql`create index rides_pending_park_idx on rides_pending (park_id)`.execute(db);
  await sql`create index rides_pending_email_idx on rides_pending (email, park_id)`.execute(db);
  await sql.raw(recompute).execute(db);
  await sql`
    insert into rides_pending (subscription_id, park_id, email)
    select s.id, s.park_id, s.email from subscriptions s
    where s.active and not exists (select 1 from user_rides ur where ur.email = s.email and ur.park_id = s.park_id)`.execute(db);

  const triggers: { name: string; on: string; op: string; ref: string; body: string }[] = [
    {
      name: 'rides_pending_subscriptions_insert',
      on: 'subscriptions',
      op: 'insert',
      ref: 'new table as new_rows',
      body: `insert into rides_pending (subscription_id, park_id, email)
             select r.id, r.park_id, r.email from new_rows r
             where r.active and not exists (select 1 from user_rides ur where ur.email = r.email and ur.park_id = r.park_id);`,
    },
    {
      name: 'rides_pending_subscriptions_update',
      on: 'subscriptions',
      op: 'update',
      ref: 'new table as new_rows',
      // Only rows whose pending state can differ from what is stored: a change of active, e-mail or park.
      body: `perform rides_pending_refresh(array(
               select r.id from new_rows r left join rides_pending rp on rp.subscription_id = r.id
               where (rp.subscription_id is null) = r.active or rp.email is distinct from r.email or rp.park_id is distinct from r.park_id));`,
    },
    {
      // An insert only clears, and the pending rows are few: the delete starts from them.
      name: 'rides_pending_user_rides_insert',
      on: 'user_rides',
      op: 'insert',
      ref: 'new table as new_rows',
      body: `delete from rides_pending rp using (select distinct email, park_id from new_rows) k
             where rp.email = k.email and rp.park_id = k.park_id;`,
    },
    {
      name: 'rides_pending_user_rides_update',
      on: 'user_rides',
      op: 'update',
      ref: 'old table as old_rows new table as new_rows',
      body: `perform rides_pending_refresh(coalesce((${subscriptionsOf('(select email, park_id from old_rows union select email, park_id from new_rows) u')}), '{}'))
             where exists (select 1 from old_rows o join new_rows n on n.id = o.id
                           where o.email is distinct from n.email or o.park_id is distinct from n.park_id);`,
    },
    {
      name: 'rides_pending_user_rides_delete',
      on: 'user_rides',
      op: 'delete',
      ref: 'old table as old_rows',
      body: `perform rides_pending_refresh(coalesce((${subscriptionsOf('old_rows')}), '{}'));`,
    },
  ];
  for (const t of triggers) {
    await sql
      .raw(`create function ${t.name}() returns trigger language plpgsql as $$
        begin
          ${t.body}
          return null;
        end $$`)
      .execute(db);
    await sql
      .raw(`create trigger ${t.name} after ${t.op} on ${t.on} referencing ${t.ref} for each statement execute function ${t.name}()`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, on] of [
    ['rides_pending_subscriptions_insert', 'subscriptions'],
    ['rides_pending_subscriptions_update', 'subscriptions'],
    ['rides_pending_user_rides_insert', 'user_rides'],
    ['rides_pending_user_rides_update', 'user_rides'],
    ['rides_pending_user_rides_delete', 'user_rides'],
  ]) {
    await sql.raw(`drop trigger if exists ${name} on ${on}`).execute(db);
    await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
  await sql`drop function if exists rides_pending_refresh(uuid[])`.execute(db);
  await sql`drop table if exists rides_pending`.execute(db);
}
