import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runParkTick } from '@walkon/core';
import { type Database, outbox } from '@walkon/db';
import { TEST_REDIS_URL } from '@walkon/db/testing';
import { createOutboxNotifier } from '@walkon/integrations/providers/notify/index.ts';
import { createHttpSource, UpstreamError, type WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { createRedis } from '@walkon/integrations/redis';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueDeliveries, sweepQueuedDeliveries } from '../src/channels/index.ts';
import { sendDelivery, sendDeliveryBatch } from '../src/pipeline/send.ts';
import { createQueues } from '../src/queues.ts';
import { buildWorker } from '../src/worker.ts';
import {
  EXPECTED_MK_ALERTS,
  expectedByRule,
  FIXTURES,
  MK,
  MK_EDITED,
  MK_OPEN,
  MK_PREOPEN,
  replayOf,
  TEST_PUBLIC_ORIGIN,
  useTestDb,
  watchAll,
} from './helpers.ts';

let db: Kysely<Database>;
// The clock stands at the recording instant of MK_OPEN (its newest lastUpdated, 18:27 in Orlando), so the replay
// shifts nothing: inside the published 9:00–22:00 schedule, every stamp of the recording's park-local day.
const AT_OPEN = new Date('2026-04-14T22:27:18Z');
const now = () => AT_OPEN;
const notifier = createOutboxNotifier();
const publicOrigin = TEST_PUBLIC_ORIGIN;
useTestDb((created) => {
  db = created;
});

