import type { Generated } from 'kysely';
import { type Kysely, sql } from 'kysely';
import type { Executor } from '../client.ts';
import { samplePartitionName } from '../migrations/20261124_0018_history.ts';
import type { Database, DateOnly, GeneratedTimestamp, Json, Timestamp } from '../types.ts';
import type { OperatingHoursEntry } from './liveStatus.ts';

/** Length of one rollup slot (docs/DESIGN.md §2.2 history): 15 minutes; a park-local day has 96. */
export const SLOT_MINUTES = 15;
/** A DOWN sample counts as down until the next sample, at most this long (longer gaps are unknown). */
export const DOWN_HOLD_MAX_MINUTES = 60;
/** The newest DOWN sample (no successor yet) counts this long, never past the rollup's end. */
export const DOWN_HOLD_LAST_MINUTES = 15;

const monthStart = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1));

/** The existing monthly partitions of `wait_samples`: name and the UTC month they hold, oldest first. */
export async function listSamplePartitions(db: Executor): Promise<{ name: string; from: Date; to: Date }[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname = 'wait_samples' order by c.relname`.execute(db);
  return rows.flatMap(({ name }) => {
    const m = /^wait_samples_y(\d{4})m(\d{2})$/.exec(name);
    if (!m) return [];
    const y = Number(m[1]);
    const mo = Number(m[2]);
    return [{ name, from: monthStart(y, mo), to: monthStart(mo === 12 ? y + 1 : y, mo === 12 ? 1 : mo + 1) }];
  });
}

/**
 * Creates the monthly `wait_samples` partitions (UTC months) covering `from` to `to` that do not exist yet
 * (docs/DESIGN.md §2.2 history: the maintenance job creates them ahead). Returns the names created.
 */
export async function ensureSamplePartitions(db: Executor, from: Date, to: Date): Promise<string[]> {
  const existing = new Set((await listSamplePartitions(db)).map((p) => p.name));
  const created: string[] = [];
  let y = from.getUTCFullYear();
  let m = from.getUTCMonth() + 1;
  while (monthStart(y, m) <= to) {
    const ny = m === 12 ? y + 1 : y;
    const nm = m === 12 ? 1 : m + 1;
    const name = samplePartitionName(y, m);
    if (!existing.has(name)) {
      await sql
        .raw(
          `create table if not exists ${name} partition of wait_samples for values from ('${monthStart(y, m).toISOString()}') to ('${monthStart(ny, nm).toISOString()}')`,
        )
        .execute(db);
      created.push(name);
    }
    y = ny;
    m = nm;
  }
  return created;
}

/**
 * Drops every `wait_samples` partition whose whole month ends on or before `before` (raw samples are kept 90
 * days, docs/DESIGN.md §2.2 history): a partition is dropped whole, never deleted row by row. Returns the names dropped.
 */
export async function dropSamplePartitionsBefore(db: Executor, before: Date): Promise<string[]> {
  const old = (await listSamplePartitions(db)).filter((p) => p.to <= before);
  for (const p of old) await sql.raw(`drop table ${p.name}`).execute(db);
  return old.map((p) => p.name);
}

/** One raw sample to store (history import). Waits in minutes; `lastUpdated` an instant. */
export interface SampleInput {
  attractionId: string;
  parkId: string;
  status: string;
  standbyWait: number | null;
  lastUpdated: Date;
}

/** Inserts raw samples (duplicates of attraction + lastUpdated ignored); partitions must exist. Returns the count added. */
export async function insertSamples(db: Executor, rows: SampleInput[], recordedAt: Date): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000);
    const r = await db
      .insertInto('wait_samples')
      .values(
        chunk.map((s) => ({
          attraction_id: s.attractionId,
          park_id: s.parkId,
          status: s.status,
          standby_wait: s.standbyWait,
          last_updated: s.lastUpdated,
          recorded_at: recordedAt,
        })),
      )
      .onConflict((oc) => oc.columns(['attraction_id', 'last_updated']).doNothing())
      .executeTakeFirst();
    added += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/**
 * Recomputes the rollups of one park for every 15-minute slot starting in [from, to) (instants; slots are
 * park-local, docs/DESIGN.md §2.2 history): per attraction and slot, the median / p25 / p75 (linear interpolation)
 * of the standby waits of OPERATING samples whose lastUpdated falls in the slot, their count, and the minutes
 * the attraction was DOWN (a DOWN sample holds until the next sample, at most DOWN_HOLD_MAX_MINUTES; the
 * newest one DOWN_HOLD_LAST_MINUTES, never past `to`). Incremental: only the window is rewritten, so the
 * collector calls it for the last 75 minutes after each read. Returns the slots written.
 */
export async function rollupPark(db: Executor, parkId: string, from: Date, to: Date): Promise<number> {
  if (db.isTransaction) return rollupParkIn(db, parkId, from, to);
  return (db as Kysely<Database>).transaction().execute((trx) => rollupParkIn(trx, parkId, from, to));
}

async function rollupParkIn(db: Executor, parkId: string, from: Date, to: Date): Promise<number> {
  await sql`
    with park as (select coalesce(timezone, 'UTC') as tz from parks where id = ${parkId}),
    bounds as (select date_bin('15 minutes', ${from}::timestamptz, timestamptz '2000-01-01 00:00:00+00') as lo, ${to}::timestamptz as hi)
    delete from wait_rollups w using park, bounds b
    where w.park_id = ${parkId}
      and w.local_date between (b.lo at time zone park.tz)::date and (b.hi at time zone park.tz)::date
      and ((w.local_date + make_interval(mins => w.slot * 15)) at time zone park.tz) >= b.lo
      and ((w.local_date + make_interval(mins => w.slot * 15)) at time zone park.tz) < b.hi`.execute(db);
  const r = await sql<{ n: number }>`
    with park as (select coalesce(timezone, 'UTC') as tz from parks where id = ${parkId}),
    bounds as (select date_bin('15 minutes', ${from}::timestamptz, timestamptz '2000-01-01 00:00:00+00') as lo, ${to}::timestamptz as hi),
    src as (
      select s.attraction_id, s.status, s.standby_wait, s.last_updated as t,
        lead(s.last_updated) over (partition by s.attraction_id order by s.last_updated) as t_next
      from wait_samples s, bounds b
      where s.park_id = ${parkId} and s.last_updated >= b.lo - make_interval(mins => ${DOWN_HOLD_MAX_MINUTES}) and s.last_updated < b.hi
    ),
    pts as (
      select attraction_id, date_bin('15 minutes', t, timestamptz '2000-01-01 00:00:00+00') as slot_start, standby_wait
      from src, bounds b where status = 'OPERATING' and standby_wait is not null and t >= b.lo
    ),
    agg as (
      select attraction_id, slot_start,
        percentile_cont(0.5) within group (order by standby_wait) as median,
        percentile_cont(0.25) within group (order by standby_wait) as p25,
        percentile_cont(0.75) within group (order by standby_wait) as p75,
        count(*)::int as samples
      from pts group by attraction_id, slot_start
    ),
    downs as (
      select attraction_id, t,
        least(coalesce(t_next, t + make_interval(mins => ${DOWN_HOLD_LAST_MINUTES})), t + make_interval(mins => ${DOWN_HOLD_MAX_MINUTES}), b.hi) as t_end
      from src, bounds b where status = 'DOWN'
    ),
    down_slots as (
      select d.attraction_id, g as slot_start,
        extract(epoch from least(d.t_end, g + interval '15 minutes') - greatest(d.t, g)) / 60 as minutes
      from downs d
      cross join lateral generate_series(date_bin('15 minutes', d.t, timestamptz '2000-01-01 00:00:00+00'), d.t_end - interval '1 microsecond', interval '15 minutes') g
      where d.t_end > d.t
    ),
    dagg as (
      select attraction_id, slot_start, sum(minutes)::real as down_minutes
      from down_slots, bounds b where slot_start >= b.lo and slot_start < b.hi group by attraction_id, slot_start
    ),
    merged as (
      select coalesce(a.attraction_id, d.attraction_id) as attraction_id, coalesce(a.slot_start, d.slot_start) as slot_start,
        a.median, a.p25, a.p75, coalesce(a.samples, 0) as samples, coalesce(d.down_minutes, 0) as down_minutes
      from agg a full outer join dagg d on d.attraction_id = a.attraction_id and d.slot_start = a.slot_start
    ),
    written as (
      insert into wait_rollups (attraction_id, park_id, local_date, slot, median, p25, p75, samples, down_minutes)
      select m.attraction_id, ${parkId}, (m.slot_start at time zone park.tz)::date,
        (extract(hour from m.slot_start at time zone park.tz) * 4 + extract(minute from m.slot_start at time zone park.tz)::int / 15)::smallint,
        m.median, m.p25, m.p75, m.samples, m.down_minutes
      from merged m, park
      on conflict (attraction_id, local_date, slot) do update set
        median = excluded.median, p25 = excluded.p25, p75 = excluded.p75, samples = excluded.samples, down_minutes = excluded.down_minutes
      returning 1
    )
    select count(*)::int as n from written`.execute(db);
  return r.rows[0]?.n ?? 0;
}

/** One slot of a rollup day. Waits in minutes. */
export interface RollupSlot {
  slot: number;
  median: number | null;
  p25: number | null;
  p75: number | null;
  samples: number;
  downMinutes: number;
}

/** The rollup slots of one attraction on one park-local date, by slot. */
export async function rollupDay(db: Executor, attractionId: string, localDate: string): Promise<RollupSlot[]> {
  return db
    .selectFrom('wait_rollups')
    .select(['slot', 'median', 'p25', 'p75', 'samples', 'down_minutes as downMinutes'])
    .where('attraction_id', '=', attractionId)
    .where('local_date', '=', localDate)
    .orderBy('slot')
    .execute();
}

/**
 * The typical day of an attraction for a weekday (docs/DESIGN.md §2.2 history): the `days` most recent park-local
 * dates before `before` with that ISO weekday (1 = Monday … 7 = Sunday) that have rollups with waits, and per
 * slot the median and p25–p75 of those days' slot medians. Returns the dates used (newest first, 'YYYY-MM-DD')
 * and the slots (minutes). One statement: a ride page rebuilt after each tick pays one round trip for it.
 */
export async function typicalDay(
  db: Executor,
  attractionId: string,
  isoWeekday: number,
  before: string,
  days = 8,
): Promise<{ dates: string[]; slots: { slot: number; median: number; p25: number; p75: number; days: number }[] }> {
  const { rows } = await sql<{ dates: string[]; slots: { slot: number; median: number; p25: number; p75: number; days: number }[] }>`
    with d as (
      select distinct local_date from wait_rollups
      where attraction_id = ${attractionId} and local_date < ${before}::date and samples > 0
        and extract(isodow from local_date) = ${isoWeekday}
      order by local_date desc
      limit ${days}
    ),
    s as (
      select slot,
             percentile_cont(0.5) within group (order by median) as median,
             percentile_cont(0.25) within group (order by median) as p25,
             percentile_cont(0.75) within group (order by median) as p75,
             count(*)::int as days
      from wait_rollups
      where attraction_id = ${attractionId} and local_date in (select local_date from d) and median is not null
      group by slot
    )
    select (select coalesce(json_agg(to_char(local_date, 'YYYY-MM-DD') order by local_date desc), '[]') from d) as dates,
           (select coalesce(json_agg(json_build_object('slot', slot, 'median', median, 'p25', p25, 'p75', p75, 'days', days)
                                     order by slot), '[]') from s) as slots`.execute(db);
  return rows[0] ?? { dates: [], slots: [] };
}

/** An attraction's raw samples with lastUpdated in [from, to), oldest first. */
export async function samplesBetween(db: Executor, attractionId: string, from: Date, to: Date) {
  return db
    .selectFrom('wait_samples')
    .select(['status', 'standby_wait as waitMinutes', 'last_updated as at'])
    .where('attraction_id', '=', attractionId)
    .where('last_updated', '>=', from)
    .where('last_updated', '<', to)
    .orderBy('last_updated')
    .execute();
}

/** Every attraction's slot medians of a park on one park-local date (the live table's sparklines). */
export async function parkDaySlots(db: Executor, parkId: string, localDate: string) {
  return db
    .selectFrom('wait_rollups')
    .select(['attraction_id as attractionId', 'slot', 'median'])
    .where('park_id', '=', parkId)
    .where('local_date', '=', localDate)
    .orderBy('attraction_id')
    .orderBy('slot')
    .execute();
}

/**
 * Per attraction of a park, the standby wait of its newest OPERATING sample at or before `at` and after
 * `at − 60 min` (the trend's reference point: the wait 30 minutes ago).
 */
export async function parkWaitsAt(db: Executor, parkId: string, at: Date): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('wait_samples')
    .distinctOn('attraction_id')
    .select(['attraction_id as attractionId', 'standby_wait as waitMinutes'])
    .where('park_id', '=', parkId)
    .where('status', '=', 'OPERATING')
    .where('standby_wait', 'is not', null)
    .where('last_updated', '<=', at)
    .where('last_updated', '>', new Date(at.getTime() - 3_600_000))
    .orderBy('attraction_id')
    .orderBy('last_updated', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.attractionId, r.waitMinutes as number]));
}

/** Replaces a park's published hours for the given park-local dates (ThemeParks.wiki schedule). */
export async function saveParkHours(
  db: Executor,
  parkId: string,
  entries: { localDate: string; type: string; opens: string; closes: string; description: string | null }[],
  readOn: string,
): Promise<void> {
  const dates = [...new Set(entries.map((e) => e.localDate))];
  if (dates.length) await db.deleteFrom('park_hours').where('park_id', '=', parkId).where('local_date', 'in', dates).execute();
  if (entries.length)
    await db
      .insertInto('park_hours')
      .values(
        entries.map((e) => ({
          park_id: parkId,
          local_date: e.localDate,
          type: e.type,
          opens: e.opens,
          closes: e.closes,
          description: e.description,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  await db.updateTable('parks').set({ schedule_read_on: readOn }).where('id', '=', parkId).execute();
}

/** A park's published hours on one park-local date, earliest first. */
export async function parkHours(db: Executor, parkId: string, localDate: string) {
  return db
    .selectFrom('park_hours')
    .select(['type', 'opens', 'closes', 'description'])
    .where('park_id', '=', parkId)
    .where('local_date', '=', localDate)
    .orderBy('opens')
    .execute();
}

/**
 * A park's published hours of the park-local date `localDate` and the day before (an opening past midnight
 * belongs to the day before), for `scheduleAllows` of @walkon/domain (docs/rules.md R3):
 * { localDate 'YYYY-MM-DD', type, opens, closes ('HH:MM' park-local) }[].
 */
export async function scheduleAround(db: Executor, parkId: string, localDate: string) {
  const rows = await db
    .selectFrom('park_hours')
    .select([sql<string>`to_char(local_date, 'YYYY-MM-DD')`.as('localDate'), 'type', 'opens', 'closes'])
    .where('park_id', '=', parkId)
    .where('local_date', '<=', localDate)
    .where('local_date', '>=', sql<string>`${localDate}::date - 1`)
    .execute();
  return rows;
}

/**
 * The parks the history collector reads (docs/DESIGN.md §2.2 history): every park of the catalogue, except those
 * the source said publish no live data within the last day.
 */
export async function collectableParks(
  db: Executor,
  now: Date,
): Promise<{ id: string; timezone: string | null; scheduleReadOn: string | null }[]> {
  return db
    .selectFrom('parks')
    .select(['id', 'timezone', 'schedule_read_on as scheduleReadOn'])
    .where((eb) => eb.or([eb('no_live_data_at', 'is', null), eb('no_live_data_at', '<', new Date(now.getTime() - 86_400_000))]))
    .orderBy('id')
    .execute();
}

/**
 * Claims a park's read for this interval: true for exactly one caller per `intervalMs` however many
 * workers try (a conditional update), false when it was claimed less than 90 % of an interval ago.
 */
export async function claimHistoryRead(db: Executor, parkId: string, now: Date, intervalMs: number): Promise<boolean> {
  const r = await db
    .updateTable('parks')
    .set({ history_read_at: now })
    .where('id', '=', parkId)
    .where((eb) => eb.or([eb('history_read_at', 'is', null), eb('history_read_at', '<=', new Date(now.getTime() - intervalMs * 0.9))]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Marks a park as publishing no live data (the source answered "not found"). */
export async function markNoLiveData(db: Executor, parkId: string, now: Date): Promise<void> {
  await db.updateTable('parks').set({ no_live_data_at: now }).where('id', '=', parkId).execute();
}

/** One attraction of a park with its latest live state and raw queue (the ride page), or undefined. */
export async function attractionLive(db: Executor, parkId: string, attractionId: string) {
  return db
    .selectFrom('attractions as a')
    .leftJoin('ride_status as r', 'r.attraction_id', 'a.id')
    .select([
      'a.id',
      'a.name',
      'a.entity_type as entityType',
      'r.status',
      'r.standby_wait as waitMinutes',
      'r.last_updated as lastUpdated',
      'r.queue',
    ])
    .where('a.id', '=', attractionId)
    .where('a.park_id', '=', parkId)
    .executeTakeFirst();
}

export interface ParksTable {
  id: string;
  destination_id: string;
  name: string;
  /** IANA zone, e.g. America/New_York; null until known. */
  timezone: string | null;
  /** Status of the park's own entity in its last live response (OPERATING, CLOSED, …); null when unpublished. */
  live_status: string | null;
  /** The park entity's published operating hours from its last live response, or null. */
  live_hours: Json<OperatingHoursEntry[] | null> | null;
  /** When the park was last polled (UTC). */
  live_polled_at: Timestamp | null;
  /** Newest `lastUpdated` of any entity of its last live document, future stamps ignored (docs/rules.md R2). */
  live_updated_at: Timestamp | null;
  /** When a watched park's tick last tried to read the schedule (UTC; retried after 15 minutes). */
  schedule_tried_at: Timestamp | null;
  updated_at: GeneratedTimestamp;
  /** When the 5-minute history collector last claimed this park's read (UTC). */
  history_read_at: Timestamp | null;
  /** Park-local date the schedule was last read (once a day). */
  schedule_read_on: DateOnly | null;
  /** When the source last answered that the park publishes no live data (skipped for a day). */
  no_live_data_at: Timestamp | null;
}

export interface WaitSamplesTable {
  id: Generated<string>;
  attraction_id: string;
  park_id: string;
  status: string;
  standby_wait: number | null;
  last_updated: Timestamp;
  recorded_at: GeneratedTimestamp;
}

/** One 15-minute slot of one attraction's park-local day (docs/DESIGN.md §2.2 history). Waits in minutes. */
export interface WaitRollupsTable {
  attraction_id: string;
  park_id: string;
  /** Park-local date. */
  local_date: DateOnly;
  /** 0–95: the slot starting at slot × 15 minutes after park-local midnight. */
  slot: number;
  median: number | null;
  p25: number | null;
  p75: number | null;
  /** OPERATING samples with a standby wait in the slot. */
  samples: Generated<number>;
  /** Minutes of the slot the attraction was DOWN. */
  down_minutes: Generated<number>;
}

/** A park's published hours for one park-local date (ThemeParks.wiki schedule), wall-clock 'HH:MM'. */
export interface ParkHoursTable {
  park_id: string;
  local_date: DateOnly;
  /** OPERATING, TICKETED_EVENT, EXTRA_HOURS … */
  type: string;
  opens: string;
  closes: string;
  description: string | null;
}
