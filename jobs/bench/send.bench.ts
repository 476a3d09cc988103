// `make bench` — provider send figures (docs/DESIGN.md §2.5), printed, never asserted. One line per figure:
//   BENCH {"figure":"<name>","value":<number>,"unit":"<unit>","anchor":<number>,"ratio":<value/anchor>}
// The path production runs: the real worker (BullMQ send jobs, claim → SESv2 call → mark, the Redis rate
// limiter) with the real SESv2 client, pointed by AWS_ENDPOINT_URL_SESV2 at the local SESv2 / SNS fake running
// in a process of its own (jobs/test/fixtures/awsFakeProcess.ts). Anchors are physical limits of the same run:
// - send_messages_per_s_provider: no quota, 50 ms a call; anchor = the worker's provider lanes
//   (SEND_CONCURRENCY × SEND_PROVIDER_CONCURRENCY) ÷ 50 ms, the pipeline's ceiling (target ratio ≥ 0.8);
// - send_quota_utilisation: a quota of 100/s (fake and SES_MAX_PER_SECOND); value = accepted/s ÷ 100, anchor 1
//   (target ≥ 0.9, with 0 deliveries failed: printed with it);
// - tick_to_last_message_s_provider: 10,000 alerts (one attraction drops for 10,000 visitors) from the poll
//   job to the last message the fake accepts at Q = 1,000/s; anchor = 10,000 ÷ Q = 10 s (target ≤ 1.3).
// Its own database (<DATABASE_URL's name>_send_bench, dropped and re-created) and a unique queue prefix.
// BENCH_SMOKE=1: 80, 100 and 100 messages (jobs/bench/harness.ts).
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { refreshPark, runParkTick } from '@walkon/core';
import { createDb, type Database, dropDatabase, ensureDatabase, migrateToLatest } from '@walkon/db';
import { TEST_REDIS_URL } from '@walkon/db/testing';
import { parkLocalDate } from '@walkon/domain/dates';
import { createNotifier } from '@walkon/integrations/providers/notify/index.ts';
import type { LiveParkData, WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { createRedis } from '@walkon/integrations/redis';
import { type Kysely, sql } from 'kysely';
import { enqueueDeliveries } from '../src/channels/index.ts';
import { createQueues, type Queues } from '../src/queues.ts';
import { openParkEntry } from '../test/fixtures/liveFeed.ts';
import { startTestWorker } from '../test/fixtures/testWorker.ts';
import { bench, benchDatabase, firstMessage, note, part, size, startChild } from './harness.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const LATENCY_MS = 50;
const { url, name: dbName } = benchDatabase('send_bench');
const N_THROUGHPUT = size(8_000, 80);
const N_QUOTA = size(1_000, 100);
const N_TICK = size(10_000, 100);

// 15:00 in Orlando on a fixed day; every park's attraction 0 drops from 40 to 5 minutes on the second tick.
let clock = new Date('2026-11-24T20:00:00Z');
const now = () => clock;
const TZ = 'America/New_York';
const parkIdOf = (k: number) => `send-bench-park-${k}`;
const drop = new Set<string>();
const source: WaitTimesSource = {
  kind: 'replay',
  getDestinations: async () => [
    { id: 'send-bench', name: 'Bench Resort', parks: [0, 1, 2].map((k) => ({ id: parkIdOf(k), name: `Bench Park ${k}` })) },
  ],
  getLive: async (parkId): Promise<LiveParkData> => ({
    parkId,
    name: parkId,
    timezone: TZ,
    entries: [
      openParkEntry(parkId, parkId),
      ...[0, 1].map((j) => ({
        id: `${parkId}-a${j}`,
        name: `Attraction ${j}`,
        entityType: 'ATTRACTION',
        status: 'OPERATING',
        standbyWait: j === 0 && drop.has(parkId) ? 5 : 40,
        queue: null,
        operatingHours: null,
        lastUpdated: clock.toISOString(),
      })),
    ],
  }),
};

/** `visitors` e-mail visitors of park k, each watching attraction 0; the first tick arms them. */
async function setupPark(db: Kysely<Database>, k: number, visitors: number) {
  const parkId = parkIdOf(k);
  await refreshPark({ db, source, now }, parkId);
  const today = parkLocalDate(clock, TZ);
  await sql`insert into subscriptions (email, park_id, active, start_date, end_date, alert_type)
            select 'v' || g || '-p' || ${k} || '@bench.test', ${parkId}, true, ${today}::date, ${today}::date + 1, 'email'
            from generate_series(1, ${visitors}) g`.execute(db);
  await sql`insert into pass_days (subscription_id, day, channel, source, reference)
            select id, ${today}::date, 'email', 'grant', 'bench' from subscriptions where park_id = ${parkId}`.execute(db);
  await sql`insert into user_rides (email, park_id, ride_id, active)
            select email, ${parkId}, ${`${parkId}-a0`}, true from subscriptions where park_id = ${parkId}`.execute(db);
  await runParkTick({ db, source, now }, parkId);
  return parkId;
}

/** The fake in its own process, driven over IPC. */
async function startFake() {
  const fake = startChild('SESv2 / SNS fake', path.join(here, '../test/fixtures/awsFakeProcess.ts'), process.env);
  const child = fake.process;
  const ask = <T>(m: unknown) =>
    new Promise<T>((resolve) => {
      child.once('message', (r) => resolve(r as T));
      child.send(m as object);
    });
  const { url: fakeUrl } = await firstMessage<{ url: string }>(fake, 60, 30);
  return {
    url: fakeUrl,
    set: (opts: Record<string, number>) => ask({ cmd: 'set', opts }),
    reset: () => ask({ cmd: 'reset' }),
    stats: () => ask<{ accepted: number; first: number; last: number; distinct: number; counts: Record<string, number> }>({ cmd: 'stats' }),
    close: () => fake.stop(),
  };
}
type Fake = Awaited<ReturnType<typeof startFake>>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(done: () => Promise<boolean>, limitMs = 600_000) {
  const start = Date.now();
  while (!(await done()) && Date.now() - start < limitMs) await sleep(50);
}

/** One phase: a worker with the given concurrency and SES rate; `start` puts the work on the queues. */
async function phase(
  db: Kysely<Database>,
  fake: Fake,
  opts: { expected: number; sendConcurrency: number; providerConcurrency: number; sesPerSecond: number },
  start: (queues: Queues) => Promise<void>,
) {
  const connection = createRedis(TEST_REDIS_URL, 'worker');
  const queues = createQueues({ connection, prefix: `send-bench-${randomUUID()}` });
  const notifier = createNotifier(
    {
      NOTIFY_TRANSPORT: 'aws',
      AWS_REGION: 'us-east-1',
      SES_FROM_EMAIL: 'WalkOn <alerts@walkon.test>',
      SES_MAX_PER_SECOND: opts.sesPerSecond,
      SNS_SMS_MAX_PER_SECOND: 20,
      QUEUE_PREFIX: queues.prefix,
    },
    connection,
  );
  const worker = await startTestWorker({
    db,
    connection,
    queues,
    source,
    now,
    notifier,
    schedules: false,
    sendConcurrency: opts.sendConcurrency,
    providerConcurrency: opts.providerConcurrency,
  });
  await fake.reset();
  const cpu0 = process.cpuUsage();
  const t0 = Date.now();
  await start(queues);
  await until(async () => (await fake.stats()).accepted >= opts.expected);
  const stats = await fake.stats();
  const cpu = process.cpuUsage(cpu0);
  const cpuMsPerMessage = (cpu.user + cpu.system) / 1000 / Math.max(1, stats.accepted);
  await until(
    async () =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from deliveries where status in ('queued', 'sending')`.execute(db)).rows[0]!.n,
      ) === 0,
  );
  const failed = Number(
    (await sql<{ n: number }>`select count(*)::int as n from deliveries where status = 'failed'`.execute(db)).rows[0]!.n,
  );
  await worker.close();
  for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
  await queues.close();
  connection.disconnect();
  return { ...stats, t0, failed, cpuMsPerMessage };
}

async function main() {
  await dropDatabase(url);
  await ensureDatabase(url);
  const db = createDb(url, 12);
  await migrateToLatest(db);
  await sql`insert into destinations (id, name) values ('send-bench', 'Bench Resort')`.execute(db);
  await sql`insert into parks (id, destination_id, name, timezone)
            select 'send-bench-park-' || k, 'send-bench', 'Bench Park ' || k, ${TZ} from generate_series(0, 2) k`.execute(db);
  console.log(`# WalkOn provider send benchmark — ${new Date().toISOString()}, database ${dbName}`);
  const fake = await startFake();
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SESV2: fake.url,
    AWS_ENDPOINT_URL_SNS: fake.url,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'AKIDLOCALFAKE',
    AWS_SECRET_ACCESS_KEY: 'local-fake-secret',
    AWS_MAX_ATTEMPTS: '1',
  });
  const [throughputPark, quotaPark, tickPark] = [
    await setupPark(db, 0, N_THROUGHPUT),
    await setupPark(db, 1, N_QUOTA),
    await setupPark(db, 2, N_TICK),
  ];
  await sql`vacuum analyze`.execute(db);
  clock = new Date(clock.getTime() + 60_000);
  for (const p of [throughputPark, quotaPark, tickPark]) drop.add(p);

  /** The tick's claims fanned out as the poll job does (one message per visitor). */
  const claimAndEnqueue = async (parkId: string, queues: Queues, expected: number) => {
    const { claimed } = await runParkTick({ db, source, now }, parkId);
    if (claimed.length !== expected) note(`WARNING: ${parkId} claimed ${claimed.length}, expected ${expected}`);
    await enqueueDeliveries(queues, claimed);
  };

  // ── Throughput: no quota, 50 ms a call, 4 batch jobs × 8 calls in flight ────────────────────────────────
  {
    const sendConcurrency = 4;
    const providerConcurrency = 8;
    await fake.set({ latencyMs: LATENCY_MS, sesPerSecond: -1 });
    const r = await phase(db, fake, { expected: N_THROUGHPUT, sendConcurrency, providerConcurrency, sesPerSecond: 100_000 }, (q) =>
      claimAndEnqueue(throughputPark, q, N_THROUGHPUT),
    );
    const perS = (r.accepted - 1) / ((r.last - r.first) / 1000);
    const ceiling = (sendConcurrency * providerConcurrency) / (LATENCY_MS / 1000);
    bench('send_messages_per_s_provider', perS, 'messages/s', ceiling);
    note(
      `${r.accepted} messages (${r.distinct} recipients) in ${((r.last - r.first) / 1000).toFixed(1)} s at ${sendConcurrency} × ${providerConcurrency} lanes, ${LATENCY_MS} ms a call; failed ${r.failed}, throttled ${r.counts.throttled}; worker CPU ${r.cpuMsPerMessage.toFixed(2)} ms a message (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
    );
  }

  // ── Quota: 100/s at the fake and in SES_MAX_PER_SECOND ───────────────────────────────────────────────────
  {
    await fake.set({ latencyMs: LATENCY_MS, sesPerSecond: 100 });
    const r = await phase(db, fake, { expected: N_QUOTA, sendConcurrency: 10, providerConcurrency: 8, sesPerSecond: 100 }, (q) =>
      claimAndEnqueue(quotaPark, q, N_QUOTA),
    );
    const perS = (r.accepted - 1) / ((r.last - r.first) / 1000);
    bench('send_quota_utilisation', perS / 100, 'share of quota', 1);
    note(
      `${r.accepted} messages at ${perS.toFixed(1)}/s against a quota of 100/s; failed ${r.failed}, throttling answers ${r.counts.throttled}`,
    );
  }

  // ── Tick → last message: 10,000 alerts at Q = 1,000/s, from the poll job ─────────────────────────────────
  {
    const Q = 1_000;
    await fake.set({ latencyMs: LATENCY_MS, sesPerSecond: Q });
    const r = await phase(db, fake, { expected: N_TICK, sendConcurrency: 10, providerConcurrency: 8, sesPerSecond: Q }, async (q) => {
      await q.poll.add('poll', { parkId: tickPark });
    });
    const seconds = (r.last - r.t0) / 1000;
    bench('tick_to_last_message_s_provider', seconds, 's', N_TICK / Q);
    note(
      `${N_TICK.toLocaleString()} alerts from the poll job to the provider's last acceptance: ${seconds.toFixed(2)} s at Q = ${Q}/s (${r.distinct} recipients, failed ${r.failed}, throttling answers ${r.counts.throttled}; worker CPU ${r.cpuMsPerMessage.toFixed(2)} ms a message)`,
    );
  }

  await fake.close();
  await db.destroy();
  await dropDatabase(url);
}

await part('provider sends', 20 * 60, 300, main);
process.exit(0);
