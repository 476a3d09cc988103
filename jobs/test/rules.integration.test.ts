import { catalogue, type Database, deliveries, liveStatus, rides, subscriptions } from '@walkon/db';
import { createTestDb, truncateAll } from '@walkon/db/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

// One ride, one person, one rule changed per case: the evaluation statement in isolation.
const NOW = new Date('2026-04-14T22:00:00Z'); // 18:00 in Orlando
const P = 'park-1';
const R = 'ride-1';
const EMAIL = 'fan@example.com';
let db: Kysely<Database>;

beforeAll(async () => {
  ({ db } = await createTestDb());
});
afterAll(async () => db.destroy());
beforeEach(async () => {
  await truncateAll(db);
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
}

async function claims(c: Case): Promise<number> {
  if (c.entityType) await catalogue.upsertAttractions(db, [{ id: R, parkId: P, name: 'Ride', entityType: c.entityType }]);
  await liveStatus.saveLiveStatus(
    db,
    [
      {
        attractionId: R,
        parkId: P,
        status: c.status ?? 'OPERATING',
        standbyWait: c.wait === undefined ? 10 : c.wait,
        queue: null,
        operatingHours:
          c.hours === undefined ? [{ type: 'Operating', startTime: '2026-04-14T13:00:00Z', endTime: '2026-04-15T02:00:00Z' }] : c.hours,
        lastUpdated: new Date(NOW.getTime() - (c.ageMin ?? 1) * 60_000).toISOString(),
      },
    ],
    NOW,
  );
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
  return (await deliveries.claimRideAlerts(db, P, NOW)).length;
}

describe('DESIGN §2.3 / spec part 1 §9: when a ride alerts', () => {
  it('baseline: OPERATING, 10 min, fresh, in hours, valid pass → one alert', async () => expect(await claims({})).toBe(1));
  it('spec part 1 §9: wait 15 alerts, 16 does not, 0 does not (0 < wait ≤ 15)', async () => {
    expect(await claims({ wait: 15 })).toBe(1);
    await truncateAll(db);
    await catalogue.upsertDestinations(db, [{ id: 'd', name: 'Resort', parks: [{ id: P, name: 'Park' }] }]);
    await catalogue.upsertAttractions(db, [{ id: R, parkId: P, name: 'Ride', entityType: 'ATTRACTION' }]);
    expect(await claims({ wait: 16 })).toBe(0);
  });
  it('spec part 1 §9: a wait of 0 does not alert', async () => expect(await claims({ wait: 0 })).toBe(0));
  it('a null wait does not alert', async () => expect(await claims({ wait: null })).toBe(0));
  for (const status of ['DOWN', 'CLOSED', 'REFURBISHMENT']) {
    it(`DESIGN §2.3: status ${status} does not alert`, async () => expect(await claims({ status })).toBe(0));
  }
  it('DESIGN §2.3: a lastUpdated 16 min old is stale and does not alert', async () => {
    expect(await claims({ ageMin: 16 })).toBe(0);
  });
  it('DESIGN §2.3: outside the published operating hours does not alert', async () =>
    expect(await claims({ hours: [{ type: 'Operating', startTime: '2026-04-14T13:00:00Z', endTime: '2026-04-14T21:00:00Z' }] })).toBe(0));
  it('DESIGN §2.3: unknown operating hours do not block', async () => expect(await claims({ hours: null })).toBe(1));
  it('DESIGN §6: a per-ride threshold of 5 blocks a 10 min wait', async () => expect(await claims({ threshold: 5 })).toBe(0));
  it('DESIGN §6: a per-ride threshold of 30 allows a 25 min wait', async () => expect(await claims({ threshold: 30, wait: 25 })).toBe(1));
  it('spec part 1 §3: an inactive watch does not alert', async () => expect(await claims({ watchActive: false })).toBe(0));
  it('spec part 1 §4: an inactive subscription does not alert', async () => expect(await claims({ subActive: false })).toBe(0));
  it('spec part 1 §4: a pass for tomorrow (park-local) does not alert today', async () =>
    expect(await claims({ start: '2026-04-15', end: '2026-04-16' })).toBe(0));
  it('spec part 1 §4: a pass that ended does not alert', async () =>
    expect(await claims({ start: '2026-04-13', end: '2026-04-14' })).toBe(0));
  it('spec part 1 §4: a pass scheduled to start later today does not alert yet', async () =>
    expect(await claims({ startsAt: new Date(NOW.getTime() + 3600_000) })).toBe(0));
  it('an SMS pass without a phone number does not alert', async () => expect(await claims({ alertType: 'sms', phone: null })).toBe(0));
  it('an SMS pass with a phone number alerts to the phone', async () => {
    expect(await claims({ alertType: 'sms', phone: '+14075551234' })).toBe(1);
    expect((await db.selectFrom('deliveries').select('address').executeTakeFirstOrThrow()).address).toBe('+14075551234');
  });
  it('a SHOW is not a ride and does not alert', async () => expect(await claims({ entityType: 'SHOW' })).toBe(0));
  it('spec part 1 §9: the same ride is not re-alerted to the same person within 60 minutes', async () => {
    expect(await claims({})).toBe(1);
    const in59 = new Date(NOW.getTime() + 59 * 60_000);
    const in61 = new Date(NOW.getTime() + 61 * 60_000);
    // Keep the data fresh for the later instants.
    const fresh = (at: Date) =>
      liveStatus.saveLiveStatus(
        db,
        [
          {
            attractionId: R,
            parkId: P,
            status: 'OPERATING',
            standbyWait: 10,
            queue: null,
            operatingHours: null,
            lastUpdated: at.toISOString(),
          },
        ],
        at,
      );
    await fresh(in59);
    expect(await deliveries.claimRideAlerts(db, P, in59)).toHaveLength(0);
    await fresh(in61);
    expect(await deliveries.claimRideAlerts(db, P, in61)).toHaveLength(1);
  });
  it('issue 3: a multi-date pass alerts only on the dates bought (13th and 15th bought, today is the 14th → nothing)', async () => {
    await claims({ start: '2026-04-13', end: '2026-04-14' });
    await subscriptions.grantPassDays(db, {
      email: EMAIL,
      parkId: P,
      userId: null,
      channel: 'email',
      days: ['2026-04-15'],
      source: 'stripe',
      reference: 'cs_test',
    });
    expect(await deliveries.claimRideAlerts(db, P, NOW)).toHaveLength(0);
    await subscriptions.grantPassDays(db, {
      email: EMAIL,
      parkId: P,
      userId: null,
      channel: 'email',
      days: ['2026-04-14'],
      source: 'promo',
      reference: 'FREE',
    });
    expect(await deliveries.claimRideAlerts(db, P, NOW)).toHaveLength(1);
    const sub = await subscriptions.findByEmailAndPark(db, EMAIL, P);
    expect([sub?.start_date, sub?.end_date]).toEqual(['2026-04-13', '2026-04-16']);
  });
  it('issue 3: the channel is the one bought for each date (an SMS day texts, the e-mail day after e-mails)', async () => {
    expect(await claims({ alertType: 'sms', phone: '+14075551234' })).toBe(1);
    await subscriptions.grantPassDays(db, {
      email: EMAIL,
      parkId: P,
      userId: null,
      channel: 'email',
      days: ['2026-04-15'],
      source: 'stripe',
      reference: 'cs_2',
    });
    const tomorrow = new Date(NOW.getTime() + 24 * 3600_000);
    await liveStatus.saveLiveStatus(
      db,
      [
        {
          attractionId: R,
          parkId: P,
          status: 'OPERATING',
          standbyWait: 10,
          queue: null,
          operatingHours: null,
          lastUpdated: tomorrow.toISOString(),
        },
      ],
      tomorrow,
    );
    expect(await deliveries.claimRideAlerts(db, P, tomorrow)).toHaveLength(1);
    const rows = await db.selectFrom('deliveries').select(['channel', 'address']).orderBy('created_at').execute();
    expect(rows).toEqual([
      { channel: 'sms', address: '+14075551234' },
      { channel: 'email', address: EMAIL },
    ]);
  });
  it('DESIGN §2.4: two racing evaluations in the same hour claim once (unique dedup key)', async () => {
    await claims({ wait: 5 });
    await db.deleteFrom('deliveries').execute();
    const [a, b] = await Promise.all([deliveries.claimRideAlerts(db, P, NOW), deliveries.claimRideAlerts(db, P, NOW)]);
    expect(a.length + b.length).toBe(1);
  });
});
