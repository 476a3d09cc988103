import { runParkTick } from '@walkon/core';
import { catalogue, type Database, deliveries, deliveryPartitions, restaurantAlerts, returnTimeAlerts } from '@walkon/db';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runMaintenance } from '../src/worker.ts';
import { MK, MK_OPEN, replayOf, useTestDb, useTestQueues, watchAll } from './helpers.ts';

// Deliveries are partitioned by the month of the period their dedup key names (migration 0029,
// docs/OPERATIONS.md "Retention"); the key stays unique across month boundaries (docs/rules.md R8).
let db: Kysely<Database>;
const { queues } = useTestQueues();
useTestDb((created) => {
  db = created;
});

const month = (iso: string) => new Date(`${iso}-01T00:00:00Z`);

/** Which partition (table) holds each delivery of `email`, by dedup key. */
async function partitionsOf(email: string): Promise<Record<string, string>> {
  const { rows } = await sql<{ dedup_key: string; part: string }>`
    select dedup_key, tableoid::regclass::text as part from deliveries where email = ${email}`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.dedup_key, r.part]));
}

async function dropPartitionIfAny(name: string) {
  await sql.raw(`drop table if exists ${name}`).execute(db);
}

const testAlert = (email: string, at: Date) =>
  deliveries.insertTestAlert(
    db,
    {
      email,
      channel: 'email',
      address: email,
      parkId: MK,
      rideId: null,
      rideName: 'Test alert',
      waitTime: null,
      message: 'Test',
      subscriptionId: null,
    },
    at,
  );

