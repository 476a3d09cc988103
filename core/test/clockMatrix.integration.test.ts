import { runParkTick } from '@walkon/core';
import { catalogue, type Database, mutes, rides, subscriptions, users } from '@walkon/db';
import { CLOCK_MATRIX, PARKS, shiftDay } from '@walkon/db/testing/clock';
import type { LiveEntry, WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openParkEntry } from './fixtures/liveFeed.ts';
import { expectedByRule, MK, MK_OPEN, useTestDb, watchAll } from './helpers.ts';

// The alert tick (poll → evaluate → claim, docs/rules.md R2–R3, R16a, DESIGN §2.3 pass days) at every instant of
// the clock matrix (db/src/testingClock.ts, docs/decisions/045-time-as-an-input-of-the-tests.md), for a park in the
// instant's zone. Two rides stand at a 10-minute standby wait, stamped a minute before the instant: OPEN's hours
// run 3 h either side; CLOSING's end 10 minutes after the instant (its last 15 minutes: no alert, R3). Six people
// watch both. Expected by hand from the rules: the pass for the park's today and the quiet hours that do not hold
// now get OPEN; a pass for the park's yesterday or tomorrow, quiet hours around the park-local time now (wrapping
// midnight where they must) and a park mute get nothing.

const P = 'clock-park';
const OPEN = 'ride-open';
const CLOSING = 'ride-closing';
let db: Kysely<Database>;
useTestDb((created) => {
  db = created;
});

function feed(at: Date, timezone: string): WaitTimesSource {
  const iso = (ms: number) => new Date(at.getTime() + ms).toISOString();
  const ride = (id: string, endMs: number): LiveEntry => ({
    id,
    name: id === OPEN ? 'Open Ride' : 'Closing Ride',
    entityType: 'ATTRACTION',
    status: 'OPERATING',
    standbyWait: 10,
    queue: null,
    operatingHours: [{ type: 'Operating', startTime: iso(-3 * 3_600_000), endTime: iso(endMs) }],
    lastUpdated: iso(-60_000),
  });
  return {
    kind: 'replay',
    getDestinations: async () => [{ id: 'd', name: 'Resort', parks: [{ id: P, name: 'Park' }] }],
    getLive: async () => ({
      parkId: P,
      name: 'Park',
      timezone,
      entries: [openParkEntry(P, 'Park'), ride(OPEN, 3 * 3_600_000), ride(CLOSING, 10 * 60_000)],
    }),
  };
}

const minuteOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const wrap = (m: number) => (m + 1440) % 1440;

describe('the alert tick at every instant of the clock matrix', () => {
  for (const c of CLOCK_MATRIX) {
    it(`${c.label}: ${c.at} (${c.day} ${c.time} ${PARKS[c.park].timezone})`, async () => {
      const at = new Date(c.at);
      const timezone = PARKS[c.park].timezone;
      await catalogue.upsertDestinations(db, [{ id: 'd', name: 'Resort', parks: [{ id: P, name: 'Park' }] }]);
      await catalogue.setParkTimezone(db, P, timezone);
      await catalogue.upsertAttractions(db, [
        { id: OPEN, parkId: P, name: 'Open Ride', entityType: 'ATTRACTION' },
        { id: CLOSING, parkId: P, name: 'Closing Ride', entityType: 'ATTRACTION' },
      ]);
      const now = minuteOf(c.time);
      const people: { email: string; day: string; account?: (userId: string, email: string) => Promise<unknown> }[] = [
        { email: 'today@example.com', day: c.day },
        { email: 'yesterday@example.com', day: shiftDay(c.day, -1) },
        { email: 'tomorrow@example.com', day: shiftDay(c.day, 1) },
        {
          email: 'quiet-now@example.com',
          day: c.day,
          account: (id, email) => mutes.setQuietHours(db, id, email, { startMinute: wrap(now - 30), endMinute: wrap(now + 30) }, at),
        },
        {
          email: 'quiet-later@example.com',
          day: c.day,
          account: (id, email) => mutes.setQuietHours(db, id, email, { startMinute: wrap(now + 60), endMinute: wrap(now + 120) }, at),
        },
        {
          email: 'muted@example.com',
          day: c.day,
          account: async (id, email) => {
            await mutes.setMute(db, { userId: id, email, parkId: P, attractionId: null, until: new Date(at.getTime() + 30 * 60_000) }, at);
          },
        },
      ];
      for (const p of people) {
        const userId = p.account ? (await users.createUser(db, { email: p.email, fullName: 'Fan', passwordHash: 'x' })).id : null;
        await subscriptions.grantPassDays(db, {
          email: p.email,
          parkId: P,
          userId,
          channel: 'email',
          days: [p.day],
          source: 'grant',
          reference: 'clock-matrix',
        });
        await rides.replaceSelection(db, p.email, P, [OPEN, CLOSING]);
        if (p.account && userId) await p.account(userId, p.email);
      }

      const { claimed } = await runParkTick({ db, source: feed(at, timezone), now: () => at }, P);
      const sent =
        claimed.length === 0
          ? []
          : (
              await db
                .selectFrom('deliveries')
                .select(['email', 'ride_id'])
                .where(
                  'id',
                  'in',
                  claimed.map((d) => d.id),
                )
                .execute()
            )
              .map((r) => `${r.email}:${r.ride_id}`)
              .sort();
      expect(sent).toEqual([`quiet-later@example.com:${OPEN}`, `today@example.com:${OPEN}`]);
    });
  }
});

describe('the recorded Magic Kingdom day served at each Orlando instant of the matrix: one tick alerts what the rule names', () => {
  for (const c of CLOCK_MATRIX.filter((x) => x.park === 'MK')) {
    it(`${c.label}: ${c.at}`, async () => {
      const at = () => new Date(c.at);
      const source = await watchAll(db, MK_OPEN, 'fan@example.com', at, MK);
      const { claimed } = await runParkTick({ db, source, now: at }, MK);
      const sent = (await db.selectFrom('deliveries').select('ride_name').where('kind', '=', 'ride_alert').execute()).map(
        (r) => r.ride_name,
      );
      expect(sent.sort()).toEqual(expectedByRule(MK_OPEN, at(), 'America/New_York', true));
      expect(claimed.length).toBeGreaterThanOrEqual(sent.length);
    });
  }
});
