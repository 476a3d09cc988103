import { randomUUID } from 'node:crypto';
import { refreshPark } from '@walkon/core';
import { catalogue, createDb, type Database, rides, subscriptions } from '@walkon/db';
import { createWorkerDatabase, expectedByRule } from '@walkon/db/testing';
import { addDaysToDate, parkLocalDate } from '@walkon/domain/dates';
import { createHttpSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  type PgBouncer,
  type RedisNode,
  startApiProcess,
  startPgBouncer,
  startRedisServer,
  startThemeParksFake,
  startWorkerProcess,
  type ThemeParksFake,
  type WorkerProcess,
} from './components.ts';

// The fake serves the recording shifted to the real clock, so which rides are confirmed today (docs/rules.md R2)
// depends on the hour of the run: the independent script of db/src/testing.ts names them.
const EXPECTED_MK_ALERTS = expectedByRule('tpw_live_magic-kingdom_2026-04-14T2227Z.json', new Date(), 'America/New_York', true);

// docs/OPERATIONS.md "Health", "Metrics": the real API and worker processes on their own
// Redis and a PgBouncer in front of the test database, so the test can take each store away and bring it back.
const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const TOKEN = `metrics-${randomUUID()}`;

let db: Kysely<Database>;
let dbName: string;
let pgb: PgBouncer;
let redis: RedisNode;
let fake: ThemeParksFake;
let worker: WorkerProcess;
let api: WorkerProcess & { url: string };
let workerOps: string;

beforeAll(async () => {
  const url = await createWorkerDatabase(`ops${process.pid}`);
  dbName = new URL(url).pathname.slice(1);
  db = createDb(url, 2);
  pgb = await startPgBouncer();
  redis = await startRedisServer();
  // The first live read fails (HTTP 500): the worker retries it and counts an upstream fault of kind `http`.
  fake = await startThemeParksFake(
    [{ parkId: MK, file: 'tpw_live_magic-kingdom_2026-04-14T2227Z.json', recordedAt: new Date('2026-04-14T22:27:18Z') }],
    {
      failFirst: 1,
    },
  );
  const source = createHttpSource({ baseUrl: fake.url });
  await catalogue.upsertDestinations(db, await source.getDestinations());
  const seed = startThemeParksFake([
    { parkId: MK, file: 'tpw_live_magic-kingdom_2026-04-14T2227Z.json', recordedAt: new Date('2026-04-14T22:27:18Z') },
  ]);
  const seeder = await seed;
  await refreshPark({ db, source: createHttpSource({ baseUrl: seeder.url }), now: () => new Date() }, MK);
  await seeder.close();
  const today = parkLocalDate(new Date(), 'America/New_York');
  await subscriptions.upsertActivePass(db, {
    email: 'fan@example.com',
    parkId: MK,
    userId: null,
    alertType: 'email',
    startDate: today,
    endDate: addDaysToDate(today, 1),
  });
  await rides.watchAllRides(db, 'fan@example.com', MK);
  const opsPort = await freePort();
  workerOps = `http://127.0.0.1:${opsPort}`;
  const env = {
    DATABASE_URL: pgb.url(dbName),
    PG_PREPARED: 'off',
    REDIS_URL: `redis://127.0.0.1:${redis.port}`,
    QUEUE_PREFIX: `test-${randomUUID()}`,
    WAIT_TIMES_SOURCE: 'http',
    THEMEPARKS_API_URL: fake.url,
    NOTIFY_TRANSPORT: 'outbox',
    FLIGHTS_SOURCE: 'off',
    DINING_SOURCE: 'off',
    LOG_LEVEL: 'warn',
    METRICS_TOKEN: TOKEN,
  };
  worker = startWorkerProcess({ ...env, WORKER_METRICS_PORT: String(opsPort), WORKER_METRICS_HOST: '127.0.0.1' });
  api = await startApiProcess(env);
}, 120_000);

afterAll(async () => {
  if (worker?.child.exitCode !== null) console.error('worker exited:', JSON.stringify(worker?.lines().slice(-20)));
  await worker?.stop();
  await api?.stop();
  await fake?.close();
  await redis?.stop();
  await pgb?.stop();
  await db?.destroy();
});

const status = async (url: string) =>
  fetch(url).then(
    (r) => r.status,
    () => 0,
  );

