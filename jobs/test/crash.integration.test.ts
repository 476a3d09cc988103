import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runParkTick } from '@walkon/core';
import type { Database } from '@walkon/db';
import { createTestDb, TEST_REDIS_URL, truncateAll } from '@walkon/db/testing';
import { parkLocalDate } from '@walkon/domain/dates';
import { createRedis } from '@walkon/integrations/redis';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueDeliveries, sweepQueuedDeliveries } from '../src/channels/index.ts';
import { createQueues } from '../src/queues.ts';
import { EXPECTED_MK_ALERTS, MK, MK_OPEN, replayOf, watchAll } from './helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
let db: Kysely<Database>;
let url: string;

beforeAll(async () => {
  ({ db, url } = await createTestDb());
  await truncateAll(db);
}, 180_000);
afterAll(async () => db.destroy());

function startWorker(prefix: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures/sendWorker.ts')], {
    env: { ...process.env, TEST_DATABASE_URL: url, TEST_QUEUE_PREFIX: prefix },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => {
      if (b.toString().includes('ready')) resolve(child);
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`worker exited early (${code})`)));
  });
}

const count = async (q: string) => Number((await sql.raw<{ n: number }>(q).execute(db)).rows[0]?.n ?? 0);

describe('DESIGN §2.5 exactly once under SIGKILL', () => {
  it('workers killed repeatedly while sending batches: every claimed delivery leaves exactly once', async () => {
    // The recording's own instant (18:27 in Orlando): which rides are short does not depend on the hour of the run.
    const now = () => new Date('2026-04-14T22:27:18Z');
    const source = await watchAll(db, MK_OPEN, 'fan0@example.com', now);
    // 300 more visitors watching every ride: 301 × 13 deliveries in 301 messages, batches of about 50.
    const today = parkLocalDate(now(), 'America/New_York');
    await sql`insert into subscriptions (email, park_id, active, start_date, end_date, alert_type)
              select 'fan' || g || '@example.com', ${MK}, true, ${today}::date, ${today}::date + 1, 'email' from generate_series(1, 300) g`.execute(
      db,
    );
    await sql`insert into pass_days (subscription_id, day, channel, source, reference)
              select id, ${today}::date, 'email', 'grant', 'test' from subscriptions on conflict do nothing`.execute(db);
    await sql`insert into user_rides (email, park_id, ride_id, active)
              select s.email, ${MK}, u.ride_id, true from subscriptions s cross join (select ride_id from user_rides where email = 'fan0@example.com') u
              where s.email <> 'fan0@example.com'`.execute(db);
    const { claimed } = await runParkTick({ db, source: replayOf(MK_OPEN, now), now }, MK);
    expect(claimed).toHaveLength(301 * EXPECTED_MK_ALERTS.length);
    void source;

    const prefix = `crash-${randomUUID()}`;
    const connection = createRedis(TEST_REDIS_URL, 'worker');
    const queues = createQueues({ connection, prefix });
    const children: ChildProcess[] = [];
    try {
      await enqueueDeliveries(queues, claimed, 'b', 50);
      let kills = 0;
      const sent = () => count(`select count(*)::int as n from deliveries where status = 'sent'`);
      for (let round = 0; round < 3; round++) {
        const sentBefore = await sent();
        const child = await startWorker(prefix);
        children.push(child);
        // Once it is sending (a batch committed), kill it: the other batch in flight dies mid-transaction.
        await expect.poll(sent, { timeout: 60_000, interval: 5 }).toBeGreaterThan(sentBefore);
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
        kills++;
        // The restarted worker's sweeper: re-enqueue what is still queued (as if a minute had passed).
        await sweepQueuedDeliveries({ db, queues, now: () => new Date(Date.now() + 2 * 60_000) });
        const queued = await count(`select count(*)::int as n from deliveries where status = 'queued'`);
        if (queued === 0) break;
      }
      expect(kills).toBeGreaterThanOrEqual(2);
      expect(await count(`select count(*)::int as n from deliveries where status = 'queued'`)).toBeGreaterThan(0);
      const last = await startWorker(prefix);
      children.push(last);
      await expect
        .poll(() => count(`select count(*)::int as n from deliveries where status = 'queued'`), { timeout: 60_000, interval: 250 })
        .toBe(0);
      last.kill('SIGKILL');
      const perDelivery = await sql<{ n: number; deliveries: number }>`
        select n, count(*)::int as deliveries from (
          select d.id, count(o.id)::int as n from deliveries d
          left join outbox_messages o on d.id = any(o.delivery_ids) group by d.id) x
        group by n`.execute(db);
      expect(perDelivery.rows).toEqual([{ n: 1, deliveries: 301 * EXPECTED_MK_ALERTS.length }]);
      expect(await count(`select count(*)::int as n from deliveries where status <> 'sent'`)).toBe(0);
    } finally {
      for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
      for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
      await queues.close();
      connection.disconnect();
    }
  }, 300_000);
});
