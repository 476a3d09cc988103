// A probe run by hand, not part of `make bench` (docs/decisions/067): ticks of one park of the world copy
// (jobs/bench/worldTick.sql, largest park `p0`: 183,534 watchers), through `runParkTick`, against the poll alone
// (`refreshPark`, the poll's own write), before any alert, after a burst (one ride to 5 minutes: everyone alerted)
// and after the re-arm of everyone. Only the waits that change get a new lastUpdated (docs/rules.md R2: upstream
// writes a row only when its content changes). It resets the park's alert state and deletes every delivery first.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/walkon_world npx tsx jobs/bench/worldTick.probe.ts   (PARK=p0)
import { refreshPark, runParkTick } from '@walkon/core';
import { openParkEntry } from '@walkon/core/testing/liveFeed';
import { createDb } from '@walkon/db';
import type { LiveEntry, WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { sql } from 'kysely';

const db = createDb(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/walkon_world', 4);
const PARK = process.env.PARK ?? 'p0';
let clock = new Date('2026-12-07T15:00:00Z'); // 10:00 in New York, the copy's pass day
const waits = Array.from({ length: 30 }, () => 40);
const stamps = Array.from({ length: 30 }, () => new Date(clock.getTime() - 60_000));
const feed = (): LiveEntry[] =>
  waits.map((w, j) => ({
    id: `${PARK}-a${j}`,
    name: `A${j}`,
    entityType: 'ATTRACTION',
    status: 'OPERATING',
    standbyWait: w,
    queue: null,
    operatingHours: null,
    lastUpdated: stamps[j]!.toISOString(),
  }));
const source: WaitTimesSource = {
  kind: 'replay',
  getDestinations: async () => [],
  getLive: async (parkId) => ({ parkId, name: parkId, timezone: 'America/New_York', entries: [openParkEntry(parkId, parkId), ...feed()] }),
};
const now = () => clock;
/** Ride `j` now waits `w` minutes, stamped half a minute before the clock. */
const set = (j: number, w: number) => {
  waits[j] = w;
  stamps[j] = new Date(clock.getTime() - 30_000);
};
const nextMinute = () => {
  clock = new Date(clock.getTime() + 60_000);
};
/** Rides 5–9 move between 40 and 45 minutes: a change nobody on the default threshold is short for. */
const wiggle = () => {
  for (let j = 5; j < 10; j++) set(j, waits[j] === 40 ? 45 : 40);
};
/** The next minute: `change` the feed, then time `f`. */
async function timed(label: string, f: () => Promise<unknown>, change: () => void = () => {}) {
  nextMinute();
  change();
  const t0 = performance.now();
  const out = (await f()) as { claimed?: unknown[] };
  const claimed = out && typeof out === 'object' && 'claimed' in out ? `, claimed ${out.claimed?.length}` : '';
  console.log(`${label}: ${Math.round(performance.now() - t0)} ms${claimed}`);
}
const tick = () => runParkTick({ db, source, now }, PARK);
const pollAlone = () => refreshPark({ db, source, now }, PARK);

await sql`delete from deliveries`.execute(db);
await sql`delete from alert_park_disarmed`.execute(db).catch(() => {}); // absent before migration 0048
await sql`update alert_watchers set armed_on = null, alert_ticks = '{}', alert_masks = '{}', due_at = null where park_id = ${PARK}`.execute(
  db,
);
await sql`vacuum analyze alert_watchers`.execute(db);
await timed('first tick', tick);
for (const phase of ['before any alert', 'after the burst', 'after the rise']) {
  if (phase === 'after the burst') await timed('BURST: a0 drops to 5', tick, () => set(0, 5));
  if (phase === 'after the rise') await timed('RISE: a0 back to 40 (re-arms everyone)', tick, () => set(0, 40));
  await sql`vacuum analyze alert_watchers`.execute(db);
  await sql`analyze deliveries`.execute(db);
  await timed(`${phase}: poll alone, nothing changed`, pollAlone);
  await timed(`${phase}: tick, nothing changed`, tick);
  for (let i = 0; i < 2; i++) {
    await timed(`${phase}: poll alone, 5 waits 40<->45`, pollAlone, wiggle);
    await timed(`${phase}: tick, 5 waits 40<->45`, tick, wiggle);
  }
}
await db.destroy();
