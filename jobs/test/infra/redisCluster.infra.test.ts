import { randomUUID } from 'node:crypto';
import { refreshPark } from '@walkon/core';
import { catalogue, createDb, type Database, rides, subscriptions } from '@walkon/db';
import { createWorkerDatabase, expectedByRule } from '@walkon/db/testing';
import { addDaysToDate, parkLocalDate } from '@walkon/domain/dates';
import { createHttpSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { createRedis } from '@walkon/integrations/redis';
import { Cluster } from 'ioredis';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  type RedisCluster,
  startApiProcess,
  startRedisCluster,
  startThemeParksFake,
  startWorkerProcess,
  type ThemeParksFake,
  type WorkerProcess,
} from './components.ts';

// The fake serves the recording shifted to the real clock, so which rides are confirmed today (docs/rules.md R2)
// depends on the hour of the run: the independent script of db/src/testing.ts names them.
const EXPECTED_MK_ALERTS = expectedByRule('tpw_live_magic-kingdom_2026-04-14T2227Z.json', new Date(), 'America/New_York', true);

// docs/OPERATIONS.md "Redis Cluster": a three-master local Redis Cluster of Debian's
// redis-server under the real worker (polls and sends) and the API process.
const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const REC = { parkId: MK, file: 'tpw_live_magic-kingdom_2026-04-14T2227Z.json', recordedAt: new Date('2026-04-14T22:27:18Z') };

let cluster: RedisCluster;
let db: Kysely<Database>;
let fake: ThemeParksFake;
let worker: WorkerProcess;
let api: WorkerProcess & { url: string };
let dbUrl: string;
const prefix = `{test-${randomUUID().slice(0, 8)}}`;

beforeAll(async () => {
  cluster = await startRedisCluster(3);
  dbUrl = await createWorkerDatabase(`rc${process.pid}`);
  db = createDb(dbUrl, 2);
  fake = await startThemeParksFake([REC]);
  const source = createHttpSource({ baseUrl: fake.url });
  await catalogue.upsertDestinations(db, await source.getDestinations());
  await refreshPark({ db, source, now: () => new Date() }, MK);
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
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await api?.stop();
  await fake?.close();
  await cluster?.stop();
  await db?.destroy();
});

describe('a three-master Redis Cluster', () => {
  it('createRedis builds a Cluster client that follows the slots (keys on every master answer)', async () => {
    const redis = createRedis('redis://unused', 'worker', cluster.seeds);
    try {
      expect(redis).toBeInstanceOf(Cluster);
      for (let i = 0; i < 30; i++) await redis.set(`k${i}`, String(i));
      for (let i = 0; i < 30; i++) expect(await redis.get(`k${i}`)).toBe(String(i));
    } finally {
      redis.disconnect();
    }
  });

  it('the worker polls and sends through it, and the API is ready on it', async () => {
    const opsPort = await freePort();
    const env = {
      DATABASE_URL: dbUrl,
      REDIS_URL: `redis+cluster://${cluster.seeds}`,
      QUEUE_PREFIX: prefix,
      WAIT_TIMES_SOURCE: 'http',
      THEMEPARKS_API_URL: fake.url,
      NOTIFY_TRANSPORT: 'outbox',
      FLIGHTS_SOURCE: 'off',
      DINING_SOURCE: 'off',
      LOG_LEVEL: 'warn',
    };
    worker = startWorkerProcess({ ...env, WORKER_METRICS_PORT: String(opsPort), WORKER_METRICS_HOST: '127.0.0.1' });
    api = await startApiProcess({ ...env, REDIS_URL: 'redis://unused', REDIS_CLUSTER_NODES: cluster.seeds });
    const deadline = Date.now() + 120_000;
    while ((await db.selectFrom('deliveries').where('status', '=', 'sent').select('id').execute()).length < EXPECTED_MK_ALERTS.length) {
      if (Date.now() > deadline || worker.child.exitCode !== null)
        throw new Error(`no sends: ${JSON.stringify(worker.lines().slice(-10))}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const sent = await db.selectFrom('deliveries').select('ride_name').execute();
    expect(sent.map((d) => d.ride_name).sort()).toEqual([...EXPECTED_MK_ALERTS]);
    expect((await fetch(`http://127.0.0.1:${opsPort}/readyz`)).status).toBe(200);
    expect((await fetch(`${api.url}/readyz`)).status).toBe(200);
    // The worker logged no cluster error (CROSSSLOT, MOVED) at any level.
    expect(worker.lines().filter((l) => /CROSSSLOT|MOVED|ClusterAllFailed/.test(JSON.stringify(l)))).toEqual([]);
    // Every key of the run lives in the prefix's one slot.
    const probe = createRedis('redis://unused', 'worker', cluster.seeds);
    try {
      const slot = await probe.call('cluster', 'keyslot', `${prefix}:x`);
      let owners = 0;
      for (const n of (probe as unknown as Cluster).nodes('master'))
        if ((await n.call('cluster', 'countkeysinslot', String(slot))) !== 0) owners++;
      expect(owners).toBe(1);
    } finally {
      probe.disconnect();
    }
  }, 240_000);
});
