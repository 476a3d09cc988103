// `make bench` — alert engine figures (DESIGN §2), printed, never asserted. One line per figure:
//   BENCH {"figure":"<name>","value":<number>,"unit":"<unit>","anchor":<number>,"ratio":<value/anchor>}
// Every value times the code the worker runs (`runParkTick`: tick lock, poll, re-arm, evaluation, claim,
// clean-up; the real worker's send jobs), and every anchor is the floor of the same work measured in the same
// run, interleaved with the value's runs so load on the shared machine hits both:
//   tick_quiet_ms_50k     runParkTick, nothing changed            ÷ refreshPark alone (the poll's own write)
//   tick_restamp_ms_50k   runParkTick, every ride re-stamped      ÷ refreshPark alone, re-stamped
//   tick_drop_ms_50k      one ride drops to 5 min for 50,000      ÷ INSERT … SELECT of the same delivery rows into a
//                                                                   table LIKE deliveries INCLUDING ALL
//   tick_rise_ms_50k      that ride rises again (50,000 re-arms)  ÷ one UPDATE of the same 50,000 audience rows, one bit
//   tick_drop_ms_10parks  10 parks × 5,000 ticking concurrently   ÷ the ten inserts run concurrently
//   day_tick_p99_ms_50k   the recorded Magic Kingdom day minute by minute, 50,000 all-rides visitors (p50/p99/max
//                         printed) ÷ p99 of refreshPark alone over the same day on a twin park nobody watches
//   send_outbox_messages_per_s  messages written per second by the real worker's send jobs (outbox transport)
//                         ÷ the same message rows written by one INSERT … SELECT into a table LIKE outbox_messages
//                         INCLUDING ALL, in rows/s (docs/decisions/056)
//   tick_{restamp,drop}_ms_{5k,50}_pg_prepared_off  (part `prepared`)  runParkTick on a pool without named prepared
//                         statements (PG_PREPARED=off, for PgBouncer < 1.21) ÷ the same tick on a pool with them (the
//                         default), interleaved on one park of 5,000 (then 50) visitors: re-stamped (the claim
//                         statements run, nothing claimed: most ticks) and a drop (every visitor claimed)
// Values are medians of BENCH_RUNS (default 3) runs. Its own database (<DATABASE_URL's name>_alerts_bench, dropped
// and re-created) and a unique queue prefix; the worker it starts upserts no job scheduler, so no background tick
// runs while it measures. BENCH_PARTS (default `tick,send,tenparks,prepared,day`) picks parts; the recorded day is the
// longest, so `make bench` runs it alone and last (BENCH_PARTS=day): a slow day cannot keep the other figures from
// being measured. Each part has a deadline (jobs/bench/harness.ts; docs/benchmarks.md "Deadlines"). BENCH_SMOKE=1:
// 500 visitors (50 a park of ten), one run, 2 prepared rounds, the day's first 10 minutes.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { refreshPark, runParkTick, type TickResult } from '@walkon/core';
import { alertEngine, createDb, type Database, dropDatabase, ensureDatabase, migrateToLatest } from '@walkon/db';
import { FIXTURES_DIR, TEST_REDIS_URL } from '@walkon/db/testing';
import { parkLocalDate } from '@walkon/domain/dates';
import type { LiveEntry, LiveParkData, WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { createRedis } from '@walkon/integrations/redis';
import { type Kysely, sql } from 'kysely';
import { enqueueDeliveries } from '../src/channels/index.ts';
import { createQueues } from '../src/queues.ts';
import { openParkEntry } from '../test/fixtures/liveFeed.ts';
import { startTestWorker } from '../test/fixtures/testWorker.ts';
import { bench, benchDatabase, minSec, note, part, SMOKE, size, uptime, within } from './harness.ts';

const RIDES = 40;
const WATCHED = 30;
const RUNS = SMOKE ? 1 : Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const VISITORS = size(50_000, 500);
const PARK_OF_TEN = size(5_000, 50);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'tick,send,tenparks,prepared,day').split(','));
const SEND_CONCURRENCY = Number(process.env.BENCH_SEND_CONCURRENCY ?? 10);
const SERIES = path.join(FIXTURES_DIR, 'roguemew_tpw-derived_magic-kingdom_2026-04-01_15min.csv');
const TZ = 'America/New_York';
const { url, name: dbName } = benchDatabase('alerts_bench');
// The recorded day's deadline: 899 ticks at 10 s each on average, i.e. 150 min (a quiet machine's p50 is about 1 s;
// at load 17–23 the first 360 ticks had p50 2.9 s and p99 35 s); one tick running 5 min is a hang
// (docs/benchmarks.md "Deadlines").
const DAY_DEADLINE_S = 150 * 60;
const DAY_TICK_STALL_S = size(5 * 60, 120);
const DAY_PROGRESS_EVERY = size(30, 5);

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t0 = process.hrtime.bigint();
  const out = await f();
  return [ms(t0), out];
}

