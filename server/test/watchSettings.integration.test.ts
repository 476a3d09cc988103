import { runParkTick } from '@walkon/core';
import { users } from '@walkon/db';
import { FIXTURES_DIR } from '@walkon/db/testing';
import { createReplaySource } from '@walkon/integrations/providers';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signUpUser, trpcCall, watchWithPass, withTestApp, withTestServer } from './harness.ts';

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const EPCOT_RIDE = 'not-a-magic-kingdom-ride';
const AT = new Date('2026-04-14T22:27:18Z');
const now = () => AT;
const replay = () => createReplaySource({ dir: FIXTURES_DIR, files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'], now });

// Fresh, OPERATING standby waits of the 2026-04-14T2227Z recording.
const DUMBO = '890fa430-89c0-4a3f-96c9-11597888005e'; // 15 min
const SPEEDWAY = 'f163ddcd-43e1-488d-8276-2381c1db0a39'; // 5 min
const SPACE_MOUNTAIN = 'b2260923-9315-40fd-9c6b-44dd811dbe64'; // 20 min

const env = withTestServer({ source: replay });
let app: FastifyInstance;
withTestApp(env, { source: replay, now }, (built) => {
  app = built;
});

const call = (proc: string, input?: unknown, cookie?: string) => trpcCall(app, proc, input, cookie);
const settings = (rideId: string, thresholdMinutes: number | null, backInService = false, remindHourly = false) => ({
  parkId: MK,
  rideId,
  thresholdMinutes,
  backInService,
  remindHourly,
});

/** A pass for MK today (park-local 2026-04-14), bought by the signed-in account, and a watch on `rideIds`. */
const passAndWatch = (user: { id: string; email: string; cookie: string }, rideIds: string[]) =>
  watchWithPass(app, env.db, user, { parkId: MK, rideIds, startDate: '2026-04-14', endDate: '2026-04-15' });

async function listed(cookie: string) {
  const r = await call('watchSettings.list', { parkId: MK }, cookie);
  expect(r.status).toBe(200);
  return r.data as { defaultThresholdMinutes: number; rides: Record<string, unknown>[] };
}

describe('watchSettings.* (DESIGN §2.3, §6: per-watch threshold, back in service, hourly reminder)', () => {
  it('signed-in only; bad input is a 400 with a sentence', async () => {
    expect((await call('watchSettings.list', { parkId: MK })).status).toBe(401);
    expect((await call('watchSettings.set', settings(DUMBO, 5))).status).toBe(401);
    const u = await signUpUser(app);
    for (const [input, message] of [
      [settings(DUMBO, 4), 'Pick a threshold between 5 and 60 minutes.'],
      [settings(DUMBO, 61), 'Pick a threshold between 5 and 60 minutes.'],
      [settings(DUMBO, 7.5), 'Pick a threshold between 5 and 60 minutes.'],
      [{ ...settings(DUMBO, 10), backInService: 'yes' }, 'Choose whether to get back-in-service alerts.'],
      [{ ...settings(DUMBO, 10), rideId: '' }, 'Please select a ride.'],
    ] as const) {
      const r = await call('watchSettings.set', input, u.cookie);
      expect(r.status).toBe(400);
      expect(r.message).toBe(message);
    }
  });

  it('stores a watch’s settings, back to the default with null; a ride of another park is refused', async () => {
    const u = await signUpUser(app);
    await passAndWatch(u, [DUMBO]);
    const r = await call('watchSettings.set', settings(DUMBO, 5, true, true), u.cookie);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      rideId: DUMBO,
      watching: true,
      thresholdMinutes: 5,
      effectiveThresholdMinutes: 5,
      backInService: true,
      remindHourly: true,
    });
    // A ride not selected yet keeps its settings, inactive, for when it is selected.
    expect((await call('watchSettings.set', settings(SPACE_MOUNTAIN, 20), u.cookie)).data).toMatchObject({
      watching: false,
      thresholdMinutes: 20,
    });
    expect((await call('watchSettings.set', settings(DUMBO, null), u.cookie)).data).toMatchObject({
      thresholdMinutes: null,
      effectiveThresholdMinutes: 15,
      backInService: false,
    });
    const l = await listed(u.cookie);
    expect(l.defaultThresholdMinutes).toBe(15);
    expect(l.rides).toHaveLength(2);
    expect((await call('alerts.state', { parkId: MK }, u.cookie)).data.selectedRideIds).toEqual([DUMBO]);

    const other = await call('watchSettings.set', settings(EPCOT_RIDE, 10), u.cookie);
    expect(other.status).toBe(404);
    expect(other.message).toBe('That ride is not part of this park. Reload the page and try again.');
  });

  it('one person never sees or changes another’s settings, here or through Manage Alerts', async () => {
    const a = await signUpUser(app);
    const b = await signUpUser(app);
    await passAndWatch(a, [DUMBO]);
    await passAndWatch(b, [SPEEDWAY]);
    await call('watchSettings.set', settings(DUMBO, 30, true), a.cookie);
    expect((await listed(b.cookie)).rides.map((r) => r.rideId)).toEqual([SPEEDWAY]);
    // B saves settings for A's ride through Manage Alerts: B has no watch on it, so nothing changes.
    const save = await call(
      'manageAlerts.save',
      {
        parks: [
          {
            parkId: MK,
            active: true,
            rides: [{ rideId: DUMBO, active: true, settings: { thresholdMinutes: 5, backInService: false, remindHourly: true } }],
          },
        ],
      },
      b.cookie,
    );
    expect(save.status).toBe(200);
    expect((await listed(a.cookie)).rides).toEqual([
      expect.objectContaining({ rideId: DUMBO, thresholdMinutes: 30, backInService: true, remindHourly: false }),
    ]);
    expect((await listed(b.cookie)).rides.map((r) => r.rideId)).toEqual([SPEEDWAY]);
  });

  it('Manage Alerts lists and saves each ride’s settings with the toggles', async () => {
    const u = await signUpUser(app);
    await passAndWatch(u, [DUMBO, SPEEDWAY]);
    const save = await call(
      'manageAlerts.save',
      {
        parks: [
          {
            parkId: MK,
            active: true,
            rides: [
              { rideId: DUMBO, active: false, settings: { thresholdMinutes: 45, backInService: true, remindHourly: false } },
              { rideId: SPEEDWAY, active: true },
            ],
          },
        ],
      },
      u.cookie,
    );
    expect(save.status).toBe(200);
    const park = (await call('manageAlerts.list', undefined, u.cookie)).data.parks[0];
    const byId = Object.fromEntries(park.rides.map((r: { rideId: string }) => [r.rideId, r]));
    expect(byId[DUMBO]).toMatchObject({ active: false, settings: { thresholdMinutes: 45, backInService: true, remindHourly: false } });
    expect(byId[SPEEDWAY]).toMatchObject({ active: true, settings: { thresholdMinutes: null, backInService: false, remindHourly: false } });
    const bad = await call(
      'manageAlerts.save',
      {
        parks: [
          {
            parkId: MK,
            active: true,
            rides: [{ rideId: DUMBO, active: true, settings: { thresholdMinutes: 90, backInService: false, remindHourly: false } }],
          },
        ],
      },
      u.cookie,
    );
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('Pick a threshold between 5 and 60 minutes.');
  });

  it('the tick alerts each ride by its own threshold', async () => {
    const u = await signUpUser(app);
    await passAndWatch(u, [DUMBO, SPEEDWAY, SPACE_MOUNTAIN]);
    await call('watchSettings.set', settings(DUMBO, 5), u.cookie); // 15 > 5: no alert
    await call('watchSettings.set', settings(SPEEDWAY, 5), u.cookie); // 5 ≤ 5: alert
    await call('watchSettings.set', settings(SPACE_MOUNTAIN, 20), u.cookie); // 20 ≤ 20: alert
    await runParkTick({ db: env.db, source: replay(), now }, MK);
    const rows = await env.db.selectFrom('deliveries').select('ride_id').where('email', '=', u.email).execute();
    expect(rows.map((d) => d.ride_id).sort()).toEqual([SPACE_MOUNTAIN, SPEEDWAY].sort());
  });
});