describe('DESIGN §2.3 evaluation over the real Magic Kingdom recordings (replay)', () => {
  // Alert engine v2 changed this test: the alerts of one tick used to be one e-mail each; they are now
  // deliveries (each its own history row and dedup key) sent as ONE e-mail listing all of them.
  // docs/rules.md R2 changed it again: 13 rides, not 7 — the six with stamps 16–586 minutes old are
  // live (the feed's newest stamp is of this minute; theirs are of today), as ThemeParks.wiki means the stamp.
  it('alerts exactly the fresh, OPERATING, 1–15 min rides, as one e-mail; a second tick sends nothing new', async () => {
    const source = await watchAll(db, MK_OPEN, 'fan@example.com', now);
    const first = await runParkTick({ db, source, now }, MK);
    const sent = (
      await sendDeliveryBatch(
        { db, notifier, now, publicOrigin },
        first.claimed.map((c) => c.id),
      )
    ).outcomes;
    const names = sent.map((s) => (s.status === 'sent' ? s.rideName : `not sent: ${s.status}`)).sort();
    expect(names).toEqual(EXPECTED_MK_ALERTS);
    const mails = await outbox.listOutbox(db, { to: 'fan@example.com' });
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect((mail.headers as Record<string, string>)['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    for (const name of EXPECTED_MK_ALERTS) expect(mail.bodyText).toContain(name);
    expect(mail.subject).toMatch(new RegExp(`\\+${EXPECTED_MK_ALERTS.length - 1} more at Magic Kingdom Park$`));
    expect(mail.bodyText).toContain(`/live-wait-times?park=${MK}`);
    expect(mail.bodyHtml).toContain('Manage your alerts');
    expect([...(mail.deliveryIds ?? [])].sort()).toEqual(first.claimed.map((c) => c.id).sort());

    const second = await runParkTick({ db, source, now }, MK);
    expect(second.claimed).toEqual([]);
    expect(await outbox.listOutbox(db)).toHaveLength(1);
  });

  it('CLOSED, REFURBISHMENT, null waits and waits above 15 never alert; a ride unchanged since the morning does (R2)', async () => {
    const source = await watchAll(db, MK_OPEN, 'fan@example.com', now);
    const { claimed } = await runParkTick({ db, source, now }, MK);
    const rows = await db
      .selectFrom('deliveries')
      .innerJoin('ride_status', 'ride_status.attraction_id', 'deliveries.ride_id')
      .select(['ride_status.status', 'ride_status.standby_wait', 'ride_status.last_updated'])
      .execute();
    expect(rows).toHaveLength(claimed.length);
    for (const r of rows) {
      expect(r.status).toBe('OPERATING');
      expect(r.standby_wait).toBeGreaterThan(0);
      expect(r.standby_wait).toBeLessThanOrEqual(15);
      // Confirmed today: on 2026-04-14 in Orlando (from 04:00Z).
      expect((r.last_updated as Date).getTime()).toBeGreaterThanOrEqual(Date.parse('2026-04-14T04:00:00Z'));
    }
    // Country Bears (10 min, last changed at 13:11Z, 9 h before the recording) is live: the old rule missed it.
    const bears = await db.selectFrom('deliveries').select('ride_name').where('ride_name', '=', 'Country Bear Musical Jamboree').execute();
    expect(bears).toHaveLength(1);
  });

  it('a document whose every stamp is more than 15 minutes old alerts no one; a ride stamped yesterday never alerts', async () => {
    await watchAll(db, MK_OPEN, 'fan@example.com', now);
    const asRecorded = replayOf(MK_OPEN, now);
    const at = () => new Date(AT_OPEN.getTime() + 60_000);
    // The same recording with every stamp 17 minutes earlier, read a minute after the recording: its newest stamp
    // is 18 minutes old, so the feed is not live. (Both reads happen at the same instant: a tick never stores a
    // read older than the one stored, DESIGN §7.)
    const earlier = (t: string | null) => (t ? new Date(Date.parse(t) - 17 * 60_000).toISOString() : t);
    const stale: WaitTimesSource = {
      ...asRecorded,
      getLive: async (id) => {
        const live = await asRecorded.getLive(id);
        return { ...live, entries: live.entries.map((e) => ({ ...e, lastUpdated: earlier(e.lastUpdated) })) };
      },
    };
    expect((await runParkTick({ db, source: stale, now: at }, MK)).claimed).toEqual([]);
    // Live again, but Dumbo's stamp moved to 23:59 of the day before (park-local): not confirmed today.
    const yesterday = '2026-04-14T03:59:00.000Z';
    const dumbo: WaitTimesSource = {
      ...asRecorded,
      getLive: async (id) => {
        const live = await asRecorded.getLive(id);
        return {
          ...live,
          entries: live.entries.map((e) => (e.name === 'Dumbo the Flying Elephant' ? { ...e, lastUpdated: yesterday } : e)),
        };
      },
    };
    const names = (await runParkTick({ db, source: dumbo, now: at }, MK)).claimed.length;
    const sent = (await db.selectFrom('deliveries').select('ride_name').execute()).map((r) => r.ride_name).sort();
    expect(names).toBe(EXPECTED_MK_ALERTS.length - 1);
    expect(sent).toEqual(EXPECTED_MK_ALERTS.filter((n) => n !== 'Dumbo the Flying Elephant'));
  });

  it('the pre-opening recording (every standby null) sends nothing', async () => {
    const source = await watchAll(db, MK_PREOPEN, 'fan@example.com', now);
    const { claimed, poll } = await runParkTick({ db, source, now }, MK);
    expect(poll?.entities).toBeGreaterThan(50);
    expect(claimed).toEqual([]);
  });

  it('the edited null-queue variant neither crashes nor alerts on a null wait', async () => {
    const source = await watchAll(db, MK_EDITED, 'fan@example.com', now);
    const { claimed } = await runParkTick({ db, source, now }, MK);
    const names = (await db.selectFrom('deliveries').select('ride_name').execute()).map((r) => r.ride_name);
    expect(claimed.length).toBe(names.length);
    for (const n of names) expect(EXPECTED_MK_ALERTS).toContain(n);
    const nullWaits = await db
      .selectFrom('ride_status')
      .select('attraction_id')
      .where('standby_wait', 'is', null)
      .where('status', '=', 'OPERATING')
      .execute();
    expect(nullWaits.length).toBeGreaterThan(0);
  });
});

describe('docs/rules.md R2 over real snapshots: expectations from an independent script over the JSON', () => {
  const cases = [
    // 13 short OPERATING rides, 6 of them last changed 16–586 minutes before the recording.
    { file: MK_OPEN, park: MK, at: '2026-04-14T22:27:18Z', count: 13 },
    // Gran Fiesta Tour at 5 minutes, stamped at opening (103 minutes before), and Awesome Planet (115) alert too.
    { file: 'tpw_live_epcot_2023-02-15T1556Z.json', park: '47f90d2c-e191-4239-a466-5892ef59a88b', at: '2023-02-15T15:56:00Z', count: 6 },
    { file: 'tpw_live_magic-kingdom_2023-02-01T1406Z.json', park: MK, at: '2023-02-01T14:06:39Z', count: 11 },
  ];
  for (const c of cases) {
    it(`${c.file}: one tick at the recording instant alerts exactly the rides the rule names`, async () => {
      const at = () => new Date(c.at);
      const source = await watchAll(db, c.file, 'fan@example.com', at, c.park);
      const { claimed } = await runParkTick({ db, source, now: at }, c.park);
      const sent = (await db.selectFrom('deliveries').select('ride_name').where('kind', '=', 'ride_alert').execute()).map(
        (r) => r.ride_name,
      );
      const expected = expectedByRule(c.file, at(), 'America/New_York');
      expect(expected).toHaveLength(c.count);
      expect(sent.sort()).toEqual(expected);
      expect(claimed.length).toBeGreaterThanOrEqual(expected.length);
    });
  }
  it('the independent script and the shared list agree on the Magic Kingdom recording', () => {
    expect(expectedByRule(MK_OPEN, AT_OPEN, 'America/New_York')).toEqual(EXPECTED_MK_ALERTS);
  });
});

describe('DESIGN §2.4–2.5 exactly-once delivery', () => {
  it('a worker killed between claim and send: the sweeper re-enqueues and each alert is delivered once', async () => {
    const prefix = `test-${randomUUID()}`;
    const producer = createRedis(TEST_REDIS_URL, 'worker');
    const queues = createQueues({ connection: producer, prefix });
    try {
      const source = await watchAll(db, MK_OPEN, 'fan@example.com', now);
      // Claim committed, then the process "dies" before fan-out: nothing is enqueued.
      const { claimed } = await runParkTick({ db, source, now }, MK);
      expect(claimed).toHaveLength(EXPECTED_MK_ALERTS.length);
      // Half of them were enqueued before the crash (their jobs are in Redis but nobody ran them).
      await enqueueDeliveries(queues, claimed.slice(0, 3));
      // A minute later the restarted worker's sweeper runs.
      const later = () => new Date(AT_OPEN.getTime() + 2 * 60_000);
      // Alert engine v2: the sweeper re-enqueues every stale queued delivery as whole-message batches (was: only
      // the 4 without a job); the 3 that also have a job still leave once (SKIP LOCKED + status in one transaction).
      const requeued = await sweepQueuedDeliveries({ db, queues, now: later });
      expect(requeued).toBe(EXPECTED_MK_ALERTS.length);
      const connection = createRedis(TEST_REDIS_URL, 'worker');
      const worker = await buildWorker({ db, connection, queues, source, notifier, logger: pino({ level: 'silent' }), now, publicOrigin });
      try {
        // Alert engine v2: messages carry several deliveries (outbox delivery_ids); the crash may split this tick's
        // message (the 3 enqueued before it can leave before the sweeper's batch), so 1 or 2 e-mails carry them all.
        const carried = sql<{ n: number }>`select count(*)::int as n from outbox_messages, unnest(delivery_ids) d group by d`;
        await expect
          .poll(async () => (await carried.execute(db)).rows.length, { timeout: 15_000, interval: 200 })
          .toBe(EXPECTED_MK_ALERTS.length);
        // Sweeping again and re-running sends nothing more.
        await sweepQueuedDeliveries({ db, queues, now: later });
        await Promise.all(claimed.map((c) => sendDelivery({ db, notifier, now, publicOrigin }, c.id)));
        // Nothing else will come: the sends above were awaited, and the send queues the sweep filled are drained.
        const pending = async () => {
          let n = 0;
          for (const q of [queues.sendEmail, queues.sendSms, queues.sendPush])
            n += Object.values(await q.getJobCounts('wait', 'active', 'delayed', 'prioritized', 'waiting-children')).reduce(
              (a, b) => a + b,
              0,
            );
          return n;
        };
        await expect.poll(pending, { timeout: 15_000, interval: 100 }).toBe(0);
        const perDelivery = await carried.execute(db);
        expect(perDelivery.rows.map((r) => r.n)).toEqual(Array(EXPECTED_MK_ALERTS.length).fill(1));
        expect((await outbox.listOutbox(db)).length).toBeLessThanOrEqual(2);
        const statuses = await db.selectFrom('deliveries').select('status').execute();
        expect(statuses.every((s) => s.status === 'sent')).toBe(true);
      } finally {
        await worker.close();
        connection.disconnect();
      }
    } finally {
      await queues.poll.obliterate({ force: true }).catch(() => {});
      for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
      await queues.close();
      producer.disconnect();
    }
  });
});

describe('DESIGN §2.2 upstream faults from a local HTTP server', () => {
  let server: Server;
  let baseUrl: string;
  let mode: '500' | '429' | 'timeout' | 'malformed' | 'ok' = 'ok';
  let hits = 0;
  let recording: string;

  beforeAll(async () => {
    const { readFileSync } = await import('node:fs');
    recording = readFileSync(`${FIXTURES}/${MK_OPEN}`, 'utf8');
    server = createServer((req, res) => {
      hits++;
      if (req.url?.startsWith('/v1/destinations')) {
        res.setHeader('content-type', 'application/json');
        res.end(readFileSync(`${FIXTURES}/tpw_destinations_2026-04.json`, 'utf8'));
        return;
      }
      if (mode === '500') return void res.writeHead(500).end('oops');
      if (mode === '429') return void res.writeHead(429, { 'retry-after': '1' }).end('slow down');
      if (mode === 'timeout') return; // never answers
      res.setHeader('content-type', 'application/json');
      res.end(mode === 'malformed' ? '{"id": "x", "liveData": [' : recording);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  for (const fault of ['500', '429', 'timeout', 'malformed'] as const) {
    it(`${fault}: the tick fails with an UpstreamError, nothing is claimed`, async () => {
      await watchAll(db, MK_OPEN, 'fan@example.com', now);
      mode = fault;
      const source = createHttpSource({ baseUrl, timeoutMs: 300 });
      await expect(runParkTick({ db, source, now }, MK)).rejects.toBeInstanceOf(UpstreamError);
      expect(await db.selectFrom('deliveries').selectAll().execute()).toEqual([]);
    });
  }

  it('the worker logs the fault, retries the poll with backoff and alerts once upstream recovers', async () => {
    const recordedNow = () => new Date('2026-04-14T22:27:18Z');
    await watchAll(db, MK_OPEN, 'fan@example.com', recordedNow);
    const prefix = `test-${randomUUID()}`;
    const connection = createRedis(TEST_REDIS_URL, 'worker');
    const queues = createQueues({ connection, prefix });
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) });
    mode = '500';
    hits = 0;
    const source = createHttpSource({ baseUrl, timeoutMs: 500 });
    const worker = await buildWorker({ db, connection, queues, source, notifier, logger, now: recordedNow, publicOrigin });
    try {
      await queues.poll.add('poll', { parkId: MK }, { attempts: 3, backoff: { type: 'fixed', delay: 300 } });
      await expect.poll(() => lines.some((l) => l.includes('upstream fault')), { timeout: 5000 }).toBe(true);
      mode = 'ok';
      // Alert engine v2: the alerts of the tick leave as one e-mail (was one each).
      await expect.poll(async () => (await outbox.listOutbox(db)).length, { timeout: 15_000, interval: 200 }).toBe(1);
      expect((await db.selectFrom('deliveries').select('status').where('status', '=', 'sent').execute()).length).toBe(
        EXPECTED_MK_ALERTS.length,
      );
      expect(hits).toBeGreaterThanOrEqual(2);
    } finally {
      await worker.close();
      for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
      await queues.close();
      connection.disconnect();
    }
  });
});

describe('replay source', () => {
  it('serves the busiest recording per park by default and shifts its instants to now', async () => {
    const { createReplaySource } = await import('@walkon/integrations/providers/waitTimes/index.ts');
    const fixed = new Date('2030-01-01T12:00:00Z');
    const src = createReplaySource({ dir: FIXTURES, now: () => fixed });
    expect(src.files()[MK]).toBe(MK_OPEN);
    const live = await src.getLive(MK);
    const newest = Math.max(...live.entries.map((e) => (e.lastUpdated ? Date.parse(e.lastUpdated) : 0)));
    expect(new Date(newest).toISOString()).toBe(fixed.toISOString());
    // Naming a file serves that recording for its park, not the busiest one.
    expect(replayOf(MK_PREOPEN, () => fixed).files()).toEqual({ [MK]: MK_PREOPEN });
  });
});
