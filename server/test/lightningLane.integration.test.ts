import { catalogue, features, lightningLane, users, watches } from '@walkon/db';
import { FIXTURES_DIR, truncateAll } from '@walkon/db/testing';
import { addDaysToDate } from '@walkon/domain/dates';
import { LL_MESSAGES } from '@walkon/domain/schemas';
import { createReplaySource } from '@walkon/integrations/providers';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPayments } from '../src/payments/stripe.ts';
import { buildTestApp, ORIGIN, signUpUser, trpcCall, withTestServer } from './harness.ts';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, type StripeFake, startStripeFake } from './stripeFake.ts';

/**
 * Lightning Lane assist (docs/spec/part-2.md §4, docs/decisions/008) end to end over HTTP against the real PostgreSQL and Redis, the replay
 * source serving the REAL Magic Kingdom recording (tpw_live_magic-kingdom_2026-04-14T2227Z.json) through the
 * existing poll path, and the local Stripe fake with signed webhook events. The app's clock is the
 * recording's instant (18:27 in Orlando), so return times are "now".
 */

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const RECORDED = new Date('2026-04-14T22:27:18Z'); // the recording's newest lastUpdated: the replay shifts nothing
const TODAY = '2026-04-14';
let clock = RECORDED;
const now = () => clock;

