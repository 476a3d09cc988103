import { type Kysely, sql } from 'kysely';

/**
 * Alert engine v2 (docs/DESIGN.md §2 steps 3–5):
 * - `alert_audience`: one row per (attraction, person) that may be alerted — an active watch whose
 *   subscription is active — with the watch's threshold and options, the subscription (pass days are checked
 *   per park-local "today" at evaluation), the armed state of the day (alert on the drop) and the last alert.
 *   Kept in step with `user_rides`, `subscriptions` and `pass_days` by statement-level triggers (set-based, so a
 *   bulk insert of 300,000 watches refreshes the audience in one statement), and by the tick (disarm on alert,
 *   re-arm on a reading above the threshold). `dirty` marks pairs changed since the last tick (evaluated even
 *   when their attraction's reading did not change); `due_at` marks pairs held back by the 60-minute rule.
 *   The watch triggers use the changed rows themselves; subscription changes refresh that person's audience
 *   for the park; pass-day changes mark the subscription's pairs dirty.
 * - `parks.live_status` / `live_hours` / `live_polled_at`: the park's own entity in the live response.
 * - `ride_status.down_seen` / `up_polls`: back in service (DOWN → OPERATING on two consecutive fresh polls);
 *   `qualified`: whether the last poll's reading qualified (a change of it makes the attraction evaluated),
 *   `back_in_service_event`: that poll confirmed a return to service, `changed_at`: the last poll that changed
 *   the reading — the evaluation joins these stored verdicts (a real table the planner has statistics for).
 * - `deliveries.status` gains `capped` (held back by the daily cap, recorded, never sent) and `message_key`
 *   (the deliveries of one person, channel and tick that go out as ONE message); the per-ride anti-join index
 *   is dropped (the audience's `last_alert_at` answers "anything of that ride in the last hour").
 * - `outbox_messages.delivery_ids`: every delivery a grouped message carries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('parks')
    .addColumn('live_status', 'text')
    .addColumn('live_hours', 'jsonb')
    .addColumn('live_polled_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('ride_status')
    .addColumn('down_seen', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('up_polls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('qualified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('back_in_service_event', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('changed_at', 'timestamptz')
    .execute();

  await sql`alter table deliveries drop constraint if exists deliveries_status_check`.execute(db);
  await sql`alter table deliveries add constraint deliveries_status_check check (status in ('queued', 'sent', 'failed', 'capped'))`.execute(
    db,
  );
  await db.schema.alterTable('deliveries').addColumn('message_key', 'text').execute();
  await sql`drop index if exists deliveries_recent_ride_idx`.execute(db);
  await db.schema.alterTable('outbox_messages').addColumn('delivery_ids', sql`uuid[]`).execute();

  await sql`
    create table alert_audience (
      ride_id text not null references attractions(id) on delete cascade,
      email text not null,
      park_id text not null,
      subscription_id uuid not null references subscriptions(id) on delete cascade,
      phone_number text,
      starts_at timestamptz,
      threshold_minutes integer,
      remind_hourly boolean not null default false,
      back_in_service boolean not null default false,
      armed boolean not null default true,
      armed_on date,
      last_alert_at timestamptz,
      due_at timestamptz,
      dirty boolean not null default true,
      primary key (ride_id, email)
    )`.execute(db);
  await sql`create index alert_audience_person_idx on alert_audience (email, park_id)`.execute(db);
  await sql`create index alert_audience_dirty_idx on alert_audience (park_id) where dirty`.execute(db);
  await sql`create index alert_audience_due_idx on alert_audience (park_id, due_at) where due_at is not null`.execute(db);

  // Refreshes the audience of the given (email, park_id) keys from user_rides + subscriptions.
  await sql`
    create function alert_audience_refresh(keys jsonb) returns void language sql as $$
      with k as (select distinct x->>'email' as email, x->>'park_id' as park_id from jsonb_array_elements(keys) x),
      gone as (
        delete from alert_audience a using k
        where a.email = k.email and a.park_id = k.park_id
          and not exists (
            select 1 from user_rides ur join subscriptions s on s.email = ur.email and s.park_id = ur.park_id
            where ur.email = a.email and ur.ride_id = a.ride_id and ur.active and s.active)
      )
      insert into alert_audience (ride_id, email, park_id, subscription_id, phone_number, starts_at, threshold_minutes,
                                  remind_hourly, back_in_service, dirty)
      select ur.ride_id, ur.email, ur.park_id, s.id, s.phone_number, s.starts_at, ur.threshold_minutes,
             ur.remind_hourly, ur.back_in_service, true
      from k
      join user_rides ur on ur.email = k.email and ur.park_id = k.park_id and ur.active
      join subscriptions s on s.email = ur.email and s.park_id = ur.park_id and s.active
      on conflict (ride_id, email) do update set
        park_id = excluded.park_id, subscription_id = excluded.subscription_id, phone_number = excluded.phone_number,
        starts_at = excluded.starts_at, threshold_minutes = excluded.threshold_minutes,
        remind_hourly = excluded.remind_hourly, back_in_service = excluded.back_in_service, dirty = true
    $$`.execute(db);

  // Watches: the changed rows themselves (the transition table), so a bulk insert of watches never scans
  // user_rides; an inactive watch leaves the audience.
  const watchUpsert = `
    delete from alert_audience a using rows r where a.ride_id = r.ride_id and a.email = r.email and not r.active;
    insert into alert_audience (ride_id, email, park_id, subscription_id, phone_number, starts_at, threshold_minutes,
                                remind_hourly, back_in_service, dirty)
    select r.ride_id, r.email, r.park_id, s.id, s.phone_number, s.starts_at, r.threshold_minutes, r.remind_hourly,
           r.back_in_service, true
    from rows r join subscriptions s on s.email = r.email and s.park_id = r.park_id and s.active
    where r.active
    on conflict (ride_id, email) do update set
      park_id = excluded.park_id, subscription_id = excluded.subscription_id, phone_number = excluded.phone_number,
      starts_at = excluded.starts_at, threshold_minutes = excluded.threshold_minutes,
      remind_hourly = excluded.remind_hourly, back_in_service = excluded.back_in_service, dirty = true;`;
  const triggers: [table: string, op: 'insert' | 'update' | 'delete', body: string][] = [
    ['user_rides', 'insert', watchUpsert],
    ['user_rides', 'update', watchUpsert],
    ['user_rides', 'delete', `delete from alert_audience a using rows r where a.ride_id = r.ride_id and a.email = r.email;`],
    // Subscriptions: refresh the audience of each changed (email, park).
    ...(['insert', 'update', 'delete'] as const).map(
      (op) =>
        [
          'subscriptions',
          op,
          `perform alert_audience_refresh(coalesce((select jsonb_agg(jsonb_build_object('email', k.email, 'park_id', k.park_id))
                                                   from (select distinct email, park_id from rows) k), '[]'::jsonb));`,
        ] as [string, 'insert' | 'update' | 'delete', string],
    ),
    // Pass days: the pairs of the subscription are evaluated at the next tick (a day bought for today).
    ...(['insert', 'update', 'delete'] as const).map(
      (op) =>
        [
          'pass_days',
          op,
          `update alert_audience a set dirty = true from (select distinct subscription_id from rows) r
           where a.subscription_id = r.subscription_id and not a.dirty;`,
        ] as [string, 'insert' | 'update' | 'delete', string],
    ),
  ];
  for (const [table, op, body] of triggers) {
    const fn = `alert_audience_${table}_${op}`;
    await sql
      .raw(`create function ${fn}() returns trigger language plpgsql as $$
        begin
          ${body}
          return null;
        end $$`)
      .execute(db);
    const ref = op === 'delete' ? 'old table as rows' : 'new table as rows';
    await sql
      .raw(`create trigger ${fn} after ${op} on ${table} referencing ${ref} for each statement execute function ${fn}()`)
      .execute(db);
  }

  // Existing watches join the audience.
  await sql`
    select alert_audience_refresh(coalesce((select jsonb_agg(jsonb_build_object('email', email, 'park_id', park_id))
                                            from (select distinct email, park_id from user_rides) k), '[]'::jsonb))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['user_rides', 'subscriptions', 'pass_days']) {
    for (const op of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists alert_audience_${table}_${op} on ${table}`).execute(db);
      await sql.raw(`drop function if exists alert_audience_${table}_${op}()`).execute(db);
    }
  }
  await sql`drop function if exists alert_audience_refresh(jsonb)`.execute(db);
  await db.schema.dropTable('alert_audience').ifExists().execute();
  await db.schema.alterTable('outbox_messages').dropColumn('delivery_ids').execute();
  await sql`create index if not exists deliveries_recent_ride_idx on deliveries (email, ride_id, created_at)`.execute(db);
  await db.schema.alterTable('deliveries').dropColumn('message_key').execute();
  await sql`delete from deliveries where status = 'capped'`.execute(db);
  await sql`alter table deliveries drop constraint if exists deliveries_status_check`.execute(db);
  await sql`alter table deliveries add constraint deliveries_status_check check (status in ('queued', 'sent', 'failed'))`.execute(db);
  await db.schema
    .alterTable('ride_status')
    .dropColumn('down_seen')
    .dropColumn('up_polls')
    .dropColumn('qualified')
    .dropColumn('back_in_service_event')
    .dropColumn('changed_at')
    .execute();
  await db.schema.alterTable('parks').dropColumn('live_status').dropColumn('live_hours').dropColumn('live_polled_at').execute();
}
