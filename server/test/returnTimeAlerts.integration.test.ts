import { FIXTURES_DIR } from '@walkon/db/testing';
import { createReplaySource } from '@walkon/integrations/providers';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { RETURN_TIME_NO_PASS } from '../src/services/returnTimeAlerts.ts';
import { signUpUser, trpcCall, watchWithPass, withTestApp, withTestServer } from './harness.ts';

// Return-time alerts API (docs/decisions/017) over the real Magic Kingdom recording, with the clock at the recording
// instant (18:27 in Orlando on 2026-04-14) so the recorded return starts are served unshifted.
const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const AT = new Date('2026-04-14T22:27:18Z');
const now = () => AT;
const replay = () => createReplaySource({ dir: FIXTURES_DIR, files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'], now });

const DUMBO = '890fa430-89c0-4a3f-96c9-11597888005e'; // RETURN_TIME AVAILABLE 19:20
const PETER_PAN = '86a41273-5f15-4b54-93b6-829f140e5161'; // RETURN_TIME FINISHED
const TRON = '5a43d1a7-ad53-4d25-abfe-25625f0da304'; // PAID_RETURN_TIME FINISHED, $21.00
const SPACE_MOUNTAIN = 'b2260923-9315-40fd-9c6b-44dd811dbe64'; // RETURN_TIME AVAILABLE 18:45
const CAROUSEL = '8183f3f2-1b59-4b9c-b634-6a863bdf8d84'; // Carousel of Progress: no return-time queue

const env = withTestServer({ source: replay });
let app: FastifyInstance;
withTestApp(env, { source: replay, now }, (built) => {
  app = built;
});

const call = (proc: string, input?: unknown, cookie?: string) => trpcCall(app, proc, input, cookie);
const signUp = () => signUpUser(app);

/** A pass for MK today (park-local 2026-04-14), bought by the signed-in account, and a watch on `rideIds`. */
const passAndWatch = (user: { id: string; email: string; cookie: string }, rideIds: string[]) =>
  watchWithPass(app, env.db, user, { parkId: MK, rideIds, startDate: '2026-04-14', endDate: '2026-04-15' });

const set = (cookie: string, rideId: string, queueType: string, beforeTime: string | null = null) =>
  call('returnTimeAlerts.set', { parkId: MK, rideId, queueType, beforeTime }, cookie);
const list = async (cookie: string) => {
  const r = await call('returnTimeAlerts.list', { parkId: MK }, cookie);
  expect(r.status).toBe(200);
  return r.body.result.data;
};

describe('returnTimeAlerts.* (not feature-gated)', () => {
  it('every procedure refuses a signed-out caller (401)', async () => {
    expect((await call('returnTimeAlerts.list', { parkId: MK })).status).toBe(401);
    expect((await call('returnTimeAlerts.set', { parkId: MK, rideId: DUMBO, queueType: 'RETURN_TIME', beforeTime: null })).status).toBe(
      401,
    );
    expect((await call('returnTimeAlerts.remove', { parkId: MK, rideId: DUMBO, queueType: 'RETURN_TIME' })).status).toBe(401);
  });

  it('validation: bad queue type, time or missing ids are a 400 with a message', async () => {
    const a = await signUp();
    const cases: [unknown, string][] = [
      [{ parkId: MK, rideId: DUMBO, queueType: 'STANDBY', beforeTime: null }, 'Choose Lightning Lane Multi Pass or Single Pass.'],
      [{ parkId: MK, rideId: DUMBO, queueType: 'RETURN_TIME', beforeTime: '25:00' }, 'Enter a time like 14:30.'],
      [{ parkId: MK, rideId: DUMBO, queueType: 'RETURN_TIME', beforeTime: '7:20 PM' }, 'Enter a time like 14:30.'],
      [{ parkId: MK, rideId: '', queueType: 'RETURN_TIME', beforeTime: null }, 'Please select an attraction.'],
      [{ parkId: MK, rideId: DUMBO, queueType: 'RETURN_TIME' }, 'Enter a time like 14:30.'],
    ];
    for (const [input, message] of cases) {
      const r = await call('returnTimeAlerts.set', input, a.cookie);
      expect(r.status, JSON.stringify(input)).toBe(400);
      expect(r.body.error.message).toBe(message);
    }
    const unknownPark = await call('returnTimeAlerts.list', { parkId: 'no-such-park' }, a.cookie);
    expect(unknownPark.status).toBe(404);
  });

  it('needs a pass for the park', async () => {
    const a = await signUp();
    await call('waitTimes.live', { parkId: MK });
    await call('alerts.saveRides', { parkId: MK, rideIds: [DUMBO] }, a.cookie);
    const r = await set(a.cookie, DUMBO, 'RETURN_TIME');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(RETURN_TIME_NO_PASS);
    expect((await list(a.cookie)).hasPass).toBe(false);
  });

  it('list shows each watched attraction with its live Lightning Lane state (available / sold out / not offered)', async () => {
    const a = await signUp();
    await passAndWatch(a, [DUMBO, PETER_PAN, TRON, CAROUSEL]);
    const data = await list(a.cookie);
    expect(data).toMatchObject({
      parkId: MK,
      parkName: 'Magic Kingdom Park',
      timezone: 'America/New_York',
      today: '2026-04-14',
      hasPass: true,
      passToday: true,
    });
    const byId = Object.fromEntries(data.rides.map((r: { rideId: string }) => [r.rideId, r]));
    expect(Object.keys(byId).sort()).toEqual([DUMBO, PETER_PAN, TRON, CAROUSEL].sort());
    expect(byId[DUMBO]).toMatchObject({
      rideName: 'Dumbo the Flying Elephant',
      watching: true,
      fresh: true,
      staleReason: null,
      returnTimes: {
        RETURN_TIME: {
          state: 'AVAILABLE',
          available: true,
          returnStart: '2026-04-14T23:20:00.000Z',
          returnStartLocal: '19:20',
          priceLabel: null,
        },
        PAID_RETURN_TIME: null,
      },
      alerts: [],
    });
    expect(byId[PETER_PAN].returnTimes.RETURN_TIME).toMatchObject({ state: 'FINISHED', available: false, returnStartLocal: null });
    expect(byId[TRON].returnTimes).toMatchObject({
      RETURN_TIME: null,
      PAID_RETURN_TIME: { state: 'FINISHED', available: false, priceCents: 2100, priceLabel: '$21.00' },
    });
    expect(byId[CAROUSEL].returnTimes).toEqual({ RETURN_TIME: null, PAID_RETURN_TIME: null });
    // docs/rules.md R56: a reading R2 refuses says why — here last confirmed yesterday while the feed is live, not
    // "not updated in 15+ min".
    await env.db
      .updateTable('ride_status')
      .set({ last_updated: new Date('2026-04-13T20:00:00Z') })
      .where('attraction_id', '=', DUMBO)
      .execute();
    const again = await list(a.cookie);
    expect(again.rides.find((r: { rideId: string }) => r.rideId === DUMBO)).toMatchObject({
      fresh: false,
      staleReason: 'This reading was last confirmed on an earlier day.',
    });
  });

  it('set: only watched attractions and queue types they publish; sold-out queues may be watched; replace and remove', async () => {
    const a = await signUp();
    await passAndWatch(a, [DUMBO, TRON, CAROUSEL]);
    const unwatched = await set(a.cookie, SPACE_MOUNTAIN, 'RETURN_TIME');
    expect(unwatched.status).toBe(400);
    expect(unwatched.body.error.message).toBe('You are not watching this attraction. Turn it on in your ride list and save first.');
    const noPaid = await set(a.cookie, DUMBO, 'PAID_RETURN_TIME');
    expect(noPaid.status).toBe(400);
    expect(noPaid.body.error.message).toBe('Dumbo the Flying Elephant does not offer Lightning Lane Single Pass right now.');
    const none = await set(a.cookie, CAROUSEL, 'RETURN_TIME');
    expect(none.status).toBe(400);
    expect(none.body.error.message).toMatch(/does not offer Lightning Lane Multi Pass right now\.$/);

    const ok = await set(a.cookie, DUMBO, 'RETURN_TIME', '19:30');
    expect(ok.status).toBe(200);
    expect(ok.body.result.data).toEqual({ rideId: DUMBO, queueType: 'RETURN_TIME', beforeTime: '19:30' });
    expect((await set(a.cookie, TRON, 'PAID_RETURN_TIME')).status).toBe(200);
    // Replacing keeps one alert per (ride, queue type).
    expect((await set(a.cookie, DUMBO, 'RETURN_TIME', null)).status).toBe(200);
    let rides = (await list(a.cookie)).rides;
    expect(rides.find((r: { rideId: string }) => r.rideId === DUMBO).alerts).toEqual([{ queueType: 'RETURN_TIME', beforeTime: null }]);
    expect(rides.find((r: { rideId: string }) => r.rideId === TRON).alerts).toEqual([{ queueType: 'PAID_RETURN_TIME', beforeTime: null }]);

    // A watch switched off: the alert stays listed (so it can be removed) but cannot be set again.
    await call('manageAlerts.save', { parks: [{ parkId: MK, active: true, rides: [{ rideId: TRON, active: false }] }] }, a.cookie);
    rides = (await list(a.cookie)).rides;
    expect(rides.find((r: { rideId: string }) => r.rideId === TRON)).toMatchObject({
      watching: false,
      alerts: [{ queueType: 'PAID_RETURN_TIME' }],
    });
    expect((await set(a.cookie, TRON, 'PAID_RETURN_TIME', '12:00')).status).toBe(400);

    const removed = await call('returnTimeAlerts.remove', { parkId: MK, rideId: TRON, queueType: 'PAID_RETURN_TIME' }, a.cookie);
    expect(removed.body.result.data).toEqual({ removed: true });
    const again = await call('returnTimeAlerts.remove', { parkId: MK, rideId: TRON, queueType: 'PAID_RETURN_TIME' }, a.cookie);
    expect(again.body.result.data).toEqual({ removed: false });
    rides = (await list(a.cookie)).rides;
    expect(rides.map((r: { rideId: string }) => r.rideId).sort()).toEqual([CAROUSEL, DUMBO].sort());
  });

  it("owner isolation: another user neither sees nor removes A's alerts, and cannot set on A's watches", async () => {
    const a = await signUp();
    const b = await signUp();
    await passAndWatch(a, [DUMBO]);
    expect((await set(a.cookie, DUMBO, 'RETURN_TIME', '20:00')).status).toBe(200);
    const bList = await list(b.cookie);
    expect(bList).toMatchObject({ hasPass: false, rides: [] });
    const bRemove = await call('returnTimeAlerts.remove', { parkId: MK, rideId: DUMBO, queueType: 'RETURN_TIME' }, b.cookie);
    expect(bRemove.body.result.data).toEqual({ removed: false });
    expect((await set(b.cookie, DUMBO, 'RETURN_TIME')).status).toBe(400);
    // B with a pass of their own but no watch on Dumbo is still refused.
    await passAndWatch(b, [SPACE_MOUNTAIN]);
    expect((await set(b.cookie, DUMBO, 'RETURN_TIME')).body.error.message).toMatch(/not watching/);
    const aRides = (await list(a.cookie)).rides;
    expect(aRides[0].alerts).toEqual([{ queueType: 'RETURN_TIME', beforeTime: '20:00' }]);
    const rows = await env.db.selectFrom('return_time_alerts').select(['email', 'user_id']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe(a.email);
    expect(rows[0]?.user_id).not.toBeNull();
  });
});
