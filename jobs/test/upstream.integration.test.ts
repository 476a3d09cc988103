import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runParkTick } from '@walkon/core';
import type { Database } from '@walkon/db';
import { createTestDb, TEST_REDIS_URL, truncateAll } from '@walkon/db/testing';
import {
  createHttpSource,
  createMemoryReadGate,
  createRedisReadGate,
  parseRetryAfter,
  UpstreamError,
  withReadGate,
} from '@walkon/integrations/providers/waitTimes/index.ts';
import { createRedis } from '@walkon/integrations/redis';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schedulerId } from '../src/pipeline/schedulers.ts';
import { createQueues } from '../src/queues.ts';
import { FIXTURES, MK, MK_OPEN, startTestWorker, watchAll } from './helpers.ts';

// DESIGN §2.2 upstream reads against a LOCAL fake ThemeParks.wiki (node:http on 127.0.0.1, never a real host):
// every case ends with no alert and no crash (the tick rejects with an UpstreamError the worker handles).

const EPCOT = '47f90d2c-e191-4239-a466-5892ef59a88b';
const RECORDED_AT = new Date('2026-04-14T22:27:18Z');
const mkRecording = readFileSync(`${FIXTURES}/${MK_OPEN}`, 'utf8');
const epcotRecording = readFileSync(`${FIXTURES}/tpw_live_epcot_2023-02-15T1556Z.json`, 'utf8');

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let db: Kysely<Database>;
let server: Server;
let baseUrl: string;
let handler: Handler;
let hits: { at: number; url: string }[] = [];

beforeAll(async () => {
  ({ db } = await createTestDb());
  server = createServer((req, res) => {
    hits.push({ at: Date.now(), url: req.url ?? '' });
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await db.destroy();
});
beforeEach(async () => {
  await truncateAll(db);
  hits = [];
  handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(mkRecording);
});
afterEach(() => server.closeAllConnections());

const countDeliveries = async () => (await db.selectFrom('deliveries').select('id').execute()).length;

/** Removes the park's job scheduler the worker set up on start (and its pending job), so only the test's jobs read. */
async function withoutScheduler(queues: ReturnType<typeof createQueues>): Promise<void> {
  await queues.poll.removeJobScheduler(schedulerId(MK));
  await queues.poll.drain(true);
}

/** A live document built from the Magic Kingdom recording, edited by `edit`. */
function editedRecording(edit: (doc: { liveData: Record<string, unknown>[] } & Record<string, unknown>) => void): string {
  const doc = JSON.parse(mkRecording);
  edit(doc);
  return JSON.stringify(doc);
}

describe('a response about another park', () => {
  it('is refused: nothing stored under the park asked for, no alert, the worker logs it and does not retry', async () => {
    const now = () => RECORDED_AT;
    await watchAll(db, MK_OPEN, 'fan@example.com', now);
    const before = await db.selectFrom('ride_status').select(['attraction_id', 'polled_at']).where('park_id', '=', MK).execute();
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(epcotRecording);
    const source = createHttpSource({ baseUrl, timeoutMs: 2000 });

    const err = await runParkTick({ db, source, now }, MK).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).kind).toBe('mismatch');
    expect((err as UpstreamError).message).toContain(EPCOT);
    expect(await countDeliveries()).toBe(0);
    const after = await db.selectFrom('ride_status').select(['attraction_id', 'polled_at']).where('park_id', '=', MK).execute();
    expect(after).toEqual(before);
    const epcotIds = JSON.parse(epcotRecording).liveData.map((e: { id: string }) => e.id);
    expect(await db.selectFrom('attractions').select('id').where('id', 'in', epcotIds).execute()).toEqual([]);

    // Through the real worker: logged as an error, one read only (no retry), no crash, no alert.
    const prefix = `test-${randomUUID()}`;
    const connection = createRedis(TEST_REDIS_URL, 'worker');
    const queues = createQueues({ connection, prefix });
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) });
    // Only the poll job this test adds may read the fake: no job schedulers, so neither the catalogue load nor the
    // history collection that a starting worker runs in the background (under load they came after `hits = []`).
    const worker = await startTestWorker({ db, connection, queues, source, logger, now, schedules: false });
    try {
      await withoutScheduler(queues);
      hits = [];
      const job = await queues.poll.add('poll', { parkId: MK }, { attempts: 3, backoff: { type: 'fixed', delay: 100 } });
      await expect
        .poll(async () => (await queues.poll.getJob(job.id as string))?.failedReason ?? null, { timeout: 5000 })
        .toMatch(/another entity/);
      await new Promise((r) => setTimeout(r, 400)); // room for a retry that must not come
      expect(hits).toHaveLength(1);
      expect((await queues.poll.getJob(job.id as string))?.attemptsMade).toBe(1);
      expect(lines.some((l) => l.includes('about another park') && l.includes('"level":50'))).toBe(true);
      expect(await countDeliveries()).toBe(0);
    } finally {
      await worker.close();
      for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
      await queues.close();
      connection.disconnect();
    }
  });
});