let fake: StripeFake;
let app: FastifyInstance;
const source = createReplaySource({ dir: FIXTURES_DIR, files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'], now });
beforeAll(async () => {
  fake = await startStripeFake();
});
const env = withTestServer();
beforeAll(async () => {
  const payments = createPayments({ secretKey: FAKE_SECRET_KEY, webhookSecret: FAKE_WEBHOOK_SECRET, apiBase: fake.base });
  app = await buildTestApp(env, false, source, payments, now);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});
beforeEach(async () => {
  await truncateAll(env.db);
  fake.reset();
  clock = RECORDED;
  // The destinations catalogue (parks), as the first page load stores it.
  await catalogue.upsertDestinations(env.db, await source.getDestinations());
});

const call = (proc: string, input?: unknown, cookie?: string) => trpcCall(app, proc, input, cookie);

async function signUp(opts: { grant?: boolean } = { grant: true }) {
  const u = await signUpUser(app);
  if (opts.grant) await features.grant(env.db, 'lightning_lane', u.id, u.id);
  return u;
}
async function signUpAdmin() {
  const a = await signUp({ grant: false });
  await users.grantRole(env.db, a.id, 'admin');
  return a;
}
/** A user with a connected Disney account (invitation + operator confirmation). */
async function connectedUser() {
  const u = await signUp();
  const admin = await signUpAdmin();
  expect((await call('lightningLane.connect', { disneyEmail: 'mouse@disney.example' }, u.cookie)).status).toBe(200);
  expect((await call('lightningLane.adminConfirm', { userId: u.id }, admin.cookie)).status).toBe(200);
  return u;
}
const giveDay = (userId: string, day = TODAY) =>
  lightningLane.grantPasses(env.db, { userId, parkId: MK, days: [day], checkoutSessionId: 'cs_test_seeded' });

async function laneId(name: string, cookie: string): Promise<string> {
  const a = await call('lightningLane.availability', { parkId: MK }, cookie);
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  const lane = a.data.lanes.find((l: { name: string }) => l.name === name);
  if (!lane) throw new Error(`${name} not in availability`);
  return lane.id;
}

describe('the lightning_lane gate and sign-in', () => {
  it('early access (default): a user without a grant is FORBIDDEN, with a grant allowed; signed out is UNAUTHORIZED once open', async () => {
    const outsider = await signUp({ grant: false });
    const r = await call('lightningLane.status', undefined, outsider.cookie);
    expect(r.status).toBe(403);
    expect(r.message).toBe('Lightning Lane Assist is in early access. Request early access to try it.');
    const insider = await signUp();
    expect((await call('lightningLane.status', undefined, insider.cookie)).status).toBe(200);
    const admin = await signUpAdmin();
    await features.setFlag(env.db, { key: 'lightning_lane', state: 'on', launchLabel: 'Q2 2025', updatedBy: admin.id });
    const anon = await call('lightningLane.status');
    expect(anon.status).toBe(401);
    expect((await call('lightningLane.status', undefined, outsider.cookie)).status).toBe(200);
  });
});

describe('step 1: Disney account link (docs/spec/part-2.md §3, §4, §5, §7)', () => {
  it('connect records a pending invitation sent now, expiring in 24 h; status shows the countdown data; Expired after 24 h; disconnect deletes', async () => {
    const u = await signUp();
    expect((await call('lightningLane.status', undefined, u.cookie)).data).toMatchObject({
      disneyAccount: null,
      isConnected: false,
      autoBooking: false,
      passes: [],
      booker: 'simulated',
    });
    const c = await call('lightningLane.connect', { disneyEmail: '  Mouse@Disney.Example ' }, u.cookie);
    expect(c.status).toBe(200);
    expect(c.data).toMatchObject({
      success: true,
      invitation: { invitation_sent_at: RECORDED.toISOString(), expires_at: new Date(RECORDED.getTime() + 24 * 3_600_000).toISOString() },
      disneyAccount: { email: 'mouse@disney.example', isConnected: false, invitationStatus: 'pending', expired: false, lastSync: null },
    });
    expect(c.data.message).toMatch(/Invitation recorded for mouse@disney\.example/);
    clock = new Date(RECORDED.getTime() + 24 * 3_600_000 - 1000);
    expect((await call('lightningLane.status', undefined, u.cookie)).data.disneyAccount.expired).toBe(false);
    clock = new Date(RECORDED.getTime() + 24 * 3_600_000);
    expect((await call('lightningLane.status', undefined, u.cookie)).data.disneyAccount).toMatchObject({
      expired: true,
      invitationStatus: 'pending',
    });
    // Sending again replaces the expired invitation.
    const again = await call('lightningLane.connect', { disneyEmail: 'other@disney.example' }, u.cookie);
    expect(again.data.disneyAccount).toMatchObject({ email: 'other@disney.example', expired: false });
    expect((await call('lightningLane.disconnect', undefined, u.cookie)).data).toEqual({ disconnected: true });
    expect((await call('lightningLane.status', undefined, u.cookie)).data.disneyAccount).toBeNull();
    expect(await lightningLane.getLink(env.db, u.id)).toBeUndefined();
  });

  it('a Disney email is required and must be valid', async () => {
    const u = await signUp();
    const empty = await call('lightningLane.connect', { disneyEmail: '' }, u.cookie);
    expect(empty.status).toBe(400);
    expect(empty.message).toContain('Please enter your Disney account email.');
    expect((await call('lightningLane.connect', { disneyEmail: 'nope' }, u.cookie)).status).toBe(400);
  });

  it('admin lists links and confirms a pending one; non-admins are FORBIDDEN; confirmed twice or expired is a CONFLICT', async () => {
    const u = await signUp();
    const late = await signUp();
    const admin = await signUpAdmin();
    await call('lightningLane.connect', { disneyEmail: 'mouse@disney.example' }, u.cookie);
    clock = new Date(RECORDED.getTime() - 25 * 3_600_000);
    await call('lightningLane.connect', { disneyEmail: 'late@disney.example' }, late.cookie);
    clock = RECORDED;
    // Non-admins (even with the gate open to them) cannot see or confirm links.
    expect((await call('lightningLane.adminLinks', undefined, u.cookie)).status).toBe(403);
    const forbidden = await call('lightningLane.adminConfirm', { userId: u.id }, u.cookie);
    expect(forbidden.status).toBe(403);
    expect(forbidden.message).toBe('You do not have admin privileges');
    expect((await call('lightningLane.adminLinks')).status).toBe(401);

    const list = await call('lightningLane.adminLinks', undefined, admin.cookie);
    expect(list.data.map((l: any) => [l.accountEmail, l.email, l.invitationStatus, l.expired])).toEqual([
      [u.email, 'mouse@disney.example', 'pending', false],
      [late.email, 'late@disney.example', 'pending', true],
    ]);
    const ok = await call('lightningLane.adminConfirm', { userId: u.id }, admin.cookie);
    expect(ok.data).toMatchObject({ isConnected: true, invitationStatus: 'connected', lastSync: RECORDED.toISOString() });
    expect((await call('lightningLane.status', undefined, u.cookie)).data).toMatchObject({ isConnected: true });
    expect((await call('lightningLane.adminConfirm', { userId: u.id }, admin.cookie)).status).toBe(409);
    const expired = await call('lightningLane.adminConfirm', { userId: late.id }, admin.cookie);
    expect(expired.status).toBe(409);
    expect(expired.message).toMatch(/expired/);
    expect((await call('lightningLane.adminConfirm', { userId: admin.id }, admin.cookie)).status).toBe(404);
    const after = await call('lightningLane.adminLinks', undefined, admin.cookie);
    expect(after.data.find((l: any) => l.userId === u.id)).toMatchObject({ confirmedByEmail: admin.email, isConnected: true });
    // A connected account cannot be replaced without disconnecting first.
    expect((await call('lightningLane.connect', { disneyEmail: 'x@disney.example' }, u.cookie)).status).toBe(409);
  });
});

describe('availability from the real live data (docs/spec/part-2.md §3)', () => {
  it('reads the recorded RETURN_TIME / PAID_RETURN_TIME through the poll path, with source and poll time', async () => {
    const u = await signUp();
    const a = await call('lightningLane.availability', { parkId: MK }, u.cookie);
    expect(a.status).toBe(200);
    expect(a.data).toMatchObject({
      parkId: MK,
      parkName: 'Magic Kingdom Park',
      timezone: 'America/New_York',
      today: TODAY,
      polledAt: RECORDED.toISOString(),
      fresh: true,
      source: 'ThemeParks.wiki live data',
    });
    expect(a.data.lanes).toHaveLength(19);
    expect(a.data.lanes.filter((l: any) => l.available)).toHaveLength(11);
    expect(a.data.lanes.find((l: any) => l.name === 'Haunted Mansion')).toMatchObject({
      available: true,
      queueType: 'RETURN_TIME',
      returnTimeStart: '2026-04-15T00:50:00.000Z', // 20:50 in Orlando, as recorded
      returnTimeEnd: null,
      parkId: MK,
    });
    expect(a.data.lanes.find((l: any) => l.name === 'Seven Dwarfs Mine Train')).toMatchObject({
      available: false,
      state: 'FINISHED',
      queueType: 'PAID_RETURN_TIME',
      price: 1300,
      priceFormatted: '$13.00',
    });
    // The stored rows are the poller's (ride_status), not something invented for the page.
    const stored = await env.db.selectFrom('ride_status').select(['queue']).where('park_id', '=', MK).execute();
    expect(stored.length).toBeGreaterThan(50);
  });

  it('unknown park → NOT_FOUND', async () => {
    const u = await signUp();
    expect((await call('lightningLane.availability', { parkId: 'nope' }, u.cookie)).status).toBe(404);
  });
});

describe('booking (docs/spec/part-2.md §4, §5): simulated, from live availability only', () => {
  it('refused without a connected Disney account', async () => {
    const u = await signUp();
    await giveDay(u.id);
    const r = await call('lightningLane.book', { parkId: MK, attractionId: await laneId('Haunted Mansion', u.cookie) }, u.cookie);
    expect(r.status).toBe(403);
    expect(r.message).toBe(LL_MESSAGES.disneyAccountRequired);
    // A pending (unconfirmed) invitation is not a connection.
    await call('lightningLane.connect', { disneyEmail: 'mouse@disney.example' }, u.cookie);
    expect((await call('lightningLane.book', { parkId: MK, attractionId: 'x' }, u.cookie)).message).toBe(LL_MESSAGES.disneyAccountRequired);
  });

  it('refused without a Lightning Lane day for the park today (a day tomorrow is not enough)', async () => {
    const u = await connectedUser();
    await giveDay(u.id, addDaysToDate(TODAY, 1));
    const r = await call('lightningLane.book', { parkId: MK, attractionId: await laneId('Haunted Mansion', u.cookie) }, u.cookie);
    expect(r.status).toBe(403);
    expect(r.message).toBe(LL_MESSAGES.noDayToday);
  });

  it('refused when the lane is not available in the live data (FINISHED), or publishes no return time', async () => {
    const u = await connectedUser();
    await giveDay(u.id);
    const finished = await call('lightningLane.book', { parkId: MK, attractionId: await laneId("Peter Pan's Flight", u.cookie) }, u.cookie);
    expect(finished.status).toBe(409);
    expect(finished.message).toBe("No Lightning Lane return time is available for Peter Pan's Flight right now (live state: finished).");
    const standbyOnly = await env.db
      .selectFrom('attractions')
      .select('id')
      .where('park_id', '=', MK)
      .where('name', '=', 'Big Thunder Mountain Railroad')
      .executeTakeFirst();
    if (standbyOnly) {
      expect((await call('lightningLane.book', { parkId: MK, attractionId: standbyOnly.id }, u.cookie)).status).toBe(404);
    }
    expect(await env.db.selectFrom('lightning_lane_bookings').selectAll().execute()).toEqual([]);
  });

  it('refused when the live data is stale (no fresh poll possible)', async () => {
    const u = await connectedUser();
    await giveDay(u.id);
    const id = await laneId('Haunted Mansion', u.cookie);
    // The stored poll is older than 5 minutes and the source fails: nothing is bookable from old data.
    await sql`update ride_status set polled_at = polled_at - interval '10 minutes'`.execute(env.db);
    const broken = await buildTestApp(
      env,
      false,
      { kind: 'replay', getDestinations: async () => [], getLive: () => Promise.reject(new Error('down')) },
      null,
      now,
    );
    try {
      const r = await trpcCall(broken, 'lightningLane.book', { parkId: MK, attractionId: id }, u.cookie);
      expect(r.status).toBe(409);
      expect(r.message).toMatch(/not fresh enough/);
    } finally {
      await broken.close();
    }
  });

  it('succeeds when ride_status has an AVAILABLE RETURN_TIME: confirmed, simulated, listed; duplicates refused; cancel; book again', async () => {
    const u = await connectedUser();
    await giveDay(u.id);
    const id = await laneId('Haunted Mansion', u.cookie);
    const r = await call('lightningLane.book', { parkId: MK, attractionId: id }, u.cookie);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.data).toMatchObject({
      attractionId: id,
      attractionName: 'Haunted Mansion',
      parkId: MK,
      day: TODAY,
      returnTimeStart: '2026-04-15T00:50:00.000Z',
      returnTimeEnd: null,
      priceCents: null,
      status: 'confirmed',
      booker: 'simulated',
      simulated: true,
      auto: false,
      bookingTime: RECORDED.toISOString(),
      userId: u.id,
    });
    const dup = await call('lightningLane.book', { parkId: MK, attractionId: id }, u.cookie);
    expect(dup.status).toBe(409);
    expect(dup.message).toBe('You already have a Lightning Lane for Haunted Mansion today.');
    expect((await call('lightningLane.bookings', undefined, u.cookie)).data.map((b: any) => [b.attractionName, b.status])).toEqual([
      ['Haunted Mansion', 'confirmed'],
    ]);

    // Nobody else can see or cancel it.
    const other = await signUp();
    expect((await call('lightningLane.bookings', undefined, other.cookie)).data).toEqual([]);
    expect((await call('lightningLane.cancel', { bookingId: r.data.id }, other.cookie)).status).toBe(404);

    const c = await call('lightningLane.cancel', { bookingId: r.data.id }, u.cookie);
    expect(c.data).toMatchObject({ status: 'cancelled', cancelledAt: RECORDED.toISOString() });
    expect((await call('lightningLane.cancel', { bookingId: r.data.id }, u.cookie)).status).toBe(409);
    // By hand, a cancelled lane can be booked again.
    const again = await call('lightningLane.book', { parkId: MK, attractionId: id }, u.cookie);
    expect(again.data.status).toBe('confirmed');
    expect((await call('lightningLane.bookings', undefined, u.cookie)).data.map((b: any) => b.status).sort()).toEqual([
      'cancelled',
      'confirmed',
    ]);
  });
});

describe('preferences and the auto-booking switch (docs/spec/part-2.md §3, §5), stored server-side', () => {
  it('defaults (priority 1, 09:00–21:00, no max), max price in dollars stored as cents, validation, delete', async () => {
    const u = await signUp();
    const hm = await laneId('Haunted Mansion', u.cookie);
    const saved = await call('lightningLane.savePreference', { parkId: MK, attractionId: hm }, u.cookie);
    expect(saved.data).toEqual({
      attractionId: hm,
      parkId: MK,
      priority: 1,
      windowStart: '09:00',
      windowEnd: '21:00',
      maxPrice: null,
      maxPriceCents: null,
    });
    const upd = await call(
      'lightningLane.savePreference',
      { parkId: MK, attractionId: hm, priority: 7, windowStart: '18:00', windowEnd: '22:30', maxPrice: 20 },
      u.cookie,
    );
    expect(upd.data).toMatchObject({ priority: 7, windowStart: '18:00', windowEnd: '22:30', maxPrice: 20, maxPriceCents: 2000 });
    expect((await call('lightningLane.preferences', { parkId: MK }, u.cookie)).data).toHaveLength(1);

    for (const bad of [
      { priority: 0 },
      { priority: 11 },
      { priority: 2.5 },
      { windowStart: '21:00', windowEnd: '09:00' },
      { windowStart: '9:00' },
      { maxPrice: -1 },
      { maxPrice: 12.5 },
    ]) {
      const r = await call('lightningLane.savePreference', { parkId: MK, attractionId: hm, ...bad }, u.cookie);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('lightningLane.savePreference', { parkId: MK, attractionId: 'not-in-park' }, u.cookie)).status).toBe(404);
    expect((await call('lightningLane.deletePreference', { attractionId: hm }, u.cookie)).data).toEqual({ removed: true });
    expect((await call('lightningLane.preferences', { parkId: MK }, u.cookie)).data).toEqual([]);
  });

  it('auto-booking needs a connected account ("Disney Account Required"); the switch is stored', async () => {
    const u = await signUp();
    const r = await call('lightningLane.setAutoBooking', { enabled: true }, u.cookie);
    expect(r.status).toBe(403);
    expect(r.message).toBe(LL_MESSAGES.disneyAccountRequired);
    expect((await call('lightningLane.setAutoBooking', { enabled: false }, u.cookie)).data).toEqual({ autoBooking: false });
    const c = await connectedUser();
    expect((await call('lightningLane.setAutoBooking', { enabled: true }, c.cookie)).data).toEqual({ autoBooking: true });
    expect((await call('lightningLane.status', undefined, c.cookie)).data.autoBooking).toBe(true);
  });
});

