import { runParkTick } from '@walkon/core';
import { catalogue, type Database, rides, subscriptions } from '@walkon/db';
import type { LiveEntry, WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openParkEntry, useTestDb } from './helpers.ts';

// docs/rules.md R14: the history row of each alert says what happened, in the sentence the domain template
// writes (the engine turns that template into SQL: these rows are written inside the claim statement).
const P = 'park-sentences';
const PARK_NAME = "Disney's Hollywood Studios";
const NOW = new Date('2026-04-14T22:00:00Z'); // 18:00 in Orlando
const EMAIL = 'fan@example.com';
let db: Kysely<Database>;
useTestDb((created) => {
  db = created;
});

const ride = (id: string, name: string, status: string, wait: number | null, at: Date): LiveEntry => ({
  id,
  name,
  entityType: 'ATTRACTION',
  status,
  standbyWait: wait,
  queue: null,
  operatingHours: null,
  lastUpdated: new Date(at.getTime() - 60_000).toISOString(),
});

describe('the alert-history sentence (docs/rules.md R14)', () => {
  it('a ride alert and a back-in-service alert, with quotes and a percent sign in the names', async () => {
    let clock = NOW;
    let downStatus = 'DOWN';
    const source: WaitTimesSource = {
      kind: 'replay',
      getDestinations: async () => [{ id: 'd', name: 'Resort', parks: [{ id: P, name: PARK_NAME }] }],
      getLive: async () => ({
        parkId: P,
        name: PARK_NAME,
        timezone: 'America/New_York',
        entries: [
          openParkEntry(P, PARK_NAME),
          ride('r-short', "Mickey & Minnie's Runaway Railway", 'OPERATING', 10, clock),
          ride('r-back', '100% "Toy Story" Mania', downStatus, downStatus === 'DOWN' ? null : 40, clock),
        ],
      }),
    };
    await catalogue.upsertDestinations(db, await source.getDestinations());
    await catalogue.setParkTimezone(db, P, 'America/New_York');
    await subscriptions.upsertActivePass(db, {
      email: EMAIL,
      parkId: P,
      userId: null,
      alertType: 'email',
      startDate: '2026-04-14',
      endDate: '2026-04-15',
    });
    const tick = async (min: number) => {
      clock = new Date(NOW.getTime() + min * 60_000);
      return runParkTick({ db, source, now: () => clock }, P);
    };
    await tick(0); // the catalogue from the feed
    await rides.replaceSelection(db, EMAIL, P, ['r-short', 'r-back']);
    await db.updateTable('user_rides').set({ back_in_service: true }).where('ride_id', '=', 'r-back').execute();
    await tick(1); // the short ride alerts; the other is DOWN
    downStatus = 'OPERATING';
    await tick(2);
    await tick(3); // second consecutive fresh OPERATING poll: back in service
    const rows = await db.selectFrom('deliveries').select(['kind', 'message']).orderBy('created_at').execute();
    expect(rows).toEqual([
      { kind: 'ride_alert', message: "Mickey & Minnie's Runaway Railway has a 10 min standby wait at Disney's Hollywood Studios." },
      { kind: 'back_in_service', message: '100% "Toy Story" Mania is back in service at Disney\'s Hollywood Studios.' },
    ]);
  });
});
