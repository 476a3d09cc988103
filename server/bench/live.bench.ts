// `make bench` (live API): prints, on this machine, in the BENCH format
//  live_rps      GET /api/live/{Magic Kingdom} requests/s at 100 connections for 20 s; anchor: /healthz req/s
//  live_p99_ms   its p99 latency in ms; anchor: /healthz p99 (ratio = live ÷ healthz)
//  history_rps   GET /api/history/{MK}/{PeopleMover} (the ride page's query) req/s; anchor: /healthz req/s
// Targets: live_rps ratio ≥ 0.5 and live p99 ≤ 50 ms. The server runs in a child process (info logs to
// /dev/null, as in production minus the disk), autocannon in this one, both on 127.0.0.1. Own database
// (walkon_bench_live) and queue prefix. BENCH_SECONDS (default 20) shortens the runs. Figures are printed, not asserted.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { catalogue, createDb, dropDatabase, ensureDatabase, migrateToLatest } from '@walkon/db';
import { FIXTURES_DIR, TEST_REDIS_URL } from '@walkon/db/testing';
import { createQueues, createRedis, createReplaySource, DEMO_HISTORY, importHistory, refreshPark } from '@walkon/jobs';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { buildApp } from '../src/app.ts';

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const PEOPLEMOVER = 'ffcfeaa2-1416-4920-a1ed-543c1a1695c4';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/walkon');
base.pathname = '/walkon_bench_live';
const url = base.toString();
const now = () => new Date();

async function serve(): Promise<void> {
  const db = createDb(url, 10);
  const redis = createRedis(TEST_REDIS_URL, 'producer');
  const queues = createQueues({ connection: redis, prefix: `bench-${randomUUID()}` });
  const source = createReplaySource({ dir: FIXTURES_DIR, files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'], now });
  const app = await buildApp({
    db,
    queues,
    source,
    logger: pino({ level: 'info' }, pino.destination('/dev/null')),
    now,
    publicOrigin: 'http://127.0.0.1',
    production: true,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ address });
  process.on('message', async () => {
    await app.close();
    await queues.close();
    redis.disconnect();
    await db.destroy();
    process.exit(0);
  });
}

async function load(target: string, seconds: number) {
  const r = await autocannon({ url: target, connections: 100, duration: seconds, headers: { 'accept-encoding': 'gzip, br' } });
  if (r.non2xx > 0 || r.errors > 0) console.warn(`  ${target}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const bench = (figure: string, value: number, unit: string, anchor: number) =>
  console.log(`BENCH ${JSON.stringify({ figure, value: round(value), unit, anchor: round(anchor), ratio: round(value / anchor, 3) })}`);
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

if (process.env.BENCH_ROLE === 'server') {
  await serve();
} else {
  await dropDatabase(url);
  await ensureDatabase(url);
  const db = createDb(url, 4);
  await migrateToLatest(db);
  const source = createReplaySource({ dir: FIXTURES_DIR, files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'], now });
  await catalogue.upsertDestinations(db, await source.getDestinations());
  await refreshPark({ db, source, now }, MK);
  await importHistory({ db, now }, { dir: FIXTURES_DIR, datasets: DEMO_HISTORY.filter((d) => d.parkId === MK) });
  await db.destroy();

  const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_ROLE: 'server' }, execArgv: process.execArgv });
  const address = await new Promise<string>((resolve) => child.once('message', (m: { address: string }) => resolve(m.address)));
  console.log(`WalkOn live API benchmark — 100 connections × ${SECONDS} s per route, server ${address}`);
  // Warm up (the first live request polls the park and builds the cached response).
  for (const p of ['/healthz', `/api/live/${MK}`, `/api/history/${MK}/${PEOPLEMOVER}`]) await load(`${address}${p}`, 2);
  const health = await load(`${address}/healthz`, SECONDS);
  const live = await load(`${address}/api/live/${MK}`, SECONDS);
  const hist = await load(`${address}/api/history/${MK}/${PEOPLEMOVER}`, SECONDS);
  console.log(`  /healthz ${round(health.rps)} req/s p99 ${health.p99} ms`);
  bench('live_rps', live.rps, 'req/s', health.rps);
  bench('live_p99_ms', live.p99, 'ms', health.p99);
  bench('history_rps', hist.rps, 'req/s', health.rps);
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
  await dropDatabase(url);
}
