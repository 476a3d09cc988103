// `make bench` (public read API, DESIGN §4 live API cache): prints, in the BENCH format, with anchors from the same run:
//  live_rps / live_p99_ms   GET /api/live/{park} rotating over 130 parks, 100 connections, while ticks (runParkTick)
//                           invalidate 10 parks every second; anchor: a constant in-memory route on the same server
//                           (same headers, a live document's body, pre-compressed), under the same ticks
//  live_rebuild_ms          one park's live document rebuilt after its tick (version check, read, serialise, gzip +
//                           brotli); anchor: the same rows read by bare SQL (the four reads, in parallel)
//  ride_page_rps / _p99_ms  GET /api/history/{MK}/{ride} rotating over Magic Kingdom's rides, 100 connections, while
//                           Magic Kingdom ticks every second (every ride page's version changes); anchor: the
//                           constant route with a ride page's body, under the same ticks
//  ride_page_rebuild_ms     one ride page rebuilt after a tick; anchor: the bare typical-day statement of that ride
// Targets: live_rps ≥ 0.8 ×, live p99 ≤ 50 ms, live_rebuild ≤ 3 ×, ride_page_rps ≥ 0.5 ×, ride_page_rebuild ≤ 3 ×.
// The server runs in a child process (production settings, info logs to /dev/null), autocannon and the ticks in
// this one, all on 127.0.0.1. Its own database (<DATABASE_URL's name>_bench_live) and queue prefix. Each route gets
// BENCH_SECONDS (default 30) of load in slices of BENCH_SLICE_SECONDS (default 3) that alternate with its anchor's, so
// the shared machine's load swings hit both; the medians of the slices are printed. BENCH_SMOKE=1: 20 parks, 2 slices
// of 1 s, 3 rebuilds (jobs/bench/harness.ts).
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { runParkTick } from '@walkon/core';
import { catalogue, createDb, type Database, dropDatabase, ensureDatabase, type Kysely, migrateToLatest } from '@walkon/db';
import { FIXTURES_DIR, TEST_REDIS_URL } from '@walkon/db/testing';
import { parkLocalDate } from '@walkon/domain/dates';
import { createReplaySource, type LiveEntry, type LiveParkData, type WaitTimesSource } from '@walkon/integrations/providers';
import { createRedis } from '@walkon/integrations/redis';
import { createQueues, DEMO_HISTORY, importHistory } from '@walkon/jobs';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { pino } from 'pino';
import { bench, benchDatabase, firstMessage, note, part, SMOKE, size, startChild } from '../../jobs/bench/harness.ts';
import { buildApp } from '../src/app.ts';
import type { AppDeps } from '../src/deps.ts';
import { encode, sendCached } from '../src/services/responseCache.ts';
import { rideHistory } from '../src/services/rideHistory.ts';
import { liveSnapshot } from '../src/services/waitTimes.ts';

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const MK_FILE = 'tpw_live_magic-kingdom_2026-04-14T2227Z.json';
const PARKS = size(130, 20);
const SECONDS = SMOKE ? 2 : Number(process.env.BENCH_SECONDS ?? 30);
const SLICE = SMOKE ? 1 : Number(process.env.BENCH_SLICE_SECONDS ?? 3);
const REBUILDS = size(15, 3);
const RUNS = Math.max(1, Math.round(SECONDS / SLICE));
const { url } = benchDatabase('bench_live');
const now = () => new Date();

/**
 * The bench's upstream: Magic Kingdom from its recording (stamps shifted to now), every other park a synthetic
 * document of 40 attractions whose waits and stamps change with each read (each tick writes new rows).
 */
