import { alertEngine, catalogue, type Executor, history, liveStatus, rides } from '@walkon/db';
import { parkLocalDate } from '@walkon/domain/dates';
import { feedClock, scheduleAllows } from '@walkon/domain/rules/liveData';
import { type DecidedReading, decideReadings, type PreviousReading } from '@walkon/domain/rules/readings';
import type { Logger } from '@walkon/integrations/logger';
import { NotFoundError, UpstreamError, type WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import type { LiveParkData } from '@walkon/integrations/providers/waitTimes/types.ts';
import { findPark } from './catalogue.ts';

/** What one poll of a park wrote. */
export interface PollResult {
  parkId: string;
  /** Live entities stored (PARK entries excluded). */
  entities: number;
  /** wait_samples appended (only where lastUpdated changed). */
  samples: number;
  /** The park's name and IANA time zone (null when unknown). */
  parkName: string;
  timezone: string | null;
  /** Status of the park's own entity in the response (null when it publishes none). */
  parkStatus: string | null;
  /** What the poll says about each attraction (docs/DESIGN.md §2.3), for the evaluation. */
  readings: DecidedReading[];
  /** The poll instant (UTC): `ride_status.changed_at` of the attractions it changed. */
  polledAt: Date;
}

/** What one upstream read of a park gave, before anything is stored (`readPark` → `storePark`). */
export interface ParkRead {
  parkId: string;
  live: LiveParkData;
  /** The park as the catalogue knows it. */
  park: { name: string; timezone: string | null };
  /** The poll instant (UTC), taken when the read answered. */
  polledAt: Date;
}

/**
 * The reading half of a poll (docs/DESIGN.md §2.2): ONE upstream read of the park's live data and the catalogue lookup
 * (which may load the catalogue). Holds no database connection across the HTTP call: each query takes a pool
 * connection and gives it back, so the caller can store the read in a transaction afterwards (`storePark`).
 * @throws UpstreamError (retryable; `mismatch` when the document is about another park), NotFoundError (park
 * unknown to the source or the catalogue).
 */
export async function readPark(deps: { db: Executor; source: WaitTimesSource; now: () => Date }, parkId: string): Promise<ParkRead> {
  const live = await deps.source.getLive(parkId);
  // Upstream data is evidence, not truth: a document about another park is never stored under this one.
  if (live.parkId !== parkId) throw new UpstreamError(`live read of ${parkId} answered about ${live.parkId}; nothing stored`, 'mismatch');
  const polledAt = deps.now();
  const park = await findPark(deps, parkId);
  if (!park) throw new NotFoundError(`park ${parkId} is not in the destinations catalogue`);
  return { parkId, live, park: { name: park.name, timezone: park.timezone ?? null }, polledAt };
}

/**
 * docs/DESIGN.md §2.2 Poll: ONE upstream read of the park's live data (`readPark`), then `storePark` on `deps.db`.
 * Also used by the server for on-demand reads of parks nobody watches.
 * @throws what `readPark` throws.
 */
export async function refreshPark(
  deps: { db: Executor; source: WaitTimesSource; now: () => Date; logger?: Logger },
  parkId: string,
): Promise<PollResult> {
  return storePark({ db: deps.db, logger: deps.logger }, await readPark(deps, parkId));
}

/**
 * The writing half of a poll (docs/DESIGN.md §2.2): upserts the attraction catalogue and `ride_status` (with the
 * back-in-service state), appending `wait_samples` only where `lastUpdated` changed, and stores the park's own
 * entity (status and hours, `parks.live_status`). Sets the park's time zone. A `lastUpdated` more than 2 minutes
 * in the future is logged and stored clamped to the poll instant. Passes still waiting for their rides (granted
 * while the ride list could not load) get every attraction. No upstream call: safe inside a transaction.
 */
export async function storePark(deps: { db: Executor; logger?: Logger }, read: ParkRead): Promise<PollResult> {
  const { parkId, live, park, polledAt } = read;
  if (live.timezone) await catalogue.setParkTimezone(deps.db, parkId, live.timezone);
  const parkEntity = live.entries.find((e) => e.id === parkId) ?? live.entries.find((e) => e.entityType === 'PARK');
  const parkStatus = parkEntity?.status ?? null;
  const parkHours = parkEntity?.operatingHours ?? null;
  const previousParkStatus = await liveStatus.parkLiveStatus(deps.db, parkId);
  const entries = live.entries.filter((e) => e.entityType !== 'PARK' && e.entityType !== 'DESTINATION');
  const previous = new Map<string, PreviousReading>((await alertEngine.previousReadings(deps.db, parkId)).map((r) => [r.attractionId, r]));
  // docs/rules.md R2: the feed is live by the newest stamp of ANY entity of this park's document (R3: the
  // published schedule of today, and of yesterday for an opening past midnight, bounds every alert).
  const timezone = live.timezone ?? park.timezone ?? null;
  const clock = feedClock(
    polledAt,
    timezone,
    live.entries.map((e) => e.lastUpdated),
  );
  const schedule = await history.scheduleAround(deps.db, parkId, parkLocalDate(polledAt, timezone));
  const readings = decideReadings(
    entries,
    previous,
    {
      status: parkStatus,
      hours: parkHours,
      scheduleAllows: scheduleAllows(schedule, timezone, polledAt),
      statusChanged: previousParkStatus !== parkStatus,
    },
    clock,
  );
  const future = readings.filter((r) => r.future);
  if (future.length) {
    deps.logger?.warn(
      { parkId, attractions: future.map((r) => r.rideName).slice(0, 10), count: future.length },
      'poll: lastUpdated more than 2 minutes in the future; not fresh (clamped)',
    );
  }
  const bits = await catalogue.upsertAttractions(
    deps.db,
    entries.map((e) => ({ id: e.id, parkId, name: e.name, entityType: e.entityType })),
  );
  // A pass granted while this park's ride list could not load gets its rides now.
  if (entries.some((e) => e.entityType === 'ATTRACTION')) {
    const selected = await rides.selectPendingDefaults(deps.db, parkId);
    if (selected > 0)
      deps.logger?.info({ parkId, selected }, 'poll: rides selected for passes granted while the ride list was unavailable');
  }
  const byId = new Map(readings.map((r) => [r.rideId, r]));
  const { samples } = await liveStatus.saveLiveStatus(
    deps.db,
    entries.map((e) => {
      const r = byId.get(e.id)!;
      return {
        attractionId: e.id,
        parkId,
        status: e.status ?? 'CLOSED',
        standbyWait: e.standbyWait,
        queue: e.queue,
        operatingHours: e.operatingHours,
        lastUpdated: r.storedLastUpdated,
        downSeen: r.downSeen,
        upPolls: r.upPolls,
        qualified: r.qualifies,
        backInServiceEvent: r.backInService,
        changed: r.changed,
      };
    }),
    polledAt,
  );
  await liveStatus.saveParkLive(deps.db, parkId, { status: parkStatus, hours: parkHours, updatedAt: clock.feedUpdatedAt }, polledAt);
  return {
    parkId,
    entities: entries.length,
    samples,
    parkName: park.name,
    timezone,
    parkStatus,
    readings: readings.map((r) => ({ ...r, bit: bits.get(r.rideId) ?? null })),
    polledAt,
  };
}