/** Posts a signed Stripe event (`fake.signedEvent`) to the webhook, as Stripe would → the reply. */
function postWebhook(event: { payload: string; header: string }) {
  return app.inject({
    method: 'POST',
    url: '/stripe/webhook',
    payload: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
  });
}

describe('step 2: $5/day through the existing Stripe checkout (docs/spec/part-2.md §7, §9)', () => {
  it('needs an invitation first', async () => {
    const u = await signUp();
    const r = await call('lightningLane.createCheckout', { parkId: MK, dates: [TODAY] }, u.cookie);
    expect(r.status).toBe(403);
    expect(r.message).toBe(LL_MESSAGES.invitationFirst);
    expect(fake.createBodies).toHaveLength(0);
  });

  it('checkout → signed webhook → lightning_lane_passes rows (no alert pass); confirm on return; subscription status; park polled', async () => {
    const u = await signUp();
    await call('lightningLane.connect', { disneyEmail: 'mouse@disney.example' }, u.cookie);
    const d1 = addDaysToDate(TODAY, 1);
    const out = await call('lightningLane.createCheckout', { parkId: MK, dates: [d1, TODAY, d1] }, u.cookie);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.data.url).toBe(`${fake.base}/pay/${out.data.sessionId}`);
    const form = Object.fromEntries(fake.createBodies[0]!);
    expect(form).toMatchObject({
      mode: 'payment',
      customer_email: u.email,
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][unit_amount]': '500',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': 'Lightning Lane Assist day — Magic Kingdom Park',
      'metadata[product]': 'lightning_lane',
      'metadata[days]': `${TODAY},${d1}`,
      'metadata[user_id]': u.id,
      success_url: `${ORIGIN}/lightning-lane?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/lightning-lane?canceled=true`,
    });
    const row = await env.db.selectFrom('checkout_sessions').selectAll().where('id', '=', out.data.sessionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      product: 'lightning_lane',
      amount_total: 1000,
      unit_amount: 500,
      user_id: u.id,
      email: u.email,
      status: 'open',
    });
    expect((await call('lightningLane.subscription', { parkId: MK }, u.cookie)).data).toMatchObject({ subscribed: false, days: [] });

    // Unpaid: the return page says pending and nothing is granted.
    expect((await call('lightningLane.confirmCheckout', { sessionId: out.data.sessionId }, u.cookie)).data.status).toBe('pending');

    const session = fake.pay(out.data.sessionId);
    const event = fake.signedEvent('checkout.session.completed', session);
    const hook = await postWebhook(event);
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ received: true, result: 'fulfilled' });
    const passes = await env.db
      .selectFrom('lightning_lane_passes')
      .select(['user_id', 'park_id', 'day', 'checkout_session_id'])
      .orderBy('day')
      .execute();
    expect(passes).toEqual([
      { user_id: u.id, park_id: MK, day: TODAY, checkout_session_id: session.id },
      { user_id: u.id, park_id: MK, day: d1, checkout_session_id: session.id },
    ]);
    // No alert pass, subscription or watched rides come with it.
    expect(await env.db.selectFrom('pass_days').selectAll().execute()).toEqual([]);
    expect(await env.db.selectFrom('subscriptions').selectAll().execute()).toEqual([]);
    expect(await env.db.selectFrom('user_rides').selectAll().execute()).toEqual([]);

    // Replays of the event and the return page change nothing.
    expect((await postWebhook(event)).json().result).toBe('duplicate');
    const back = await call('lightningLane.confirmCheckout', { sessionId: session.id }, u.cookie);
    expect(back.data).toEqual({ status: 'fulfilled', parkId: MK, parkName: 'Magic Kingdom Park', days: [TODAY, d1], amountCents: 1000 });
    expect(await env.db.selectFrom('lightning_lane_passes').selectAll().execute()).toHaveLength(2);

    // Someone else's session is not found for them.
    const other = await signUp();
    expect((await call('lightningLane.confirmCheckout', { sessionId: session.id }, other.cookie)).status).toBe(404);

    expect((await call('lightningLane.subscription', { parkId: MK }, u.cookie)).data).toMatchObject({
      subscribed: true,
      activeToday: true,
      days: [TODAY, d1],
      subscriptionEnd: d1,
      today: TODAY,
    });
    expect((await call('lightningLane.status', undefined, u.cookie)).data.passes).toEqual([
      { parkId: MK, parkName: 'Magic Kingdom Park', day: TODAY, isToday: true },
      { parkId: MK, parkName: 'Magic Kingdom Park', day: d1, isToday: false },
    ]);
    // The park is polled while someone holds a Lightning Lane day for it.
    expect(await watches.parksWithValidWatches(env.db, RECORDED)).toEqual([MK]);
    const schedulers = await env.queues.poll.getJobSchedulers();
    expect(schedulers.map((s) => s.key)).toContain(`poll-park:${MK}`);
  });

  /** Delivers a signed Stripe event for `session` to the webhook → the handler's `result`. */
  async function webhook(type: string, session: Parameters<StripeFake['signedEvent']>[1]): Promise<string> {
    const hook = await postWebhook(fake.signedEvent(type, session));
    expect(hook.statusCode).toBe(200);
    return hook.json().result;
  }
  const llPasses = () => env.db.selectFrom('lightning_lane_passes').select(['user_id', 'day', 'checkout_session_id']).execute();

  it('the amount check holds for Lightning Lane checkouts: a mismatch grants nothing (webhook acknowledges, return page says why)', async () => {
    const u = await signUp();
    await call('lightningLane.connect', { disneyEmail: 'mouse@disney.example' }, u.cookie);
    const out = await call('lightningLane.createCheckout', { parkId: MK, dates: [TODAY] }, u.cookie);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    const session = fake.pay(out.data.sessionId);
    session.amount_total = 100; // we recorded 500
    expect(await webhook('checkout.session.completed', session)).toBe('amount-mismatch');
    const back = await call('lightningLane.confirmCheckout', { sessionId: session.id }, u.cookie);
    expect(back.status).toBe(409);
    expect(back.message).toBe('The payment amount does not match this order. Please contact support.');
    expect(await llPasses()).toEqual([]);
    const row = await env.db.selectFrom('checkout_sessions').select('status').where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
    expect((await call('lightningLane.subscription', { parkId: MK }, u.cookie)).data.subscribed).toBe(false);
  });

  it('products never cross: our record decides, not Stripe metadata; each return page confirms only its own product', async () => {
    const u = await signUp();
    // An alert pass (e-mail, $1), with Stripe metadata forged to look like Lightning Lane: alert days only.
    const alert = await call(
      'checkout.create',
      { from: 'landing', email: u.email, parkId: MK, channel: 'email', dates: [TODAY] },
      u.cookie,
    );
    expect(alert.status, JSON.stringify(alert.body)).toBe(200);
    const s1 = fake.pay(alert.data.sessionId);
    s1.metadata = { ...s1.metadata, product: 'lightning_lane', user_id: u.id };
    expect(await webhook('checkout.session.completed', s1)).toBe('fulfilled');
    expect(await llPasses()).toEqual([]);
    const alertDays = () => env.db.selectFrom('pass_days').select(['day', 'reference']).execute();
    expect(await alertDays()).toEqual([{ day: TODAY, reference: s1.id }]);
    // The Lightning Lane return page does not confirm an alert-pass session.
    expect((await call('lightningLane.confirmCheckout', { sessionId: s1.id }, u.cookie)).status).toBe(404);
    expect((await call('lightningLane.subscription', { parkId: MK }, u.cookie)).data.subscribed).toBe(false);

    // Lightning Lane days with metadata forged to look like an alert pass: Lightning Lane days only.
    await call('lightningLane.connect', { disneyEmail: 'mouse@disney.example' }, u.cookie);
    const d1 = addDaysToDate(TODAY, 1);
    const ll = await call('lightningLane.createCheckout', { parkId: MK, dates: [d1] }, u.cookie);
    const s2 = fake.pay(ll.data.sessionId);
    s2.metadata = { ...s2.metadata, product: 'alert_pass', channel: 'sms' };
    expect(await webhook('checkout.session.completed', s2)).toBe('fulfilled');
    expect(await llPasses()).toEqual([{ user_id: u.id, day: d1, checkout_session_id: s2.id }]);
    expect(await alertDays()).toEqual([{ day: TODAY, reference: s1.id }]);
    // The alert-pass return page on a Lightning Lane session grants nothing more either.
    const generic = await call('checkout.confirm', { sessionId: s2.id }, u.cookie);
    expect(generic.data.status).toBe('fulfilled');
    expect(await alertDays()).toHaveLength(1);
    expect(await llPasses()).toHaveLength(1);
  });

  it('a day the user already holds is refused before Stripe (it would be paid twice and granted once)', async () => {
    const u = await signUp();
    await call('lightningLane.connect', { disneyEmail: 'mouse@disney.example' }, u.cookie);
    await giveDay(u.id, TODAY);
    const r = await call('lightningLane.createCheckout', { parkId: MK, dates: [addDaysToDate(TODAY, 1), TODAY] }, u.cookie);
    expect(r.status).toBe(409);
    expect(r.message).toBe(`You already have Lightning Lane Assist for Magic Kingdom Park on ${TODAY}.`);
    expect(fake.createBodies).toHaveLength(0);
    expect((await call('lightningLane.createCheckout', { parkId: MK, dates: [addDaysToDate(TODAY, 1)] }, u.cookie)).status).toBe(200);
  });

  it('dates before the park-local today are refused', async () => {
    const u = await signUp();
    await call('lightningLane.connect', { disneyEmail: 'mouse@disney.example' }, u.cookie);
    const r = await call('lightningLane.createCheckout', { parkId: MK, dates: [addDaysToDate(TODAY, -1)] }, u.cookie);
    expect(r.status).toBe(400);
    expect(r.message).toBe('Dates before today cannot be selected.');
    // A date that does not exist is a 400 before Stripe is asked (not a 500 from PostgreSQL afterwards).
    const bad = await call('lightningLane.createCheckout', { parkId: MK, dates: ['2026-06-31'] }, u.cookie);
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('Dates look like 2026-04-14.');
    expect(fake.createBodies).toHaveLength(0);
  });
});