// The bench clock, advanced by the phases; the source stamps its readings with it.
let clock = new Date('2026-11-24T15:00:00Z'); // 10:00 in Orlando
const now = () => clock;
const minutes = (n: number) => {
  clock = new Date(clock.getTime() + n * 60_000);
};

// A live source whose documents the bench sets per park.
const feeds = new Map<string, () => LiveEntry[]>();
const parkIdOf = (k: number) => `bench-park-${k}`;
const source: WaitTimesSource = {
  kind: 'replay',
  getDestinations: async () => [],
  getLive: async (parkId): Promise<LiveParkData> => ({
    parkId,
    name: parkId,
    timezone: TZ,
    entries: [openParkEntry(parkId, parkId), ...(feeds.get(parkId)?.() ?? [])],
  }),
};
/** A synthetic park's feed: RIDES attractions with `wait(j)` minutes, all stamped `stamp`. */
function setFeed(parkId: string, wait: (j: number) => number, stamp = clock) {
  const entries = Array.from(
    { length: RIDES },
    (_, j): LiveEntry => ({
      id: `${parkId}-a${j}`,
      name: `Attraction ${j}`,
      entityType: 'ATTRACTION',
      status: 'OPERATING',
      standbyWait: wait(j),
      queue: null,
      operatingHours: null,
      lastUpdated: stamp.toISOString(),
    }),
  );
  feeds.set(parkId, () => entries);
}

const deps = (db: Kysely<Database>) => ({ db, source, now });
/** A tick as the worker's poll job runs it: runParkTick; after a large one, the statistics refresh (untimed). */
async function tick(db: Kysely<Database>, parkId: string): Promise<[number, TickResult]> {
  const out = await timed(() => runParkTick(deps(db), parkId));
  if (out[1].refreshStatistics) await alertEngine.analyzeHotTables(db);
  return out;
}
const poll = async (db: Kysely<Database>, parkId: string) => (await timed(() => refreshPark(deps(db), parkId)))[0];

/** Subscribes `visitors` e-mail visitors with a pass for today to the park, each watching `rides` (attraction ids). */
async function addVisitors(db: Kysely<Database>, parkId: string, visitors: number, rides: string[], today: string) {
  const t0 = process.hrtime.bigint();
  await sql`
    insert into subscriptions (email, park_id, active, start_date, end_date, alert_type)
    select 'v' || g || '-' || ${parkId} || '@bench.test', ${parkId}, true, ${today}::date, ${today}::date + 1, 'email'
    from generate_series(1, ${visitors}) g`.execute(db);
  await sql`
    insert into pass_days (subscription_id, day, channel, source, reference)
    select id, ${today}::date, 'email', 'grant', 'bench' from subscriptions where park_id = ${parkId}`.execute(db);
  await sql`
    insert into user_rides (email, park_id, ride_id, active)
    select s.email, ${parkId}, r, true from subscriptions s cross join unnest(${rides}::text[]) r
    where s.park_id = ${parkId}`.execute(db);
  if (!SMOKE) await sql`vacuum analyze`.execute(db); // a smoke's handful of rows needs no statistics
  note(`${parkId}: ${visitors.toLocaleString()} visitors × ${rides.length} watched rides set up in ${(ms(t0) / 1000).toFixed(1)} s`);
}

