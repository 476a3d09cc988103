// `make bench` — Web Push figures (docs/decisions/038), printed, never asserted:
//   BENCH {"figure":"<name>","value":<number>,"unit":"<unit>","anchor":<number>,"ratio":<value/anchor>}
// The path production runs: the real worker (BullMQ send-push jobs: claim → web-push encryption and VAPID
// signature → HTTP POST → mark) against web-push-testing, a real local push service (one process per core) that
// checks each VAPID signature and decrypts each message (jobs/test/fixtures/pushService.ts).
// - push_per_s: pushes the push service accepted per second, 5,000 people with one device each, only the
//   send-push jobs enqueued; anchor = send_outbox_messages_per_s of the same run: the same 5,000 people's e-mails
//   through the real worker's outbox send path (target ratio ≥ 0.5);
// - tick_to_last_push_s: one attraction drops for 10,000 people with a device each; from the poll job to the
//   10,000th push accepted (the e-mails go out beside them, as in production); anchor 10 s (target ≤ 1).
// Its own database (<DATABASE_URL's name>_push_bench, dropped and re-created) and a unique queue prefix.
// BENCH_SMOKE=1: 50 and 100 people (jobs/bench/harness.ts).
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { refreshPark, runParkTick } from '@walkon/core';
import { createDb, type Database, dropDatabase, ensureDatabase, migrateToLatest } from '@walkon/db';
import { TEST_REDIS_URL } from '@walkon/db/testing';
import { parkLocalDate } from '@walkon/domain/dates';
import { createPushSender, generateVapidKeys } from '@walkon/integrations/providers/push.ts';
import type { LiveParkData, WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { createRedis } from '@walkon/integrations/redis';
import { type Kysely, sql } from 'kysely';
import { enqueueDeliveries, enqueuePushDeliveries } from '../src/channels/index.ts';
import { createQueues, type Queues } from '../src/queues.ts';
import { openParkEntry } from '../test/fixtures/liveFeed.ts';
import { type PushService, startPushService } from '../test/fixtures/pushService.ts';
import { startTestWorker } from '../test/fixtures/testWorker.ts';
import { bench, benchDatabase, note, part, size } from './harness.ts';

const { url, name: dbName } = benchDatabase('push_bench');
const N = size(5_000, 50);
const N_TICK = size(10_000, 100);

let clock = new Date('2026-11-24T20:00:00Z');
const now = () => clock;
const TZ = 'America/New_York';
const parkIdOf = (k: number) => `push-bench-park-${k}`;
const drop = new Set<string>();
const source: WaitTimesSource = {
  kind: 'replay',
  getDestinations: async () => [
    { id: 'push-bench', name: 'Bench Resort', parks: [0, 1, 2].map((k) => ({ id: parkIdOf(k), name: `Bench Park ${k}` })) },
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

const vapid = { ...generateVapidKeys(), subject: 'mailto:bench@walkon.test' };

/**
 * `visitors` e-mail visitors of park k watching attraction 0, each an account; with `devices`, each with one
 * push subscription at the push service (its direct endpoint). The first tick arms them.
 */
async function setupPark(db: Kysely<Database>, push: PushService, k: number, visitors: number, devices: boolean) {
  const parkId = parkIdOf(k);
  await refreshPark({ db, source, now }, parkId);
  const today = parkLocalDate(clock, TZ);
  const email = (g: string) => sql`'v' || ${sql.raw(g)} || '-p' || ${k} || '@bench.test'`;
  await sql`insert into subscriptions (email, park_id, active, start_date, end_date, alert_type)
            select ${email('g')}, ${parkId}, true, ${today}::date, ${today}::date + 1, 'email'
            from generate_series(1, ${visitors}) g`.execute(db);
  await sql`insert into pass_days (subscription_id, day, channel, source, reference)
            select id, ${today}::date, 'email', 'grant', 'bench' from subscriptions where park_id = ${parkId}`.execute(db);
  await sql`insert into user_rides (email, park_id, ride_id, active)
            select email, ${parkId}, ${`${parkId}-a0`}, true from subscriptions where park_id = ${parkId}`.execute(db);
  if (devices) {
    await sql`insert into users (email, full_name, password_hash)
              select ${email('g')}, 'Bench', 'x' from generate_series(1, ${visitors}) g`.execute(db);
    const subs: { endpoint: string; p256dh: string; auth: string }[] = [];
    for (let b = 0; b < visitors; b += 50) {
      const got = await Promise.all(Array.from({ length: Math.min(50, visitors - b) }, () => push.subscribe(vapid.publicKey)));
      for (const s of got) subs.push({ endpoint: s.directEndpoint, p256dh: s.keys.p256dh, auth: s.keys.auth });
    }
    await sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
              select u.id, x.endpoint, x.p256dh, x.auth
              from unnest(${subs.map((s) => s.endpoint)}::text[], ${subs.map((s) => s.p256dh)}::text[], ${subs.map((s) => s.auth)}::text[])
                   with ordinality as x(endpoint, p256dh, auth, n)
              join users u on u.email = 'v' || x.n || '-p' || ${k} || '@bench.test'`.execute(db);
  }
  await runParkTick({ db, source, now }, parkId);
  return parkId;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const count = async (db: Kysely<Database>, q: string) => Number((await sql.raw<{ n: number }>(q).execute(db)).rows[0]!.n);

/** A worker (outbox e-mail, this VAPID pair) on fresh queues; `start` puts work on them; resolves when `done` ≥ expected. */
async function phase(db: Kysely<Database>, push: PushService, expected: number, done: string, start: (queues: Queues) => Promise<void>) {
  const connection = createRedis(TEST_REDIS_URL, 'worker');
  const queues = createQueues({ connection, prefix: `push-bench-${randomUUID()}` });
  const worker = await startTestWorker({
    db,
    connection,
    queues,
    source,
    now,
    schedules: false,
    senders: { push: createPushSender(vapid, { allowInsecureEndpoints: true }) },
  });
  const cpu0 = process.cpuUsage();
  const mock0 = push.cpuMs();
  const t0 = Date.now();
  await start(queues);
  let n = await count(db, done);
  while (n < expected && Date.now() - t0 < 600_000) {
    await sleep(20);
    n = await count(db, done);
  }
  const seconds = (Date.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const mock1 = push.cpuMs();
  await worker.close();
  for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
  await queues.close();
  connection.disconnect();
  const mockMsEach = mock0 === null || mock1 === null ? null : (mock1 - mock0) / Math.max(1, n);
  return { n, seconds, cpuMsEach: (cpu.user + cpu.system) / 1000 / Math.max(1, n), mockMsEach };
}

async function main() {
  await dropDatabase(url);
  await ensureDatabase(url);
  const db = createDb(url, 12);
  await migrateToLatest(db);
  await sql`insert into destinations (id, name) values ('push-bench', 'Bench Resort')`.execute(db);
  await sql`insert into parks (id, destination_id, name, timezone)
            select 'push-bench-park-' || k, 'push-bench', 'Bench Park ' || k, ${TZ} from generate_series(0, 2) k`.execute(db);
  console.log(`# WalkOn push benchmark — ${new Date().toISOString()}, database ${dbName}`);
  // The push service in one process per core (a push service is not one thread; its share of the CPU is printed).
  const push = await startPushService({ instances: cpus().length });
  const [outboxPark, pushPark, tickPark] = [
    await setupPark(db, push, 0, N, false),
    await setupPark(db, push, 1, N, true),
    await setupPark(db, push, 2, N_TICK, true),
  ];
  await sql`vacuum analyze`.execute(db);
  clock = new Date(clock.getTime() + 60_000);
  for (const p of [outboxPark, pushPark, tickPark]) drop.add(p);

  // ── Anchor: the same number of people's e-mails through the outbox send path ──────────────────────────────
  const outbox = await phase(db, push, N, `select count(*)::int as n from outbox_messages`, async (q) => {
    const { claimed } = await runParkTick({ db, source, now }, outboxPark);
    if (claimed.length !== N) note(`WARNING: ${outboxPark} claimed ${claimed.length}, expected ${N}`);
    await enqueueDeliveries(q, claimed);
  });
  const outboxPerS = outbox.n / outbox.seconds;
  note(`outbox: ${outbox.n} e-mails in ${outbox.seconds.toFixed(2)} s (tick included), worker CPU ${outbox.cpuMsEach.toFixed(2)} ms each`);

  // ── push_per_s: the same number of people, one device each, only the push jobs ────────────────────────────
  const pushed = await phase(db, push, N, `select count(*)::int as n from push_deliveries where status = 'sent'`, async (q) => {
    const { pushes } = await runParkTick({ db, source, now }, pushPark);
    if (pushes.length !== N) note(`WARNING: ${pushPark} claimed ${pushes.length} pushes, expected ${N}`);
    await enqueuePushDeliveries(q, pushes);
  });
  bench('push_per_s', pushed.n / pushed.seconds, 'pushes/s', outboxPerS);
  note(
    `push: ${pushed.n} pushes accepted in ${pushed.seconds.toFixed(2)} s (tick included), CPU a push: worker ${pushed.cpuMsEach.toFixed(2)} ms, push service ${pushed.mockMsEach?.toFixed(2) ?? '?'} ms (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores); anchor = outbox ${outboxPerS.toFixed(0)} e-mails/s`,
  );

  // ── tick_to_last_push_s: 10,000 alerts from the poll job, e-mails beside them ─────────────────────────────
  const before = await count(db, `select count(*)::int as n from push_deliveries where status = 'sent'`);
  const tick = await phase(db, push, before + N_TICK, `select count(*)::int as n from push_deliveries where status = 'sent'`, async (q) => {
    await q.poll.add('poll', { parkId: tickPark });
  });
  bench('tick_to_last_push_s', tick.seconds, 's', N_TICK / 1_000);
  const other = await count(db, `select count(*)::int as n from push_deliveries where status not in ('sent')`);
  note(
    `${N_TICK.toLocaleString()} alerts from the poll job to the last push accepted: ${tick.seconds.toFixed(2)} s (${tick.n - before} pushes; ${other} not sent; CPU a push: worker ${tick.cpuMsEach.toFixed(2)} ms, push service ${tick.mockMsEach?.toFixed(2) ?? '?'} ms; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
  );
  await push.close();
  await db.destroy();
  await dropDatabase(url);
}

await part('push', 20 * 60, 300, main);
process.exit(0);
