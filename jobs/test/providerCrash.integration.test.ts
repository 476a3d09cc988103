import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runParkTick } from '@walkon/core';
import type { Database } from '@walkon/db';
import { createTestDb, TEST_REDIS_URL, truncateAll } from '@walkon/db/testing';
import { createRedis } from '@walkon/integrations/redis';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueDeliveries, sweepQueuedDeliveries } from '../src/channels/index.ts';
import { createQueues } from '../src/queues.ts';
import { type AwsFake, startAwsFake } from './fixtures/awsFake.ts';
import { addVisitors } from './fixtures/visitors.ts';
import { EXPECTED_MK_ALERTS, MK, MK_OPEN, replayOf, watchAll } from './helpers.ts';

// docs/rules.md R8 over the provider path: SIGKILL the worker while it sends through SESv2 (the local fake, 50 ms
// a call) and count, per recipient, the messages the provider accepted: none may be missing, and a kill may
// repeat only the messages in flight at that instant — at most one per lane (SEND_CONCURRENCY ×
// SEND_PROVIDER_CONCURRENCY = 2 × 4 = 8 per kill).
const here = path.dirname(fileURLToPath(import.meta.url));
const LANES = 2 * 4;
let db: Kysely<Database>;
let url: string;
let fake: AwsFake;

beforeAll(async () => {
  ({ db, url } = await createTestDb());
  await truncateAll(db);
  fake = await startAwsFake({ latencyMs: 50 });
}, 180_000);
afterAll(async () => {
  await fake?.close();
  await db?.destroy();
});

function startWorker(prefix: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures/sendWorker.ts')], {
    env: {
      ...process.env,
      ...fake.env(),
      AWS_MAX_ATTEMPTS: '1',
      NOTIFY_TRANSPORT: 'aws',
      SES_FROM_EMAIL: 'WalkOn <alerts@walkon.test>',
      SES_MAX_PER_SECOND: '1000',
      SEND_CONCURRENCY: '2',
      SEND_PROVIDER_CONCURRENCY: '4',
      SEND_LEASE_SECONDS: '5',
      TEST_DATABASE_URL: url,
      TEST_QUEUE_PREFIX: prefix,
    },
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

describe('docs/rules.md R8: SIGKILL while sending through the provider', () => {
  it('loses nothing and repeats at most the in-flight messages of each kill', async () => {
    // The tick runs at the recording's own instant, so the rides that alert (PER_PERSON, counted by the
    // independent script of db/src/testing.ts) do not depend on the hour the test runs.
    const tickAt = () => new Date('2026-04-14T22:27:18Z');
    const PER_PERSON = EXPECTED_MK_ALERTS.length;
    await watchAll(db, MK_OPEN, 'fan0@example.com', tickAt);
    const people = ['fan0@example.com', ...(await addVisitors(db, { n: 400, at: tickAt() }))];
    const { claimed } = await runParkTick({ db, source: replayOf(MK_OPEN, tickAt), now: tickAt }, MK);
    expect(claimed).toHaveLength(401 * PER_PERSON);

    const prefix = `pcrash-${randomUUID()}`;
    const connection = createRedis(TEST_REDIS_URL, 'worker');
    const queues = createQueues({ connection, prefix });
    const children: ChildProcess[] = [];
    let kills = 0;
    try {
      // Batches of 5 persons' deliveries = 5 messages: many jobs, so each kill catches batches mid-way.
      await enqueueDeliveries(queues, claimed, 'b', 5 * PER_PERSON);
      for (let round = 0; round < 4; round++) {
        const before = fake.accepted.length;
        const child = await startWorker(prefix);
        children.push(child);
        // Kill it while it is sending: after 30 to 60 more messages reached the provider.
        const after = 30 + Math.floor(Math.random() * 30);
        await expect.poll(() => fake.accepted.length, { timeout: 60_000, interval: 5 }).toBeGreaterThanOrEqual(before + after);
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
        kills++;
        // The restarted worker's sweeper, as if its lease (5 s) and a minute had passed: the dead worker's
        // `sending` rows go back to `queued` and are enqueued again.
        await sweepQueuedDeliveries({ db, queues, now: () => new Date(Date.now() + (round + 2) * 60_000) });
      }
      const last = await startWorker(prefix);
      children.push(last);
      await expect
        .poll(() => count(`select count(*)::int as n from deliveries where status in ('queued', 'sending')`), {
          timeout: 120_000,
          interval: 250,
        })
        .toBe(0);
      last.kill('SIGKILL');
    } finally {
      for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
      for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
      await queues.close();
      connection.disconnect();
    }

    const per = new Map<string, number>();
    for (const m of fake.accepted) per.set(m.to, (per.get(m.to) ?? 0) + 1);
    const lost = people.filter((p) => !per.has(p)).length;
    const repeated = [...per.values()].reduce((a, n) => a + n - 1, 0);
    process.stdout.write(
      `provider crash test: ${kills} kills, ${fake.accepted.length} messages accepted for ${people.length} people, lost ${lost}, repeated ${repeated} (bound ${kills * LANES})\n`,
    );
    expect(kills).toBe(4);
    expect(lost).toBe(0);
    expect([...per.keys()].every((k) => people.includes(k))).toBe(true);
    expect(repeated).toBeLessThanOrEqual(kills * LANES);
    expect(await count(`select count(*)::int as n from deliveries where status <> 'sent'`)).toBe(0);
  }, 300_000);
});
