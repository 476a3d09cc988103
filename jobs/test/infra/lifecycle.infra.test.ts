import { randomUUID } from 'node:crypto';
import { createWorkerDatabase } from '@walkon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RedisNode, startApiProcess, startRedisServer, startWorkerProcess, type WorkerProcess } from './components.ts';

// Health from the first second and a clean stop (docs/OPERATIONS.md "Health", "Stopping"): the real worker started
// while its Redis is not there yet, and the real API stopped by SIGTERM.
let url: string;
const started: WorkerProcess[] = [];
let redis: RedisNode | undefined;

beforeAll(async () => {
  url = await createWorkerDatabase(`life${process.pid}`);
}, 120_000);

afterAll(async () => {
  for (const p of started) await p.stop();
  await redis?.stop();
});

const baseEnv = () => ({
  DATABASE_URL: url,
  QUEUE_PREFIX: `test-${randomUUID()}`,
  WAIT_TIMES_SOURCE: 'replay',
  WAIT_TIMES_REPLAY_PARKS: 'recorded',
  NOTIFY_TRANSPORT: 'outbox',
  FLIGHTS_SOURCE: 'off',
  DINING_SOURCE: 'off',
  PUSH: 'off',
  LOG_LEVEL: 'info',
});

/** The status and JSON body of GET `url`; status 0 when nothing answers. */
async function get(u: string): Promise<{ status: number; body: Record<string, unknown> | null }> {
  try {
    const r = await fetch(u);
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  } catch {
    return { status: 0, body: null };
  }
}

/** Polls `u` until `ok(answer)`; returns that answer, or throws after `ms` with the last one. */
async function until(u: string, ok: (a: Awaited<ReturnType<typeof get>>) => boolean, ms: number) {
  const start = Date.now();
  for (;;) {
    const a = await get(u);
    if (ok(a)) return a;
    if (Date.now() - start > ms) throw new Error(`${u} still answers ${a.status} ${JSON.stringify(a.body)} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('health from the first second', () => {
  it('a worker started while Redis is down opens its port at once: /livez 200, /readyz 503 "starting"; ready once Redis is there', async () => {
    const redisPort = await freePort();
    const opsPort = await freePort();
    const ops = `http://127.0.0.1:${opsPort}`;
    const worker = startWorkerProcess({
      ...baseEnv(),
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      WORKER_METRICS_PORT: String(opsPort),
      WORKER_METRICS_HOST: '127.0.0.1',
    });
    started.push(worker);
    await until(`${ops}/livez`, (a) => a.status === 200, 60_000);
    const notYet = await get(`${ops}/readyz`);
    expect(notYet).toEqual({ status: 503, body: { ok: false, db: true, redis: false, state: 'starting' } });
    // Redis comes up on its port: the worker connects, builds its queues and turns ready, without a restart.
    redis = await startRedisServer({ port: redisPort });
    const ready = await until(`${ops}/readyz`, (a) => a.status === 200, 60_000);
    expect(ready.body).toEqual({ ok: true, db: true, redis: true });
    expect(worker.child.exitCode).toBeNull();
    // While Redis was down its reconnect errors were logged at most once every 30 s, not once per attempt.
    const redisLines = worker.lines().filter((l) => l.msg === 'redis');
    expect(redisLines.length).toBeLessThanOrEqual(2);
    // A stop: "stopping" first, then "stopped", exit 0.
    expect(await worker.stop()).toBe(0);
    const msgs = worker.lines().map((l) => l.msg);
    expect(msgs.indexOf('worker stopping')).toBeGreaterThan(-1);
    expect(msgs.indexOf('worker stopped')).toBeGreaterThan(msgs.indexOf('worker stopping'));
  }, 180_000);

  it('the API answers /readyz 503 "stopping" from SIGTERM while its listener still serves, then stops cleanly', async () => {
    redis ??= await startRedisServer();
    const api = await startApiProcess({ ...baseEnv(), REDIS_URL: `redis://127.0.0.1:${redis.port}`, SHUTDOWN_DRAIN_SECONDS: '3' });
    started.push(api);
    await until(`${api.url}/readyz`, (a) => a.status === 200, 60_000);
    const exited = new Promise<number | null>((r) => api.child.once('exit', (code) => r(code)));
    api.child.kill('SIGTERM');
    // The first answer after the signal that is not a 200: a 503 saying why, from the listener that is still open.
    const draining = await until(`${api.url}/readyz`, (a) => a.status !== 200, 10_000);
    expect(draining).toEqual({ status: 503, body: { ok: false, db: true, redis: true, state: 'stopping' } });
    expect((await get(`${api.url}/livez`)).status).toBe(200);
    expect(await exited).toBe(0);
  }, 120_000);
});