/** Polls `url` until it answers `want`; returns the milliseconds it took, or throws after `ms`. */
async function until(url: string, want: number, ms: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    const got = await status(url);
    if (got === want) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`${url} still answers ${got} (want ${want}) after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The samples of one series in Prometheus text format (exposition format 0.0.4: `name{a="x",b="y"} value`), as
 * { labels, value }; for a histogram pass `<name>_count`. Throws when the series has no sample at all.
 */
function series(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  const out: { labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.trim()) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    out.push({ labels, value: Number(m[3]) });
  }
  if (out.length === 0) throw new Error(`no ${name} in the metrics`);
  return out;
}

describe('metrics, liveness and readiness of the API and the worker', () => {
  it('the worker and the API expose every series an operator alerts on', async () => {
    await until(`${workerOps}/readyz`, 200, 60_000);
    // The tick (after its retried fault) claims and sends Magic Kingdom's hand count (db/src/testing.ts).
    const deadline = Date.now() + 90_000;
    while ((await db.selectFrom('deliveries').where('status', '=', 'sent').select('id').execute()).length < EXPECTED_MK_ALERTS.length) {
      if (Date.now() > deadline) throw new Error('the worker did not send the alerts');
      await new Promise((r) => setTimeout(r, 500));
    }
    const text = await fetch(`${workerOps}/metrics`).then((r) => r.text());
    const jobs = series(text, 'walkon_queue_jobs');
    expect(jobs.find((s) => s.labels.queue === 'poll-park' && s.labels.state === 'waiting')).toBeDefined();
    expect(jobs.find((s) => s.labels.queue === 'send-email' && s.labels.state === 'completed')?.value).toBeGreaterThanOrEqual(1);
    const age = series(text, 'walkon_park_poll_age_seconds').find((s) => s.labels.park_id === MK);
    expect(age?.value).toBeGreaterThanOrEqual(0);
    expect(age?.value).toBeLessThan(120);
    expect(series(text, 'walkon_upstream_faults_total').find((s) => s.labels.kind === 'http')?.value).toBe(1);
    expect(series(text, 'walkon_tick_duration_seconds_count').find((s) => s.labels.outcome === 'ran')?.value).toBeGreaterThanOrEqual(1);
    const deliveries = series(text, 'walkon_deliveries_total');
    const of = (status: string) => deliveries.find((s) => s.labels.status === status && s.labels.channel === 'email')?.value;
    expect(of('queued')).toBe(EXPECTED_MK_ALERTS.length);
    expect(of('sent')).toBe(EXPECTED_MK_ALERTS.length);
    expect(series(text, 'walkon_send_duration_seconds_count').find((s) => s.labels.channel === 'email')?.value).toBeGreaterThanOrEqual(1);
    expect(series(text, 'walkon_provider_throttled_total').find((s) => s.labels.channel === 'email')?.value).toBe(0);
    // Every registered channel's series starts at 0, push's too (not only e-mail and SMS).
    expect(series(text, 'walkon_deliveries_total').find((s) => s.labels.channel === 'push' && s.labels.status === 'failed')?.value).toBe(0);
    expect(series(text, 'walkon_pg_pool_waiting')[0]?.value).toBe(0);

    // The API: /metrics is never public; the token (or an admin's session) reads it.
    expect(await status(`${api.url}/metrics`)).toBe(401);
    expect((await fetch(`${api.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status).toBe(401);
    expect(await status(`${api.url}/unsubscribe?token=bad`)).toBe(400);
    const apiText = await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.text());
    const http = series(apiText, 'http_request_duration_seconds_count');
    expect(http.find((s) => s.labels.route === '/unsubscribe' && s.labels.status_code === '400')?.value).toBe(1);
    expect(series(apiText, 'walkon_pg_pool_connections')[0]?.value).toBeGreaterThanOrEqual(0);
    expect(series(apiText, 'walkon_pg_pool_waiting')[0]?.value).toBe(0);
  }, 200_000);

  it('/readyz goes 503 within 10 s of Redis or PostgreSQL going away and 200 when they return; /livez stays 200', async () => {
    const ready = [`${workerOps}/readyz`, `${api.url}/readyz`, `${api.url}/healthz`];
    for (const u of ready) await until(u, 200, 30_000);
    const redisPort = redis.port;
    await redis.stop();
    for (const u of ready) expect(await until(u, 503, 10_000), u).toBeLessThan(10_000);
    expect(await status(`${api.url}/livez`)).toBe(200);
    expect(await status(`${workerOps}/livez`)).toBe(200);
    const body = await fetch(`${api.url}/readyz`).then((r) => r.json());
    expect(body).toEqual({ ok: false, db: true, redis: false });
    redis = await startRedisServer({ port: redisPort });
    for (const u of ready) await until(u, 200, 30_000);

    const pgPort = pgb.port;
    await pgb.stop();
    for (const u of ready) expect(await until(u, 503, 10_000), u).toBeLessThan(10_000);
    expect(await fetch(`${workerOps}/readyz`).then((r) => r.json())).toEqual({ ok: false, db: false, redis: true });
    pgb = await startPgBouncer({ port: pgPort });
    for (const u of ready) await until(u, 200, 30_000);
  }, 200_000);
});