function benchSource(): WaitTimesSource {
  const replay = createReplaySource({ dir: FIXTURES_DIR, files: [MK_FILE], now });
  let reads = 0;
  return {
    ...replay,
    async getLive(parkId: string): Promise<LiveParkData> {
      if (parkId === MK) return replay.getLive(parkId);
      const k = ++reads;
      const stamp = now().toISOString();
      return {
        parkId,
        name: parkId,
        timezone: 'America/New_York',
        entries: [
          {
            id: parkId,
            name: parkId,
            entityType: 'PARK',
            status: 'OPERATING',
            standbyWait: null,
            queue: null,
            operatingHours: null,
            lastUpdated: null,
          },
          ...Array.from(
            { length: 40 },
            (_, j): LiveEntry => ({
              id: `${parkId}-a${j}`,
              name: `Attraction ${j} of ${parkId.slice(0, 8)}`,
              entityType: 'ATTRACTION',
              status: j % 9 === 8 ? 'DOWN' : 'OPERATING',
              standbyWait: j % 9 === 8 ? null : 5 + ((j * 7 + k) % 90),
              queue: null,
              operatingHours: null,
              lastUpdated: stamp,
            }),
          ),
        ],
      };
    },
  };
}

/** The 130 parks: the recorded catalogue's parks, then synthetic ones up to PARKS. */
async function parkIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('parks').select('id').orderBy('id').execute();
  return [MK, ...rows.map((r) => r.id).filter((id) => id !== MK)].slice(0, PARKS);
}

function depsOf(db: Kysely<Database>, source: WaitTimesSource, prefix: string): AppDeps {
  const redis = createRedis(TEST_REDIS_URL, 'producer');
  return {
    db,
    queues: createQueues({ connection: redis, prefix }),
    source,
    logger: pino({ level: 'info' }, pino.destination('/dev/null')),
    now,
    publicOrigin: 'http://127.0.0.1',
    production: true,
    redis,
  };
}

async function serve(): Promise<void> {
  const db = createDb(url, 10);
  const deps = depsOf(db, benchSource(), `bench-${randomUUID()}`);
  const app = await buildApp(deps);
  // The anchor: a constant in-memory route on the same server, with the body of a live document / a ride page.
  const ride = await db
    .selectFrom('attractions')
    .select('id')
    .where('park_id', '=', MK)
    .where('entity_type', '=', 'ATTRACTION')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const constant = {
    live: await encode((await liveSnapshot(deps, MK)).value, 'constant', Date.now()),
    ride: await encode((await rideHistory(deps, MK, ride.id)).value, 'constant', Date.now()),
  };
  app.get('/bench/constant/:kind', { compress: false }, async (req, reply) =>
    sendCached(req, reply, (req.params as { kind: string }).kind === 'ride' ? constant.ride : constant.live, 15),
  );
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ address });
  process.on('message', async () => {
    await app.close();
    await deps.queues.close();
    deps.redis?.disconnect();
    await db.destroy();
    process.exit(0);
  });
}

