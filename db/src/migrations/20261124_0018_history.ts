import { type Kysely, sql } from 'kysely';

/** `wait_samples_yYYYYmMM`: the monthly partition holding `last_updated` in that UTC month. */
export function samplePartitionName(year: number, month: number): string {
  return `wait_samples_y${year}m${String(month).padStart(2, '0')}`;
}

/**
 * Wait history (docs/DESIGN.md §2.2 history): `wait_samples` becomes a table range-partitioned by month of
 * `last_updated` (UTC), so 90-day retention drops whole partitions instead of deleting rows; existing rows are
 * moved into the new partitions. `wait_rollups` keeps, per attraction, park-local date and 15-minute slot
 * (0–95), the median / p25 / p75 standby wait of OPERATING samples, their count and the minutes DOWN; it is
 * kept for good. `park_hours` holds the park's published schedule per park-local date (wall-clock 'HH:MM').
 * `parks` gains the history collector's claim (`history_read_at`), the day the schedule was last read and
 * when the source last said the park has no live data.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table wait_samples rename to wait_samples_legacy`.execute(db);
  await sql`alter table wait_samples_legacy rename constraint wait_samples_attraction_updated_uq to wait_samples_legacy_uq`.execute(db);
  await sql`alter table wait_samples_legacy rename constraint wait_samples_pkey to wait_samples_legacy_pkey`.execute(db);
  await sql`
    create table wait_samples (
      id bigserial not null,
      attraction_id text not null references attractions(id) on delete cascade,
      park_id text not null,
      status text not null,
      standby_wait integer,
      last_updated timestamptz not null,
      recorded_at timestamptz not null default now(),
      constraint wait_samples_pkey primary key (id, last_updated),
      constraint wait_samples_attraction_updated_uq unique (attraction_id, last_updated)
    ) partition by range (last_updated)`.execute(db);
  await sql`create index wait_samples_park_updated_idx on wait_samples (park_id, last_updated)`.execute(db);

  // One partition per UTC month from the oldest existing sample to three months ahead.
  const { rows } = await sql<{ oldest: Date | null }>`select min(last_updated) as oldest from wait_samples_legacy`.execute(db);
  const now = new Date();
  const start = rows[0]?.oldest ?? now;
  let y = start.getUTCFullYear();
  let m = start.getUTCMonth() + 1;
  const endY = now.getUTCFullYear();
  const endM = now.getUTCMonth() + 1 + 3;
  while (y * 12 + m <= endY * 12 + endM) {
    const from = `${y}-${String(m).padStart(2, '0')}-01 00:00:00+00`;
    const ny = m === 12 ? y + 1 : y;
    const nm = m === 12 ? 1 : m + 1;
    const to = `${ny}-${String(nm).padStart(2, '0')}-01 00:00:00+00`;
    await sql
      .raw(`create table ${samplePartitionName(y, m)} partition of wait_samples for values from ('${from}') to ('${to}')`)
      .execute(db);
    y = ny;
    m = nm;
  }
  await sql`
    insert into wait_samples (attraction_id, park_id, status, standby_wait, last_updated, recorded_at)
    select attraction_id, park_id, status, standby_wait, last_updated, recorded_at from wait_samples_legacy
    order by id`.execute(db);
  await sql`drop table wait_samples_legacy`.execute(db);

  await db.schema
    .createTable('wait_rollups')
    .addColumn('attraction_id', 'text', (c) => c.notNull().references('attractions.id').onDelete('cascade'))
    .addColumn('park_id', 'text', (c) => c.notNull())
    .addColumn('local_date', 'date', (c) => c.notNull())
    .addColumn('slot', 'smallint', (c) => c.notNull().check(sql`slot between 0 and 95`))
    .addColumn('median', 'real')
    .addColumn('p25', 'real')
    .addColumn('p75', 'real')
    .addColumn('samples', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('down_minutes', 'real', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('wait_rollups_pk', ['attraction_id', 'local_date', 'slot'])
    .execute();
  await db.schema.createIndex('wait_rollups_park_date_idx').on('wait_rollups').columns(['park_id', 'local_date']).execute();

  await db.schema
    .createTable('park_hours')
    .addColumn('park_id', 'text', (c) => c.notNull().references('parks.id').onDelete('cascade'))
    .addColumn('local_date', 'date', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('opens', 'text', (c) => c.notNull().check(sql`opens ~ '^[0-2][0-9]:[0-5][0-9]$'`))
    .addColumn('closes', 'text', (c) => c.notNull().check(sql`closes ~ '^[0-2][0-9]:[0-5][0-9]$'`))
    .addColumn('description', 'text')
    .addPrimaryKeyConstraint('park_hours_pk', ['park_id', 'local_date', 'type', 'opens'])
    .execute();

  await db.schema
    .alterTable('parks')
    .addColumn('history_read_at', 'timestamptz')
    .addColumn('schedule_read_on', 'date')
    .addColumn('no_live_data_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('parks').dropColumn('history_read_at').dropColumn('schedule_read_on').dropColumn('no_live_data_at').execute();
  await db.schema.dropTable('park_hours').execute();
  await db.schema.dropTable('wait_rollups').execute();
  await sql`create table wait_samples_flat (like wait_samples including defaults)`.execute(db);
  await sql`insert into wait_samples_flat select * from wait_samples`.execute(db);
  await sql`drop table wait_samples`.execute(db);
  await sql`alter table wait_samples_flat rename to wait_samples`.execute(db);
  await sql`alter table wait_samples add constraint wait_samples_pkey primary key (id)`.execute(db);
  await sql`alter table wait_samples add constraint wait_samples_attraction_updated_uq unique (attraction_id, last_updated)`.execute(db);
}
