import { type Kysely, sql } from 'kysely';

/**
 * Two small facts a tick reads instead of the park's whole audience (docs/decisions/067, docs/DESIGN.md §2.3):
 * - `alert_watchers_top_threshold_idx`: the largest custom threshold of a park's audience. `custom_t` is kept
 *   ascending by `alert_watchers_refresh` (migration 0022, `array_agg(t order by t)`), so its last element is the
 *   person's largest threshold, and `max()` of it over a park is one backward probe of this index. A changed
 *   qualifying wait above every threshold of the park is short for nobody. `alert_watchers_bottom_threshold_idx`
 *   likewise gives the smallest (`custom_t[1]`): a wait at or under every threshold re-arms nobody. The tick
 *   never writes `custom_t`.
 * - `alert_park_disarmed`: per park, the attractions someone may be disarmed for on `day` (park-local date,
 *   docs/rules.md R4): the claim ORs in what it alerts (an alert is the only thing that disarms), and the re-arm
 *   clears an attraction once its reading re-armed everyone (not OPERATING, or a wait above every threshold of the
 *   park). It is a superset of the disarmed pairs, so a re-arm that finds none of its attractions in it has
 *   nothing to do, and skips reading the audience. Filled here from the audience as it stands.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index alert_watchers_top_threshold_idx on alert_watchers (park_id, (custom_t[cardinality(custom_t)]))
    where cardinality(custom_t) > 0`.execute(db);
  await sql`create index alert_watchers_bottom_threshold_idx on alert_watchers (park_id, (custom_t[1]))
    where cardinality(custom_t) > 0`.execute(db);
  await sql`create table alert_park_disarmed (
      park_id text primary key references parks(id) on delete cascade,
      day date not null,
      mask bit(256) not null
    )`.execute(db);
  await sql`
    insert into alert_park_disarmed (park_id, day, mask)
    select distinct on (park_id) park_id, armed_on, bit_or(~armed)
    from alert_watchers where armed_on is not null
    group by park_id, armed_on
    order by park_id, armed_on desc`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists alert_park_disarmed`.execute(db);
  await sql`drop index if exists alert_watchers_top_threshold_idx`.execute(db);
  await sql`drop index if exists alert_watchers_bottom_threshold_idx`.execute(db);
}
