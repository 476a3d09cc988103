import { catalogue, features, users } from '@walkon/db';
import { FIXTURES_DIR } from '@walkon/db/testing';
import { addDaysToDate } from '@walkon/domain/dates';
import { createReplayDiningProvider, createReplaySource } from '@walkon/integrations/providers';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ORIGIN, signUpUser, trpcCall, withTestServer } from './harness.ts';

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const IOA = '267615cc-8943-4c2a-ae2c-5da728ca591f';
const LIBERTY = 'ae9a4a79-ccf1-4561-9a95-cf83d3007b98';
/** 18:00 in Orlando on 2026-12-01. */
const NOW = new Date('2026-12-01T23:00:00Z');

const env = withTestServer();
let app: FastifyInstance;
const source = createReplaySource({ dir: FIXTURES_DIR, files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'], now: () => NOW });

beforeAll(async () => {
  app = await buildApp({
    db: env.db,
    queues: env.queues,
    source,
    dining: createReplayDiningProvider({ dir: FIXTURES_DIR }),
    logger: pino({ level: 'silent' }),
    now: () => NOW,
    publicOrigin: ORIGIN,
    production: false,
  });
});
afterAll(async () => app?.close());
beforeEach(async () => {
  for (const t of ['deliveries', 'restaurant_alerts', 'feature_access_grants', 'feature_flags', 'sessions', 'user_roles', 'users'] as const)
    await env.db.deleteFrom(t).execute();
  await catalogue.upsertDestinations(env.db, await source.getDestinations());
});

const call = (proc: string, input?: unknown, cookie?: string) => trpcCall(app, proc, input, cookie);

/** A signed-up person; `granted` gives early access to restaurant alerts, `admin` the admin role. */
async function person(opts: { granted?: boolean; admin?: boolean } = {}) {
  const p = await signUpUser(app);
  if (opts.admin) await users.grantRole(env.db, p.id, 'admin');
  if (opts.granted) await features.grant(env.db, 'restaurant_alerts', p.id, p.id);
  return p;
}

const valid = { parkId: MK, restaurantId: LIBERTY, dates: ['2026-12-01', '2026-12-03'] };

describe('restaurants router (docs/spec/part-2.md §2–§9)', () => {
  it('the gate refuses a signed-in user without early access (FORBIDDEN with the coming-soon message)', async () => {
    const u = await person();
    const r = await call('restaurants.destinations', undefined, u.cookie);
    expect(r.status).toBe(403);
    expect(r.message).toBe('Restaurant Alerts is in early access. Request early access to try it.');
    expect((await call('restaurants.create', valid, u.cookie)).status).toBe(403);
  });

  it('destinations: Walt Disney World and Disneyland Resort only, with their parks, and the data source', async () => {
    const u = await person({ granted: true });
    const r = await call('restaurants.destinations', undefined, u.cookie);
    expect(r.status).toBe(200);
    expect(r.data.source).toBe('replay');
    expect(r.data.sourceLabel).toMatch(/^Sample data/);
    expect(r.data.destinations.map((d: { name: string }) => d.name)).toEqual(['Walt Disney World® Resort', 'Disneyland Resort']);
    expect(r.data.destinations[0].parks.map((p: { name: string }) => p.name)).toContain('Magic Kingdom Park');
  });

  it("restaurants: the park's real RESTAURANT entities (loaded from live data on first use) and the park-local today", async () => {
    const u = await person({ granted: true });
    const r = await call('restaurants.restaurants', { parkId: MK }, u.cookie);
    expect(r.status).toBe(200);
    expect(r.data.park).toEqual({ id: MK, name: 'Magic Kingdom Park', timezone: 'America/New_York', today: '2026-12-01' });
    expect(r.data.restaurants.map((x: { name: string }) => x.name)).toEqual([
      'Be Our Guest Restaurant',
      "Cinderella's Royal Table",
      'Jungle Navigation Co. LTD Skipper Canteen',
      'Liberty Tree Tavern',
      'The Crystal Palace',
      'The Diamond Horseshoe',
      'The Plaza Restaurant',
      "Tony's Town Square Restaurant",
    ]);
    const other = await call('restaurants.restaurants', { parkId: IOA }, u.cookie);
    expect(other.status).toBe(404);
  });

  it('create: validation messages of docs/spec/part-2.md §5/§8, defaults, park-local dates, restaurant of the park', async () => {
    const u = await person({ granted: true });
    const bad = async (input: object) => (await call('restaurants.create', input, u.cookie)).message;
    expect(await bad({ ...valid, parkId: '' })).toBe('Please select a park and enter a valid email.');
    expect(await bad({ ...valid, email: 'not-an-email' })).toBe('Please select a park and enter a valid email.');
    expect(await bad({ ...valid, restaurantId: '' })).toBe('Please select a restaurant.');
    expect(await bad({ ...valid, dates: [] })).toBe('Please select at least one date.');
    expect(await bad({ ...valid, partySize: 21 })).toBe('Party size must be between 1 and 20.');
    expect(await bad({ ...valid, partySize: 0 })).toBe('Party size must be between 1 and 20.');
    expect(await bad({ ...valid, dates: Array.from({ length: 61 }, (_, i) => addDaysToDate('2027-01-01', i)) })).toBe(
      'Please select at most 60 dates.',
    );
    expect(await bad({ ...valid, dates: ['2026-11-30'] })).toBe('Please choose dates from today (2026-12-01) on.');
    // Impossible calendar dates are a 400 with the schema's message, never a database error (500).
    for (const dates of [['2026-12-32'], ['2027-02-29'], ['2026-13-01']]) {
      const r = await call('restaurants.create', { ...valid, dates }, u.cookie);
      expect(r).toMatchObject({ status: 400, message: 'Dates look like 2026-04-14.' });
    }
    expect(await bad({ ...valid, restaurantId: 'a-ride-or-unknown' })).toBe('Please select a restaurant of this park.');

    const ok = await call('restaurants.create', valid, u.cookie);
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({
      email: u.email,
      parkId: MK,
      parkName: 'Magic Kingdom Park',
      restaurantId: LIBERTY,
      restaurantName: 'Liberty Tree Tavern',
      active: true,
      dates: ['2026-12-01', '2026-12-03'],
      partySize: 2,
      preferredTime: 'dinner',
    });
    const custom = await call(
      'restaurants.create',
      { ...valid, email: u.email.toUpperCase(), partySize: 6, preferredTime: 'any' },
      u.cookie,
    );
    expect(custom.data).toMatchObject({ email: u.email, partySize: 6, preferredTime: 'any' });
    // Someone else's address is refused: WalkOn e-mails only the signed-in account.
    const other = await call('restaurants.create', { ...valid, email: 'Other@Example.com' }, u.cookie);
    expect(other).toMatchObject({ status: 400, message: `Restaurant alerts go to your account's e-mail address (${u.email}).` });
    expect((await call('restaurants.list', undefined, u.cookie)).data.map((a: { email: string }) => a.email)).not.toContain(
      'other@example.com',
    );
  });

  it('signed out: UNAUTHORIZED to create or list once the feature is on; reading restaurants is public', async () => {
    const admin = await person({ admin: true });
    await features.setFlag(env.db, { key: 'restaurant_alerts', state: 'on', launchLabel: 'Q1 2025', updatedBy: admin.id });
    expect((await call('restaurants.destinations', undefined)).status).toBe(200);
    expect((await call('restaurants.create', valid)).status).toBe(401);
    expect((await call('restaurants.list', undefined)).status).toBe(401);
  });

  it('list shows only mine; delete is owner-only (NOT_FOUND otherwise)', async () => {
    const owner = await person({ granted: true });
    const other = await person({ granted: true });
    const a = (await call('restaurants.create', valid, owner.cookie)).data;
    expect((await call('restaurants.list', undefined, owner.cookie)).data.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect((await call('restaurants.list', undefined, other.cookie)).data).toEqual([]);
    const theirs = await call('restaurants.delete', { id: a.id }, other.cookie);
    expect(theirs).toMatchObject({ status: 404, message: 'Restaurant alert not found.' });
    expect((await call('restaurants.delete', { id: a.id }, owner.cookie)).data).toEqual({ ok: true });
    expect((await call('restaurants.list', undefined, owner.cookie)).data).toEqual([]);
  });

  it('adminTest: admins only; runs the check now and returns counts; the e-mail link unsubscribes', async () => {
    const u = await person({ granted: true });
    const admin = await person({ admin: true });
    await call('restaurants.create', { ...valid, dates: ['2026-12-02'] }, u.cookie);
    const refused = await call('restaurants.adminTest', {}, u.cookie);
    expect(refused).toMatchObject({ status: 403, message: 'You do not have admin privileges' });
    const r = await call('restaurants.adminTest', { force: true, dates: ['2026-12-02'] }, admin.cookie);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      source: 'replay',
      alerts: 1,
      groups: 1,
      checks: 1,
      matched: 1,
      queued: 1,
      populate: { queueItemsCreated: 1 },
    });
    expect(await call('restaurants.adminTest', { dates: ['2026-02-30'] }, admin.cookie)).toMatchObject({
      status: 400,
      message: 'Dates look like 2026-04-14.',
    });
    const again = await call('restaurants.adminTest', { force: true }, admin.cookie);
    expect(again.data).toMatchObject({ matched: 1, queued: 0, duplicates: 1 });

    const { unsubscribe_token: token } = await env.db.selectFrom('restaurant_alerts').select('unsubscribe_token').executeTakeFirstOrThrow();
    const res = await app.inject({ method: 'POST', url: `/unsubscribe?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Restaurant alert stopped');
    expect((await call('restaurants.list', undefined, u.cookie)).data[0].active).toBe(false);
  });
});