describe('admin.alertDailyCaps (DESIGN §2.5 daily caps per person and channel)', () => {
  it('admins read the defaults and set both caps; others are refused; out-of-range values are a 400', async () => {
    const user = await signUpUser(app);
    expect((await call('admin.alertDailyCaps', undefined, user.cookie)).status).toBe(403);
    expect((await call('admin.setAlertDailyCaps', { sms: 5, email: 5 }, user.cookie)).status).toBe(403);
    expect((await call('admin.alertDailyCaps')).status).toBe(401);

    const admin = await signUpUser(app);
    await users.grantRole(env.db, admin.id, 'admin');
    expect((await call('admin.alertDailyCaps', undefined, admin.cookie)).data).toEqual({
      sms: 30,
      email: 60,
      defaults: { sms: 30, email: 60 },
      min: 1,
      max: 500,
    });
    const set = await call('admin.setAlertDailyCaps', { sms: 12, email: 200 }, admin.cookie);
    expect(set.status).toBe(200);
    expect(set.data).toMatchObject({ sms: 12, email: 200 });
    // Stored as JSON integers under the keys the alert engine reads.
    const rows = await env.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'like', 'alert_daily_cap_%')
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { key: 'alert_daily_cap_email', value: 200 },
      { key: 'alert_daily_cap_sms', value: 12 },
    ]);
    for (const input of [
      { sms: 0, email: 10 },
      { sms: 10, email: 501 },
      { sms: 2.5, email: 10 },
    ]) {
      const r = await call('admin.setAlertDailyCaps', input, admin.cookie);
      expect(r.status).toBe(400);
      expect(r.message).toMatch(/^The daily (SMS|e-mail) cap must be a whole number from 1 to 500\.$/);
    }
    expect((await call('admin.alertDailyCaps', undefined, admin.cookie)).data).toMatchObject({ sms: 12, email: 200 });
  });
});
