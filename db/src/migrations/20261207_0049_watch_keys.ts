import { type Kysely, sql } from 'kysely';

/**
 * A per-ride audience (docs/decisions/068, docs/DESIGN.md §2.3): each `alert_watchers` row carries `watch_keys`,
 * one `bigint` per watched attraction — `alert_watch_key_base(park_id) + bit`, where the base is the first 32 bits
 * of the park id's MD5 times 256 (a fixed algorithm, so a key never changes with the server's version) — and a GIN
 * index over them. A tick then finds the watchers of the attractions that changed (and the re-arm those of the
 * attractions it may re-arm) as `watch_keys && alert_watch_keys(park, mask)`, reading only those rows instead of
 * every row of the park. Two parks whose bases collide only make the index return rows the statement's own
 * `park_id` and mask tests then drop: a key is a filter, never the rule.
 * The keys are written by a row trigger from `watched` (before insert, and before an update that changes
 * `watched`), so every writer of the audience — the refresh triggers of migration 0022 and any later one — keeps
 * them; the tick's own updates (armed state, alerts, due times) never change `watched` and leave them alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function alert_watch_key_base(park text) returns bigint language sql immutable parallel safe
    as $$ select ('x' || left(md5(park), 8))::bit(32)::int::bigint * 256 $$`.execute(db);
  await sql`create function alert_watch_keys(park text, m bit(256)) returns bigint[] language sql immutable parallel safe
    as $$ select coalesce(array_agg(alert_watch_key_base(park) + (u.i - 1) order by u.i), '{}')
          from unnest(string_to_array(m::text, null)) with ordinality u(c, i) where u.c = '1' $$`.execute(db);
  await sql`alter table alert_watchers add column watch_keys bigint[] not null default '{}'`.execute(db);
  await sql`create function alert_watchers_keys() returns trigger language plpgsql as $$
    begin
      new.watch_keys := alert_watch_keys(new.park_id, new.watched);
      return new;
    end $$`.execute(db);
  await sql`create trigger alert_watchers_keys_insert before insert on alert_watchers
    for each row execute function alert_watchers_keys()`.execute(db);
  await sql`create trigger alert_watchers_keys_update before update of watched, park_id on alert_watchers
    for each row when (new.watched is distinct from old.watched or new.park_id is distinct from old.park_id)
    execute function alert_watchers_keys()`.execute(db);
  await sql`update alert_watchers set watch_keys = alert_watch_keys(park_id, watched)`.execute(db);
  await sql`create index alert_watchers_watch_keys_idx on alert_watchers using gin (watch_keys)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists alert_watchers_watch_keys_idx`.execute(db);
  await sql`drop trigger if exists alert_watchers_keys_update on alert_watchers`.execute(db);
  await sql`drop trigger if exists alert_watchers_keys_insert on alert_watchers`.execute(db);
  await sql`drop function if exists alert_watchers_keys()`.execute(db);
  await sql`alter table alert_watchers drop column if exists watch_keys`.execute(db);
  await sql`drop function if exists alert_watch_keys(text, bit)`.execute(db);
  await sql`drop function if exists alert_watch_key_base(text)`.execute(db);
}
