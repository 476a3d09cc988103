import type { Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { Json, Timestamp } from '../types.ts';
import * as history from './history.ts';

/** The latest live state of one attraction, as the poller writes it (docs/DESIGN.md §2.2). */
export interface RideStatusInput {
  attractionId: string;
  parkId: string;
  status: string;
  /** Minutes, or null. */
  standbyWait: number | null;
  queue: Record<string, unknown> | null;
  operatingHours: OperatingHoursEntry[] | null;
  /** Upstream lastUpdated (ISO instant) or null. */
  lastUpdated: string | null;
  /** Back in service state after this poll (docs/DESIGN.md §6); false / 0 when not given. */
  downSeen?: boolean;
  upPolls?: number;
  /** Whether this poll's reading qualified for alerts (docs/DESIGN.md §2.3); false when not given. */
  qualified?: boolean;
  /** This poll confirmed a return to service (docs/DESIGN.md §6). */
  backInServiceEvent?: boolean;
  /** Whether this poll changed the reading; `changed_at` becomes the poll instant then (else kept). */
  changed?: boolean;
}

/**
 * Upserts `ride_status` for a park's attractions (keeping the previous status) and appends a `wait_samples`
 * row only where `lastUpdated` changed (unique attraction + lastUpdated). Returns how many samples were added.
 */
export async function saveLiveStatus(db: Executor, rows: RideStatusInput[], polledAt: Date): Promise<{ samples: number }> {
  if (rows.length === 0) return { samples: 0 };
  await db
    .insertInto('ride_status')
    .values(
      rows.map((r) => ({
        attraction_id: r.attractionId,
        park_id: r.parkId,
        status: r.status,
        standby_wait: r.standbyWait,
        queue: r.queue ? JSON.stringify(r.queue) : null,
        operating_hours: r.operatingHours ? JSON.stringify(r.operatingHours) : null,
        last_updated: r.lastUpdated,
        polled_at: polledAt,
        down_seen: r.downSeen ?? false,
        up_polls: r.upPolls ?? 0,
        qualified: r.qualified ?? false,
        back_in_service_event: r.backInServiceEvent ?? false,
        changed_at: r.changed === false ? null : polledAt,
      })),
    )
    .onConflict((oc) =>
      oc.column('attraction_id').doUpdateSet({
        status: (eb) => eb.ref('excluded.status'),
        standby_wait: (eb) => eb.ref('excluded.standby_wait'),
        queue: (eb) => eb.ref('excluded.queue'),
        operating_hours: (eb) => eb.ref('excluded.operating_hours'),
        last_updated: (eb) => eb.ref('excluded.last_updated'),
        polled_at: (eb) => eb.ref('excluded.polled_at'),
        park_id: (eb) => eb.ref('excluded.park_id'),
        down_seen: (eb) => eb.ref('excluded.down_seen'),
        up_polls: (eb) => eb.ref('excluded.up_polls'),
        qualified: (eb) => eb.ref('excluded.qualified'),
        back_in_service_event: (eb) => eb.ref('excluded.back_in_service_event'),
        changed_at: sql`coalesce(excluded.changed_at, ride_status.changed_at)`,
      }),
    )
    .execute();
  const sampled = rows.filter((r) => r.lastUpdated);
  if (sampled.length === 0) return { samples: 0 };
  await ensurePartitionsFor(
    db,
    sampled.map((r) => new Date(r.lastUpdated!)),
  );
  const inserted = await db
    .insertInto('wait_samples')
    .values(
      sampled.map((r) => ({
        attraction_id: r.attractionId,
        park_id: r.parkId,
        status: r.status,
        standby_wait: r.standbyWait,
        last_updated: r.lastUpdated!,
        recorded_at: polledAt,
      })),
    )
    .onConflict((oc) => oc.columns(['attraction_id', 'last_updated']).doNothing())
    .returning('id')
    .execute();
  return { samples: inserted.length };
}

/** When the park was last polled (newest `polled_at`), or null if never. */
export async function lastPolledAt(db: Executor, parkId: string): Promise<Date | null> {
  const r = await db
    .selectFrom('ride_status')
    .select((eb) => eb.fn.max('polled_at').as('at'))
    .where('park_id', '=', parkId)
    .executeTakeFirst();
  return (r?.at as Date | null | undefined) ?? null;
}

/**
 * A park's rides (ATTRACTION entities) with their latest live state, sorted by standby wait descending
 * (no wait last), then by name (docs/spec/part-1.md §2 Live Wait Times).
 */
export async function listRideStatus(db: Executor, parkId: string) {
  return db
    .selectFrom('attractions as a')
    .leftJoin('ride_status as r', 'r.attraction_id', 'a.id')
    .select(['a.id', 'a.name', 'r.status', 'r.standby_wait as waitMinutes', 'r.last_updated as lastUpdated', 'r.polled_at as polledAt'])
    .where('a.park_id', '=', parkId)
    .where('a.entity_type', '=', 'ATTRACTION')
    .orderBy(sql`r.standby_wait desc nulls last`)
    .orderBy('a.name')
    .execute();
}

const knownPartitions = new WeakMap<object, Set<string>>();

/**
 * Makes sure the monthly `wait_samples` partitions for these instants exist (the maintenance job creates them
 * three months ahead; this covers a clock or an upstream lastUpdated outside that range). Cached per executor.
 */
async function ensurePartitionsFor(db: Executor, instants: Date[]): Promise<void> {
  const valid = instants.filter((d) => Number.isFinite(d.getTime()));
  if (valid.length === 0) return;
  let known = knownPartitions.get(db);
  if (!known) {
    known = new Set();
    knownPartitions.set(db, known);
  }
  const months = new Set(valid.map((d) => `${d.getUTCFullYear()}-${d.getUTCMonth()}`));
  if ([...months].every((m) => known.has(m))) return;
  const min = new Date(Math.min(...valid.map((d) => d.getTime())));
  const max = new Date(Math.max(...valid.map((d) => d.getTime())));
  await history.ensureSamplePartitions(db, min, max);
  for (const m of months) known.add(m);
}

/**
 * History retention (docs/DESIGN.md §2.2 history): drops the monthly `wait_samples` partitions wholly older than
 * `before` and creates the next three months' partitions ahead of `now`. Returns the partitions dropped and
 * created.
 */
export async function pruneSamples(db: Executor, before: Date, now: Date = new Date()): Promise<{ dropped: number; created: number }> {
  const dropped = await history.dropSamplePartitionsBefore(db, before);
  knownPartitions.delete(db);
  const ahead = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1));
  const created = await history.ensureSamplePartitions(db, now, ahead);
  return { dropped: dropped.length, created: created.length };
}

