import { NotFoundError, readParkUnlessTicked } from '@walkon/core';
import { catalogue, history, liveStatus } from '@walkon/db';
import { parkLocalDate } from '@walkon/domain/dates';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findPark, listDestinations, singleFlight } from './catalogue.ts';
import { type CachedResponse, ResponseCache } from './responseCache.ts';

/** Live data older than this is re-read on demand (docs/DESIGN.md §2: 60 s cache). */
export const LIVE_CACHE_MS = 60_000;

/** A cached response's version is asked again at most this often (docs/DESIGN.md §4 live API cache). */
export const LIVE_RECHECK_MS = 2_000;
/** The trend compares the standby wait now with the one this many minutes ago. */
export const TREND_MINUTES = 30;
/** A change of at least this many minutes is rising / falling; less is steady. */
export const TREND_STEP_MINUTES = 5;

/** A park's catalogue row (name, zone, destination) is read again at most this often by the cached responses. */
export const PARK_ROW_TTL_MS = 60_000;

type ParkRow = NonNullable<Awaited<ReturnType<typeof catalogue.getPark>>>;
const caches = new WeakMap<
  AppDeps,
  { live: ResponseCache; destinations: ResponseCache; history: ResponseCache; parks: Map<string, { row: ParkRow; at: number }> }
>();
/** The per-app response caches (live, destinations, ride history) and the park rows they are built with. */
export function cachesOf(deps: AppDeps) {
  let c = caches.get(deps);
  if (!c) {
    c = {
      live: new ResponseCache(LIVE_RECHECK_MS),
      destinations: new ResponseCache(LIVE_RECHECK_MS),
      history: new ResponseCache(LIVE_RECHECK_MS),
      parks: new Map(),
    };
    caches.set(deps, c);
  }
  return c;
}

/**
 * The park's catalogue row for a cached response's rebuild (docs/DESIGN.md §4 live API cache): read at most every
 * PARK_ROW_TTL_MS per park, so a rebuild after a tick pays for the poll's rows, not the catalogue's. Undefined
 * (not cached) for a park the catalogue does not have.
 */
export async function cachedPark(deps: AppDeps, parkId: string): Promise<ParkRow | undefined> {
  const parks = cachesOf(deps).parks;
  const nowMs = deps.now().getTime();
  const hit = parks.get(parkId);
  if (hit && nowMs - hit.at < PARK_ROW_TTL_MS) return hit.row;
  const row = await catalogue.getPark(deps.db, parkId);
  if (row) parks.set(parkId, { row, at: nowMs });
  return row ?? undefined;
}

/** Rising / falling / steady: the standby wait now against `TREND_MINUTES` ago (minutes); null when unknown. */
export function trendOf(now: number | null, before: number | undefined): 'rising' | 'falling' | 'steady' | null {
  if (now === null || before === undefined) return null;
  if (now - before >= TREND_STEP_MINUTES) return 'rising';
  if (before - now >= TREND_STEP_MINUTES) return 'falling';
  return 'steady';
}

/**
 * The instant of the park's newest poll, re-reading the park once when it is missing or older than 60 s
 * (single-flight across concurrent requests; a watched park is left to its tick, see readParkUnlessTicked); the last
 * known data is kept when the source fails.
 * @throws AppError NOT_FOUND for an unknown park or one the source has no data for; UNAVAILABLE when the
 * source fails and nothing is stored.
 */
export async function freshPoll(deps: AppDeps, parkId: string): Promise<Date> {
  const last = await liveStatus.lastPolledAt(deps.db, parkId);
  if (last && deps.now().getTime() - last.getTime() <= LIVE_CACHE_MS) return last;
  if (!(await findPark(deps, parkId))) throw new AppError('NOT_FOUND', 'Destination not found.');
  try {
    // Checked again inside the single flight: a request that saw the old poll just before another request's
    // read stored the new one must not read the park a second time.
    await singleFlight(`live:${parkId}`, async () => {
      const polled = await liveStatus.lastPolledAt(deps.db, parkId);
      if (!polled || deps.now().getTime() - polled.getTime() > LIVE_CACHE_MS) await readParkUnlessTicked(deps, parkId);
    });
  } catch (err) {
    if (err instanceof NotFoundError) throw new AppError('NOT_FOUND', 'No ride information available for this park.');
    deps.logger.warn({ parkId, err }, 'live refresh failed');
    if (!last) throw new AppError('UNAVAILABLE', 'Error fetching live data');
    return last;
  }
  return (await liveStatus.lastPolledAt(deps.db, parkId)) ?? last ?? deps.now();
}

