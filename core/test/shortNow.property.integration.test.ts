import { runParkTick, shortNowFor } from '@walkon/core';
import { catalogue, type Database, history, mutes, rides, subscriptions, users } from '@walkon/db';
import { truncateAll } from '@walkon/db/testing';
import type { WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDb } from './helpers.ts';

// docs/rules.md R56 (pages promise only what is sent): Get Alerts' "short right now" (`shortNowFor`, the page's
// `alerts.shortNow`) lists exactly the rides the next tick claims for the person — through the real poll →
// evaluate → claim tick against PostgreSQL — for random park states: statuses, waits, stamps of today or of an
// earlier day, a live or stale feed, embedded ride hours, the published schedule and its closing margin, the park
// entity CLOSED, per-ride thresholds, unwatched rides, a ride or park mute, quiet hours. A third, independent
// reading of the rules (`byRule`, written here from docs/rules.md R1–R3, R7, R16a) must agree with both.
const NOW = new Date('2026-04-14T22:00:00Z'); // 18:00 in Orlando (EDT, UTC−4)
const ZONE = 'America/New_York';
const P = 'park-p';
const FAN = 'fan@example.com';
const at = (m: number) => new Date(NOW.getTime() + m * 60_000);
/** Park-local 'HH:MM' of NOW + m minutes (EDT: UTC−4; the draws stay within the day). */
const localHHMM = (m: number) => {
  const t = 18 * 60 + m;
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
};
let db: Kysely<Database>;
useTestDb((created) => {
  db = created;
});

// Weighted towards states that alert (short waits, open hours), so that most draws have something to list.
const rideArb = fc.record({
  status: fc.constantFrom('OPERATING', 'OPERATING', 'OPERATING', 'OPERATING', 'DOWN', 'CLOSED'),
  wait: fc.option(
    fc.oneof({ arbitrary: fc.integer({ min: 1, max: 15 }), weight: 3 }, { arbitrary: fc.integer({ min: 0, max: 70 }), weight: 2 }),
    { nil: null, freq: 8 },
  ),
  /** Minutes before NOW of the reading's stamp: today (1–600) or an earlier day (1,500). */
  stampAgo: fc.constantFrom(1, 5, 30, 200, 600, 1500),
  /** The ride's embedded hours close this many minutes after NOW (null: none published). */
  closesIn: fc.constantFrom(null, null, null, null, null, 90, -30, 5, 14, 16),
  watched: fc.constantFrom(true, true, true, false),
  threshold: fc.option(fc.constantFrom(5, 10, 20, 45, 60), { nil: null }),
});

/** One ride of every state is watched, OPERATING, short by the default threshold and confirmed today. */
const shortRideArb = fc.record({
  status: fc.constant('OPERATING'),
  wait: fc.integer({ min: 1, max: 15 }),
  stampAgo: fc.constantFrom(1, 30, 200),
  closesIn: fc.constantFrom(null, 90),
  watched: fc.constant(true),
  threshold: fc.constantFrom(null, 20, 60),
});

const stateArb = fc.record({
  rides: fc.tuple(fc.array(rideArb, { minLength: 1, maxLength: 5 }), shortRideArb).map(
    ([rs, short]): {
      status: string;
      wait: number | null;
      stampAgo: number;
      closesIn: number | null;
      watched: boolean;
      threshold: number | null;
    }[] => [...rs, short],
  ),
  /** The feed's newest stamp, minutes before NOW (≤ 15 live, over 15 stale) at the second tick (NOW + 1). */
  feedAgo: fc.constantFrom(1, 1, 1, 1, 1, 1, 1, 20),
  parkClosed: fc.constantFrom(false, false, false, false, false, false, false, true),
  /** The published OPERATING entry of today closes this many minutes after NOW (null: none published). */
  scheduleClosesIn: fc.constantFrom(null, null, null, 240, 240, 240, 30, -60, 10, 15, 16),
  mute: fc.constantFrom('none', 'none', 'none', 'none', 'park', 'ride0'),
  quiet: fc.constantFrom('none', 'none', 'none', 'none', 'holding', 'elsewhere'),
});
type State = typeof stateArb extends fc.Arbitrary<infer T> ? T : never;

const rideId = (i: number) => `ride-${i}`;

/** The live document of the state (absolute stamps: the same document at both ticks). */
function sourceOf(s: State): WaitTimesSource {
  const entries = [
    {
      id: P,
      name: 'Park',
      entityType: 'PARK',
      status: s.parkClosed ? 'CLOSED' : 'OPERATING',
      standbyWait: null,
      queue: null,
      operatingHours: null,
      lastUpdated: null,
    },
    ...s.rides.map((r, i) => ({
      id: rideId(i),
      name: `Ride ${i}`,
      entityType: 'ATTRACTION',
      status: r.status,
      standbyWait: r.wait,
      queue: null,
      operatingHours:
        r.closesIn === null ? null : [{ type: 'Operating', startTime: at(-600).toISOString(), endTime: at(r.closesIn).toISOString() }],
      lastUpdated: at(-r.stampAgo).toISOString(),
    })),
    {
      id: 'show',
      name: 'Parade',
      entityType: 'SHOW',
      status: 'OPERATING',
      standbyWait: null,
      queue: null,
      operatingHours: null,
      lastUpdated: at(1 - s.feedAgo).toISOString(),
    },
  ];
  return {
    kind: 'replay',
    getDestinations: async () => [{ id: 'd', name: 'Resort', parks: [{ id: P, name: 'Park' }] }],
    getLive: async () => ({ parkId: P, name: 'Park', timezone: ZONE, entries }),
  };
}