/** A synthetic park with `visitors` watching rides 0…29 of 40 at 40 minutes; its first tick of the day done. */
async function setupPark(db: Kysely<Database>, k: number, visitors: number): Promise<string> {
  const parkId = parkIdOf(k);
  setFeed(parkId, () => 40);
  await refreshPark(deps(db), parkId);
  const rides = Array.from({ length: WATCHED }, (_, j) => `${parkId}-a${j}`);
  await addVisitors(db, parkId, visitors, rides, parkLocalDate(clock, TZ));
  await tick(db, parkId); // nothing short; cleans the dirty persons of the set-up
  return parkId;
}

/** The deliveries a tick at `at` wrote for the park, copied into `bench_deliveries` (the drop's floor), timed. */
const insertFloor = (db: Kysely<Database>, parkId: string, at: Date) =>
  timed(() => sql`insert into bench_deliveries select * from deliveries where park_id = ${parkId} and created_at = ${at}`.execute(db));
/** Flips one bit of `armed` in every audience row of the park (the rise's floor), timed. */
const updateFloor = (db: Kysely<Database>, parkId: string) =>
  timed(() => sql`update alert_watchers set armed = armed # (B'1' || repeat('0', 255))::bit(256) where park_id = ${parkId}`.execute(db));

/** The recorded Magic Kingdom day: per park-local 'HH:MM' slot, each attraction's status and wait. */
function recordedDay() {
  const slots = new Map<string, { name: string; wait: number | null; status: string; ride: boolean }[]>();
  for (const line of readFileSync(SERIES, 'utf8').split('\n').slice(1).filter(Boolean)) {
    const parts = line.split(',');
    const [wait, status, , time, isRide] = parts.slice(-5) as [string, string, string, string, string];
    const rows = slots.get(time) ?? [];
    rows.push({ name: parts.slice(0, -5).join(','), wait: wait ? Number(wait) : null, status, ride: isRide.trim() === 'True' });
    slots.set(time, rows);
  }
  return slots;
}