/** 100 connections for `seconds`, each request the next of `paths`. */
async function load(address: string, paths: string[], seconds: number) {
  let i = 0;
  const r = await autocannon({
    url: address,
    connections: 100,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip, br' },
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
  });
  if (r.non2xx > 0 || r.errors > 0) console.log(`# WARNING ${paths[0]}…: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
async function timed(f: () => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await f();
  return ms(t0);
}

/** Ticks `pick()`'s parks every second (runParkTick, as the worker's poll jobs do) until stopped. */
function ticker(db: Kysely<Database>, source: WaitTimesSource, pick: () => string[]) {
  let running = true;
  let ticks = 0;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      await Promise.all(pick().map((p) => runParkTick({ db, source, now }, p).then(() => void ticks++)));
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return ticks;
    },
  };
}

/** The live document's reads as bare SQL, in parallel (the floor of a rebuild). */
function liveRowsBare(db: Kysely<Database>, parkId: string, localDate: string, at: Date) {
  return Promise.all([
    sql`select a.id, a.name, r.status, r.standby_wait, r.last_updated, r.polled_at from attractions a
        left join ride_status r on r.attraction_id = a.id where a.park_id = ${parkId} and a.entity_type = 'ATTRACTION'`.execute(db),
    sql`select attraction_id, slot, median from wait_rollups where park_id = ${parkId} and local_date = ${localDate}`.execute(db),
    sql`select distinct on (attraction_id) attraction_id, standby_wait from wait_samples
        where park_id = ${parkId} and status = 'OPERATING' and standby_wait is not null
          and last_updated <= ${at} and last_updated > ${new Date(at.getTime() - 3_600_000)}
        order by attraction_id, last_updated desc`.execute(db),
    sql`select type, opens, closes, description from park_hours where park_id = ${parkId} and local_date = ${localDate}`.execute(db),
  ]);
}

/** The typical day of one ride as one bare statement (the floor of a ride page rebuild). */
function typicalDayBare(db: Kysely<Database>, attractionId: string, isoWeekday: number, before: string) {
  return sql`
    with d as (
      select distinct local_date from wait_rollups
      where attraction_id = ${attractionId} and local_date < ${before} and samples > 0 and extract(isodow from local_date) = ${isoWeekday}
      order by local_date desc limit 8)
    select slot, percentile_cont(0.5) within group (order by median), percentile_cont(0.25) within group (order by median),
           percentile_cont(0.75) within group (order by median), count(*)
    from wait_rollups where attraction_id = ${attractionId} and local_date in (select local_date from d) and median is not null
    group by slot order by slot`.execute(db);
}

async function main() {
  await dropDatabase(url);
  await ensureDatabase(url);
  const db = createDb(url, 12);
  await migrateToLatest(db);
  const source = benchSource();
  const destinations = await source.getDestinations();
  const extra = PARKS - destinations.reduce((n, d) => n + d.parks.length, 0);
  if (extra > 0) {
    destinations.push({
      id: 'bench-destination',
      name: 'Bench Resort',
      parks: Array.from({ length: extra }, (_, k) => ({ id: `bench-park-${k}`, name: `Bench Park ${k}` })),
    });
  }
  await catalogue.upsertDestinations(db, destinations);
  const parks = await parkIds(db);
  await importHistory({ db, now }, { dir: FIXTURES_DIR, datasets: DEMO_HISTORY.filter((d) => d.parkId === MK) });
  for (const p of parks) await runParkTick({ db, source, now }, p);
  const rides = (
    await db
      .selectFrom('attractions')
      .select('id')
      .where('park_id', '=', MK)
      .where('entity_type', '=', 'ATTRACTION')
      .orderBy('id')
      .execute()
  ).map((r) => r.id);
  note(`${parks.length} parks polled; Magic Kingdom has ${rides.length} rides; history imported`);

  const child = startChild('bench API server', fileURLToPath(import.meta.url), { ...process.env, BENCH_ROLE: 'server' });
  const { address } = await firstMessage<{ address: string }>(child, 120, 60);
  note(`server ${address}; 100 connections, ${RUNS} slices of ${SLICE} s per route and anchor, alternating`);

  // ── /api/live over 130 parks while ticks invalidate 10 parks a second ────────────────────────────────────
  let next = 0;
  const tenParks = () => Array.from({ length: 10 }, () => parks[next++ % parks.length]!);
  const livePaths = parks.map((p) => `/api/live/${p}`);
  await load(address, livePaths, size(2, 1)); // warm-up: every park's document built once
  let ticks = ticker(db, source, tenParks);
  const live = { rps: [] as number[], p99: [] as number[], arps: [] as number[], ap99: [] as number[] };
  for (let r = 0; r < RUNS; r++) {
    const a = await load(address, ['/bench/constant/live'], SLICE);
    const v = await load(address, livePaths, SLICE);
    live.arps.push(a.rps);
    live.ap99.push(a.p99);
    live.rps.push(v.rps);
    live.p99.push(v.p99);
    note(`live slice ${r + 1}: ${v.rps.toFixed(0)} req/s p99 ${v.p99} ms; constant ${a.rps.toFixed(0)} req/s p99 ${a.p99} ms`);
  }
  note(`${await ticks.stop()} park ticks ran during the live runs`);
  bench('live_rps', median(live.rps), 'req/s', median(live.arps));
  bench('live_p99_ms', median(live.p99), 'ms', median(live.ap99));

  // ── One park's live document rebuilt after its tick ───────────────────────────────────────────────────
  const deps = depsOf(db, source, `bench-${randomUUID()}`);
  const rebuild: number[] = [];
  const rebuildFloor: number[] = [];
  const probe = parks[1]!;
  for (let r = 0; r < REBUILDS; r++) {
    await runParkTick({ db, source, now }, probe);
    const at = now();
    rebuildFloor.push(
      await timed(() => liveRowsBare(db, probe, parkLocalDate(at, 'America/New_York'), new Date(at.getTime() - 30 * 60_000))),
    );
    // A new deps object has an empty cache: version check, reads, serialisation and compression, as after a tick.
    rebuild.push(await timed(() => liveSnapshot({ ...deps }, probe)));
  }
  note(
    `live rebuilds ${rebuild.map((t) => t.toFixed(1)).join(', ')} ms; bare reads ${rebuildFloor.map((t) => t.toFixed(1)).join(', ')} ms`,
  );
  bench('live_rebuild_ms', median(rebuild), 'ms', median(rebuildFloor));

  // ── Ride pages across Magic Kingdom's rides, its version changing every second ──────────────────────────
  const ridePaths = rides.map((r) => `/api/history/${MK}/${r}`);
  await load(address, ridePaths, size(2, 1));
  ticks = ticker(db, source, () => [MK]);
  const page = { rps: [] as number[], p99: [] as number[], arps: [] as number[], ap99: [] as number[] };
  for (let r = 0; r < RUNS; r++) {
    const a = await load(address, ['/bench/constant/ride'], SLICE);
    const v = await load(address, ridePaths, SLICE);
    page.arps.push(a.rps);
    page.ap99.push(a.p99);
    page.rps.push(v.rps);
    page.p99.push(v.p99);
    note(`ride page slice ${r + 1}: ${v.rps.toFixed(0)} req/s p99 ${v.p99} ms; constant ${a.rps.toFixed(0)} req/s p99 ${a.p99} ms`);
  }
  note(`${await ticks.stop()} Magic Kingdom ticks ran during the ride page runs`);
  bench('ride_page_rps', median(page.rps), 'req/s', median(page.arps));
  bench('ride_page_p99_ms', median(page.p99), 'ms', median(page.ap99));

  // Rebuilds are timed on the rides whose page shows a typical day (three or more past days of the weekday).
  const withHistory = (
    await sql<{ id: string }>`select attraction_id as id from wait_rollups where park_id = ${MK} and samples > 0
                              group by attraction_id having count(distinct local_date) >= 21 order by 1`.execute(db)
  ).rows.map((r) => r.id);
  note(`ride page rebuilds timed on ${withHistory.length} rides with a typical day`);
  const pageRebuild: number[] = [];
  const pageFloor: number[] = [];
  for (let r = 0; r < REBUILDS; r++) {
    await runParkTick({ db, source, now }, MK);
    const ride = withHistory[r % withHistory.length] ?? rides[r % rides.length]!;
    const at = now();
    const isoWeekday = ((new Date(`${parkLocalDate(at, 'America/New_York')}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    pageFloor.push(await timed(() => typicalDayBare(db, ride, isoWeekday, parkLocalDate(at, 'America/New_York'))));
    pageRebuild.push(await timed(() => rideHistory({ ...deps }, MK, ride)));
  }
  note(
    `ride page rebuilds ${pageRebuild.map((t) => t.toFixed(1)).join(', ')} ms; bare typical day ${pageFloor.map((t) => t.toFixed(1)).join(', ')} ms`,
  );
  bench('ride_page_rebuild_ms', median(pageRebuild), 'ms', median(pageFloor));

  await child.stop('stop');
  await deps.queues.close();
  deps.redis?.disconnect();
  await db.destroy();
  await dropDatabase(url);
}

if (process.env.BENCH_ROLE === 'server') await serve();
else {
  await part('read API', 20 * 60, 300, main);
  process.exit(0);
}
