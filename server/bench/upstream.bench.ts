// `make bench` (upstream reads, DESIGN §2.2): the production processes — TWO worker processes (jobs/src/main.ts:
// poll job schedulers, the history collector, maintenance) and the API (server/src/main.ts) under browsing — run
// against a local fake ThemeParks.wiki (node:http on 127.0.0.1) that counts every live read per park. After a
// warm-up, reads are counted for BENCH_UPSTREAM_MINUTES (default 3) minutes and printed as
//   upstream_reads_per_park_minute   the most live reads any park got per minute (watched parks: their tick; every
//                                    other park: the 5-minute collector and page requests); anchor 1, target exactly 1
// plus the watched parks' range and the other parks' total. Its own database (<DATABASE_URL's name>_bench_upstream)
// and queue prefix; the processes get WAIT_TIMES_SOURCE=http and THEMEPARKS_API_URL = the fake, and run in the
// production profile (NODE_ENV=production, checked by productionProblem before they start): NOTIFY_TRANSPORT=outbox
// set explicitly, PUBLIC_ORIGIN an https:// address (the bench reaches the API on 127.0.0.1, as a TLS proxy would),
// PUSH=off and PAYMENTS=off. A process that exits or is not ready in time fails the bench with its last stderr lines
// (jobs/bench/harness.ts). BENCH_SMOKE=1: 10 s of browsing once the three are ready (no first reads, no warm-up).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, dropDatabase, ensureDatabase, migrateToLatest } from '@walkon/db';
import { FIXTURES_DIR, TEST_REDIS_URL } from '@walkon/db/testing';
import { parkLocalDate } from '@walkon/domain/dates';
import { productionProblem } from '@walkon/integrations/env';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { bench, benchDatabase, fail, note, part, SMOKE, size, startChild, waitReady } from '../../jobs/bench/harness.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const MINUTES = SMOKE ? 1 / 6 : Number(process.env.BENCH_UPSTREAM_MINUTES ?? 3);
const WATCHED_PARKS = 6;
const { url } = benchDatabase('bench_upstream');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ── The fake ThemeParks.wiki: the recorded catalogue; every park's live document is the Magic Kingdom recording
// with the park's id and ids of its own, stamped now. ─────────────────────────────────────────────────────────
const destinationsBody = readFileSync(path.join(FIXTURES_DIR, 'tpw_destinations_2026-04.json'), 'utf8');
const recording = JSON.parse(readFileSync(path.join(FIXTURES_DIR, 'tpw_live_magic-kingdom_2026-04-14T2227Z.json'), 'utf8')) as {
  id: string;
  liveData: { id: string; name?: string; entityType?: string; lastUpdated?: string }[];
};
const parksOfCatalogue: string[] = (JSON.parse(destinationsBody) as { destinations: { parks: { id: string }[] }[] }).destinations.flatMap(
  (d) => d.parks.map((p) => p.id),
);
const attractionId = (parkId: string, id: string) => (parkId === MK ? id : `${parkId.slice(0, 8)}${id.slice(8)}`);
function liveDocument(parkId: string): string {
  const stamp = new Date().toISOString();
  return JSON.stringify({
    ...recording,
    id: parkId,
    liveData: recording.liveData.map((e) => ({
      ...e,
      id: e.id === recording.id ? parkId : attractionId(parkId, e.id),
      lastUpdated: e.lastUpdated ? stamp : e.lastUpdated,
    })),
  });
}
const reads: { at: number; parkId: string }[] = [];
const otherReads = new Map<string, number>();
const fake = createServer((req, res) => {
  const m = /^\/v1\/entity\/([^/]+)\/live$/.exec(req.url ?? '');
  if (m) {
    const parkId = decodeURIComponent(m[1]!);
    reads.push({ at: Date.now(), parkId });
    if (!parksOfCatalogue.includes(parkId)) return res.writeHead(404).end('{}');
    return res.writeHead(200, { 'content-type': 'application/json' }).end(liveDocument(parkId));
  }
  const kind = (req.url ?? '').replace(/\/v1\/entity\/[^/]+/, '/v1/entity/:id');
  otherReads.set(kind, (otherReads.get(kind) ?? 0) + 1);
  if (req.url === '/v1/destinations') return res.writeHead(200, { 'content-type': 'application/json' }).end(destinationsBody);
  const s = /^\/v1\/entity\/([^/]+)\/schedule$/.exec(req.url ?? '');
  if (s) return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: s[1], schedule: [] }));
  return res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function main() {
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  await dropDatabase(url);
  await ensureDatabase(url);
  const db = createDb(url, 4);
  await migrateToLatest(db);
  // The catalogue as the worker loads it, and visitors with a pass for today on WATCHED_PARKS parks.
  const destinations = (
    JSON.parse(destinationsBody) as { destinations: { id: string; name: string; parks: { id: string; name: string }[] }[] }
  ).destinations;
  for (const d of destinations) {
    await sql`insert into destinations (id, name) values (${d.id}, ${d.name}) on conflict do nothing`.execute(db);
    for (const p of d.parks)
      await sql`insert into parks (id, destination_id, name, timezone) values (${p.id}, ${d.id}, ${p.name}, 'America/New_York') on conflict do nothing`.execute(
        db,
      );
  }
  const watched = [MK, ...parksOfCatalogue.filter((p) => p !== MK)].slice(0, WATCHED_PARKS);
  const today = parkLocalDate(new Date(), 'America/New_York');
  const rides = recording.liveData.filter((e) => e.entityType === 'ATTRACTION');
  for (const parkId of watched) {
    for (const r of rides) {
      await sql`insert into attractions (id, park_id, name, entity_type)
                values (${attractionId(parkId, r.id)}, ${parkId}, ${r.name ?? r.id}, 'ATTRACTION')`.execute(db);
    }
    await sql`
      insert into subscriptions (email, park_id, active, start_date, end_date, alert_type)
      select 'v' || g || '@bench.test', ${parkId}, true, ${today}::date - 1, ${today}::date + 1, 'email' from generate_series(1, 20) g`.execute(
      db,
    );
    await sql`
      insert into pass_days (subscription_id, day, channel, source, reference)
      select id, d::date, 'email', 'grant', 'bench' from subscriptions cross join generate_series(${today}::date - 1, ${today}::date + 1, '1 day') d
      where park_id = ${parkId}`.execute(db);
    await sql`
      insert into user_rides (email, park_id, ride_id, active)
      select s.email, ${parkId}, r, true from subscriptions s cross join unnest(${rides.map((r) => r.id).map((id) => attractionId(parkId, id))}::text[]) r
      where s.park_id = ${parkId}`.execute(db);
  }
  const prefix = `bench-upstream-${randomUUID()}`;
  const port = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: url,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: prefix,
    WAIT_TIMES_SOURCE: 'http',
    THEMEPARKS_API_URL: fakeUrl,
    NOTIFY_TRANSPORT: 'outbox',
    FLIGHTS_SOURCE: 'off',
    DINING_SOURCE: 'off',
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    PUSH: 'off',
    PAYMENTS: 'off',
    PUSH_ALLOW_INSECURE_ENDPOINTS: 'off',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_ORIGIN: 'https://walkon.bench.test',
  };
  const refused = productionProblem(env);
  if (refused) fail(`the upstream bench's processes would refuse to start: ${refused}`);
  // Each worker's readiness on its own WORKER_METRICS_PORT (/readyz: PostgreSQL and Redis answer).
  const opsPorts = [await freePort(), await freePort()];
  const workerEnv = (k: number) => ({ ...env, WORKER_METRICS_PORT: String(opsPorts[k]), WORKER_METRICS_HOST: '127.0.0.1' });
  const children = [
    startChild('worker 1', path.join(ROOT, 'jobs/src/main.ts'), workerEnv(0)),
    startChild('worker 2', path.join(ROOT, 'jobs/src/main.ts'), workerEnv(1)),
    startChild('api', path.join(ROOT, 'server/src/main.ts'), env),
  ];
  const api = `http://127.0.0.1:${port}`;
  const ok = (u: string) => fetch(u, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok);
  await waitReady('the API (/healthz) and both workers (/readyz)', children, 120, 120, async () =>
    (await Promise.all([ok(`${api}/healthz`), ...opsPorts.map((p) => ok(`http://127.0.0.1:${p}/readyz`))])).every(Boolean),
  );
  // Warm-up: every watched park ticked once (its first read; the poll schedulers run on the minute), then a minute so
  // every job scheduler is in step. A smoke browses at once.
  if (!SMOKE)
    await waitReady('the workers (a first read of every watched park)', children, 180, 120, async () =>
      watched.every((p) => reads.some((r) => r.parkId === p)),
    );
  note(`${children.length} processes up (two workers, the API on ${api}); fake ThemeParks.wiki on ${fakeUrl}; warming up ${size(60, 0)} s`);
  await sleep(size(60_000, 0));

  // Browsing: ten visitors at a time open live tables (watched parks and others) and ride pages.
  const browsed = [...watched, ...parksOfCatalogue.filter((p) => !watched.includes(p)).slice(0, 20)];
  const pagesOf = browsed.flatMap((p) => [
    `/api/live/${p}`,
    ...rides
      .slice(0, 5)
      .map((r) => r.id)
      .map((r) => `/api/history/${p}/${attractionId(p, r)}`),
  ]);
  const t0 = Date.now();
  const t1 = t0 + MINUTES * 60_000;
  let requests = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (Date.now() < t1) {
        const page = pagesOf[Math.floor(Math.random() * pagesOf.length)]!;
        const r = await fetch(`${api}${page}`, { signal: AbortSignal.timeout(30_000) }).catch(() => null);
        requests++;
        if (!r || (!r.ok && r.status !== 404)) failures++;
        await r?.arrayBuffer().catch(() => null);
        await sleep(20);
      }
    }),
  );
  note(`browsing done at ${new Date().toISOString()}`);
  const inWindow = reads.filter((r) => r.at >= t0 && r.at < t1);
  const perPark = new Map<string, number>();
  for (const r of inWindow) perPark.set(r.parkId, (perPark.get(r.parkId) ?? 0) + 1);
  // A watched park's window starts at its first read in the run's window and lasts MINUTES − ½ minutes, so a tick
  // landing a few seconds late at the run's edge is not a missing read: exactly MINUTES reads expected.
  const watchedCounts = watched.map((p) => {
    const first = inWindow.find((r) => r.parkId === p)?.at;
    return first === undefined ? 0 : inWindow.filter((r) => r.parkId === p && r.at <= first + (MINUTES - 0.5) * 60_000).length;
  });
  for (const [i, p] of watched.entries()) perPark.set(p, watchedCounts[i]!);
  const others = [...perPark].filter(([p]) => !watched.includes(p));
  const maxPerMinute = Math.max(...[...perPark.values()].map((n) => n / MINUTES));
  note(
    `${MINUTES} min, ${requests} API requests (${failures} failed): watched parks read ${watchedCounts.join(', ')} times; ${others.length} other parks read ${others.reduce((n, [, c]) => n + c, 0)} times (most ${Math.max(0, ...others.map(([, c]) => c))}); other upstream calls ${JSON.stringify(Object.fromEntries(otherReads))}`,
  );
  bench('upstream_reads_per_park_minute', maxPerMinute, 'reads', 1);
  bench('upstream_reads_per_watched_park_minute_min', Math.min(...watchedCounts) / MINUTES, 'reads', 1);

  const stopping = Date.now();
  await Promise.all(children.map((c) => c.stop()));
  note(`processes stopped in ${((Date.now() - stopping) / 1000).toFixed(1)} s`);
  const redis = new Redis(TEST_REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
  await db.destroy();
  await dropDatabase(url);
  fake.closeAllConnections();
  fake.close();
}

await part('upstream', 15 * 60 + MINUTES * 60, 300, main);
process.exit(0);
