import { createHash } from 'node:crypto';
import { runParkTick } from '@walkon/core';
import { catalogue, type Database, rides, subscriptions } from '@walkon/db';
import type { WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { type Kysely, sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { openParkEntry } from './fixtures/liveFeed.ts';
import { useTestDb } from './helpers.ts';

// The audience as one row per person (DESIGN §2.3 "The audience"): several attractions of one person, each
// with its own threshold, reminder and 60-minute window, through the real poll → evaluate → claim path.
const NOW = new Date('2026-04-14T18:00:00Z'); // 14:00 in Orlando
const P = 'park-1';
const RIDES = ['ride-a', 'ride-b', 'ride-c'] as const;
type Ride = (typeof RIDES)[number];
const EMAIL = 'fan@example.com';
const HOURS = [{ type: 'Operating', startTime: '2026-04-14T13:00:00Z', endTime: '2026-04-15T02:00:00Z' }];
let db: Kysely<Database>;

useTestDb((created) => {
  db = created;
});

let waits: Record<Ride, number | null> = { 'ride-a': 40, 'ride-b': 40, 'ride-c': 40 };
let clock = NOW;
const source: WaitTimesSource = {
  kind: 'replay',
  getDestinations: async () => [{ id: 'd', name: 'Resort', parks: [{ id: P, name: 'Park' }] }],
  getLive: async () => ({
    parkId: P,
    name: 'Park',
    timezone: 'America/New_York',
    entries: [
      openParkEntry(P, 'Park'),
      ...RIDES.map((id) => ({
        id,
        name: `Ride ${id.slice(-1).toUpperCase()}`,
        entityType: 'ATTRACTION',
        status: 'OPERATING',
        standbyWait: waits[id],
        queue: null,
        operatingHours: HOURS,
        lastUpdated: new Date(clock.getTime() - 60_000).toISOString(),
      })),
    ],
  }),
};

const at = (min: number) => new Date(NOW.getTime() + min * 60_000);

/** One tick at minute `min` with the given waits (the others unchanged); returns the rides it alerted, sorted. */
async function tick(min: number, set: Partial<Record<Ride, number | null>> = {}): Promise<string[]> {
  waits = { ...waits, ...set };
  clock = at(min);
  const { claimed } = await runParkTick({ db, source, now: () => clock }, P);
  if (!claimed.length) return [];
  const rows = await db
    .selectFrom('deliveries')
    .select('ride_id')
    .where(
      'id',
      'in',
      claimed.map((c) => c.id),
    )
    .execute();
  return rows.map((r) => r.ride_id ?? '').sort();
}

/** An e-mail pass for the test's day (2026-04-14) at the park, starting at once. */
const passFor = (on: Parameters<typeof subscriptions.upsertActivePass>[0], email: string) =>
  subscriptions.upsertActivePass(on, {
    email,
    parkId: P,
    userId: null,
    alertType: 'email',
    phoneNumber: null,
    startDate: '2026-04-14',
    endDate: '2026-04-15',
    startsAt: null,
  });

beforeEach(async () => {
  waits = { 'ride-a': 40, 'ride-b': 40, 'ride-c': 40 };
  await catalogue.upsertDestinations(db, await source.getDestinations());
  await tick(-1); // the catalogue's attractions and a first reading (nothing short)
  await passFor(db, EMAIL);
});

describe('DESIGN §2.3 the audience: one row per person, one bit per attraction', () => {
  it('each attraction against its own threshold, and what alerts in one tick leaves as one message', async () => {
    await rides.replaceSelection(db, EMAIL, P, [...RIDES]);
    await db.updateTable('user_rides').set({ threshold_minutes: 30 }).where('ride_id', '=', 'ride-a').execute();
    await db.updateTable('user_rides').set({ threshold_minutes: 10 }).where('ride_id', '=', 'ride-c').execute();
    // 25 minutes everywhere: only A (threshold 30) is short; B is on the default 15, C on 10.
    expect(await tick(0, { 'ride-a': 25, 'ride-b': 25, 'ride-c': 25 })).toEqual(['ride-a']);
    expect(await tick(1, { 'ride-b': 14, 'ride-c': 12 })).toEqual(['ride-b']);
    expect(await tick(2, { 'ride-c': 8 })).toEqual(['ride-c']);
    // Re-armed above each one's own threshold: 28 re-arms B (15) and C (10), not A (30).
    expect(await tick(3, { 'ride-a': 28, 'ride-b': 28, 'ride-c': 28 })).toEqual([]);
    expect(await tick(70, { 'ride-a': 5, 'ride-b': 5, 'ride-c': 5 })).toEqual(['ride-b', 'ride-c']);
    const keys = await db.selectFrom('deliveries').select('message_key').where('created_at', '=', at(70)).execute();
    expect(new Set(keys.map((k) => k.message_key)).size).toBe(1);
  });

  it('a wait above the default reaches a clean person through their custom threshold; above every threshold it alerts no one', async () => {
    const OTHER = 'plain@example.com';
    await passFor(db, OTHER);
    await rides.replaceSelection(db, EMAIL, P, ['ride-a']);
    await rides.replaceSelection(db, OTHER, P, ['ride-a']);
    await db.updateTable('user_rides').set({ threshold_minutes: 45 }).where('email', '=', EMAIL).execute();
    expect(await tick(0, { 'ride-a': 50 })).toEqual([]); // both judged (dirty), nobody short; both clean after
    // Neither person changed: only the changed reading brings them in. 40 is under 45, over the default 15.
    expect(await tick(1, { 'ride-a': 40 })).toEqual(['ride-a']);
    expect(await db.selectFrom('deliveries').select('email').execute()).toEqual([{ email: EMAIL }]);
    await db.updateTable('user_rides').set({ threshold_minutes: 20 }).where('email', '=', EMAIL).execute();
    expect(await tick(2, { 'ride-a': 50 })).toEqual([]);
    // The park's largest threshold is now 20: 35 is short for nobody; 18 is, for the one on 20.
    expect(await tick(3, { 'ride-a': 35 })).toEqual([]);
    expect(await tick(4, { 'ride-a': 18 })).toEqual([]); // held: the 60-minute rule (alerted at minute 1)
    expect(await tick(62, { 'ride-a': 50 })).toEqual([]);
    expect(await tick(63, { 'ride-a': 18 })).toEqual(['ride-a']);
    expect(await db.selectFrom('deliveries').select('email').orderBy('created_at').execute()).toEqual([{ email: EMAIL }, { email: EMAIL }]);
  });

  it('the re-arm reads only what was alerted today: the park mask covers every disarmed pair, and leaves it once all are re-armed', async () => {
    const OTHER = 'plain@example.com';
    await passFor(db, OTHER);
    await rides.replaceSelection(db, EMAIL, P, ['ride-a', 'ride-b']);
    await rides.replaceSelection(db, OTHER, P, ['ride-a']);
    await db.updateTable('user_rides').set({ threshold_minutes: 30 }).where('email', '=', EMAIL).where('ride_id', '=', 'ride-a').execute();
    const bitOf = async (ride: string) =>
      (await db.selectFrom('attractions').select('bit').where('id', '=', ride).executeTakeFirstOrThrow()).bit as number;
    const [a, b] = [await bitOf('ride-a'), await bitOf('ride-b')];
    // The rule (R4), read from the audience: the watched pairs disarmed today …
    const disarmedPairs = async () =>
      (
        await sql<{ email: string; off: string }>`select email, (watched & ~armed)::text as off from alert_watchers
          where park_id = ${P} and armed_on = '2026-04-14' order by email`.execute(db)
      ).rows.flatMap((r) => [a, b].filter((bit) => r.off[bit] === '1').map((bit) => `${r.email}:${bit === a ? 'a' : 'b'}`));
    // … and the park's mask of attractions someone may be disarmed for.
    const parkMask = async () => {
      const row = (
        await sql<{ mask: string }>`select mask::text as mask from alert_park_disarmed where park_id = ${P} and day = '2026-04-14'`.execute(
          db,
        )
      ).rows[0];
      return [a, b].filter((bit) => row?.mask[bit] === '1').map((bit) => (bit === a ? 'a' : 'b'));
    };
    const covered = async () => {
      const mask = await parkMask();
      for (const pair of await disarmedPairs()) expect(mask).toContain(pair.slice(-1));
      return mask;
    };
    expect(await tick(0, { 'ride-a': 50, 'ride-b': 50 })).toEqual([]);
    expect(await covered()).toEqual([]);
    expect(await tick(1, { 'ride-a': 10, 'ride-b': 10 })).toEqual(['ride-a', 'ride-a', 'ride-b']); // both persons; B for the fan
    expect(await disarmedPairs()).toEqual([`${EMAIL}:a`, `${EMAIL}:b`, `${OTHER}:a`]);
    expect(await covered()).toEqual(['a', 'b']);
    // 20 re-arms the default threshold (15), not the fan's 30 on A. Both stay in the mask: 20 is not above the
    // park's largest threshold (30), so the mask cannot know that B re-armed everyone.
    expect(await tick(2, { 'ride-a': 20, 'ride-b': 20 })).toEqual([]);
    expect(await disarmedPairs()).toEqual([`${EMAIL}:a`]);
    expect(await covered()).toEqual(['a', 'b']);
    // A at 35 is above every threshold of the park: everyone re-armed for it, A leaves; B at 25 stays.
    expect(await tick(3, { 'ride-a': 35, 'ride-b': 25 })).toEqual([]);
    expect(await disarmedPairs()).toEqual([]);
    expect(await covered()).toEqual(['b']);
    // Past the 60-minute rule, the drop alerts everyone again (R4: re-armed; R5: an hour later).
    expect(await tick(62, { 'ride-a': 10, 'ride-b': 10 })).toEqual(['ride-a', 'ride-a', 'ride-b']);
    expect(await covered()).toEqual(['a', 'b']);
  });

  it('a wait under the default still re-arms a smaller custom threshold (R4 at the person own threshold)', async () => {
    await rides.replaceSelection(db, EMAIL, P, ['ride-c']);
    await db.updateTable('user_rides').set({ threshold_minutes: 5 }).where('email', '=', EMAIL).execute();
    expect(await tick(0, { 'ride-c': 30 })).toEqual([]);
    expect(await tick(1, { 'ride-c': 4 })).toEqual(['ride-c']);
    expect(await tick(2, { 'ride-c': 8 })).toEqual([]); // 8 is above 5: re-armed, though under 15
    expect(await tick(3, { 'ride-c': 5 })).toEqual([]); // held: the 60-minute rule
    expect(await tick(62, { 'ride-c': 9 })).toEqual([]);
    expect(await tick(63, { 'ride-c': 3 })).toEqual(['ride-c']);
  });

  it('two attractions held by the 60-minute rule come due at their own times', async () => {
    await rides.replaceSelection(db, EMAIL, P, ['ride-a', 'ride-b']);
    await db.updateTable('user_rides').set({ remind_hourly: true }).execute();
    expect(await tick(0, { 'ride-a': 10 })).toEqual(['ride-a']);
    expect(await tick(20, { 'ride-b': 10 })).toEqual(['ride-b']);
    expect(await tick(59)).toEqual([]);
    expect(await tick(60)).toEqual(['ride-a']); // A's hour is up; B's is not (held until minute 80)
    expect(await tick(79)).toEqual([]);
    expect(await tick(80)).toEqual(['ride-b']);
    expect(await tick(120)).toEqual(['ride-a']);
  });

  it('a watch turned off and on within the hour does not alert twice; an attraction newly watched starts armed', async () => {
    await rides.replaceSelection(db, EMAIL, P, ['ride-a']);
    expect(await tick(0, { 'ride-a': 10, 'ride-b': 10 })).toEqual(['ride-a']);
    await rides.replaceSelection(db, EMAIL, P, []);
    expect(await tick(1)).toEqual([]);
    await rides.replaceSelection(db, EMAIL, P, ['ride-a', 'ride-b']);
    // Both readings unchanged since minute 0: the person is re-read (dirty); A is within its hour, B is new.
    expect(await tick(2)).toEqual(['ride-b']);
    expect(await tick(3)).toEqual([]);
  });

  it('attraction bits: one per ATTRACTION of a park, in order of first sight; other entities get none until they become one', async () => {
    const bits = await catalogue.upsertAttractions(db, [
      { id: 'ride-a', parkId: P, name: 'Ride A', entityType: 'ATTRACTION' },
      { id: 'show-1', parkId: P, name: 'Show', entityType: 'SHOW' },
      { id: 'ride-d', parkId: P, name: 'Ride D', entityType: 'ATTRACTION' },
    ]);
    expect(bits.get('ride-a')).toBe(0);
    expect(bits.get('show-1')).toBeNull();
    expect(bits.get('ride-d')).toBe(3);
    await catalogue.upsertDestinations(db, [{ id: 'd2', name: 'Other', parks: [{ id: 'park-2', name: 'Park 2' }] }]);
    const other = await catalogue.upsertAttractions(db, [{ id: 'x-1', parkId: 'park-2', name: 'X', entityType: 'ATTRACTION' }]);
    expect(other.get('x-1')).toBe(0);
    const again = await catalogue.upsertAttractions(db, [{ id: 'show-1', parkId: P, name: 'Show', entityType: 'ATTRACTION' }]);
    expect(again.get('show-1')).toBe(4);
  });
});

describe('docs/decisions/068 the per-ride audience: one key per watched attraction, kept by the audience itself', () => {
  // The rule, computed here independently of the database: a key is the first 32 bits of MD5(park id), as a signed
  // integer, times 256, plus the attraction's bit; one per active watch of the person at the park.
  const base = (park: string) => BigInt(Buffer.from(createHash('md5').update(park).digest()).readInt32BE(0)) * 256n;
  const expected = async () => {
    const rows = await sql<{ email: string; bit: number }>`
      select r.email, a.bit from user_rides r join attractions a on a.id = r.ride_id
      join subscriptions s on s.email = r.email and s.park_id = r.park_id and s.active
      where r.park_id = ${P} and r.active and a.bit is not null order by r.email, a.bit`.execute(db);
    const byEmail = new Map<string, string[]>();
    for (const r of rows.rows) byEmail.set(r.email, [...(byEmail.get(r.email) ?? []), String(base(P) + BigInt(r.bit))]);
    return Object.fromEntries(byEmail);
  };
  const stored = async () =>
    Object.fromEntries(
      (
        await sql<{ email: string; keys: string[] }>`select email, watch_keys::text[] as keys from alert_watchers
          where park_id = ${P} and cardinality(watch_keys) > 0 order by email`.execute(db)
      ).rows.map((r) => [r.email, r.keys]),
    );

  it('the keys are the active watches after every kind of change, and a drop alerts exactly the ride watchers', async () => {
    const OTHER = 'other@example.com';
    await passFor(db, OTHER);
    await rides.replaceSelection(db, EMAIL, P, ['ride-a', 'ride-c']);
    await rides.replaceSelection(db, OTHER, P, ['ride-b']);
    expect(await stored()).toEqual(await expected());
    expect(Object.keys(await stored())).toEqual([OTHER, EMAIL].sort());
    expect(await tick(0)).toEqual([]); // both judged while dirty; clean after
    // Only the changed reading brings anyone in now: ride B's drop reaches its one watcher, ride A's the other.
    expect(await tick(1, { 'ride-b': 5 })).toEqual(['ride-b']);
    expect(await db.selectFrom('deliveries').select('email').execute()).toEqual([{ email: OTHER }]);
    expect(await tick(2, { 'ride-a': 5 })).toEqual(['ride-a']);
    await rides.replaceSelection(db, EMAIL, P, ['ride-b']); // a watch moved
    expect(await stored()).toEqual(await expected());
    await rides.setRidesActive(db, OTHER, P, [{ rideId: 'ride-b', active: false }]); // a watch turned off
    expect(await stored()).toEqual(await expected());
    await subscriptions.setActive(db, EMAIL, P, false); // the subscription ends: no row keeps keys
    expect(await stored()).toEqual(await expected());
    await subscriptions.setActive(db, EMAIL, P, true);
    await db.deleteFrom('user_rides').where('email', '=', OTHER).execute();
    expect(await stored()).toEqual(await expected());
    expect(Object.keys(await stored())).toEqual([EMAIL]);
    // The tick's own writes (armed state, alerts, due times) leave the keys as they are.
    await tick(3, { 'ride-b': 40 });
    expect(await tick(4, { 'ride-b': 5 })).toEqual(['ride-b']);
    expect(await stored()).toEqual(await expected());
  });
});

describe('docs/rules.md R7: a change committed while a tick runs is judged, never cleared unjudged', () => {
  it('a person who starts watching between the claim and the clean-up of a tick is alerted at the next tick', async () => {
    const NEWCOMER = 'newcomer@example.com';
    // The fan watches ride B only (40 min: nothing for them) and is due at this tick, so the tick's "due"
    // statement (4) must update their row.
    await rides.replaceSelection(db, EMAIL, P, ['ride-b']);
    expect(await tick(-0.5)).toEqual([]);
    await db
      .updateTable('alert_watchers')
      .set({ due_at: at(-0.2) })
      .where('email', '=', EMAIL)
      .execute();
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    // Another connection holds the fan's (due) row, so the tick waits on it (old engine: at statement 4, after its
    // claim and before its clean-up); meanwhile the newcomer's pass and watch commit (their row is written dirty).
    const other = db.transaction().execute(async (trx) => {
      await sql`select 1 from alert_watchers where email = ${EMAIL} for update`.execute(trx);
      locked();
      await released;
      await passFor(trx, NEWCOMER);
      await rides.replaceSelection(trx, NEWCOMER, P, ['ride-a']);
    });
    await isLocked;
    const racing = tick(0, { 'ride-a': 10 });
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like '%alert_watchers%'`.execute(db)
          ).rows[0]!.n,
        { timeout: 10_000, interval: 20 },
      )
      .toBe(1);
    release();
    await other;
    // Whichever tick judges the newcomer (the racing one, if it waited before its claim; else the next, which reads
    // the same thing — ride A still 10 minutes, same lastUpdated — so only a row left dirty brings them in), ride A
    // alerts them exactly once; the fan's ride B is long.
    const racingAlerts = await racing;
    const nextAlerts = await tick(0);
    expect([...racingAlerts, ...nextAlerts]).toEqual(['ride-a']);
    const to = await db.selectFrom('deliveries').select('email').where('ride_id', '=', 'ride-a').execute();
    expect(to.map((r) => r.email)).toEqual([NEWCOMER]);
  });
});
