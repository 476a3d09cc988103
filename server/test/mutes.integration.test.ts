import { runParkTick } from '@walkon/core';
import { subscriptions } from '@walkon/db';
import { FIXTURES_DIR, truncateAll } from '@walkon/db/testing';
import { MUTE_UNTIL_MESSAGE, QUIET_SAME_MESSAGE } from '@walkon/domain/schemas';
import { createReplaySource } from '@walkon/integrations/providers';
import { beforeEach, describe, expect, it } from 'vitest';
import { signUpUser, trpcCall, withTestServer } from './harness.ts';

// docs/rules.md R16a (mutes, quiet hours) and R16b (the alerts-on confirmation) through the API, the real
// tick and the real send worker (outbox transport), against PostgreSQL and Redis.
const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const AT = new Date('2026-04-14T22:27:18Z'); // 18:27 park time (EDT)
const now = () => AT;
const replay = () => createReplaySource({ dir: FIXTURES_DIR, files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'], now });
// Fresh, OPERATING standby waits of the 2026-04-14T2227Z recording.
const DUMBO = '890fa430-89c0-4a3f-96c9-11597888005e'; // 15 min: short (≤ 15)
const SPEEDWAY = 'f163ddcd-43e1-488d-8276-2381c1db0a39'; // 5 min: short
const SPACE_MOUNTAIN = 'b2260923-9315-40fd-9c6b-44dd811dbe64'; // 20 min: not short

const env = withTestServer({ source: replay, now, sendWorker: true });
beforeEach(async () => truncateAll(env.db));
const call = (proc: string, input?: unknown, cookie?: string) => trpcCall(env.app, proc, input, cookie);

/** A signed-in account watching `rideIds` at MK with an e-mail pass for today (park-local 2026-04-14). */
async function fan(rideIds = [DUMBO, SPEEDWAY, SPACE_MOUNTAIN]) {
  const u = await signUpUser(env.app);
  expect((await call('waitTimes.live', { parkId: MK })).status).toBe(200);
  expect((await call('alerts.saveRides', { parkId: MK, rideIds }, u.cookie)).status).toBe(200);
  await subscriptions.upsertActivePass(env.db, {
    email: u.email,
    parkId: MK,
    userId: u.id,
    alertType: 'email',
    startDate: '2026-04-14',
    endDate: '2026-04-15',
  });
  return u;
}

describe('mutes.* and quietHours.* (docs/rules.md R16a)', () => {
  it('signed-in only; bad input is a 4xx with a sentence', async () => {
    expect((await call('mutes.set', { parkId: MK, until: 'one-hour' })).status).toBe(401);
    expect((await call('mutes.list')).status).toBe(401);
    expect((await call('quietHours.set', { start: '22:00', end: '07:00' })).status).toBe(401);
    const u = await fan();
    for (const [proc, input, message] of [
      ['mutes.set', { parkId: MK, until: 'forever' }, MUTE_UNTIL_MESSAGE],
      ['mutes.set', { parkId: MK }, MUTE_UNTIL_MESSAGE],
      ['mutes.set', { parkId: MK, attractionId: '', until: 'one-hour' }, 'Please select a ride.'],
      ['mutes.clear', { id: 'not-an-id' }, 'That mute was not found. Reload the page.'],
      ['quietHours.set', { start: '22:00', end: '22:00' }, QUIET_SAME_MESSAGE],
      ['quietHours.set', { start: '24:00', end: '07:00' }, 'Times look like 09:30.'],
    ] as const) {
      const r = await call(proc, input, u.cookie);
      expect(r.status, `${proc} ${JSON.stringify(input)}`).toBe(400);
      expect(r.message).toBe(message);
    }
    const other = await call('mutes.set', { parkId: MK, attractionId: 'not-a-magic-kingdom-ride', until: 'one-hour' }, u.cookie);
    expect(other.status).toBe(404);
    expect(other.message).toBe('That ride is not part of this park. Reload the page and try again.');
  });

  it('the three ends, park-local; listed soonest first; another account neither sees nor clears them', async () => {
    const u = await fan();
    const set = async (input: object) => {
      const r = await call('mutes.set', { parkId: MK, ...input }, u.cookie);
      expect(r.status).toBe(200);
      return r.data;
    };
    // 18:27:18 EDT: one hour → 19:27:18; tomorrow 8 am → 08:00 EDT = 12:00 UTC; rest of day → midnight EDT = 04:00 UTC.
    expect(await set({ attractionId: DUMBO, until: 'one-hour' })).toMatchObject({
      attractionId: DUMBO,
      attractionName: 'Dumbo the Flying Elephant',
      until: '2026-04-14T23:27:18.000Z',
      untilLabel: '7:27 PM park time',
    });
    expect(await set({ attractionId: SPEEDWAY, until: 'tomorrow-8am' })).toMatchObject({
      until: '2026-04-15T12:00:00.000Z',
      untilLabel: 'tomorrow 8:00 AM park time',
    });
    expect(await set({ until: 'rest-of-day' })).toMatchObject({
      attractionId: null,
      parkName: 'Magic Kingdom Park',
      until: '2026-04-15T04:00:00.000Z',
      untilLabel: 'midnight park time',
    });
    const list = (await call('mutes.list', undefined, u.cookie)).data as { id: string; until: string }[];
    expect(list.map((m) => m.until)).toEqual(['2026-04-14T23:27:18.000Z', '2026-04-15T04:00:00.000Z', '2026-04-15T12:00:00.000Z']);

    const b = await signUpUser(env.app);
    expect((await call('mutes.list', undefined, b.cookie)).data).toEqual([]);
    const foreign = await call('mutes.clear', { id: list[0]!.id }, b.cookie);
    expect(foreign.status).toBe(404);
    expect((await call('mutes.clear', { id: list[0]!.id }, u.cookie)).status).toBe(200);
    expect(((await call('mutes.list', { parkId: MK }, u.cookie)).data as unknown[]).length).toBe(2);
  });

  it('quiet hours: set, read back, cleared', async () => {
    const u = await fan();
    expect((await call('quietHours.get', undefined, u.cookie)).data).toBeNull();
    expect((await call('quietHours.set', { start: '22:00', end: '07:30' }, u.cookie)).data).toEqual({ start: '22:00', end: '07:30' });
    expect((await call('quietHours.get', undefined, u.cookie)).data).toEqual({ start: '22:00', end: '07:30' });
    expect((await call('quietHours.clear', undefined, u.cookie)).status).toBe(200);
    expect((await call('quietHours.get', undefined, u.cookie)).data).toBeNull();
  });

  it('the tick leaves out a ride muted through the API, and alerts nobody during quiet hours', async () => {
    const u = await fan();
    const q = await fan();
    expect((await call('mutes.set', { parkId: MK, attractionId: DUMBO, until: 'one-hour' }, u.cookie)).status).toBe(200);
    // 18:00–19:00 park time holds at 18:27.
    expect((await call('quietHours.set', { start: '18:00', end: '19:00' }, q.cookie)).status).toBe(200);
    await runParkTick({ db: env.db, source: replay(), now }, MK);
    const rows = await env.db.selectFrom('deliveries').select(['email', 'ride_id']).where('kind', '=', 'ride_alert').execute();
    expect(rows.filter((r) => r.email === u.email).map((r) => r.ride_id)).toEqual([SPEEDWAY]);
    expect(rows.filter((r) => r.email === q.email)).toEqual([]);
  });
});

describe('the alerts-on confirmation (docs/rules.md R16b)', () => {
  const mails = (to: string) =>
    env.db
      .selectFrom('outbox_messages')
      .select(['subject', 'body_text'])
      .where('to_address', '=', to)
      .where('subject', '=', 'WalkOn alerts are on: Magic Kingdom Park')
      .execute();

  it('switching alerts on sends one e-mail: rides watched, park, closing, rides short now; once per activation', async () => {
    const u = await fan();
    // The tick stores the readings and verdicts the sentence is judged from (and the alerts, which do not matter here).
    await runParkTick({ db: env.db, source: replay(), now }, MK);
    await env.db.deleteFrom('park_hours').where('park_id', '=', MK).execute();
    await env.db
      .insertInto('park_hours')
      .values({ park_id: MK, local_date: '2026-04-14', type: 'OPERATING', opens: '09:00', closes: '23:00', description: null })
      .execute();
    expect((await call('alerts.stop', { parkId: MK }, u.cookie)).status).toBe(200);
    const on = await call('alerts.activate', { parkId: MK, rideIds: [DUMBO, SPEEDWAY, SPACE_MOUNTAIN] }, u.cookie);
    expect(on.status).toBe(200);
    // 3 watched; Dumbo (15) and Speedway (5) are ≤ 15, Space Mountain (20) is not: 2 short.
    await expect.poll(async () => (await mails(u.email)).length, { timeout: 20_000, interval: 200 }).toBe(1);
    const [mail] = await mails(u.email);
    expect(mail!.body_text).toContain('Alerts on for 3 rides at Magic Kingdom Park until 11:00 PM park time; 2 are short right now.');
    expect(mail!.body_text).toContain('/manage-alerts');
    // Activating again while on, or a repeat in the same minute, sends nothing more.
    expect((await call('alerts.activate', { parkId: MK, rideIds: [DUMBO, SPEEDWAY, SPACE_MOUNTAIN] }, u.cookie)).status).toBe(200);
    await call('alerts.stop', { parkId: MK }, u.cookie);
    await call('alerts.activate', { parkId: MK, rideIds: [DUMBO, SPEEDWAY, SPACE_MOUNTAIN] }, u.cookie);
    const rows = await env.db.selectFrom('deliveries').select('id').where('kind', '=', 'alerts_on').execute();
    expect(rows).toHaveLength(1);
    // It is not an alert: not in the history, and it starts no test-alert cooldown.
    const state = (await call('alerts.state', { parkId: MK }, u.cookie)).data;
    expect(state.history.some((h: { kind: string }) => h.kind === 'alerts_on')).toBe(false);
  });

  it('an SMS pass gets it by SMS: one GSM-7 segment ending "Reply STOP to opt out."', async () => {
    const u = await fan([DUMBO]);
    await subscriptions.upsertActivePass(env.db, {
      email: u.email,
      parkId: MK,
      userId: u.id,
      alertType: 'sms',
      phoneNumber: '+14075550123',
      startDate: '2026-04-14',
      endDate: '2026-04-15',
    });
    await call('alerts.stop', { parkId: MK }, u.cookie);
    expect((await call('alerts.activate', { parkId: MK, rideIds: [DUMBO] }, u.cookie)).status).toBe(200);
    const sms = () =>
      env.db.selectFrom('outbox_messages').select(['body_text', 'channel']).where('to_address', '=', '+14075550123').execute();
    await expect.poll(async () => (await sms()).length, { timeout: 20_000, interval: 200 }).toBe(1);
    const [m] = await sms();
    // No schedule stored (nobody ticked the park): alerting ends with the pass day. Dumbo stands at 15 ≤ 15: short.
    expect(m!.body_text).toBe(
      'WalkOn: Alerts on for 1 ride at Magic Kingdom Park until midnight park time; 1 is short right now. Reply STOP to opt out.',
    );
    expect(m!.body_text.length).toBeLessThanOrEqual(160);
  });

  it('a scheduled start sends no confirmation now', async () => {
    const u = await fan([DUMBO]);
    await call('alerts.stop', { parkId: MK }, u.cookie);
    const r = await call('alerts.activate', { parkId: MK, rideIds: [DUMBO], startDate: '2026-04-14', startTime: '21:00' }, u.cookie);
    expect(r.data.scheduled).toBe(true);
    expect(await env.db.selectFrom('deliveries').select('id').where('kind', '=', 'alerts_on').execute()).toEqual([]);
  });
});
