import { runParkTick } from '@walkon/core';
import { alertEngine, catalogue, type Database, history, rides, subscriptions } from '@walkon/db';
import { truncateAll } from '@walkon/db/testing';
import type { WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { type Kysely, sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDb } from './helpers.ts';

// One ride, one person, one rule changed per case: the evaluation statement in isolation.
const NOW = new Date('2026-04-14T22:00:00Z'); // 18:00 in Orlando
const P = 'park-1';
const R = 'ride-1';
const EMAIL = 'fan@example.com';
let db: Kysely<Database>;

useTestDb((created) => {
  db = created;
});
beforeEach(async () => {
  await catalogue.upsertDestinations(db, [{ id: 'd', name: 'Resort', parks: [{ id: P, name: 'Park' }] }]);
  await catalogue.setParkTimezone(db, P, 'America/New_York');
  await catalogue.upsertAttractions(db, [{ id: R, parkId: P, name: 'Ride', entityType: 'ATTRACTION' }]);
});

interface Case {
  status?: string;
  wait?: number | null;
  ageMin?: number;
  hours?: { type: string; startTime: string; endTime: string }[] | null;
  threshold?: number | null;
  watchActive?: boolean;
  subActive?: boolean;
  start?: string;
  end?: string;
  startsAt?: Date | null;
  alertType?: 'email' | 'sms';
  phone?: string | null;
  entityType?: string;
  parkStatus?: string | null;
  parkHours?: { type: string; startTime: string; endTime: string }[] | null;
  /** When set, another entity of the document (a show) changed this many minutes before the poll (R2: feed). */
  feedAgeMin?: number;
  /** The ride's lastUpdated as an instant (instead of `ageMin`): a reading that does not change between ticks. */
  stamp?: Date;
}

const DEFAULT_HOURS = [{ type: 'Operating', startTime: '2026-04-14T13:00:00Z', endTime: '2026-04-15T02:00:00Z' }];

/** A one-park, one-ride live source whose reading each test sets (the real poll → evaluate → claim path). */
function sourceOf(reading: () => Case & { at: Date }): WaitTimesSource {
  return {
    kind: 'replay',
    getDestinations: async () => [{ id: 'd', name: 'Resort', parks: [{ id: P, name: 'Park' }] }],
    getLive: async () => {
      const c = reading();
      return {
        parkId: P,
        name: 'Park',
        timezone: 'America/New_York',
        entries: [
          {
            id: P,
            name: 'Park',
            entityType: 'PARK',
            status: c.parkStatus === undefined ? 'OPERATING' : c.parkStatus,
            standbyWait: null,
            queue: null,
            operatingHours: c.parkHours ?? null,
            lastUpdated: null,
          },
          {
            id: R,
            name: 'Ride',
            entityType: c.entityType ?? 'ATTRACTION',
            status: c.status ?? 'OPERATING',
            standbyWait: c.wait === undefined ? 10 : c.wait,
            queue: null,
            operatingHours: c.hours === undefined ? DEFAULT_HOURS : c.hours,
            lastUpdated: (c.stamp ?? new Date(c.at.getTime() - (c.ageMin ?? 1) * 60_000)).toISOString(),
          },
          ...(c.feedAgeMin === undefined
            ? []
            : [
                {
                  id: 'show-1',
                  name: 'Parade',
                  entityType: 'SHOW',
                  status: 'OPERATING',
                  standbyWait: null,
                  queue: null,
                  operatingHours: null,
                  lastUpdated: new Date(c.at.getTime() - c.feedAgeMin * 60_000).toISOString(),
                },
              ]),
        ],
      };
    },
  };
}

let reading: Case & { at: Date } = { at: NOW };
let clock = NOW;
const source = sourceOf(() => reading);

/** One tick at `at` with the reading `c`; returns how many deliveries it claimed (queued). */
async function tickAt(c: Case, at: Date): Promise<number> {
  reading = { ...c, at };
  clock = at;
  return (await runParkTick({ db, source, now: () => clock }, P)).claimed.length;
}

async function claims(c: Case): Promise<number> {
  if (c.entityType) await catalogue.upsertAttractions(db, [{ id: R, parkId: P, name: 'Ride', entityType: c.entityType }]);
  await subscriptions.upsertActivePass(db, {
    email: EMAIL,
    parkId: P,
    userId: null,
    alertType: c.alertType ?? 'email',
    phoneNumber: c.phone ?? null,
    startDate: c.start ?? '2026-04-14',
    endDate: c.end ?? '2026-04-15',
    startsAt: c.startsAt ?? null,
  });
  if (c.subActive === false) await subscriptions.setActive(db, EMAIL, P, false);
  await rides.replaceSelection(db, EMAIL, P, c.watchActive === false ? [] : [R]);
  if (c.watchActive === false) {
    // A row exists but is inactive.
    await db
      .insertInto('user_rides')
      .values({ email: EMAIL, park_id: P, ride_id: R, active: false })
      .onConflict((oc) => oc.columns(['email', 'ride_id']).doNothing())
      .execute();
  }
  if (c.threshold !== undefined) await db.updateTable('user_rides').set({ threshold_minutes: c.threshold }).execute();
  return tickAt(c, NOW);
}

/** Grants the fan an e-mail pass day at the park (park-local `day`), from a Stripe checkout or a promo code. */
function grantEmailDay(day: string, source: 'stripe' | 'promo', reference: string) {
  return subscriptions.grantPassDays(db, { email: EMAIL, parkId: P, userId: null, channel: 'email', days: [day], source, reference });
}

describe('DESIGN §2.3 / docs/spec/part-1.md §9: when a ride alerts', () => {
  it('baseline: OPERATING, 10 min, fresh, in hours, valid pass → one alert', async () => expect(await claims({})).toBe(1));
  it('docs/spec/part-1.md §9: wait 15 alerts, 16 does not, 0 does not (0 < wait ≤ 15)', async () => {
    expect(await claims({ wait: 15 })).toBe(1);
    await truncateAll(db);
    await catalogue.upsertDestinations(db, [{ id: 'd', name: 'Resort', parks: [{ id: P, name: 'Park' }] }]);
    await catalogue.upsertAttractions(db, [{ id: R, parkId: P, name: 'Ride', entityType: 'ATTRACTION' }]);
    expect(await claims({ wait: 16 })).toBe(0);
  });
  it('docs/spec/part-1.md §9: a wait of 0 does not alert', async () => expect(await claims({ wait: 0 })).toBe(0));
  it('a null wait does not alert', async () => expect(await claims({ wait: null })).toBe(0));
  for (const status of ['DOWN', 'CLOSED', 'REFURBISHMENT']) {
    it(`DESIGN §2.3: status ${status} does not alert`, async () => expect(await claims({ status })).toBe(0));
  }
  it('DESIGN §2.3: a lastUpdated 16 min old is stale and does not alert', async () => {
    expect(await claims({ ageMin: 16 })).toBe(0);
  });
  // docs/rules.md R2 (ThemeParks/parksapi PR #301): lastUpdated means "last changed". Each case below fails
  // under the old "at most 15 minutes old" rule, or checks what the new rule keeps from it.
  it('R2: a ride unchanged for 60 minutes alerts while another entity of the document changed 1 minute ago', async () =>
    expect(await claims({ ageMin: 60, feedAgeMin: 1 })).toBe(1));
  it('R2: a ride last changed at 08:14 (586 minutes before 18:00) is live while the feed is', async () =>
    expect(await claims({ ageMin: 586, feedAgeMin: 3 })).toBe(1));
  it('R2: a ride stamped 23:59 the day before (park-local) is not confirmed today, though the feed is live', async () =>
    expect(await claims({ ageMin: 18 * 60 + 1, feedAgeMin: 1 })).toBe(0));
  it('R2: the feed live exactly 15 minutes after its newest stamp, not 16', async () => {
    expect(await claims({ ageMin: 16, feedAgeMin: 16 })).toBe(0);
    expect(await tickAt({ ageMin: 40, feedAgeMin: 15 }, new Date(NOW.getTime() + 60_000))).toBe(1);
  });
  it('R2: a future-stamped entity does not make a stale feed live', async () =>
    expect(await claims({ ageMin: 30, feedAgeMin: -3 })).toBe(0));
  it('R2: hourly reminders keep coming for a ride that stays short with its old stamp', async () => {
    expect(await claims({ ageMin: 1, feedAgeMin: 1, hours: null })).toBe(1);
    await db.updateTable('user_rides').set({ remind_hourly: true }).execute();
    // The ride's stamp stays at 17:59 (it has not changed); the feed is live through other entities.
    const stamp = NOW.getTime() - 60_000;
    const later = (min: number) => new Date(NOW.getTime() + min * 60_000);
    for (const [min, expected] of [
      [30, 0],
      [61, 1],
      [122, 1],
    ] as const) {
      expect(await tickAt({ hours: null, ageMin: (later(min).getTime() - stamp) / 60_000, feedAgeMin: 1 }, later(min))).toBe(expected);
    }
  });
  it('DESIGN §2.3: outside the published operating hours does not alert', async () =>
    expect(await claims({ hours: [{ type: 'Operating', startTime: '2026-04-14T13:00:00Z', endTime: '2026-04-14T21:00:00Z' }] })).toBe(0));
  it('DESIGN §2.3: unknown operating hours do not block', async () => expect(await claims({ hours: null })).toBe(1));
  it('DESIGN §6: a per-ride threshold of 5 blocks a 10 min wait', async () => expect(await claims({ threshold: 5 })).toBe(0));
  it('DESIGN §6: a per-ride threshold of 30 allows a 25 min wait', async () => expect(await claims({ threshold: 30, wait: 25 })).toBe(1));
  it('docs/spec/part-1.md §3: an inactive watch does not alert', async () => expect(await claims({ watchActive: false })).toBe(0));
  it('docs/spec/part-1.md §4: an inactive subscription does not alert', async () => expect(await claims({ subActive: false })).toBe(0));
  it('docs/spec/part-1.md §4: a pass for tomorrow (park-local) does not alert today', async () =>
    expect(await claims({ start: '2026-04-15', end: '2026-04-16' })).toBe(0));
  it('docs/spec/part-1.md §4: a pass that ended does not alert', async () =>
    expect(await claims({ start: '2026-04-13', end: '2026-04-14' })).toBe(0));
  it('docs/spec/part-1.md §4: a pass scheduled to start later today does not alert yet', async () =>
    expect(await claims({ startsAt: new Date(NOW.getTime() + 3600_000) })).toBe(0));
  it('an SMS pass without a phone number does not alert', async () => expect(await claims({ alertType: 'sms', phone: null })).toBe(0));
  it('an SMS pass with a phone number alerts to the phone', async () => {
    expect(await claims({ alertType: 'sms', phone: '+14075551234' })).toBe(1);
    expect((await db.selectFrom('deliveries').select('address').executeTakeFirstOrThrow()).address).toBe('+14075551234');
  });
  it('a SHOW is not a ride and does not alert', async () => expect(await claims({ entityType: 'SHOW' })).toBe(0));
  it('docs/spec/part-1.md §9 with remind hourly: the same ride is not re-alerted within 60 minutes, then again', async () => {
    await claims({});
    await db.updateTable('user_rides').set({ remind_hourly: true }).execute();
    expect(await db.selectFrom('deliveries').select('id').execute()).toHaveLength(1);
    expect(await tickAt({ hours: null }, new Date(NOW.getTime() + 59 * 60_000))).toBe(0);
    expect(await tickAt({ hours: null }, new Date(NOW.getTime() + 61 * 60_000))).toBe(1);
  });
  it('a multi-date pass alerts only on the dates bought (13th and 15th bought, today is the 14th → nothing)', async () => {
    await claims({ start: '2026-04-13', end: '2026-04-14' });
    await grantEmailDay('2026-04-15', 'stripe', 'cs_test');
    expect(await tickAt({ wait: 11 }, new Date(NOW.getTime() + 60_000))).toBe(0);
    await grantEmailDay('2026-04-14', 'promo', 'FREE');
    expect(await tickAt({ wait: 12 }, new Date(NOW.getTime() + 2 * 60_000))).toBe(1);
    const sub = await subscriptions.findByEmailAndPark(db, EMAIL, P);
    expect([sub?.startDate, sub?.endDate]).toEqual(['2026-04-13', '2026-04-16']);
  });
  it('the channel is the one bought for each date (an SMS day texts, the e-mail day after e-mails)', async () => {
    expect(await claims({ alertType: 'sms', phone: '+14075551234' })).toBe(1);
    await grantEmailDay('2026-04-15', 'stripe', 'cs_2');
    const tomorrow = new Date(NOW.getTime() + 24 * 3600_000);
    // A new park-local day starts armed, whatever the reading did yesterday.
    expect(await tickAt({ hours: null }, tomorrow)).toBe(1);
    const rows = await db.selectFrom('deliveries').select(['channel', 'address']).orderBy('created_at').execute();
    expect(rows).toEqual([
      { channel: 'sms', address: '+14075551234' },
      { channel: 'email', address: EMAIL },
    ]);
  });
  it('DESIGN §2: two racing ticks of the same park claim once (the park tick lock)', async () => {
    await claims({ wait: 5 });
    await db.deleteFrom('deliveries').execute();
    await sql`update alert_watchers set armed = ~B'0'::bit(256), alert_ticks = '{}', alert_masks = '{}'`.execute(db);
    const [a, b] = await Promise.all([tickAt({ wait: 6 }, NOW), tickAt({ wait: 6 }, NOW)]);
    expect(a + b).toBe(1);
  });
});

describe('Alert engine v2 rules (DESIGN §2.3)', () => {
  const at = (min: number) => new Date(NOW.getTime() + min * 60_000);
  const kinds = async () =>
    (await db.selectFrom('deliveries').select(['kind', 'status']).orderBy('created_at').execute()).map((d) => `${d.kind}:${d.status}`);

  it("the park's own entity CLOSED → no alert, though the ride says OPERATING 10 min", async () => {
    expect(await claims({ parkStatus: 'CLOSED' })).toBe(0);
    expect((await db.selectFrom('parks').select('live_status').where('id', '=', P).executeTakeFirstOrThrow()).live_status).toBe('CLOSED');
    // The park opens: the same reading now alerts (every attraction counts as changed).
    expect(await tickAt({}, at(1))).toBe(1);
  });

  it('a lastUpdated 24 h in the future is not fresh: no alert, and it does not re-arm (no later re-alert)', async () => {
    expect(await claims({ ageMin: -24 * 60 })).toBe(0);
    expect(await tickAt({ ageMin: -3 }, at(1))).toBe(0);
    // A fresh reading alerts; a future-dated reading above the threshold does not re-arm it.
    expect(await tickAt({}, at(2))).toBe(1);
    expect(await tickAt({ wait: 45, ageMin: -24 * 60 }, at(70))).toBe(0);
    expect(await tickAt({ wait: 10 }, at(71))).toBe(0);
    const stored = await db.selectFrom('ride_status').select('last_updated').executeTakeFirstOrThrow();
    expect((stored.last_updated as Date).getTime()).toBeLessThanOrEqual(at(71).getTime());
  });

  it("hours (the attraction's or the park's) ending within the next 15 minutes → no alert", async () => {
    const closing = [{ type: 'Operating', startTime: '2026-04-14T13:00:00Z', endTime: at(10).toISOString() }];
    expect(await claims({ hours: closing })).toBe(0);
    expect(await tickAt({ hours: null, parkHours: closing }, at(1))).toBe(0);
    const later = [{ type: 'Operating', startTime: '2026-04-14T13:00:00Z', endTime: at(17).toISOString() }];
    expect(await tickAt({ hours: later, parkHours: later }, at(1))).toBe(1);
  });

  it('alert on the drop: disarmed by its alert, re-armed only by a fresh reading above the threshold or not OPERATING', async () => {
    expect(await claims({ wait: 10 })).toBe(1);
    expect(await tickAt({ wait: 8 }, at(5))).toBe(0); // still short: disarmed
    expect(await tickAt({ wait: 40, ageMin: 20 }, at(6))).toBe(0); // stale: does not re-arm
    expect(await tickAt({ wait: 9 }, at(7))).toBe(0);
    expect(await tickAt({ wait: null }, at(8))).toBe(0); // OPERATING without a wait: does not re-arm
    expect(await tickAt({ wait: 7 }, at(9))).toBe(0);
    expect(await tickAt({ wait: 65 }, at(10))).toBe(0); // re-armed
    expect(await tickAt({ wait: 10 }, at(20))).toBe(0); // armed, but within 60 minutes of the last alert: held
    expect(await tickAt({ wait: 10 }, at(20.5))).toBe(0);
    expect(await tickAt({ wait: 10 }, at(60))).toBe(1); // due again, reading unchanged since minute 20
    expect(await tickAt({ wait: null, status: 'DOWN' }, at(70))).toBe(0); // DOWN re-arms
    expect(await tickAt({ wait: 12 }, at(121))).toBe(1);
    expect(await kinds()).toEqual(['ride_alert:queued', 'ride_alert:queued', 'ride_alert:queued']);
  });

  it('per-watch threshold: a pair re-arms above its own threshold, not the default', async () => {
    await claims({ threshold: 30, wait: 25 });
    expect(await tickAt({ wait: 20 }, at(1))).toBe(0);
    expect(await tickAt({ wait: 28 }, at(2))).toBe(0); // above 15 but not above 30: not re-armed
    expect(await tickAt({ wait: 20 }, at(70))).toBe(0);
    expect(await tickAt({ wait: 31 }, at(71))).toBe(0); // above 30: re-armed
    expect(await tickAt({ wait: 20 }, at(72))).toBe(1);
  });

  it('back in service: DOWN → OPERATING on two consecutive fresh polls alerts once, only when the watch asks', async () => {
    await claims({ status: 'DOWN', wait: null });
    await db.updateTable('user_rides').set({ back_in_service: true }).execute();
    expect(await tickAt({ status: 'DOWN', wait: null }, at(1))).toBe(0);
    expect(await tickAt({ status: 'OPERATING', wait: 40 }, at(2))).toBe(0); // first poll back: not yet
    expect(await tickAt({ status: 'DOWN', wait: null }, at(3))).toBe(0); // down again: starts over
    expect(await tickAt({ status: 'OPERATING', wait: 40 }, at(4))).toBe(0);
    expect(await tickAt({ status: 'OPERATING', wait: 40, ageMin: 30 }, at(5))).toBe(0); // stale: not consecutive
    expect(await tickAt({ status: 'OPERATING', wait: 45 }, at(6))).toBe(0);
    expect(await tickAt({ status: 'OPERATING', wait: 45 }, at(7))).toBe(1); // second consecutive fresh poll
    expect(await tickAt({ status: 'OPERATING', wait: 50 }, at(8))).toBe(0);
    expect(await kinds()).toEqual(['back_in_service:queued']);
  });

  it('back in service is off by default', async () => {
    await claims({ status: 'DOWN', wait: null });
    expect(await tickAt({ status: 'OPERATING', wait: 40 }, at(1))).toBe(0);
    expect(await tickAt({ status: 'OPERATING', wait: 40 }, at(2))).toBe(0);
    expect(await kinds()).toEqual([]);
  });

  it('the daily cap per person and channel holds back messages past it and records them as capped', async () => {
    await alertEngine.setDailyCaps(db, { email: 2 });
    expect(await alertEngine.getDailyCaps(db)).toEqual({ email: 2, sms: 30 });
    expect(await claims({})).toBe(1);
    await db.updateTable('user_rides').set({ remind_hourly: true }).execute();
    expect(await tickAt({ wait: 11 }, at(60))).toBe(1);
    expect(await tickAt({ wait: 12 }, at(120))).toBe(0);
    expect(await kinds()).toEqual(['ride_alert:queued', 'ride_alert:queued', 'ride_alert:capped']);
  });

  it('daily caps default to SMS 30 and e-mail 60', async () => {
    expect(await alertEngine.getDailyCaps(db)).toEqual({ sms: 30, email: 60 });
  });
});

describe("docs/rules.md R3: the park's published schedule bounds every alert (18:00 in Orlando)", () => {
  const day = (entries: [string, string, string][], date = '2026-04-14') =>
    history.saveParkHours(
      db,
      P,
      entries.map(([type, opens, closes]) => ({ localDate: date, type, opens, closes, description: null })),
      date,
    );
  const at = (min: number) => new Date(NOW.getTime() + min * 60_000);
  // The feed says OPERATING with no hours of its own anywhere: before R3, each of these alerted.
  const open = { hours: null, parkHours: null } as const;
  it('after the scheduled closing, the feed still saying OPERATING: nothing', async () => {
    await day([['OPERATING', '09:00', '17:00']]);
    expect(await claims(open)).toBe(0);
  });
  it('before the scheduled opening: nothing; at the opening the same reading alerts (the verdict changed)', async () => {
    await day([['OPERATING', '18:30', '23:00']]);
    expect(await claims(open)).toBe(0);
    expect(await tickAt(open, at(29))).toBe(0);
    expect(await tickAt(open, at(30))).toBe(1);
  });
  it('in the last 15 minutes of the schedule: nothing (18:00 with a closing at 18:10)', async () => {
    await day([['OPERATING', '09:00', '18:10']]);
    expect(await claims(open)).toBe(0);
  });
  it('extra hours and ticketed events do not open the park to everyone', async () => {
    await day([
      ['OPERATING', '09:00', '17:00'],
      ['TICKETED_EVENT', '17:00', '23:00'],
      ['EXTRA_HOURS', '17:00', '23:00'],
    ]);
    expect(await claims(open)).toBe(0);
  });
  it('inside the schedule: alerts; a schedule published only for other dates bounds nothing', async () => {
    await day([['OPERATING', '09:00', '22:00']]);
    expect(await claims(open)).toBe(1);
    await truncateAll(db);
    await catalogue.upsertDestinations(db, [{ id: 'd', name: 'Resort', parks: [{ id: P, name: 'Park' }] }]);
    await catalogue.setParkTimezone(db, P, 'America/New_York');
    await catalogue.upsertAttractions(db, [{ id: R, parkId: P, name: 'Ride', entityType: 'ATTRACTION' }]);
    await day([['OPERATING', '09:00', '17:00']], '2026-04-15');
    expect(await claims(open)).toBe(1);
  });
  it('the stricter of the feed and the schedule wins', async () => {
    await day([['OPERATING', '09:00', '22:00']]);
    const feedClosing = [{ type: 'Operating', startTime: '2026-04-14T13:00:00Z', endTime: at(10).toISOString() }];
    expect(await claims({ hours: null, parkHours: feedClosing })).toBe(0);
    await day([['OPERATING', '09:00', '18:10']]);
    const feedWide = [{ type: 'Operating', startTime: '2026-04-14T13:00:00Z', endTime: '2026-04-15T04:00:00Z' }];
    expect(await tickAt({ hours: feedWide, parkHours: feedWide }, at(1))).toBe(0);
  });
  it('back in service and hourly reminders are bounded too', async () => {
    await day([['OPERATING', '09:00', '18:20']]);
    expect(await claims({ ...open, status: 'DOWN', wait: null })).toBe(0);
    await db.updateTable('user_rides').set({ back_in_service: true, remind_hourly: true }).execute();
    expect(await tickAt({ ...open, status: 'DOWN', wait: null }, at(1))).toBe(0);
    expect(await tickAt({ ...open, wait: 40 }, at(2))).toBe(0);
    expect(await tickAt({ ...open, wait: 40 }, at(6))).toBe(0); // would be back in service, but 18:06 is in the last 15 min
    expect(await db.selectFrom('deliveries').select('id').execute()).toEqual([]);
  });
  // The worker's reconcile-schedulers reading these schedules: jobs/test/scheduleReads.integration.test.ts.
});

describe('docs/rules.md R7: every start wakes the engine (the ride short and unchanged all along)', () => {
  const at = (min: number) => new Date(NOW.getTime() + min * 60_000);
  const still = { stamp: new Date(NOW.getTime() - 5 * 60_000), feedAgeMin: 1, hours: null } as const;
  it('a scheduled start at 19:00 while the ride is already short alerts at the first tick from 19:00', async () => {
    expect(await claims({ ...still, startsAt: at(60) })).toBe(0);
    expect(await tickAt(still, at(30))).toBe(0);
    expect(await tickAt(still, at(59))).toBe(0);
    expect(await tickAt(still, at(60.5))).toBe(1);
    expect(await tickAt(still, at(62))).toBe(0);
  });
  it('a start moved later, then reached: the person is looked at again then', async () => {
    expect(await claims({ ...still, startsAt: at(20) })).toBe(0);
    await db
      .updateTable('subscriptions')
      .set({ starts_at: at(40) })
      .execute();
    expect(await tickAt(still, at(21))).toBe(0);
    expect(await tickAt(still, at(41))).toBe(1);
  });
  it('a threshold raised above the unchanged wait alerts at the next tick', async () => {
    expect(await claims({ ...still, wait: 25 })).toBe(0);
    expect(await tickAt({ ...still, wait: 25 }, at(1))).toBe(0);
    await db.updateTable('user_rides').set({ threshold_minutes: 30 }).execute();
    expect(await tickAt({ ...still, wait: 25 }, at(2))).toBe(1);
  });
  it('a pass day that begins at park-local midnight: due then, and alerts at the first tick of the day', async () => {
    // The pass is for the 15th only; at 18:00 on the 14th the ride is short and the person not alertable.
    expect(await claims({ ...still, start: '2026-04-15', end: '2026-04-16' })).toBe(0);
    const row = await db.selectFrom('alert_watchers').select('due_at').executeTakeFirstOrThrow();
    expect((row.due_at as Date).toISOString()).toBe('2026-04-15T04:00:00.000Z'); // 00:00 in Orlando
    // The next day, the ride confirmed at 00:00:30 and unchanged since: due at midnight, it alerts at the tick.
    const day2 = { stamp: new Date('2026-04-15T04:00:30Z'), feedAgeMin: 1, hours: null } as const;
    expect(await tickAt(day2, new Date('2026-04-15T04:00:40Z'))).toBe(1);
  });
});