/**
 * The rules read independently (docs/rules.md R1–R3, R7, R16a) for a person never alerted today, at NOW + 1
 * minute: watched; OPERATING; 1 ≤ wait ≤ threshold (15 by default); stamped today (an earlier day is not
 * confirmed) with the feed's newest stamp at most 15 minutes old; the park entity not CLOSED; inside the ride's
 * hours and the published schedule and not in their last 15 minutes; not muted (ride or park); no quiet hours.
 */
function byRule(s: State): string[] {
  const t = 1; // the second tick, minutes after NOW
  if (s.feedAgo > 15 || s.parkClosed || s.mute === 'park' || s.quiet === 'holding') return [];
  if (s.scheduleClosesIn !== null && !(s.scheduleClosesIn - 15 > t)) return [];
  return s.rides.flatMap((r, i) => {
    const ok =
      r.watched &&
      r.status === 'OPERATING' &&
      r.wait !== null &&
      r.wait >= 1 &&
      r.wait <= (r.threshold ?? 15) &&
      r.stampAgo < 18 * 60 &&
      (r.closesIn === null || r.closesIn - 15 > t) &&
      !(s.mute === 'ride0' && i === 0);
    return ok ? [rideId(i)] : [];
  });
}

async function setUp(s: State): Promise<string> {
  await truncateAll(db);
  await catalogue.upsertDestinations(db, [{ id: 'd', name: 'Resort', parks: [{ id: P, name: 'Park' }] }]);
  await catalogue.setParkTimezone(db, P, ZONE);
  await catalogue.upsertAttractions(
    db,
    s.rides.map((_, i) => ({ id: rideId(i), parkId: P, name: `Ride ${i}`, entityType: 'ATTRACTION' })),
  );
  if (s.scheduleClosesIn !== null)
    await history.saveParkHours(
      db,
      P,
      [{ localDate: '2026-04-14', type: 'OPERATING', opens: '09:00', closes: localHHMM(s.scheduleClosesIn), description: null }],
      '2026-04-14',
    );
  // The first tick stores the park's readings before anyone watches (nobody is alerted).
  await runParkTick({ db, source: sourceOf(s), now: () => NOW }, P);
  const user = await users.createUser(db, { email: FAN, fullName: 'Fan', passwordHash: 'x' });
  await subscriptions.upsertActivePass(db, {
    email: FAN,
    parkId: P,
    userId: user.id,
    alertType: 'email',
    phoneNumber: null,
    startDate: '2026-04-14',
    endDate: '2026-04-15',
    startsAt: null,
  });
  await rides.replaceSelection(
    db,
    FAN,
    P,
    s.rides.flatMap((r, i) => (r.watched ? [rideId(i)] : [])),
  );
  for (const [i, r] of s.rides.entries())
    if (r.watched && r.threshold !== null)
      await rides.upsertWatchSettings(db, FAN, P, rideId(i), { thresholdMinutes: r.threshold, backInService: false, remindHourly: false });
  if (s.mute !== 'none')
    await mutes.setMute(
      db,
      { userId: user.id, email: FAN, parkId: P, attractionId: s.mute === 'park' ? null : rideId(0), until: at(120) },
      NOW,
    );
  if (s.quiet !== 'none')
    await mutes.setQuietHours(
      db,
      user.id,
      FAN,
      s.quiet === 'holding' ? { startMinute: 17 * 60, endMinute: 19 * 60 } : { startMinute: 6 * 60, endMinute: 7 * 60 },
      NOW,
    );
  return user.id;
}

describe('docs/rules.md R56: Get Alerts lists exactly what the next tick claims', () => {
  it('random park states: the page’s list = the tick’s ride alerts = the rules read by hand', async () => {
    let withAlerts = 0;
    await fc.assert(
      fc.asyncProperty(stateArb, async (s) => {
        await setUp(s);
        const page = await shortNowFor(db, { parkId: P, email: FAN, now: at(1) });
        const { claimed } = await runParkTick({ db, source: sourceOf(s), now: () => at(1) }, P);
        const sent = claimed.length
          ? (
              await db
                .selectFrom('deliveries')
                .select('ride_id')
                .where('kind', '=', 'ride_alert')
                .where(
                  'id',
                  'in',
                  claimed.map((c) => c.id),
                )
                .execute()
            ).map((r) => r.ride_id!)
          : [];
        const listed = page.rides.map((r) => r.id).sort();
        expect(listed).toEqual([...sent].sort());
        expect(listed).toEqual(byRule(s).sort());
        if (listed.length) withAlerts++;
      }),
      { numRuns: 25, seed: 20261128 },
    );
    // The draws are not all empty lists: some states do alert.
    expect(withAlerts).toBeGreaterThanOrEqual(5);
  }, 180_000);
});