describe('deliveries by month (retention)', () => {
  it('each claim lands in the partition of its key month; a month without one lands in the default and moves out when it is created', async () => {
    await deliveryPartitions.ensureDeliveryPartitions(db, month('2026-11'), month('2026-12'));
    // Test alerts a minute either side of the boundary (their key's minute is in that month).
    await testAlert('late@example.com', new Date('2026-11-30T23:59:30Z'));
    await testAlert('early@example.com', new Date('2026-12-01T00:00:10Z'));
    expect(Object.values(await partitionsOf('late@example.com'))).toEqual(['deliveries_y2026m11']);
    expect(Object.values(await partitionsOf('early@example.com'))).toEqual(['deliveries_y2026m12']);

    // A ride alert claimed by the real tick at the recording's instant (2026-04-14, 18:27 in Orlando), its month
    // without a partition: the row waits in the default partition.
    await dropPartitionIfAny('deliveries_y2026m04');
    const at = new Date('2026-04-14T22:27:18Z');
    const now = () => at;
    await watchAll(db, MK_OPEN, 'fan@example.com', now);
    const first = await runParkTick({ db, source: replayOf(MK_OPEN, now), now }, MK);
    expect(first.claimed.length).toBeGreaterThan(0);
    const before = await partitionsOf('fan@example.com');
    expect(new Set(Object.values(before))).toEqual(new Set(['deliveries_default']));
    // The worker creates April's partition: the rows move into it, none lost, none doubled.
    expect(await deliveryPartitions.ensureDeliveryPartitions(db, month('2026-04'), month('2026-04'))).toEqual(['deliveries_y2026m04']);
    const after = await partitionsOf('fan@example.com');
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(new Set(Object.values(after))).toEqual(new Set(['deliveries_y2026m04']));
    // Same hour, same keys: a second tick claims nothing again (the keys moved with their unique index).
    const later = new Date(at.getTime() + 60_000);
    const second = await runParkTick({ db, source: replayOf(MK_OPEN, () => later), now: () => later }, MK);
    expect(second.claimed).toEqual([]);
    expect(Object.keys(await partitionsOf('fan@example.com'))).toHaveLength(Object.keys(before).length);
  });

  it('dedup holds across a month boundary: a key for one day is claimed once, before and after UTC midnight of the 1st', async () => {
    await deliveryPartitions.ensureDeliveryPartitions(db, month('2026-11'), month('2026-12'));
    // Return time: the park-local date is in the key (Los Angeles: 30 Nov runs to 08:00 UTC on 1 Dec).
    const rt = {
      dedupKey: 'rt:rt@example.com:r1:RETURN_TIME:2026-11-30:any',
      email: 'rt@example.com',
      channel: 'email' as const,
      address: 'rt@example.com',
      parkId: 'p-la',
      rideId: 'r1',
      rideName: 'Ride',
      message: 'Return from 7:20 PM',
      subscriptionId: '00000000-0000-4000-8000-000000000001',
    };
    expect(await returnTimeAlerts.insertReturnTimeAlerts(db, [rt], new Date('2026-11-30T20:00:00Z'))).toHaveLength(1);
    expect(await returnTimeAlerts.insertReturnTimeAlerts(db, [rt], new Date('2026-12-01T05:00:00Z'))).toEqual([]);
    expect(await partitionsOf('rt@example.com')).toEqual({ [rt.dedupKey]: 'deliveries_y2026m11' });

    // Restaurant: one mail per alert and reservation date, the date's month keys it (checked on 30 Nov and 1 Dec).
    await catalogue.upsertDestinations(db, [{ id: 'd', name: 'Resort', parks: [{ id: 'p', name: 'Park' }] }]);
    const user = await db
      .insertInto('users')
      .values({ email: 'diner@example.com', full_name: 'D', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const alert = await restaurantAlerts.create(db, {
      userId: user.id,
      email: 'diner@example.com',
      parkId: 'p',
      restaurantId: 'rest-1',
      restaurantName: 'Cafe',
      dates: ['2026-12-05'],
      partySize: 2,
      preferredTime: 'dinner',
    });
    const match = { alertId: alert.id, date: '2026-12-05', waitMinutes: 10, message: 'Cafe: 10 min' };
    expect(await restaurantAlerts.claimMatches(db, [match], new Date('2026-11-30T23:50:00Z'))).toHaveLength(1);
    expect(await restaurantAlerts.claimMatches(db, [match], new Date('2026-12-01T00:10:00Z'))).toEqual([]);
    expect(await partitionsOf('diner@example.com')).toEqual({ [`restaurant:${alert.id}:2026-12-05`]: 'deliveries_y2026m12' });
  });

  it('sweep-retention drops the months older than DELIVERY_RETENTION_MONTHS, keeps the rest, and creates three months ahead', async () => {
    const NOW = new Date('2026-11-26T12:00:00Z');
    // 13 months kept before November 2026: October 2025 is the oldest kept month; September 2025 goes.
    await dropPartitionIfAny('deliveries_y2025m01');
    await deliveryPartitions.ensureDeliveryPartitions(db, month('2025-08'), month('2025-11'));
    await testAlert('sep@example.com', new Date('2025-09-15T10:00:00Z'));
    await testAlert('oct@example.com', new Date('2025-10-01T00:00:00Z'));
    // A January 2025 row in the default partition (its month never had a partition).
    await testAlert('jan@example.com', new Date('2025-01-10T10:00:00Z'));
    expect(Object.values(await partitionsOf('jan@example.com'))).toEqual(['deliveries_default']);
    const listed = await deliveryPartitions.listDeliveryPartitions(db);
    const expectedDropped = listed.filter((p) => p.to <= month('2025-10')).map((p) => p.name);
    expect(expectedDropped).toEqual(expect.arrayContaining(['deliveries_y2025m08', 'deliveries_y2025m09']));

    const out = await runMaintenance({ db, queues, now: () => NOW, deliveryRetentionMonths: 13 }, 'sweep-retention');
    expect(out).toMatchObject({ deliveryPartitionsDropped: expectedDropped.length, deliveryRowsDeleted: 1 });
    const names = (await deliveryPartitions.listDeliveryPartitions(db)).map((p) => p.name);
    for (const gone of expectedDropped) expect(names).not.toContain(gone);
    expect(names).toEqual(
      expect.arrayContaining([
        'deliveries_y2025m10',
        'deliveries_y2025m11',
        'deliveries_y2026m11',
        'deliveries_y2026m12',
        'deliveries_y2027m01',
        'deliveries_y2027m02',
      ]),
    );
    const left = await db.selectFrom('deliveries').select('email').orderBy('email').execute();
    expect(left.map((r) => r.email)).toEqual(['oct@example.com']);
    // Idempotent.
    expect(await runMaintenance({ db, queues, now: () => NOW, deliveryRetentionMonths: 13 }, 'sweep-retention')).toMatchObject({
      deliveryPartitionsDropped: 0,
      deliveryPartitionsCreated: 0,
      deliveryRowsDeleted: 0,
    });
  });
});
