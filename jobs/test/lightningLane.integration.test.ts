import { randomUUID } from 'node:crypto';
import { type LightningLaneBooker, loadAvailability, refreshPark, runAutoBooking } from '@walkon/core';
import { catalogue, type Database, features, lightningLane, users } from '@walkon/db';
import { TEST_REDIS_URL } from '@walkon/db/testing';
import { createRedis } from '@walkon/integrations/redis';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { pino } from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueues } from '../src/queues.ts';
import { MK, MK_OPEN, replayOf, startTestWorker, useTestDb } from './helpers.ts';

/**
 * Server-side Lightning Lane auto-booking (docs/spec/part-2.md §4) after a poll of the REAL Magic Kingdom
 * recording (18:27 in Orlando): who is booked, what is chosen, idempotency, races and the worker hook.
 */

let db: Kysely<Database>;
const RECORDED = new Date('2026-04-14T22:27:18Z'); // newest lastUpdated of MK_OPEN: the replay shifts nothing
const TODAY = '2026-04-14';
const now = () => RECORDED;
const source = replayOf(MK_OPEN, now);

useTestDb((created) => {
  db = created;
});
beforeEach(async () => {
  await catalogue.upsertDestinations(db, await source.getDestinations());
  await refreshPark({ db, source, now }, MK);
});

let seq = 0;
/** A user let in by an early-access grant, with a connected Disney account, a day today and auto-booking on. */
async function fan(opts: { grant?: boolean; connected?: boolean; day?: string | null; auto?: boolean } = {}) {
  const u = await users.createUser(db, { email: `fan${++seq}@example.com`, fullName: 'Fan', passwordHash: 'x' });
  if (opts.grant ?? true) await features.grant(db, 'lightning_lane', u.id, u.id);
  await lightningLane.saveInvitation(db, {
    userId: u.id,
    disneyEmail: `d${seq}@disney.example`,
    sentAt: RECORDED,
    expiresAt: new Date(RECORDED.getTime() + 86_400_000),
  });
  if (opts.connected ?? true) await lightningLane.confirmLink(db, { userId: u.id, byUserId: u.id, now: RECORDED });
  const day = opts.day === undefined ? TODAY : opts.day;
  if (day) await lightningLane.grantPasses(db, { userId: u.id, parkId: MK, days: [day], checkoutSessionId: 'cs_test_x' });
  await lightningLane.setAutoBooking(db, u.id, opts.auto ?? true, RECORDED);
  return u;
}

async function idOf(name: string) {
  const a = await loadAvailability(db, MK, RECORDED);
  const lane = a!.lanes.find((l) => l.name === name);
  if (!lane) throw new Error(name);
  return lane.id;
}

async function prefer(
  userId: string,
  name: string,
  over: { priority?: number; windowStart?: string; windowEnd?: string; maxPriceCents?: number | null } = {},
) {
  await lightningLane.upsertPreference(db, {
    userId,
    parkId: MK,
    attractionId: await idOf(name),
    priority: over.priority ?? 1,
    windowStart: over.windowStart ?? '09:00',
    windowEnd: over.windowEnd ?? '21:00',
    maxPriceCents: over.maxPriceCents ?? null,
    now: RECORDED,
  });
}

const bookingsOf = (userId: string) =>
  db
    .selectFrom('lightning_lane_bookings')
    .select(['attraction_name', 'status', 'auto', 'booker', 'day'])
    .where('user_id', '=', userId)
    .orderBy('booked_at')
    .orderBy('attraction_name')
    .execute();

