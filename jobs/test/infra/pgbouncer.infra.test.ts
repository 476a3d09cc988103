import { randomUUID } from 'node:crypto';
import { refreshPark } from '@walkon/core';
import { catalogue, createDb, type Database, rides, subscriptions } from '@walkon/db';
import { createWorkerDatabase, expectedByRule, TEST_REDIS_URL } from '@walkon/db/testing';
import { addDaysToDate, parkLocalDate } from '@walkon/domain/dates';
import { createHttpSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PgBouncer,
  type Recording,
  startPgBouncer,
  startThemeParksFake,
  startWorkerProcess,
  type ThemeParksFake,
  type WorkerProcess,
} from './components.ts';

// The fake serves the recording shifted to the real clock, so which rides are confirmed today (docs/rules.md R2)
// depends on the hour of the run: the independent script of db/src/testing.ts names them.
const EXPECTED_MK_ALERTS = expectedByRule('tpw_live_magic-kingdom_2026-04-14T2227Z.json', new Date(), 'America/New_York', true);

// docs/OPERATIONS.md "PgBouncer": two worker processes behind Debian's PgBouncer 1.18 in
// transaction mode (no prepared-statement support: PG_PREPARED=off), three watched parks, ~3 minutes of ticks.
const PARKS: (Recording & { email: string })[] = [
  {
    parkId: '75ea578a-adc8-4116-a54d-dccb60765ef9',
    file: 'tpw_live_magic-kingdom_2026-04-14T2227Z.json',
    recordedAt: new Date('2026-04-14T22:27:18Z'),
    email: 'mk@example.com',
  },
  {
    parkId: '47f90d2c-e191-4239-a466-5892ef59a88b',
    file: 'tpw_live_epcot_2023-02-15T1556Z.json',
    recordedAt: new Date('2023-02-15T15:56:00Z'),
    email: 'epcot@example.com',
  },
  {
    parkId: '267615cc-8943-4c2a-ae2c-5da728ca591f',
    file: 'tpw_live_islands-of-adventure_2023-01-30T1618Z.json',
    recordedAt: new Date('2023-01-30T16:18:00Z'),
    email: 'ioa@example.com',
  },
];
/** How long the two workers run: three ticks of every park (the scheduler ticks every 60 s). */
const RUN_MS = 150_000;

let pgb: PgBouncer;
let fake: ThemeParksFake;
let db: Kysely<Database>;
let directUrl: string;
const workers: WorkerProcess[] = [];
const prefix = `test-${randomUUID()}`;

beforeAll(async () => {
  directUrl = await createWorkerDatabase(`pgb${process.pid}`);
  db = createDb(directUrl, 2);
  pgb = await startPgBouncer({ poolSize: 3 });
  fake = await startThemeParksFake(PARKS);
  // The watchers: one person per park watching every ride with an e-mail pass for today (park-local).
  const source = createHttpSource({ baseUrl: fake.url });
  await catalogue.upsertDestinations(db, await source.getDestinations());
  for (const p of PARKS) {
    await refreshPark({ db, source, now: () => new Date() }, p.parkId);
    const tz = (await catalogue.getPark(db, p.parkId))?.timezone ?? 'UTC';
    const today = parkLocalDate(new Date(), tz);
    await subscriptions.upsertActivePass(db, {
      email: p.email,
      parkId: p.parkId,
      userId: null,
      alertType: 'email',
      startDate: today,
      endDate: addDaysToDate(today, 1),
    });
    await rides.watchAllRides(db, p.email, p.parkId);
  }
  fake.liveReads.clear();
}, 120_000);

afterAll(async () => {
  for (const w of workers) await w.stop();
  await fake?.close();
  await pgb?.stop();
  const redis = new Redis(TEST_REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await db?.destroy();
});

describe('two workers behind PgBouncer (transaction mode, PG_PREPARED=off)', () => {
  it(
    'read and claim every park once a tick, send each alert once, and leave no lock behind',
    async () => {
      const name = new URL(directUrl).pathname.slice(1);
      const env = {
        DATABASE_URL: pgb.url(name),
        PG_PREPARED: 'off',
        DB_POOL_MAX: '4',
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: prefix,
        WAIT_TIMES_SOURCE: 'http',
        THEMEPARKS_API_URL: fake.url,
        NOTIFY_TRANSPORT: 'outbox',
        FLIGHTS_SOURCE: 'off',
        DINING_SOURCE: 'off',
        LOG_LEVEL: 'info',
      };
      const started = Date.now();
      workers.push(startWorkerProcess(env), startWorkerProcess(env));
      await new Promise((r) => setTimeout(r, RUN_MS));
      const codes = [];
      for (const w of workers) codes.push(await w.stop());
      const elapsed = Date.now() - started;
      expect(codes).toEqual([0, 0]);

      // Reads: every park read once per 60-second tick, never twice in one (no retry, no overlapping tick).
      for (const p of PARKS) {
        const reads = fake.liveReads.get(p.parkId) ?? [];
        expect(reads.length, p.file).toBeGreaterThanOrEqual(2);
        expect(reads.length, p.file).toBeLessThanOrEqual(Math.ceil(elapsed / 60_000) + 1);
        const gaps = reads.slice(1).map((t, i) => t - reads[i]!);
        for (const gap of gaps) expect(gap, `${p.file}: reads ${gaps.join(', ')} ms apart`).toBeGreaterThan(45_000);
      }
      // Both workers ran ticks (the load was shared), and no tick failed.
      const lines = workers.map((w) => w.lines());
      for (const l of lines) expect(l.some((x) => x.msg === 'worker started')).toBe(true);
      const ticks = lines.map((l) => l.filter((x) => x.msg === 'poll-park').length);
      expect(ticks[0]! + ticks[1]!).toBe([...fake.liveReads.values()].reduce((n, r) => n + r.length, 0));
      const faults = lines
        .flat()
        .filter((x) => /prepared statement|advisory|lock of type|poll-park: upstream fault|tick failed/i.test(JSON.stringify(x)));
      expect(faults).toEqual([]);
      expect(pgb.log()).not.toMatch(/prepared statement/);

      // Claims: Magic Kingdom's hand count (db/src/testing.ts), each ride once; every delivery sent in one message.
      const deliveries = await db.selectFrom('deliveries').select(['id', 'email', 'ride_name', 'status', 'park_id']).execute();
      const mk = deliveries.filter((d) => d.email === 'mk@example.com').map((d) => d.ride_name);
      expect([...mk].sort()).toEqual([...EXPECTED_MK_ALERTS]);
      for (const p of PARKS) {
        // Each ride at most once per person (the other two recordings have no hand count: uniqueness only).
        const mine = deliveries.filter((d) => d.email === p.email);
        expect(new Set(mine.map((d) => d.ride_name)).size, p.file).toBe(mine.length);
      }
      expect(deliveries.filter((d) => d.status !== 'sent')).toEqual([]);
      const messages = await db.selectFrom('outbox_messages').select(['delivery_ids']).execute();
      const carried = messages.flatMap((m) => m.delivery_ids ?? []);
      expect([...carried].sort()).toEqual(deliveries.map((d) => d.id).sort());

      // No tick lock left: PgBouncer keeps its server connections open, none holds an advisory lock.
      const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
      where l.locktype = 'advisory' and d.datname = ${name}`.execute(db);
      expect(rows[0]?.n).toBe(0);
    },
    RUN_MS + 120_000,
  );
});
