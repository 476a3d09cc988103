// `make bench` — alert engine figures (DESIGN §2), printed, never asserted. One line per figure:
//   BENCH {"figure":"<name>","value":<number>,"unit":"<unit>","anchor":<number>,"ratio":<value/anchor>}
// Anchors are measured in the same run on the same machine: a bare count(*) of the park's watches for the
// evaluation figures, BullMQ no-op jobs drained at the same concurrency on the same Redis for sending, 1 for
// upstream reads. Its own database (<DATABASE_URL's name>_alerts_bench, dropped and re-created) and a unique
// queue prefix; the worker it starts upserts no job scheduler, so no background tick runs while it measures.
// BENCH_SKIP_50K=1 leaves out the 50,000-visitor park (the longest set-up).
import { randomUUID } from 'node:crypto';
import { alertEngine, createDb, type Database, dropDatabase, ensureDatabase, migrateToLatest } from '@walkon/db';
import { TEST_REDIS_URL } from '@walkon/db/testing';
import { parkLocalDate } from '@walkon/domain/dates';
import { Queue, Worker } from 'bullmq';
import { type Kysely, sql } from 'kysely';
import { enqueueDeliveries } from '../src/pipeline/fanout.ts';
import { refreshPark } from '../src/pipeline/poll.ts';
import { runParkTick } from '../src/pipeline/tick.ts';
import type { LiveParkData, WaitTimesSource } from '../src/providers/waitTimes/index.ts';
import { createQueues } from '../src/queues.ts';
import { createRedis } from '../src/redis.ts';
import { openParkEntry } from '../test/fixtures/liveFeed.ts';
import { startTestWorker } from '../test/fixtures/testWorker.ts';

const RIDES = 40;
const WATCHED = 30;
const SEND_CONCURRENCY = Number(process.env.BENCH_SEND_CONCURRENCY ?? 10);
const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/walkon');
base.pathname = `/${decodeURIComponent(base.pathname.replace(/^\//, '')) || 'walkon'}_alerts_bench`;
const url = base.toString();

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const note = (s: string) => console.log(`# ${s}`);
function bench(figure: string, value: number, unit: string, anchor: number) {
  const round = (x: number) => Math.round(x * 1000) / 1000;
  console.log(
    `BENCH ${JSON.stringify({ figure, value: round(value), unit, anchor: round(anchor), ratio: round(anchor ? value / anchor : 0) })}`,
  );
}

// The bench clock: 15:00 in Orlando on a fixed day, advanced by the phases.
let clock = new Date('2026-11-24T20:00:00Z');
const now = () => clock;
const TZ = 'America/New_York';

// A live source of synthetic parks whose readings the bench sets; it counts upstream reads per park.
type Mode = { wait: (ride: number) => number; stamp: Date };
const modes = new Map<string, Mode>();
const reads = new Map<string, number>();
const parkName = (k: number) => `Bench Park ${k}`;
const parkIdOf = (k: number) => `bench-park-${k}`;
const rideId = (park: string, j: number) => `${park}-a${j}`;
const source: WaitTimesSource = {
  kind: 'replay',
  getDestinations: async () => [
    {
      id: 'bench-destination',
      name: 'Bench Resort',
      parks: Array.from({ length: 12 }, (_, k) => ({ id: parkIdOf(k), name: parkName(k) })),
    },
  ],
  getLive: async (parkId): Promise<LiveParkData> => {
    reads.set(parkId, (reads.get(parkId) ?? 0) + 1);
    const m = modes.get(parkId) ?? { wait: () => 40, stamp: clock };
    return {
      parkId,
      name: parkId,
      timezone: TZ,
      entries: [
        openParkEntry(parkId, parkId),
        ...Array.from({ length: RIDES }, (_, j) => ({
          id: rideId(parkId, j),
          name: `Attraction ${j}`,
          entityType: 'ATTRACTION',
          status: 'OPERATING',
          standbyWait: m.wait(j),
          queue: null,
          operatingHours: null,
          lastUpdated: m.stamp.toISOString(),
        })),
      ],
    };
  },
};