/**
 * A park's live table (docs/spec/part-1.md §2 Live Wait Times, docs/DESIGN.md §2.2 history): rides (ATTRACTION) with status,
 * standby wait (minutes), upstream lastUpdated, the trend over the last 30 minutes and today's 15-minute
 * slot medians (`spark`: [slot, minutes][]), sorted by wait descending then name; the park's hours today
 * (wall-clock 'HH:MM'), its schedule of today and yesterday, its park-local date and the feed's newest stamp
 * (`feedUpdatedAt`): the page judges "live", "stale", "not confirmed today" and "Closed" with @walkon/domain's
 * rules/liveData (docs/rules.md R2–R3) at the moment it shows them. Built once per poll of the park and served pre-serialised.
 * @throws AppError NOT_FOUND, UNAVAILABLE (see freshPoll).
 */
export async function liveSnapshot(deps: AppDeps, parkId: string) {
  return cachesOf(deps).live.get(
    parkId,
    deps.now().getTime(),
    async () => (await freshPoll(deps, parkId)).toISOString(),
    () => buildLive(deps, parkId),
  );
}

async function buildLive(deps: AppDeps, parkId: string) {
  const park = await cachedPark(deps, parkId);
  if (!park) throw new AppError('NOT_FOUND', 'Destination not found.');
  const now = deps.now();
  const localDate = parkLocalDate(now, park.timezone);
  const [rows, slots, before, hours, feedUpdatedAt, schedule] = await Promise.all([
    liveStatus.listRideStatus(deps.db, parkId),
    history.parkDaySlots(deps.db, parkId, localDate),
    history.parkWaitsAt(deps.db, parkId, new Date(now.getTime() - TREND_MINUTES * 60_000)),
    history.parkHours(deps.db, parkId, localDate),
    liveStatus.parkFeedUpdatedAt(deps.db, parkId),
    history.scheduleAround(deps.db, parkId, localDate),
  ]);
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'No ride information available for this park.');
  const spark = new Map<string, [number, number][]>();
  for (const s of slots) {
    if (s.median === null) continue;
    const list = spark.get(s.attractionId) ?? [];
    list.push([s.slot, Math.round(s.median)]);
    spark.set(s.attractionId, list);
  }
  const updatedAt = rows.reduce<Date | null>((m, r) => (r.polledAt && (!m || r.polledAt > m) ? r.polledAt : m), null);
  return {
    park: { id: park.id, name: park.name, timezone: park.timezone, destinationId: park.destinationId },
    localDate,
    hours: hours.map((h) => ({ type: h.type, opens: h.opens, closes: h.closes, description: h.description })),
    /** Published schedule of today and yesterday ({ localDate, type, opens, closes }): "Closed" (docs/rules.md R3). */
    schedule,
    /** Newest `lastUpdated` of the park's last live document (docs/rules.md R2: the feed's age), or null. */
    feedUpdatedAt: feedUpdatedAt ? feedUpdatedAt.toISOString() : null,
    rides: rows.map((r) => {
      const status = r.status ?? 'CLOSED';
      return {
        id: r.id,
        name: r.name,
        status,
        waitMinutes: r.waitMinutes,
        lastUpdated: r.lastUpdated ? r.lastUpdated.toISOString() : null,
        trend: trendOf(status === 'OPERATING' ? r.waitMinutes : null, before.get(r.id)),
        spark: spark.get(r.id) ?? [],
      };
    }),
    updatedAt: (updatedAt ?? now).toISOString(),
  };
}

/** The live table's payload (see liveSnapshot). */
export type LiveResponse = Awaited<ReturnType<typeof buildLive>>;

/**
 * A park's rides with their live state, sorted by wait descending then name (docs/spec/part-1.md §2), read from the
 * database now (tRPC and the services that need the park loaded; the web app's crowd reads the cached
 * `GET /api/live/:parkId`, see liveSnapshot). Same payload as liveSnapshot.
 * @throws AppError NOT_FOUND, UNAVAILABLE.
 */
export async function liveRides(deps: AppDeps, parkId: string): Promise<LiveResponse> {
  await freshPoll(deps, parkId);
  return buildLive(deps, parkId);
}

/** `GET /api/destinations`: every destination with its parks (ids, names), popular first. */
export type DestinationsResponse = Awaited<ReturnType<typeof listDestinations>>;

/** Every destination with its parks, popular first, cached and pre-serialised (rebuilt every 5 minutes). */
export async function destinationsSnapshot(deps: AppDeps): Promise<CachedResponse<DestinationsResponse>> {
  const nowMs = deps.now().getTime();
  return cachesOf(deps).destinations.get(
    'all',
    nowMs,
    async () => String(Math.floor(nowMs / 300_000)),
    () => listDestinations(deps),
  );
}
