// One round of the send-path A/B of docs/decisions/062 (run by scripts/send-ab.sh, which copies this file into
// an older tree exported beside this one, so both trees run the same probe over their own product code).
// The production path: a real tick (runParkTick) claims SEND_AB_DELIVERIES e-mail deliveries (one attraction drops
// to walk-on for that many visitors, one message each), they are fanned out as the poll job does
// (enqueueDeliveries) and sent by the real worker's send jobs (BullMQ, claim → outbox transport → mark `sent`).
// Prints one line: `SENDAB {"tree":…,"deliveries":N,"messages":M,"wallMs":…,"cpuMs":…}` — wall time from the
// enqueue to the last completed send job, and this process's CPU over the same window (the worker runs in it).
// Its own database (<DATABASE_URL's name>_send_ab, dropped and re-created) and a unique queue prefix.
// Self-contained on purpose: the older tree it is copied into has only its own jobs/bench/harness.ts (of which this
// file uses `benchDatabase` alone), so the replay source below is written here rather than shared with the benches'
// copies (alerts, push and send benches).

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { refreshPark, runParkTick } from '@walkon/core';
import { createDb, dropDatabase, ensureDatabase, migrateToLatest } from '@walkon/db';
import { TEST_REDIS_URL } from '@walkon/db/testing';
import type { LiveEntry, LiveParkData, WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { createRedis } from '@walkon/integrations/redis';
import { sql } from 'kysely';
import { createQueues } from '../src/queues.ts';
import { openParkEntry } from '../test/fixtures/liveFeed.ts';
import { startTestWorker } from '../test/fixtures/testWorker.ts';
import { benchDatabase } from './harness.ts';

const N = Number(process.env.SEND_AB_DELIVERIES ?? 10_000);
const SEND_CONCURRENCY = Number(process.env.BENCH_SEND_CONCURRENCY ?? 10);
const TZ = 'America/New_York';
const PARK = 'ab-park';
const RIDE = `${PARK}-a0`;
const { url } = benchDatabase('send_ab');

let clock = new Date('2026-11-24T15:00:00Z'); // 10:00 in Orlando
const now = () => clock;
let wait = 40;
const source: WaitTimesSource = {
  kind: 'replay',
  getDestinations: async () => [],
  getLive: async (parkId): Promise<LiveParkData> => ({
    parkId,
    name: parkId,
    timezone: TZ,
    entries: [
      openParkEntry(parkId, parkId),
      {
        id: RIDE,
        name: 'Attraction 0',
        entityType: 'ATTRACTION',
        status: 'OPERATING',
        standbyWait: wait,
        queue: null,
        operatingHours: null,
        lastUpdated: clock.toISOString(),
      } satisfies LiveEntry,
    ],
  }),
};

async function main() {
  // The tree's fan-out: channels/ since decision 062, pipeline/fanout.ts before it (a path held in a variable, so
  // this file type-checks in either tree).
  const seam = new URL('../src/channels/index.ts', import.meta.url);
  const fanout = existsSync(seam) ? seam.href : new URL('../src/pipeline/fanout.ts', import.meta.url).href;
  const { enqueueDeliveries } = await import(fanout);
  await dropDatabase(url);
  await ensureDatabase(url);
  const db = createDb(url, 14);
  await migrateToLatest(db);
  await sql`insert into destinations (id, name) values ('ab-destination', 'A/B Resort')`.execute(db);
  await sql`insert into parks (id, destination_id, name, timezone) values (${PARK}, 'ab-destination', 'A/B Park', ${TZ})`.execute(db);
  const deps = { db, source, now };
  await refreshPark(deps, PARK);
  await sql`
    insert into subscriptions (email, park_id, active, start_date, end_date, alert_type)
    select 'v' || g || '@ab.test', ${PARK}, true, '2026-11-24'::date, '2026-11-25'::date, 'email' from generate_series(1, ${N}) g`.execute(
    db,
  );
  await sql`insert into pass_days (subscription_id, day, channel, source, reference)
    select id, '2026-11-24'::date, 'email', 'grant', 'ab' from subscriptions`.execute(db);
  await sql`insert into user_rides (email, park_id, ride_id, active) select email, ${PARK}, ${RIDE}, true from subscriptions`.execute(db);
  await sql`vacuum analyze`.execute(db);
  clock = new Date(clock.getTime() + 60_000);
  await runParkTick(deps, PARK); // 40 minutes: nothing short; the set-up's audience evaluated
  clock = new Date(clock.getTime() + 60_000);
  wait = 5;
  const out = await runParkTick(deps, PARK);
  const claimed = out.claimed;
  if (claimed.length !== N) throw new Error(`the drop claimed ${claimed.length} deliveries, expected ${N}`);

  const connection = createRedis(TEST_REDIS_URL, 'worker');
  const queues = createQueues({ connection, prefix: `ab-${randomUUID()}` });
  const worker = await startTestWorker({ db, connection, queues, source, now, sendConcurrency: SEND_CONCURRENCY, schedules: false });
  let done = 0;
  for (const w of worker.workers) if (w.name.startsWith('send')) w.on('completed', () => void done++);
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const jobs: number = await enqueueDeliveries(queues, claimed);
  while (done < jobs) await new Promise((r) => setTimeout(r, 5));
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = process.cpuUsage(cpu0);
  const messages = Number((await sql<{ n: number }>`select count(*)::int as n from outbox_messages`.execute(db)).rows[0]?.n ?? 0);
  const sent = Number(
    (await sql<{ n: number }>`select count(*)::int as n from deliveries where status = 'sent'`.execute(db)).rows[0]?.n ?? 0,
  );
  if (sent !== N || messages !== N) throw new Error(`${sent} deliveries sent and ${messages} messages written, expected ${N} of each`);
  console.log(
    `SENDAB ${JSON.stringify({ tree: process.env.SEND_AB_TREE ?? process.cwd(), deliveries: N, messages, jobs, wallMs: Math.round(wallMs), cpuMs: Math.round((cpu.user + cpu.system) / 1000) })}`,
  );
  await worker.close();
  for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
  await queues.close();
  connection.disconnect();
  await db.destroy();
  await dropDatabase(url);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