/** One tick as the worker's poll job runs it, less the fan-out: the tick, then the statistics refresh it asks for. */
async function tick(db: Kysely<Database>, parkId: string) {
  const result = await runParkTick({ db, source, now }, parkId);
  if (result.refreshStatistics) await alertEngine.analyzeHotTables(db);
  return result;
}

async function setupPark(db: Kysely<Database>, k: number, visitors: number): Promise<string> {
  const parkId = parkIdOf(k);
  modes.set(parkId, { wait: () => 40, stamp: clock });
  await refreshPark({ db, source, now }, parkId);
  const today = parkLocalDate(clock, TZ);
  const t0 = process.hrtime.bigint();
  await sql`
    insert into subscriptions (email, park_id, active, start_date, end_date, alert_type)
    select 'v' || g || '-p' || ${k} || '@bench.test', ${parkId}, true, ${today}::date, ${today}::date + 1, 'email'
    from generate_series(1, ${visitors}) g`.execute(db);
  await sql`
    insert into pass_days (subscription_id, day, channel, source, reference)
    select id, ${today}::date, 'email', 'grant', 'bench' from subscriptions where park_id = ${parkId}`.execute(db);
  await sql`
    insert into user_rides (email, park_id, ride_id, active)
    select s.email, ${parkId}, ${parkId} || '-a' || j, true
    from subscriptions s cross join generate_series(0, ${WATCHED - 1}) j
    where s.park_id = ${parkId}`.execute(db);
  await sql`vacuum analyze`.execute(db);
  note(`${parkId}: ${visitors.toLocaleString()} visitors × ${WATCHED} watched rides set up in ${(ms(t0) / 1000).toFixed(1)} s`);
  // The first tick of the day: nothing short, clears the dirty persons of the set-up.
  await tick(db, parkId);
  return parkId;
}

const countWatches = async (db: Kysely<Database>, parkId: string) => {
  const t0 = process.hrtime.bigint();
  await sql`select count(*) from user_rides where park_id = ${parkId}`.execute(db);
  return ms(t0);
};

/** Polls the park with the given readings and returns the tick input the claim would get. */
async function pollInput(db: Kysely<Database>, parkId: string, k: number) {
  const poll = await refreshPark({ db, source, now }, parkId);
  const today = parkLocalDate(clock, TZ);
  return {
    parkId,
    parkName: parkName(k),
    now: clock,
    today,
    dayStart: new Date(`${today}T05:00:00Z`),
    readings: poll.readings,
  };
}

/** Median evaluation time (the claim's own statement, counted in PostgreSQL) and the count anchor. */
async function evaluate(db: Kysely<Database>, input: Awaited<ReturnType<typeof pollInput>>, runs = 5) {
  const times: number[] = [];
  const anchors: number[] = [];
  let alerts = 0;
  for (let r = 0; r < runs; r++) {
    anchors.push(await countWatches(db, input.parkId));
    const t0 = process.hrtime.bigint();
    alerts = (await alertEngine.countEvaluation(db, input)).alerts;
    times.push(ms(t0));
  }
  return { ms: median(times), anchor: median(anchors), alerts };
}

/** Quiet and busy evaluation of one park: returns the busy input (already polled) for a claim. */
async function quietAndBusy(db: Kysely<Database>, parkId: string, k: number, suffix: string) {
  // Quiet: the next poll, a minute later, reads the same readings as the last tick (nothing changed).
  clock = new Date(clock.getTime() + 60_000);
  const quiet = await evaluate(db, await pollInput(db, parkId, k));
  // Busy: every watched ride newly qualifying (5 min, a new lastUpdated).
  clock = new Date(clock.getTime() + 60_000);
  modes.set(parkId, { wait: () => 5, stamp: clock });
  const busyInput = await pollInput(db, parkId, k);
  const busy = await evaluate(db, busyInput, 3);
  note(
    `${parkId}: quiet evaluation ${quiet.ms.toFixed(1)} ms (${quiet.alerts} alerts), busy ${busy.ms.toFixed(1)} ms (${busy.alerts.toLocaleString()} alerts), count anchor ${busy.anchor.toFixed(1)} ms`,
  );
  return { quiet, busy, busyInput, suffix };
}

