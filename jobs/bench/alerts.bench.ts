// `make bench` (issue 2 Benchmark): prints, on this machine,
//  (a) evaluation time per tick for 10,000 users × 30 watched rides on one park (target ≤ 1 s),
//  (b) deliveries claimed and handed to the outbox per second (target ≥ 1,000/s),
//  (c) upstream requests per park per tick at 10,000 users (must be exactly 1).
// Figures are printed, never asserted. Uses its own database (walkon_bench) and a unique queue prefix.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogue, createDb, deliveries, dropDatabase, ensureDatabase, migrateToLatest } from '@walkon/db';
import { sql } from 'kysely';
import { pino } from 'pino';
import { addDaysToDate, parkLocalDate } from '../src/dates.ts';
import { enqueueDeliveries } from '../src/pipeline/fanout.ts';
import { refreshPark } from '../src/pipeline/poll.ts';
import { runParkTick } from '../src/pipeline/tick.ts';
import { createOutboxNotifier } from '../src/providers/notify/index.ts';
import { createReplaySource, type WaitTimesSource } from '../src/providers/waitTimes/index.ts';
import { createQueues } from '../src/queues.ts';
import { createRedis } from '../src/redis.ts';
import { buildWorker } from '../src/worker.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const RIDES_PER_USER = 30;
const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/fixtures');
const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/walkon');
base.pathname = '/walkon_bench';
const url = base.toString();

const now = () => new Date();
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

await dropDatabase(url);
await ensureDatabase(url);
const db = createDb(url, 20);
await migrateToLatest(db);

// A source that counts upstream reads.
const replay = createReplaySource({ dir: FIXTURES, files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'], now });
let upstreamReads = 0;
const source: WaitTimesSource = {
  kind: replay.kind,
  getDestinations: () => replay.getDestinations(),
  getLive: (id) => {
    upstreamReads++;
    return replay.getLive(id);
  },
};

console.log(`WalkOn alert pipeline benchmark — ${USERS.toLocaleString()} users × ${RIDES_PER_USER} watched rides, Magic Kingdom recording`);
await catalogue.upsertDestinations(db, await source.getDestinations());
await refreshPark({ db, source, now }, MK);
const today = parkLocalDate(now(), 'America/New_York');
let t0 = process.hrtime.bigint();
await sql`
  insert into subscriptions (email, park_id, active, start_date, end_date, alert_type)
  select 'user' || g || '@bench.test', ${MK}, true, ${today}::date, ${addDaysToDate(today, 1)}::date, 'email'
  from generate_series(1, ${USERS}) g`.execute(db);
await sql`
  insert into pass_days (subscription_id, day, channel, source, reference)
  select id, ${today}::date, 'email', 'grant', 'bench' from subscriptions`.execute(db);
await sql`
  insert into user_rides (email, park_id, ride_id, active)
  select s.email, ${MK}, r.attraction_id, true
  from subscriptions s
  cross join (
    select attraction_id from ride_status rs join attractions a on a.id = rs.attraction_id
    where rs.park_id = ${MK} and a.entity_type = 'ATTRACTION'
    order by (rs.status = 'OPERATING' and rs.standby_wait between 1 and 15) desc, a.name
    limit ${RIDES_PER_USER}) r`.execute(db);
await sql`analyze`.execute(db);
console.log(
  `setup: ${USERS.toLocaleString()} subscriptions and ${(USERS * RIDES_PER_USER).toLocaleString()} watches in ${ms(t0).toFixed(0)} ms`,
);

// (a) + (c): the first tick of the day, timed part by part (poll → evaluate → claim 70,000 alerts), then a
// steady-state tick through runParkTick (nothing new to claim: the 60-minute rule).
upstreamReads = 0;
t0 = process.hrtime.bigint();
await refreshPark({ db, source, now }, MK);
const pollMs = ms(t0);
t0 = process.hrtime.bigint();
const candidates = await deliveries.evaluateRideAlerts(db, MK, now());
const evalMs = ms(t0);
t0 = process.hrtime.bigint();
const claimed = await deliveries.insertRideAlerts(db, candidates, now());
const claimMs = ms(t0);
const first = { claimed };
const readsFirst = upstreamReads;
upstreamReads = 0;
t0 = process.hrtime.bigint();
const second = await runParkTick({ db, source, now }, MK);
const secondMs = ms(t0);
const readsSecond = upstreamReads;

// (b) claimed deliveries handed to the outbox through the real queue + worker path.
const prefix = `bench-${randomUUID()}`;
const connection = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 'worker');
const queues = createQueues({ connection, prefix });
const worker = await buildWorker({
  db,
  connection,
  queues,
  source,
  notifier: createOutboxNotifier(),
  logger: pino({ level: 'silent' }),
  now,
  publicOrigin: 'http://localhost:3000',
  sendConcurrency: 50,
});
t0 = process.hrtime.bigint();
for (let i = 0; i < first.claimed.length; i += 5000) await enqueueDeliveries(queues, first.claimed.slice(i, i + 5000));
let sent = 0;
for (;;) {
  sent = Number((await sql<{ n: number }>`select count(*)::int as n from outbox_messages`.execute(db)).rows[0]?.n ?? 0);
  if (sent >= first.claimed.length || ms(t0) > 600_000) break;
  await new Promise((r) => setTimeout(r, 250));
}
const sendMs = ms(t0);
await worker.close();
for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
await queues.close();
connection.disconnect();

const claimRate = first.claimed.length / (claimMs / 1000);
const outboxRate = sent / (sendMs / 1000);
console.log('');
console.log(
  `(a) evaluation per tick: ${evalMs.toFixed(0)} ms finding ${candidates.length.toLocaleString()} qualifying (person, ride) pairs   [target ≤ 1000 ms]`,
);
console.log(
  `    (poll ${pollMs.toFixed(0)} ms; steady-state tick poll + evaluate + claim with nothing new: ${secondMs.toFixed(0)} ms, ${second.claimed.length} claims)`,
);
console.log(
  `(b) claimed: ${first.claimed.length.toLocaleString()} in ${claimMs.toFixed(0)} ms = ${claimRate.toFixed(0)} deliveries/s; handed to the outbox through BullMQ send jobs: ${sent.toLocaleString()} in ${(sendMs / 1000).toFixed(1)} s = ${outboxRate.toFixed(0)} deliveries/s   [target ≥ 1000/s]`,
);
console.log(
  `(c) upstream requests per park per tick at ${USERS.toLocaleString()} users: ${readsFirst} (first tick), ${readsSecond} (steady tick)   [must be exactly 1]`,
);
await db.destroy();
// walkon_bench is left in place for inspection; the next run drops and recreates it.