/**
 * Stores the park's own entity from a live response (docs/DESIGN.md §2.3: a park whose entity is CLOSED never alerts):
 * its status and published hours (null when it publishes none), the poll instant and the newest `lastUpdated`
 * of the document (`updatedAt`, future stamps ignored; docs/rules.md R2: the pages judge the feed's age by it).
 */
export async function saveParkLive(
  db: Executor,
  parkId: string,
  live: { status: string | null; hours: OperatingHoursEntry[] | null; updatedAt?: Date | null },
  polledAt: Date,
): Promise<void> {
  await db
    .updateTable('parks')
    .set({
      live_status: live.status,
      live_hours: live.hours ? JSON.stringify(live.hours) : null,
      live_polled_at: polledAt,
      ...(live.updatedAt !== undefined ? { live_updated_at: live.updatedAt } : {}),
    })
    .where('id', '=', parkId)
    .execute();
}

/**
 * The newest `lastUpdated` of the park's last live document (`parks.live_updated_at`, future stamps ignored), or
 * null: what the pages judge the feed's age by (docs/rules.md R2).
 */
export async function parkFeedUpdatedAt(db: Executor, parkId: string): Promise<Date | null> {
  const row = await db.selectFrom('parks').select('live_updated_at').where('id', '=', parkId).executeTakeFirst();
  return (row?.live_updated_at as Date | null | undefined) ?? null;
}

/** When the park's last stored poll was taken (`parks.live_polled_at`, UTC), or null (never, or unknown park). */
export async function parkPolledAt(db: Executor, parkId: string): Promise<Date | null> {
  const row = await db.selectFrom('parks').select('live_polled_at').where('id', '=', parkId).executeTakeFirst();
  return row?.live_polled_at ?? null;
}

/** The last stored poll instant of each of `parkIds` (`parks.live_polled_at`; null = never polled), for the poll-age metric. */
export async function parkPollInstants(db: Executor, parkIds: readonly string[]): Promise<{ parkId: string; polledAt: Date | null }[]> {
  if (parkIds.length === 0) return [];
  const rows = await db
    .selectFrom('parks')
    .select(['id', 'live_polled_at'])
    .where('id', 'in', [...parkIds])
    .execute();
  return rows.map((r) => ({ parkId: r.id, polledAt: r.live_polled_at ?? null }));
}

/** The park's own live status as the last poll stored it (`parks.live_status`), or null (none yet, or unknown park). */
export async function parkLiveStatus(db: Executor, parkId: string): Promise<string | null> {
  const row = await db.selectFrom('parks').select('live_status').where('id', '=', parkId).executeTakeFirst();
  return row?.live_status ?? null;
}

export interface OperatingHoursEntry {
  type: string;
  startTime: string | null;
  endTime: string | null;
}

export interface RideStatusTable {
  attraction_id: string;
  park_id: string;
  /** OPERATING | DOWN | CLOSED | REFURBISHMENT */
  status: string;
  /** STANDBY wait in minutes; null when not published. */
  standby_wait: number | null;
  queue: Json<Record<string, unknown> | null> | null;
  operating_hours: Json<OperatingHoursEntry[] | null> | null;
  last_updated: Timestamp | null;
  polled_at: Timestamp;
  /** A fresh DOWN reading was seen and the attraction has not been back in service since (docs/DESIGN.md §6). */
  down_seen: Generated<boolean>;
  /** Consecutive fresh OPERATING polls since that DOWN. */
  up_polls: Generated<number>;
  /** Whether the last poll's reading qualified for alerts (before the per-person threshold). */
  qualified: Generated<boolean>;
  /** The last poll confirmed DOWN → OPERATING (back in service). */
  back_in_service_event: Generated<boolean>;
  /** The poll instant that last changed this reading (status, wait, lastUpdated or verdict). */
  changed_at: Timestamp | null;
}
