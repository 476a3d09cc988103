import { type Kysely, sql } from 'kysely';

/**
 * Notifications people can steer (docs/rules.md R16a; docs/decisions/040):
 * - `alert_mutes`: "Mute until …" per account and park, or per account, park and attraction (`attraction_id`
 *   null = the whole park). `until` is the absolute UTC end instant: a mute ends by itself, no job ends it. One
 *   row per (account, park, attraction): muting again moves its end. A mute cleared by hand gets `until` = the
 *   instant it was cleared (the engine re-arms what an ended mute covered, R16a); ended rows are swept a day later.
 * - `alert_quiet_hours`: per account, park-local start and end minute of the day (0–1439; start > end wraps
 *   midnight; equal is refused).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table alert_mutes (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      park_id text not null references parks(id) on delete cascade,
      attraction_id text references attractions(id) on delete cascade,
      until timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index alert_mutes_target_uq on alert_mutes (user_id, park_id, (coalesce(attraction_id, '')))`.execute(db);
  await sql`create index alert_mutes_park_idx on alert_mutes (park_id, until)`.execute(db);
  await sql`
    create table alert_quiet_hours (
      user_id uuid primary key references users(id) on delete cascade,
      start_minute smallint not null check (start_minute between 0 and 1439),
      end_minute smallint not null check (end_minute between 0 and 1439),
      updated_at timestamptz not null default now(),
      check (start_minute <> end_minute)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists alert_quiet_hours`.execute(db);
  await sql`drop table if exists alert_mutes`.execute(db);
}