describe('a 50 MB body', () => {
  /** Streams `total` bytes of a never-ending JSON array in 64 kB chunks, honouring backpressure; counts what was written. */
  function hugeBody(total: number, declareLength: boolean) {
    const sent = { bytes: 0, closed: false };
    const chunk = Buffer.alloc(64 * 1024, ' ');
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', ...(declareLength ? { 'content-length': String(total) } : {}) });
      res.on('close', () => {
        sent.closed = true;
      });
      res.write(`{"id":"${MK}","liveData":[`);
      const pump = () => {
        while (sent.bytes < total && !sent.closed) {
          sent.bytes += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!sent.closed) res.end(']}');
      };
      pump();
    };
    return sent;
  }

  it('streamed without a length: the read is aborted past 5 MB and memory stays bounded; no alert', async () => {
    const now = () => RECORDED_AT;
    await watchAll(db, MK_OPEN, 'fan@example.com', now);
    const sent = hugeBody(50 * 1024 * 1024, false);
    const source = createHttpSource({ baseUrl, timeoutMs: 20_000 });
    const mem = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const base = mem();
    let peak = base;
    const sampler = setInterval(() => {
      peak = Math.max(peak, mem());
    }, 5);
    const err = await runParkTick({ db, source, now }, MK).catch((e: unknown) => e);
    clearInterval(sampler);
    peak = Math.max(peak, mem());

    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).kind).toBe('too-large');
    await expect.poll(() => sent.closed, { timeout: 2000 }).toBe(true);
    expect(sent.bytes).toBeLessThan(20 * 1024 * 1024); // aborted: far from the 50 MB the fake had to send
    expect(peak - base).toBeLessThan(50 * 1024 * 1024);
    expect(await countDeliveries()).toBe(0);
  });

  it('with a Content-Length over the cap: refused before the body is read', async () => {
    const now = () => RECORDED_AT;
    await watchAll(db, MK_OPEN, 'fan@example.com', now);
    const sent = hugeBody(50 * 1024 * 1024, true);
    const source = createHttpSource({ baseUrl, timeoutMs: 20_000 });
    const err = await runParkTick({ db, source, now }, MK).catch((e: unknown) => e);
    expect((err as UpstreamError).kind).toBe('too-large');
    await expect.poll(() => sent.closed, { timeout: 2000 }).toBe(true);
    expect(sent.bytes).toBeLessThan(20 * 1024 * 1024);
    expect(await countDeliveries()).toBe(0);
  });
});

describe('a hanging upstream', () => {
  for (const how of ['no answer at all', 'headers, then the body stalls'] as const) {
    it(`${how}: the read gives up at its time limit; no alert`, async () => {
      const now = () => RECORDED_AT;
      await watchAll(db, MK_OPEN, 'fan@example.com', now);
      handler = (_req, res) => {
        if (how === 'no answer at all') return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(mkRecording.slice(0, 1000));
      };
      const source = createHttpSource({ baseUrl, timeoutMs: 300 });
      const started = Date.now();
      const err = await runParkTick({ db, source, now }, MK).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(3000); // 300 ms limit; the rest is a loaded machine's slack, far below 10 s
      expect((err as UpstreamError).kind).toBe('timeout');
      expect(await countDeliveries()).toBe(0);
    });
  }
});