async function main() {
  uptime('start');
  await dropDatabase(url);
  await ensureDatabase(url);
  const db = createDb(url, 14);
  await migrateToLatest(db);
  await sql`insert into destinations (id, name) values ('bench-destination', 'Bench Resort')`.execute(db);
  await sql`insert into parks (id, destination_id, name, timezone)
            select 'bench-park-' || k, 'bench-destination', 'Bench Park ' || k, ${TZ} from generate_series(0, 14) k`.execute(db);
  await sql`create table bench_deliveries (like deliveries including all)`.execute(db);
  await sql`create table bench_outbox_messages (like outbox_messages including all)`.execute(db);
  console.log(`# WalkOn alert engine benchmark — ${new Date().toISOString()}, database ${dbName}, ${RUNS} runs per figure`);

  // ── One park, 50,000 visitors × 30 watched rides of 40 ─────────────────────────────────────────────────
  if (PARTS.has('tick') || PARTS.has('send'))
    await part('tick + send', 60 * 60, 300, async () => {
      const p = await setupPark(db, 0, VISITORS);
      const quiet: number[] = [];
      const quietFloor: number[] = [];
      const restamp: number[] = [];
      const restampFloor: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        // Quiet: the same document as the last poll (same stamps, same waits).
        minutes(1);
        quietFloor.push(await poll(db, p));
        minutes(1);
        quiet.push((await tick(db, p))[0]);
        // Re-stamped: every ride a new lastUpdated, waits unchanged.
        minutes(1);
        setFeed(p, () => 40);
        restampFloor.push(await poll(db, p));
        minutes(1);
        setFeed(p, () => 40);
        restamp.push((await tick(db, p))[0]);
      }
      note(`quiet ticks ${quiet.map((t) => t.toFixed(1)).join(', ')} ms; refreshPark ${quietFloor.map((t) => t.toFixed(1)).join(', ')} ms`);
      note(
        `re-stamped ticks ${restamp.map((t) => t.toFixed(1)).join(', ')} ms; refreshPark ${restampFloor.map((t) => t.toFixed(1)).join(', ')} ms`,
      );
      bench('tick_quiet_ms_50k', median(quiet), 'ms', median(quietFloor));
      bench('tick_restamp_ms_50k', median(restamp), 'ms', median(restampFloor));

      const drop: number[] = [];
      const dropFloor: number[] = [];
      const rise: number[] = [];
      const riseFloor: number[] = [];
      let lastDrop: TickResult | null = null;
      for (let r = 0; r < RUNS; r++) {
        minutes(61); // past the 60-minute rule of the previous drop
        setFeed(p, (j) => (j === 0 ? 5 : 40));
        const [t, out] = await tick(db, p);
        drop.push(t);
        lastDrop = out;
        await sql`truncate bench_deliveries`.execute(db);
        const [floor, ins] = await insertFloor(db, p, clock);
        dropFloor.push(floor);
        note(
          `drop: ${out.claimed.length.toLocaleString()} deliveries claimed in ${t.toFixed(0)} ms; floor ${Number(ins.numAffectedRows)} rows in ${floor.toFixed(0)} ms`,
        );
        minutes(1);
        setFeed(p, () => 40);
        const [tr] = await tick(db, p);
        rise.push(tr);
        const [f1, up] = await updateFloor(db, p);
        const [f2] = await updateFloor(db, p); // and back
        riseFloor.push(f1, f2);
        note(`rise: ${tr.toFixed(0)} ms; floor ${Number(up.numAffectedRows)} rows in ${f1.toFixed(0)} / ${f2.toFixed(0)} ms`);
        await sql`vacuum analyze alert_watchers, deliveries`.execute(db);
      }
      bench('tick_drop_ms_50k', median(drop), 'ms', median(dropFloor));
      bench('tick_rise_ms_50k', median(rise), 'ms', median(riseFloor));

      // ── Sending: the last drop's 50,000 deliveries through the real worker's send jobs, outbox transport ────
      const prefix = `bench-${randomUUID()}`;
      const connection = createRedis(TEST_REDIS_URL, 'worker');
      const queues = createQueues({ connection, prefix });
      const worker = await startTestWorker({ db, connection, queues, source, now, sendConcurrency: SEND_CONCURRENCY, schedules: false });
      let sendJobsDone = 0;
      // Done = every send job completed, counted from the workers' events (polling the tables would take CPU from the senders).
      for (const w of worker.workers) if (w.name.startsWith('send')) w.on('completed', () => void sendJobsDone++);
      await sql`truncate outbox_messages`.execute(db);
      const toSend = lastDrop?.claimed ?? [];
      const t0 = process.hrtime.bigint();
      const sendJobs = await enqueueDeliveries(queues, toSend);
      while (sendJobsDone < sendJobs) await new Promise((r) => setTimeout(r, 5));
      const sendMs = ms(t0);
      const messages = Number((await sql<{ n: number }>`select count(*)::int as n from outbox_messages`.execute(db)).rows[0]?.n ?? 0);
      const left = Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from deliveries where status = 'queued' and id = any(${toSend.map((d) => d.id)}::uuid[])`.execute(db)
        ).rows[0]?.n ?? 0,
      );
      if (left) note(`WARNING: ${left} deliveries still queued after every send job completed`);
      // The floor: the same message rows written by one statement (three times, the median), in rows per second.
      const floor: number[] = [];
      for (let r = 0; r < 3; r++) {
        await sql`truncate bench_outbox_messages`.execute(db);
        floor.push((await timed(() => sql`insert into bench_outbox_messages select * from outbox_messages`.execute(db)))[0]);
      }
      note(
        `sent ${toSend.length.toLocaleString()} deliveries as ${messages.toLocaleString()} messages in ${sendJobs} jobs in ${(sendMs / 1000).toFixed(2)} s at send concurrency ${SEND_CONCURRENCY}; the same rows in one INSERT … SELECT ${floor.map((t) => t.toFixed(0)).join(', ')} ms`,
      );
      bench('send_outbox_messages_per_s', messages / (sendMs / 1000), 'messages/s', messages / (median(floor) / 1000));
      await worker.close();
      for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
      await queues.close();
      connection.disconnect();
    });
  // ── Ten parks × 5,000 visitors, ticking concurrently as ten poll jobs would ───────────────────────────
  if (PARTS.has('tenparks'))
    await part('ten parks', 30 * 60, 300, async () => {
      const parks: string[] = [];
      for (let k = 1; k <= 10; k++) parks.push(await setupPark(db, k, PARK_OF_TEN));
      const ten: number[] = [];
      const tenFloor: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        minutes(61);
        for (const q of parks) setFeed(q, (j) => (j === 0 ? 5 : 40));
        const [t, outs] = await timed(() => Promise.all(parks.map((q) => runParkTick(deps(db), q))));
        ten.push(t);
        if (outs.some((o) => o.refreshStatistics)) await alertEngine.analyzeHotTables(db);
        await sql`truncate bench_deliveries`.execute(db);
        const [floor] = await timed(() => Promise.all(parks.map((q) => insertFloor(db, q, clock))));
        tenFloor.push(floor);
        note(
          `10 parks: ${outs.reduce((n, o) => n + o.claimed.length, 0).toLocaleString()} deliveries in ${t.toFixed(0)} ms; floor ${floor.toFixed(0)} ms`,
        );
        minutes(1);
        for (const q of parks) setFeed(q, () => 40);
        await Promise.all(parks.map((q) => tick(db, q)));
      }
      bench('tick_drop_ms_10parks', median(ten), 'ms', median(tenFloor));
    });
  // ── PG_PREPARED=off (docs/OPERATIONS.md "PostgreSQL and PgBouncer"): the same ticks of one park of 5,000
  // visitors, alternately on a pool with named prepared statements and on one without, order swapped each round.
  if (PARTS.has('prepared'))
    await part('PG_PREPARED', 40 * 60, 300, async () => {
      const plain = createDb(url, { max: 4, prepared: false });
      const pools = { on: db, off: plain } as const;
      // 5,000 visitors (execution dominates) and 50 (planning dominates: the most PG_PREPARED=off can cost).
      for (const [k, visitors, label, day] of [
        [13, size(5_000, 50), '5k', '2026-11-26'],
        [14, size(50, 5), '50', '2026-11-29'],
      ] as const) {
        clock = new Date(`${day}T12:00:00Z`); // 07:00 in Orlando
        const p = await setupPark(db, k, visitors);
        // Each round moves the clock 2 × 63 minutes: pass days for the next two park-local days too.
        await sql`insert into pass_days (subscription_id, day, channel, source, reference)
                select pd.subscription_id, pd.day + n, pd.channel, pd.source, pd.reference
                from pass_days pd join subscriptions s on s.id = pd.subscription_id, generate_series(1, 2) n
                where s.park_id = ${p}`.execute(db);
        await sql`update subscriptions set end_date = end_date + 2 where park_id = ${p}`.execute(db);
        const restamp = { on: [] as number[], off: [] as number[] };
        const drop = { on: [] as number[], off: [] as number[] };
        const rounds = SMOKE ? 2 : Math.min(20, Math.max(9, RUNS * 3)); // ≤ 42 hours of clock: inside the three pass days
        for (let r = 0; r < rounds; r++) {
          for (const mode of r % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
            const pool = pools[mode];
            minutes(1);
            setFeed(p, () => 40);
            restamp[mode].push((await tick(pool, p))[0]);
            minutes(61); // past the 60-minute rule of the previous drop
            setFeed(p, (j) => (j === 0 ? 5 : 40));
            const [t, out] = await tick(pool, p);
            drop[mode].push(t);
            if (out.claimed.length !== visitors) note(`WARNING: a drop claimed ${out.claimed.length} deliveries, not ${visitors}`);
            minutes(1);
            setFeed(p, () => 40);
            await tick(pool, p); // the rise re-arms everyone for the next drop (untimed)
          }
        }
        const show = (xs: number[]) => xs.map((t) => t.toFixed(1)).join(', ');
        note(`${visitors} visitors, PG_PREPARED on: re-stamped ${show(restamp.on)} ms; drop ${show(drop.on)} ms`);
        note(`${visitors} visitors, PG_PREPARED off: re-stamped ${show(restamp.off)} ms; drop ${show(drop.off)} ms`);
        bench(`tick_restamp_ms_${label}_pg_prepared_off`, median(restamp.off), 'ms', median(restamp.on));
        bench(`tick_drop_ms_${label}_pg_prepared_off`, median(drop.off), 'ms', median(drop.on));
      }
      await plain.destroy();
    });
  // ── The recorded Magic Kingdom day, minute by minute, for 50,000 all-rides visitors ─────────────────────
  if (PARTS.has('day'))
    await part('recorded day', DAY_DEADLINE_S, 300, async () => {
      const day = recordedDay();
      const times = [...day.keys()].sort();
      const dayPark = 'bench-park-11';
      const twin = 'bench-park-12';
      const entriesAt = (parkId: string, hhmm: string): LiveEntry[] =>
        (day.get(hhmm) ?? []).map((row) => ({
          id: `${parkId}-${row.name.replace(/\W+/g, '-').toLowerCase()}`,
          name: row.name,
          entityType: 'ATTRACTION',
          status: row.status,
          standbyWait: row.wait,
          queue: null,
          operatingHours: null,
          lastUpdated: clock.toISOString(),
        }));
      const first = times[0]!;
      clock = new Date(`2026-04-01T${first}:00-04:00`);
      let slot = first;
      for (const q of [dayPark, twin]) feeds.set(q, () => entriesAt(q, slot));
      await refreshPark(deps(db), dayPark);
      await refreshPark(deps(db), twin);
      const rides = (day.get(first) ?? []).filter((r) => r.ride).map((r) => `${dayPark}-${r.name.replace(/\W+/g, '-').toLowerCase()}`);
      await addVisitors(db, dayPark, VISITORS, rides, '2026-04-01');
      await tick(db, dayPark);
      const ticks: number[] = [];
      const polls: number[] = [];
      let alerts = 0;
      const last = SMOKE ? clock.getTime() + 10 * 60_000 : new Date(`2026-04-01T${times.at(-1)}:00-04:00`).getTime() + 14 * 60_000;
      const total = Math.round((last - clock.getTime()) / 60_000); // 899 park minutes (08:01–22:59): the work is fixed, only its pace varies
      note(
        `recorded day: ${total} ticks from ${first} park time, ${VISITORS.toLocaleString()} visitors; a progress line every ${DAY_PROGRESS_EVERY} ticks`,
      );
      const t0 = process.hrtime.bigint();
      while (clock.getTime() < last) {
        minutes(1);
        const hhmm = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit' }).format(clock);
        if (day.has(hhmm)) slot = hhmm;
        polls.push(await poll(db, twin));
        // One tick stalled past DAY_TICK_STALL_S is a hang, not a slow machine (p99 under load 17–23 was 52 s).
        const [t, out] = await within(DAY_TICK_STALL_S, `recorded day: the tick at ${hhmm} park time`, tick(db, dayPark));
        ticks.push(t);
        alerts += out.claimed.length;
        if (ticks.length % DAY_PROGRESS_EVERY === 0 || ticks.length === total) {
          const wall = ms(t0) / 1000;
          note(
            `recorded day: ${hhmm} park time, ${ticks.length} of ${total} ticks, wall ${minSec(wall)} (about ${minSec((wall / ticks.length) * (total - ticks.length))} left at this pace), load ${loadavg()[0]!.toFixed(2)}; ${alerts.toLocaleString()} deliveries so far; runParkTick p50 ${pct(ticks, 50).toFixed(0)} / p99 ${pct(ticks, 99).toFixed(0)} ms, refreshPark p99 ${pct(polls, 99).toFixed(0)} ms`,
          );
        }
      }
      note(
        `recorded day: ${ticks.length} ticks in ${(ms(t0) / 1000).toFixed(0)} s, ${alerts.toLocaleString()} deliveries; runParkTick p50 ${pct(ticks, 50).toFixed(0)} / p99 ${pct(ticks, 99).toFixed(0)} / max ${Math.max(...ticks).toFixed(0)} ms; refreshPark p50 ${pct(polls, 50).toFixed(0)} / p99 ${pct(polls, 99).toFixed(0)} ms`,
      );
      note(
        `slowest ticks (ms): ${[...ticks]
          .sort((a, b) => b - a)
          .slice(0, 10)
          .map((t) => t.toFixed(0))
          .join(', ')}`,
      );
      bench('day_tick_p50_ms_50k', pct(ticks, 50), 'ms', pct(polls, 50));
      bench('day_tick_p99_ms_50k', pct(ticks, 99), 'ms', pct(polls, 99));
      bench('day_tick_max_ms_50k', Math.max(...ticks), 'ms', Math.max(...polls));
    });
  await db.destroy();
  await dropDatabase(url);
  uptime('end');
}

await main();
process.exit(0);