describe('runAutoBooking (docs/spec/part-2.md §4) on the recorded live data', () => {
  it('books the highest-priority eligible lane once per run, the next one on the next run, then nothing more', async () => {
    const u = await fan();
    await prefer(u.id, 'TRON Lightcycle / Run', { priority: 10 }); // FINISHED upstream
    await prefer(u.id, 'Haunted Mansion', { priority: 9, windowEnd: '20:00' }); // 20:50: outside the window
    await prefer(u.id, 'Space Mountain', { priority: 5 }); // 18:45
    await prefer(u.id, 'Pirates of the Caribbean', { priority: 5 }); // 19:15: same priority, later
    await prefer(u.id, 'Dumbo the Flying Elephant', { priority: 2 }); // 19:20

    expect(await runAutoBooking({ db, now }, MK)).toEqual({ users: 1, booked: 1, stale: false });
    expect(await bookingsOf(u.id)).toEqual([
      { attraction_name: 'Space Mountain', status: 'confirmed', auto: true, booker: 'simulated', day: TODAY },
    ]);
    const names = async () => (await bookingsOf(u.id)).map((b) => b.attraction_name).sort();
    expect(await runAutoBooking({ db, now }, MK)).toMatchObject({ booked: 1 });
    expect(await names()).toEqual(['Pirates of the Caribbean', 'Space Mountain']);
    expect(await runAutoBooking({ db, now }, MK)).toMatchObject({ booked: 1 });
    expect(await names()).toEqual(['Dumbo the Flying Elephant', 'Pirates of the Caribbean', 'Space Mountain']);
    expect(await runAutoBooking({ db, now }, MK)).toMatchObject({ booked: 0 });
    expect(await bookingsOf(u.id)).toHaveLength(3);
  });

  it('does not re-book an attraction the user cancelled today', async () => {
    const u = await fan();
    await prefer(u.id, 'Space Mountain', { priority: 5 });
    await runAutoBooking({ db, now }, MK);
    const [b] = await db.selectFrom('lightning_lane_bookings').select('id').execute();
    await lightningLane.cancelBooking(db, { userId: u.id, id: b!.id, now: RECORDED });
    expect(await runAutoBooking({ db, now }, MK)).toMatchObject({ booked: 0 });
    expect((await bookingsOf(u.id)).map((x) => x.status)).toEqual(['cancelled']);
  });

  it('max price: a paid lane above the max is skipped (EPCOT-style paid data is absent here: Seven Dwarfs is FINISHED)', async () => {
    const u = await fan();
    await prefer(u.id, 'Seven Dwarfs Mine Train', { priority: 10, maxPriceCents: 5000 });
    expect(await runAutoBooking({ db, now }, MK)).toMatchObject({ booked: 0 });
    // Make the recorded paid lane available at $13.00: within a $13 max, not within $12.
    await sql`update ride_status set queue = jsonb_set(jsonb_set(queue, '{PAID_RETURN_TIME,state}', '"AVAILABLE"'), '{PAID_RETURN_TIME,returnStart}', '"2026-04-14T23:30:00.000Z"')
      where attraction_id = ${await idOf('Seven Dwarfs Mine Train')}`.execute(db);
    await prefer(u.id, 'Seven Dwarfs Mine Train', { priority: 10, maxPriceCents: 1200 });
    expect(await runAutoBooking({ db, now }, MK)).toMatchObject({ booked: 0 });
    await prefer(u.id, 'Seven Dwarfs Mine Train', { priority: 10, maxPriceCents: 1300 });
    expect(await runAutoBooking({ db, now }, MK)).toMatchObject({ booked: 1 });
    const [row] = await db.selectFrom('lightning_lane_bookings').select(['attraction_name', 'price_cents']).execute();
    expect(row).toEqual({ attraction_name: 'Seven Dwarfs Mine Train', price_cents: 1300 });
  });

  it('only users with auto-booking on, a connected account, a day today and gate access are booked', async () => {
    const ok = await fan();
    const off = await fan({ auto: false });
    const pending = await fan({ connected: false });
    const tomorrow = await fan({ day: '2026-04-15' });
    const noGrant = await fan({ grant: false });
    for (const u of [ok, off, pending, tomorrow, noGrant]) await prefer(u.id, 'Space Mountain');
    expect(await runAutoBooking({ db, now }, MK)).toEqual({ users: 1, booked: 1, stale: false });
    expect((await bookingsOf(ok.id)).length).toBe(1);
    for (const u of [off, pending, tomorrow, noGrant]) expect(await bookingsOf(u.id)).toEqual([]);
    // Gate on for everyone: the user without a grant is booked too; off: only admins.
    await features.setFlag(db, { key: 'lightning_lane', state: 'on', launchLabel: 'Q2 2025', updatedBy: ok.id });
    expect(await runAutoBooking({ db, now }, MK)).toEqual({ users: 2, booked: 1, stale: false });
    expect((await bookingsOf(noGrant.id)).length).toBe(1);
    await features.setFlag(db, { key: 'lightning_lane', state: 'off', launchLabel: 'Q2 2025', updatedBy: ok.id });
    await users.grantRole(db, off.id, 'admin');
    await lightningLane.setAutoBooking(db, off.id, true, RECORDED);
    expect(await runAutoBooking({ db, now }, MK)).toEqual({ users: 1, booked: 1, stale: false });
    expect((await bookingsOf(off.id)).length).toBe(1);
  });

  it('stale live data books nothing', async () => {
    const u = await fan();
    await prefer(u.id, 'Space Mountain');
    const later = () => new Date(RECORDED.getTime() + 6 * 60_000);
    expect(await runAutoBooking({ db, now: later }, MK)).toEqual({ users: 1, booked: 0, stale: true });
    expect(await bookingsOf(u.id)).toEqual([]);
  });

  it('racing runs book a lane once (unique live booking per user, attraction and day)', async () => {
    const u = await fan();
    await prefer(u.id, 'Space Mountain');
    const results = await Promise.all(Array.from({ length: 5 }, () => runAutoBooking({ db, now }, MK)));
    expect(results.reduce((n, r) => n + r.booked, 0)).toBe(1);
    expect(await bookingsOf(u.id)).toHaveLength(1);
  });

  it('a failing booker leaves no booking behind and does not stop the other users', async () => {
    const a = await fan();
    const b = await fan();
    await prefer(a.id, 'Space Mountain');
    await prefer(b.id, 'Space Mountain');
    const flaky: LightningLaneBooker = {
      kind: 'simulated',
      book: async (req) => {
        if (req.userId === a.id) throw new Error('upstream refused');
        return { status: 'confirmed' };
      },
      cancel: async () => {},
    };
    expect(await runAutoBooking({ db, now, booker: flaky, logger: pino({ level: 'silent' }) }, MK)).toMatchObject({ users: 2, booked: 1 });
    expect(await bookingsOf(a.id)).toEqual([]);
    expect(await bookingsOf(b.id)).toHaveLength(1);
  });
});

describe('the poll-park worker runs auto-booking after each poll', () => {
  it('a poll job of the park books the chosen lane', async () => {
    const u = await fan();
    await prefer(u.id, 'Haunted Mansion', { priority: 3 });
    const producer = createRedis(TEST_REDIS_URL, 'producer');
    const connection = createRedis(TEST_REDIS_URL, 'worker');
    const queues = createQueues({ connection: producer, prefix: `test-${randomUUID()}` });
    const worker = await startTestWorker({ db, connection, queues, source, now });
    try {
      // A poll job skipped because another tick of the park holds its lease (the worker's own first poll of the
      // park can take it) books nothing, as in production, where the next minute's poll books: so until the lane is
      // booked, one more poll job a second, at most five.
      let polls = 0;
      await expect
        .poll(
          async () => {
            const booked = (await bookingsOf(u.id)).map((b) => b.attraction_name);
            if (booked.length === 0 && polls < 5) {
              polls += 1;
              await queues.poll.add('poll', { parkId: MK });
            }
            return booked;
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toEqual(['Haunted Mansion']);
    } finally {
      await worker.close();
      for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
      await queues.close();
      producer.disconnect();
      connection.disconnect();
    }
  });
});