async function noopRate(prefix: string, jobs: number): Promise<number> {
  const connection = createRedis(TEST_REDIS_URL, 'worker');
  const queue = new Queue('bench-noop', { connection, prefix });
  await queue.addBulk(Array.from({ length: jobs }, (_, k) => ({ name: 'noop', data: { k }, opts: { removeOnComplete: 1000 } })));
  let done = 0;
  let resolve: () => void = () => {};
  const finished = new Promise<void>((r) => {
    resolve = r;
  });
  const t0 = process.hrtime.bigint();
  const workerConnection = createRedis(TEST_REDIS_URL, 'worker');
  const worker = new Worker(
    'bench-noop',
    async () => {
      done++;
      if (done === jobs) resolve();
    },
    { connection: workerConnection, prefix, concurrency: SEND_CONCURRENCY },
  );
  await finished;
  const elapsed = ms(t0);
  await worker.close();
  workerConnection.disconnect();
  const rate = jobs / (elapsed / 1000);
  await queue.obliterate({ force: true });
  await queue.close();
  connection.disconnect();
  return rate;
}

async function main() {
  await dropDatabase(url);
  await ensureDatabase(url);
  const db = createDb(url, 12);
  await migrateToLatest(db);
  await sql`insert into destinations (id, name) values ('bench-destination', 'Bench Resort')`.execute(db);
  await sql`insert into parks (id, destination_id, name, timezone)
            select 'bench-park-' || k, 'bench-destination', 'Bench Park ' || k, ${TZ} from generate_series(0, 11) k`.execute(db);
  console.log(`# WalkOn alert engine benchmark — ${new Date().toISOString()}, database ${base.pathname.slice(1)}`);

  // ── 10,000 visitors × 30 rides on one park ─────────────────────────────────────────────────────────────
  const p0 = await setupPark(db, 0, 10_000);
  const a = await quietAndBusy(db, p0, 0, '');
  bench('evaluate_quiet_ms', a.quiet.ms, 'ms', a.quiet.anchor);
  bench('evaluate_busy_ms', a.busy.ms, 'ms', a.busy.anchor);
  // Claim the busy tick (300,000 deliveries in 10,000 messages), the tick's own statement.
  let t0 = process.hrtime.bigint();
  const { claimed } = await db.transaction().execute((tx) => alertEngine.claimTick(tx, a.busyInput, { sms: 1000, email: 1000 }));
  const claimMs = ms(t0);
  await alertEngine.analyzeHotTables(db);
  bench('claim_per_s', claimed.length / (claimMs / 1000), 'deliveries/s', 1);
  note(`claimed ${claimed.length.toLocaleString()} deliveries in ${claimMs.toFixed(0)} ms`);

  // Upstream reads: one busy-free tick through runParkTick.
  reads.clear();
  clock = new Date(clock.getTime() + 60_000);
  await tick(db, p0);
  bench('upstream_reads_per_park_tick', reads.get(p0) ?? 0, 'reads', 1);

  // ── Sending: the claimed deliveries through BullMQ batch jobs and the worker, outbox transport ─────────
  const prefix = `bench-${randomUUID()}`;
  const noop = await noopRate(prefix, 20_000);
  const connection = createRedis(TEST_REDIS_URL, 'worker');
  const queues = createQueues({ connection, prefix });
  const worker = await startTestWorker({ db, connection, queues, source, now, sendConcurrency: SEND_CONCURRENCY, schedules: false });
  const queuedCount = async () =>
    Number((await sql<{ n: number }>`select count(*)::int as n from deliveries where status = 'queued'`.execute(db)).rows[0]?.n ?? 0);
  const waitUntil = async (done: () => Promise<boolean>, limitMs = 600_000) => {
    const start = Date.now();
    while (!(await done()) && Date.now() - start < limitMs) await new Promise((r) => setTimeout(r, 20));
  };
  // Done = every send job completed, counted from the workers' events: polling `deliveries` every few
  // milliseconds would take CPU from the senders it measures (2 cores).
  let sendJobsDone = 0;
  for (const w of worker.workers) if (w.name.startsWith('send')) w.on('completed', () => void sendJobsDone++);
  t0 = process.hrtime.bigint();
  const toSend = claimed.filter((c) => c.status === 'queued').map((c) => ({ id: c.id, channel: c.channel, messageKey: c.messageKey }));
  let sendJobs = 0;
  for (let k = 0; k < toSend.length; k += 20_000) sendJobs += await enqueueDeliveries(queues, toSend.slice(k, k + 20_000));
  await waitUntil(async () => sendJobsDone >= sendJobs);
  const sendMs = ms(t0);
  const left = await queuedCount();
  if (left) note(`WARNING: ${left} deliveries still queued after every send job completed`);
  bench('send_per_s', toSend.length / (sendMs / 1000), 'deliveries/s', noop);
  note(
    `sent ${toSend.length.toLocaleString()} deliveries in ${(sendMs / 1000).toFixed(1)} s at send concurrency ${SEND_CONCURRENCY}; BullMQ no-op jobs: ${noop.toFixed(0)}/s`,
  );

  // ── Tick → last message for 10,000 alerts (one ride drops for 10,000 visitors) ─────────────────────────
  clock = new Date(clock.getTime() + 61 * 60_000);
  modes.set(p0, { wait: () => 40, stamp: clock }); // re-arms every pair
  await tick(db, p0);
  clock = new Date(clock.getTime() + 60_000);
  modes.set(p0, { wait: (j) => (j === 0 ? 5 : 40), stamp: clock });
  await sql`truncate outbox_messages`.execute(db);
  const outboxCount = async () =>
    Number((await sql<{ n: number }>`select count(*)::int as n from outbox_messages`.execute(db)).rows[0]?.n ?? 0);
  t0 = process.hrtime.bigint();
  await queues.poll.add('poll', { parkId: p0 });
  await waitUntil(async () => (await outboxCount()) >= 10_000);
  const tickToLast = ms(t0) / 1000;
  await waitUntil(async () => (await queuedCount()) === 0);
  bench('tick_to_last_message_s', tickToLast, 's', 5);
  note(`10,000 alerts from the poll job to the last outbox message: ${tickToLast.toFixed(2)} s`);
  await worker.close();
  for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
  await queues.close();
  connection.disconnect();
  await sql`truncate deliveries, outbox_messages`.execute(db);

  // ── 10 parks × 1,000 visitors × 30 rides, all ticking together ─────────────────────────────────────────
  const parks: string[] = [];
  for (let k = 2; k < 12; k++) parks.push(await setupPark(db, k, 1_000));
  const runs: Awaited<ReturnType<typeof quietAndBusy>>[] = [];
  for (let k = 2; k < 12; k++) runs.push(await quietAndBusy(db, parkIdOf(k), k, '_10parks'));
  const sum = (f: (r: (typeof runs)[number]) => number) => runs.reduce((s, r) => s + f(r), 0);
  bench(
    'evaluate_quiet_ms_10parks',
    sum((r) => r.quiet.ms),
    'ms',
    sum((r) => r.quiet.anchor),
  );
  bench(
    'evaluate_busy_ms_10parks',
    sum((r) => r.busy.ms),
    'ms',
    sum((r) => r.busy.anchor),
  );
  reads.clear();
  clock = new Date(clock.getTime() + 60_000);
  await Promise.all(parks.map((p) => tick(db, p)));
  bench('upstream_reads_per_park_tick_10parks', parks.reduce((s, p) => s + (reads.get(p) ?? 0), 0) / parks.length, 'reads', 1);

  // ── 50,000 visitors × 30 rides on one park ─────────────────────────────────────────────────────────────
  if (process.env.BENCH_SKIP_50K !== '1') {
    const p1 = await setupPark(db, 1, 50_000);
    const b = await quietAndBusy(db, p1, 1, '_50k');
    bench('evaluate_quiet_ms_50k', b.quiet.ms, 'ms', b.quiet.anchor);
    bench('evaluate_busy_ms_50k', b.busy.ms, 'ms', b.busy.anchor);
  }
  await db.destroy();
}

await main();
process.exit(0);