describe('Retry-After', () => {
  it('parses delay-seconds and HTTP dates, never before now', () => {
    const now = new Date('2026-04-14T22:00:00Z');
    expect(parseRetryAfter('120', now)?.toISOString()).toBe('2026-04-14T22:02:00.000Z');
    expect(parseRetryAfter('Tue, 14 Apr 2026 22:01:30 GMT', now)?.toISOString()).toBe('2026-04-14T22:01:30.000Z');
    expect(parseRetryAfter('Tue, 14 Apr 2026 21:00:00 GMT', now)?.toISOString()).toBe(now.toISOString());
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  for (const form of ['seconds', 'HTTP date'] as const) {
    it(`(${form}) longer than the tick: the following ticks make no read until it has passed; no alert meanwhile`, async () => {
      let clock = RECORDED_AT.getTime();
      const now = () => new Date(clock);
      await watchAll(db, MK_OPEN, 'fan@example.com', now);
      const retryAfter = form === 'seconds' ? '150' : new Date(clock + 150_000).toUTCString();
      let first = true;
      handler = (_req, res) => {
        if (first) {
          first = false;
          return void res.writeHead(429, { 'retry-after': retryAfter }).end('slow down');
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(mkRecording);
      };
      const source = withReadGate(createHttpSource({ baseUrl, timeoutMs: 2000, now }), createMemoryReadGate(), now);
      const outcomes: string[] = [];
      const hitsAtTick: number[] = [];
      for (let tick = 0; tick < 4; tick++) {
        clock = RECORDED_AT.getTime() + tick * 60_000;
        const out = await runParkTick({ db, source, now }, MK).then(
          () => 'read',
          (e: UpstreamError) => e.kind,
        );
        outcomes.push(out);
        hitsAtTick.push(hits.length);
        if (tick < 3) expect(await countDeliveries()).toBe(0);
      }
      // 0 s: 429 (wait until 150 s); 60 s and 120 s: held back without a request; 180 s: the one read.
      expect(outcomes).toEqual(['http', 'deferred', 'deferred', 'read']);
      expect(hitsAtTick).toEqual([1, 1, 1, 2]);
    });

    it("the gate also covers the schedule read (the history collector's park_hours), and passes it through", async () => {
      const now = () => new Date();
      const gate = createMemoryReadGate();
      const source = withReadGate(createHttpSource({ baseUrl, timeoutMs: 2000 }), gate, now);
      expect(source.getSchedule).toBeTypeOf('function');
      await gate.defer(MK, new Date(Date.now() + 60_000), now());
      hits = [];
      const err = await source.getSchedule!(MK).then(
        () => null,
        (e: UpstreamError) => e,
      );
      expect(err?.kind).toBe('deferred');
      expect(hits).toHaveLength(0);
    });
  }

  it('shorter than the tick, through the worker: one retry no sooner than it says; longer: the tick is skipped, recorded in Redis', async () => {
    const now = () => new Date();
    await watchAll(db, MK_OPEN, 'fan@example.com', now);
    const prefix = `test-${randomUUID()}`;
    const connection = createRedis(TEST_REDIS_URL, 'worker');
    const queues = createQueues({ connection, prefix });
    const gate = createRedisReadGate({ redis: connection, prefix });
    const logger = pino({ level: 'silent' });
    const source = withReadGate(createHttpSource({ baseUrl, timeoutMs: 2000 }), gate, now);
    let answers: { status: number; retryAfter?: string }[] = [];
    handler = (_req, res) => {
      const a = answers.shift() ?? { status: 200 };
      if (a.status !== 200) return void res.writeHead(a.status, a.retryAfter ? { 'retry-after': a.retryAfter } : {}).end('busy');
      res.writeHead(200, { 'content-type': 'application/json' }).end(mkRecording);
    };
    const worker = await startTestWorker({
      db,
      connection,
      queues,
      source,
      logger,
      now,
      publicOrigin: 'http://x',
      // Only the poll jobs this test adds may read the fake: no job schedulers, so no history collection either.
      schedules: false,
    });
    try {
      await withoutScheduler(queues);
      hits = [];
      // 503 with Retry-After: 2 → the job waits ≥ 2 s (not the 100 ms backoff) and reads once more.
      answers = [{ status: 503, retryAfter: '2' }];
      const job = await queues.poll.add('poll', { parkId: MK }, { attempts: 3, backoff: { type: 'fixed', delay: 100 } });
      await expect.poll(async () => (await queues.poll.getJob(job.id as string))?.finishedOn ?? null, { timeout: 10_000 }).not.toBeNull();
      expect(hits).toHaveLength(2);
      expect((hits[1]?.at ?? 0) - (hits[0]?.at ?? 0)).toBeGreaterThanOrEqual(2000);

      // 429 with Retry-After: 300 → no retry in this tick; the next tick's job makes no request.
      hits = [];
      answers = [{ status: 429, retryAfter: '300' }];
      const second = await queues.poll.add('poll', { parkId: MK }, { attempts: 3, backoff: { type: 'fixed', delay: 100 } });
      await expect
        .poll(async () => (await queues.poll.getJob(second.id as string))?.returnvalue ?? null, { timeout: 5000 })
        .toMatchObject({
          claimed: 0,
        });
      const until = await gate.notBefore(MK);
      expect((until?.getTime() ?? 0) - Date.now()).toBeGreaterThan(290_000);
      const third = await queues.poll.add('poll', { parkId: MK }, { attempts: 3 });
      await expect.poll(async () => (await queues.poll.getJob(third.id as string))?.finishedOn ?? null, { timeout: 5000 }).not.toBeNull();
      expect(hits).toHaveLength(1);
      expect(await countDeliveries()).toBe(0); // the recording is days old at the real clock: stale, never alerts
    } finally {
      await worker.close();
      for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
      await connection.del(`${prefix}:upstream:not-before:${MK}`);
      await queues.close();
      connection.disconnect();
    }
  });
});

describe('guards of the alert rules, end to end over HTTP (DESIGN §2.3)', () => {
  const DUMBO = '890fa430-89c0-4a3f-96c9-11597888005e';
  const LATER = new Date(RECORDED_AT.getTime() + 60_000);
  const source = () => createHttpSource({ baseUrl, timeoutMs: 2000 });
  const serve = (body: string) => {
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  };
  const dumboDeliveries = async () => (await db.selectFrom('deliveries').select('id').where('ride_id', '=', DUMBO).execute()).length;

  it('the park entity CLOSED while a ride says OPERATING 5 min: no alert; the same reading with the park open alerts', async () => {
    await watchAll(db, MK_OPEN, 'fan@example.com', () => RECORDED_AT);
    const withPark = (parkStatus: string, at: Date) =>
      editedRecording((doc) => {
        for (const e of doc.liveData) {
          if (e.entityType === 'PARK') e.status = parkStatus;
          if (e.id === DUMBO) Object.assign(e, { status: 'OPERATING', queue: { STANDBY: { waitTime: 5 } }, lastUpdated: at.toISOString() });
        }
      });
    serve(withPark('CLOSED', RECORDED_AT));
    const closed = await runParkTick({ db, source: source(), now: () => RECORDED_AT }, MK);
    expect(closed.ran).toBe(true);
    expect(closed.claimed).toEqual([]);
    expect(await countDeliveries()).toBe(0);

    // Control: the park open a minute later, Dumbo still 5 min (a new reading), and the tick alerts it.
    serve(withPark('OPERATING', LATER));
    const open = await runParkTick({ db, source: source(), now: () => LATER }, MK);
    expect(open.claimed.length).toBeGreaterThan(0);
    expect(await dumboDeliveries()).toBe(1);
  });

  it('lastUpdated 24 h in the future: no alert; a present lastUpdated for the same waits alerts', async () => {
    await watchAll(db, MK_OPEN, 'fan@example.com', () => RECORDED_AT);
    const stamped = (at: Date) =>
      editedRecording((doc) => {
        for (const e of doc.liveData) {
          if (e.entityType !== 'PARK') e.lastUpdated = at.toISOString();
          if (e.id === DUMBO) Object.assign(e, { status: 'OPERATING', queue: { STANDBY: { waitTime: 5 } } });
        }
      });
    serve(stamped(new Date(RECORDED_AT.getTime() + 86_400_000)));
    const future = await runParkTick({ db, source: source(), now: () => RECORDED_AT }, MK);
    expect(future.ran).toBe(true);
    expect(future.claimed).toEqual([]);
    expect(await countDeliveries()).toBe(0);

    // Control: the same document stamped at the poll instant a minute later alerts Dumbo.
    serve(stamped(LATER));
    const present = await runParkTick({ db, source: source(), now: () => LATER }, MK);
    expect(present.claimed.length).toBeGreaterThan(0);
    expect(await dumboDeliveries()).toBe(1);
  });
});
