import { runParkTick } from '@walkon/core';
import { catalogue, type Database, history, rides, subscriptions } from '@walkon/db';
import type { WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runMaintenance } from '../src/worker.ts';
import { useTestDb, useTestQueues } from './helpers.ts';

// docs/rules.md R3 through the worker: the park's published schedule is read by the worker's
// reconcile-schedulers task (the rules themselves: core/test/rules.integration.test.ts).
const NOW = new Date('2026-04-14T22:00:00Z'); // 18:00 in Orlando
const P = 'park-1';
const R = 'ride-1';
const EMAIL = 'fan@example.com';
const at = (min: number) => new Date(NOW.getTime() + min * 60_000);
let db: Kysely<Database>;
useTestDb((created) => {
  db = created;
});
const { queues } = useTestQueues();

/** One park with one ride OPERATING at 10 minutes, stamped a minute before the poll, no hours in the feed. */
const source: WaitTimesSource = {
  kind: 'replay',
  getDestinations: async () => [{ id: 'd', name: 'Resort', parks: [{ id: P, name: 'Park' }] }],
  getLive: async () => ({
    parkId: P,
    name: 'Park',
    timezone: 'America/New_York',
    entries: [
      {
        id: P,
        name: 'Park',
        entityType: 'PARK',
        status: 'OPERATING',
        standbyWait: null,
        queue: null,
        operatingHours: null,
        lastUpdated: null,
      },
      {
        id: R,
        name: 'Ride',
        entityType: 'ATTRACTION',
        status: 'OPERATING',
        standbyWait: 9,
        queue: null,
        operatingHours: null,
        lastUpdated: new Date(clock.getTime() - 60_000).toISOString(),
      },
    ],
  }),
};
let clock = NOW;

/** One tick at `when`; how many deliveries it claimed. */
async function tickAt(when: Date): Promise<number> {
  clock = when;
  return (await runParkTick({ db, source, now: () => clock }, P)).claimed.length;
}

describe("docs/rules.md R3: the park's published schedule, read by the worker", () => {
  it('the worker reads the schedule of every watched park once per park-local day (reconcile-schedulers)', async () => {
    await catalogue.upsertDestinations(db, [{ id: 'd', name: 'Resort', parks: [{ id: P, name: 'Park' }] }]);
    await catalogue.setParkTimezone(db, P, 'America/New_York');
    await catalogue.upsertAttractions(db, [{ id: R, parkId: P, name: 'Ride', entityType: 'ATTRACTION' }]);
    await subscriptions.upsertActivePass(db, {
      email: EMAIL,
      parkId: P,
      userId: null,
      alertType: 'email',
      startDate: '2026-04-14',
      endDate: '2026-04-15',
    });
    await rides.replaceSelection(db, EMAIL, P, [R]);
    // 18:00, no schedule known: the short ride alerts (R1–R3).
    expect(await tickAt(NOW)).toBe(1);
    let reads = 0;
    const withSchedule: WaitTimesSource = {
      ...source,
      getSchedule: async () => {
        reads++;
        return [{ date: '2026-04-14', type: 'OPERATING', opens: '09:00', closes: '17:00', description: null }];
      },
    };
    const deps = { db, queues, now: () => at(1), source: withSchedule };
    expect((await runMaintenance(deps, 'reconcile-schedulers')).schedules).toBe(1);
    expect((await runMaintenance(deps, 'reconcile-schedulers')).schedules).toBe(0); // once per day
    expect(reads).toBe(1);
    expect(await history.parkHours(db, P, '2026-04-14')).toEqual([
      { type: 'OPERATING', opens: '09:00', closes: '17:00', description: null },
    ]);
    // 18:02, after the closing the worker just read: the feed still says OPERATING at a new wait, nothing alerts.
    expect(await tickAt(at(2))).toBe(0);
  });
});
