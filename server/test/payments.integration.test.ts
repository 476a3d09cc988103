import { promo, site, subscriptions, users } from '@walkon/db';
import { FIXTURES_DIR, truncateAll } from '@walkon/db/testing';
import { addDaysToDate, parkLocalDate, parkLocalInstant } from '@walkon/domain/dates';
import { createReplaySource } from '@walkon/integrations/providers';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPayments } from '../src/payments/stripe.ts';
import { NO_PASS_MESSAGE } from '../src/services/alerts.ts';
import { INVALID_PROMO } from '../src/services/checkout/index.ts';
import { buildTestApp, ORIGIN, signUpUser, trpcCall, withTestServer } from './harness.ts';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, type FakeSession, type StripeFake, startStripeFake } from './stripeFake.ts';

/**
 * Stripe day passes and promo codes (docs/decisions/012, 013) against the real database and Redis and a local fake of the
 * Stripe API (test/stripeFake.ts) that the real `stripe` SDK talks to; webhook events are signed like
 * Stripe signs them.
 */

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const MK_TZ = 'America/New_York';
const replay = () =>
  createReplaySource({ dir: FIXTURES_DIR, files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'], now: () => new Date() });

// The fake must be up before withTestServer's beforeAll builds the app (it calls the payments factory).
let fake: StripeFake;
beforeAll(async () => {
  fake = await startStripeFake();
});
afterAll(async () => {
  await fake?.close();
});
const env = withTestServer({
  source: replay,
  payments: () => createPayments({ secretKey: FAKE_SECRET_KEY, webhookSecret: FAKE_WEBHOOK_SECRET, apiBase: fake.base }),
});

beforeEach(async () => {
  await truncateAll(env.db);
  fake.reset();
});

/** The park-local date in Magic Kingdom's time zone (never the machine's UTC date). */
const today = () => parkLocalDate(new Date(), MK_TZ);

interface CallOpts {
  cookie?: string;
  /** The client address (promo guesses are throttled per address). */
  ip?: string;
  app?: FastifyInstance;
}

/** `trpcCall` on `opts.app` (default the test server's app) with the cookie and client address of `opts`. */
const call = (proc: string, input?: unknown, opts: CallOpts = {}) =>
  trpcCall(opts.app ?? env.app, proc, input, { cookie: opts.cookie, remoteAddress: opts.ip });

async function signUpAdmin() {
  const a = await signUpUser(env.app);
  await users.grantRole(env.db, a.id, 'admin');
  return a;
}

/** A landing-card checkout input (SMS, today) with overrides. */
function landing(over: Record<string, unknown> = {}) {
  return { from: 'landing', email: 'visitor@example.com', parkId: MK, channel: 'sms', phone: '(407) 939-5277', dates: [today()], ...over };
}

async function startCheckout(input: Record<string, unknown>, opts?: CallOpts) {
  const r = await call('checkout.create', input, opts);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.data as { url: string; sessionId: string };
}

/** A landing checkout the visitor has paid for at the fake Stripe (no event delivered yet). */
async function paidCheckout(over: Record<string, unknown> = {}) {
  const { sessionId } = await startCheckout(landing(over));
  return fake.pay(sessionId);
}

/** POSTs a raw body to the webhook like Stripe does. */
async function deliver(payload: string, signature?: string, app = env.app) {
  const res = await app.inject({
    method: 'POST',
    url: '/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Signs and delivers one event about `session`. */
function sendEvent(type: string, session: FakeSession, opts?: { id?: string; timestamp?: number }) {
  const { payload, header } = fake.signedEvent(type, session, opts);
  return deliver(payload, header);
}

const confirm = (sessionId: string) => call('checkout.confirm', { sessionId });

const passDays = (email: string) =>
  env.db
    .selectFrom('pass_days as pd')
    .innerJoin('subscriptions as s', 's.id', 'pd.subscription_id')
    .select(['pd.day', 'pd.channel', 'pd.source', 'pd.reference'])
    .where('s.email', '=', email)
    .orderBy('pd.day')
    .execute();

async function count(table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(env.db);
  return rows[0]!.n;
}

const checkoutRow = (id: string) => env.db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/**
 * The paid session was fulfilled, and exactly once: our record is `fulfilled`, the pass holds exactly the
 * paid dates, and the subscription was written by the transaction that created the pass days and never
 * again (a second grant would bump `updated_at` past the pass days' `created_at`, both `now()` of their
 * transaction).
 */
async function expectFulfilledOnce(session: FakeSession, days: string[], channel: 'sms' | 'email') {
  const rec = await checkoutRow(session.id);
  expect(rec).toMatchObject({ status: 'fulfilled', payment_intent: session.payment_intent, stripe_customer_id: session.customer });
  expect(await passDays(rec.email)).toEqual(days.map((day) => ({ day, channel, source: 'stripe', reference: session.id })));
  const sub = await subscriptions.findByEmailAndPark(env.db, rec.email, MK);
  expect(sub).toMatchObject({ active: true, alertType: channel });
  const { rows } = await sql<{ created_at: Date }>`
    select distinct created_at from pass_days where subscription_id = ${sub!.id}::uuid`.execute(env.db);
  expect(rows.map((r) => r.created_at.getTime())).toEqual([sub!.updatedAt.getTime()]);
}

async function expectNothingGranted(email = 'visitor@example.com') {
  expect(await passDays(email)).toEqual([]);
  expect(await count('subscriptions')).toBe(0);
  expect(await count('user_rides')).toBe(0);
}

/** Every attraction of the park is watched (setup-default-rides, docs/spec/part-1.md §7). */
async function expectAllRidesWatched(email: string) {
  const attractions = await env.db
    .selectFrom('attractions')
    .select('id')
    .where('park_id', '=', MK)
    .where('entity_type', '=', 'ATTRACTION')
    .execute();
  expect(attractions.length).toBeGreaterThan(10);
  const watched = await env.db.selectFrom('user_rides').select('ride_id').where('email', '=', email).where('active', '=', true).execute();
  expect(watched.map((r) => r.ride_id).sort()).toEqual(attractions.map((a) => a.id).sort());
}

describe('checkout.create (docs/spec/part-1.md §2, §7)', () => {
  it('landing SMS pass: one line item of $5 × dates, the pass in metadata, E.164 phone, landing return URLs, recorded in cents', async () => {
    const d0 = today();
    const [d1, d2] = [addDaysToDate(d0, 1), addDaysToDate(d0, 2)];
    const out = await startCheckout(landing({ email: ' Visitor@Example.COM ', phone: '(407) 939-5277', dates: [d2, d0, d1, d2] }));
    expect(out.sessionId).toMatch(/^cs_test_/);
    expect(out.url).toBe(`${fake.base}/pay/${out.sessionId}`);
    expect(fake.createBodies).toHaveLength(1);
    const form = Object.fromEntries(fake.createBodies[0]!);
    expect(form).toMatchObject({
      mode: 'payment',
      customer_email: 'visitor@example.com',
      'line_items[0][quantity]': '3',
      'line_items[0][price_data][unit_amount]': '500',
      'line_items[0][price_data][currency]': 'usd',
      'metadata[email]': 'visitor@example.com',
      'metadata[park_id]': MK,
      'metadata[channel]': 'sms',
      'metadata[days]': `${d0},${d1},${d2}`,
      'metadata[phone]': '+14079395277',
      success_url: `${ORIGIN}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/?canceled=true`,
    });
    expect(form['line_items[1][quantity]']).toBeUndefined();
    expect(form['line_items[0][price_data][product_data][name]']).toBe('SMS alerts day pass — Magic Kingdom Park');
    expect(await checkoutRow(out.sessionId)).toMatchObject({
      email: 'visitor@example.com',
      park_id: MK,
      channel: 'sms',
      phone_number: '+14079395277',
      days: [d0, d1, d2],
      unit_amount: 500,
      amount_total: 1500,
      currency: 'usd',
      status: 'open',
      promo_code: null,
      user_id: null,
    });
    expect(fake.sessions.get(out.sessionId)!.amount_total).toBe(1500);
    await expectNothingGranted();
  });

  it('Get Alerts e-mail pass: $1 per date for the signed-in account, Get Alerts return URLs', async () => {
    const u = await signUpUser(env.app);
    const d1 = addDaysToDate(today(), 1);
    const out = await startCheckout(
      { from: 'get-alerts', email: 'someone-else@example.com', parkId: MK, channel: 'email', dates: [today(), d1] },
      { cookie: u.cookie },
    );
    const form = Object.fromEntries(fake.createBodies[0]!);
    expect(form).toMatchObject({
      customer_email: u.email,
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][unit_amount]': '100',
      'line_items[0][price_data][currency]': 'usd',
      'metadata[email]': u.email,
      'metadata[channel]': 'email',
      'metadata[phone]': '',
      success_url: `${ORIGIN}/get-alerts?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/get-alerts?canceled=true`,
    });
    expect(await checkoutRow(out.sessionId)).toMatchObject({ email: u.email, amount_total: 200, unit_amount: 100, user_id: u.id });
  });

  it('docs/spec/part-1.md §6: Get Alerts checkout without a session is a 401 and nothing reaches Stripe', async () => {
    const r = await call('checkout.create', { ...landing(), from: 'get-alerts' });
    expect(r.status).toBe(401);
    expect(r.body.error.message).toBe('Please log in to manage your alert subscriptions.');
    expect(fake.createBodies).toHaveLength(0);
  });

  it('the same request twice in a row is the same Stripe session (idempotency key); another request is a new one', async () => {
    const first = await startCheckout(landing());
    const again = await startCheckout(landing({ email: 'VISITOR@example.com', phone: '+1 407 939 5277' }));
    expect(again).toEqual(first);
    expect(fake.createBodies).toHaveLength(1);
    expect(await count('checkout_sessions')).toBe(1);
    const other = await startCheckout(landing({ dates: [addDaysToDate(today(), 1)] }));
    expect(other.sessionId).not.toBe(first.sessionId);
    expect(await count('checkout_sessions')).toBe(2);
  });

  it('docs/spec/part-1.md §5, §8: bad inputs are a 400 with the message, nothing reaches Stripe and nothing is recorded', async () => {
    const cases: [input: Record<string, unknown>, message: string][] = [
      [landing({ dates: [addDaysToDate(today(), -1), today()] }), 'Dates before today cannot be selected.'],
      [landing({ dates: [] }), 'Please select at least one date.'],
      [landing({ dates: ['14/04/2026'] }), 'Dates look like 2026-04-14.'],
      [landing({ dates: ['2027-02-30'] }), 'Dates look like 2026-04-14.'], // a real shape but no such day
      [landing({ dates: [addDaysToDate(today(), 366)] }), 'Dates can be at most a year ahead.'],
      [landing({ phone: undefined }), 'Please enter a valid phone number for SMS alerts.'],
      [landing({ phone: '  ' }), 'Please enter a valid phone number for SMS alerts.'],
      [landing({ phone: '555-1234' }), 'Please enter a valid phone number (+ symbol optional)'],
      [landing({ promoCode: 'NOPE' }), INVALID_PROMO],
      [landing({ promoCode: '' }), 'Please enter a promo code.'],
      [landing({ email: 'not-an-email' }), 'Please enter a valid email address'],
      [landing({ channel: 'pigeon' }), 'Channel must be one of: email, sms.'],
    ];
    for (const [input, message] of cases) {
      const r = await call('checkout.create', input, { ip: '10.1.0.1' });
      expect(r.status, message).toBe(400);
      expect(r.body.error.message).toBe(message);
    }
    const park = await call('checkout.create', landing({ parkId: 'no-such-park' }));
    expect(park.status).toBe(404);
    expect(park.body.error.message).toBe('Please select a theme park.');
    expect(fake.createBodies).toHaveLength(0);
    expect(await count('checkout_sessions')).toBe(0);
  });

  it("docs/spec/part-1.md §5: 'today' is the park's date — on a Florida evening (already tomorrow in UTC) the calendar starts there and today can be bought and redeemed", async () => {
    const d0 = today();
    const evening = parkLocalInstant(d0, '22:00', MK_TZ);
    expect(evening.toISOString().slice(0, 10)).toBe(addDaysToDate(d0, 1));
    // A park nobody has looked at yet (fresh catalogue: no time zone stored) on a clock set to that evening.
    const payments = createPayments({ secretKey: FAKE_SECRET_KEY, webhookSecret: FAKE_WEBHOOK_SECRET, apiBase: fake.base });
    const app = await buildTestApp(env, false, replay(), payments, () => evening);
    try {
      const calendar = await call('checkout.passCalendar', { parkId: MK }, { app });
      expect(calendar.body.result.data).toMatchObject({ parkId: MK, timezone: MK_TZ, today: d0, maxDate: addDaysToDate(d0, 365) });
      expect((await call('checkout.create', landing({ dates: [d0] }), { app })).status).toBe(200);
      const past = await call('checkout.create', landing({ dates: [addDaysToDate(d0, -1)] }), { app });
      expect(past.body.error.message).toBe('Dates before today cannot be selected.');
      await promo.create(env.db, freeDaysCode('FREEDAY'));
      const free = await call('checkout.redeemPromo', { email: 'late@example.com', parkId: MK, code: 'FREEDAY' }, { app });
      expect(free.body.result.data.days).toEqual([d0]);
    } finally {
      await app.close();
    }
  });

  it('DESIGN §5: without Stripe configured, checkout is a 503 with a clear message; the webhook is off; free promo days still work', async () => {
    const off = await buildTestApp(env, false, replay(), null);
    try {
      const r = await call('checkout.create', landing(), { app: off });
      expect(r.status).toBe(503);
      expect(r.body.error.message).toBe('Card payments are not available right now. E-mail alerts are still free with a promo code.');
      expect((await call('checkout.confirm', { sessionId: 'cs_test_whatever' }, { app: off })).status).toBe(503);
      const { payload, header } = fake.signedEvent('checkout.session.completed', { id: 'cs_test_x', object: 'checkout.session' });
      expect((await deliver(payload, header, off)).status).toBe(503);
      await promo.create(env.db, freeDaysCode('FREEDAY'));
      const free = await call('checkout.redeemPromo', { email: 'free@example.com', parkId: MK, code: 'freeday' }, { app: off });
      expect(free.status).toBe(200);
      expect(await passDays('free@example.com')).toEqual([{ day: today(), channel: 'email', source: 'promo', reference: 'FREEDAY' }]);
    } finally {
      await off.close();
    }
    expect(fake.createBodies).toHaveLength(0);
    expect(await count('stripe_events')).toBe(0);
  });
});

describe('Stripe webhook and payment return', () => {
  it('a signed checkout.session.completed for a paid session grants the pass days once, watches every ride and records the event', async () => {
    const days = [today(), addDaysToDate(today(), 3)];
    const session = await paidCheckout({ dates: days });
    const r = await sendEvent('checkout.session.completed', session, { id: 'evt_test_first' });
    expect(r).toEqual({ status: 200, body: { received: true, result: 'fulfilled' } });
    await expectFulfilledOnce(session, days, 'sms');
    const sub = await subscriptions.findByEmailAndPark(env.db, 'visitor@example.com', MK);
    expect(sub).toMatchObject({ phoneNumber: '+14079395277', stripeCustomerId: session.customer, userId: null });
    await expectAllRidesWatched('visitor@example.com');
    expect(await env.db.selectFrom('stripe_events').select(['id', 'type']).execute()).toEqual([
      { id: 'evt_test_first', type: 'checkout.session.completed' },
    ]);
    expect((await env.queues.sendEmail.getJob(`checkout-${session.id}`))?.data).toEqual({ confirmation: 'checkout', id: session.id });
    // Stripe redelivers: acknowledged without work.
    expect((await sendEvent('checkout.session.completed', session, { id: 'evt_test_first' })).body.result).toBe('duplicate');
    await expectFulfilledOnce(session, days, 'sms');
  });

  it('the same event delivered 10 times at once fulfils once', async () => {
    const session = await paidCheckout({ channel: 'email', phone: undefined, dates: [today(), addDaysToDate(today(), 1)] });
    const { payload, header } = fake.signedEvent('checkout.session.completed', session, { id: 'evt_test_burst' });
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(payload, header)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.some((r) => r.body.result === 'fulfilled')).toBe(true);
    await expectFulfilledOnce(session, [today(), addDaysToDate(today(), 1)], 'email');
    expect(await count('stripe_events')).toBe(1);
  });

  it('10 different events for the same session fulfil once', async () => {
    const session = await paidCheckout();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sendEvent(i % 2 ? 'checkout.session.completed' : 'checkout.session.async_payment_succeeded', session, { id: `evt_test_${i}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    await expectFulfilledOnce(session, [today()], 'sms');
    expect(await count('stripe_events')).toBe(10);
  });

  it('docs/spec/part-1.md §4 payment return: checkout.confirm racing the webhook fulfils once and reports the pass', async () => {
    const session = await paidCheckout({ dates: [today(), addDaysToDate(today(), 1)] });
    const [hook, ...pages] = await Promise.all([
      sendEvent('checkout.session.completed', session),
      confirm(session.id),
      confirm(session.id),
      confirm(session.id),
    ]);
    expect(hook!.status).toBe(200);
    for (const p of pages) {
      expect(p.status).toBe(200);
      expect(p.body.result.data).toEqual({
        status: 'fulfilled',
        channel: 'sms',
        parkId: MK,
        parkName: 'Magic Kingdom Park',
        days: [today(), addDaysToDate(today(), 1)],
        amountCents: 1000,
        transactionId: session.payment_intent,
        ridesPending: false,
        promo: false,
      });
    }
    await expectFulfilledOnce(session, [today(), addDaysToDate(today(), 1)], 'sms');
    // Reloading the success page later shows the same outcome.
    expect((await confirm(session.id)).body.result.data).toMatchObject({ status: 'fulfilled', transactionId: session.payment_intent });
  });

  it('refused deliveries (bad signature, stale timestamp, no signature, malformed or empty body) are a 400 and write nothing', async () => {
    const session = await paidCheckout();
    const good = fake.signedEvent('checkout.session.completed', session, { id: 'evt_test_refused' });
    const stale = fake.signedEvent('checkout.session.completed', session, {
      id: 'evt_test_refused',
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const attempts: [name: string, payload: string, signature?: string][] = [
      ['signed with another secret', good.payload, fake.sign(good.payload, { secret: 'whsec_someone_else' })],
      ['body changed after signing', good.payload.replace('"livemode":false', '"livemode":true'), good.header],
      ['signature of another body', good.payload, fake.sign('{}')],
      ['garbage signature', good.payload, 't=1,v1=abc'],
      ['stale timestamp (10 minutes)', stale.payload, stale.header],
      ['no signature', good.payload, undefined],
      ['malformed body, correctly signed', '{"id": "evt_test_refused", ', fake.sign('{"id": "evt_test_refused", ')],
      ['empty body', '', fake.sign('')],
    ];
    for (const [name, payload, signature] of attempts) {
      const r = await deliver(payload, signature);
      expect(r.status, name).toBe(400);
      expect(r.body.error.message, name).toMatch(/Stripe signature/);
    }
    expect(await count('stripe_events')).toBe(0);
    expect((await checkoutRow(session.id)).status).toBe('open');
    await expectNothingGranted();
    // None of them was recorded as processed: the genuine delivery of that event id still fulfils.
    expect((await deliver(good.payload, good.header)).body.result).toBe('fulfilled');
    await expectFulfilledOnce(session, [today()], 'sms');
  });

  it('an event type we do not handle is acknowledged (200) and ignored; a session that is not ours changes nothing', async () => {
    const session = await paidCheckout();
    const r = await sendEvent('customer.created', session);
    expect(r).toEqual({ status: 200, body: { received: true, result: 'ignored' } });
    const foreign = { ...session, id: 'cs_test_not_ours' };
    fake.sessions.set(foreign.id, foreign);
    expect((await sendEvent('checkout.session.completed', foreign)).body.result).toBe('unknown-session');
    expect((await checkoutRow(session.id)).status).toBe('open');
    await expectNothingGranted();
    expect(await count('stripe_events')).toBe(2);
  });

  it('an unpaid session: confirm says pending and grants nothing; the payment arriving later fulfils', async () => {
    const { sessionId } = await startCheckout(landing());
    const page = await confirm(sessionId);
    expect(page.status).toBe(200);
    expect(page.body.result.data).toMatchObject({ status: 'pending', amountCents: 500, transactionId: sessionId });
    // Delayed payment methods complete the session before the money arrives.
    const completed = await sendEvent('checkout.session.completed', fake.sessions.get(sessionId)!);
    expect(completed.body.result).toBe('pending');
    expect((await checkoutRow(sessionId)).status).toBe('open');
    await expectNothingGranted();
    const session = fake.pay(sessionId);
    expect((await sendEvent('checkout.session.async_payment_succeeded', session)).body.result).toBe('fulfilled');
    await expectFulfilledOnce(session, [today()], 'sms');
  });

  it('out of order: checkout.session.expired after completed keeps the pass; before completed it does not block a paid session', async () => {
    const a = await paidCheckout({ email: 'a@example.com' });
    await sendEvent('checkout.session.completed', a);
    expect((await sendEvent('checkout.session.expired', a)).status).toBe(200);
    expect((await checkoutRow(a.id)).status).toBe('fulfilled');
    await expectFulfilledOnce(a, [today()], 'sms');

    // Stripe does not promise delivery order; what Stripe says about the session decides.
    const b = await paidCheckout({ email: 'b@example.com' });
    expect((await sendEvent('checkout.session.expired', b)).status).toBe(200);
    expect((await sendEvent('checkout.session.completed', b)).body.result).toBe('fulfilled');
    await expectFulfilledOnce(b, [today()], 'sms');
  });

  it('an expired unpaid session stays unpaid: a late completed event and the return page grant nothing', async () => {
    const { sessionId } = await startCheckout(landing());
    const session = fake.sessions.get(sessionId)!;
    session.status = 'expired';
    expect((await sendEvent('checkout.session.expired', session)).body.result).toBe('expired');
    expect((await checkoutRow(sessionId)).status).toBe('expired');
    expect((await sendEvent('checkout.session.completed', session)).status).toBe(200);
    expect((await confirm(sessionId)).body.result.data.status).toBe('expired');
    await expectNothingGranted();
  });

  it('an amount that does not match our record is never fulfilled (webhook acknowledges it once, logged; the page says why)', async () => {
    const session = await paidCheckout({ dates: [today(), addDaysToDate(today(), 1)] });
    session.amount_total = 500; // we recorded 1000
    const hook = await sendEvent('checkout.session.completed', session);
    expect(hook.status).toBe(200);
    expect(hook.body.result).toBe('amount-mismatch');
    const page = await confirm(session.id);
    expect(page.status).toBe(409);
    expect(page.body.error.message).toBe('The payment amount does not match this order. Please contact support.');
    expect((await checkoutRow(session.id)).status).toBe('open');
    expect(await count('stripe_events')).toBe(1);
    await expectNothingGranted();
  });

  it('checkout.confirm: an unknown session is a 404, a malformed id a 400', async () => {
    const unknown = await confirm('cs_test_unknown_session');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('We could not find this payment.');
    const bad = await confirm('pi_123');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('This payment link is not valid.');
  });

  it('the whole flow through the fake checkout page: Pay posts the signed event to /stripe/webhook and returns to the success page', async () => {
    const address = await env.app.listen({ port: 0, host: '127.0.0.1' });
    fake.webhookUrl = `${address}/stripe/webhook`;
    try {
      const { url, sessionId } = await startCheckout(landing({ channel: 'email', phone: undefined }));
      const pageHtml = await (await fetch(url)).text();
      expect(pageHtml).toContain('Pay $1.00');
      const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`${ORIGIN}/subscription-success?session_id=${sessionId}`);
      await expectFulfilledOnce(fake.sessions.get(sessionId)!, [today()], 'email');
      expect(await count('stripe_events')).toBe(1);
    } finally {
      fake.webhookUrl = null;
    }
  });
});

describe('after fulfilment alerts run on the days paid for (docs/spec/part-1.md §4)', () => {
  it('the pass is valid on each paid park-local date and not in between; it expires after the last one', async () => {
    const [d0, d1, d2] = [today(), addDaysToDate(today(), 1), addDaysToDate(today(), 2)];
    const session = await paidCheckout({ channel: 'email', phone: undefined, dates: [d0, d2] });
    await sendEvent('checkout.session.completed', session);
    const at = async (date: string) => {
      const [s] = await subscriptions.listForEmail(env.db, 'visitor@example.com', parkLocalInstant(date, '12:00', MK_TZ));
      return s!;
    };
    const now = (await subscriptions.listForEmail(env.db, 'visitor@example.com', new Date()))[0]!;
    expect(now).toMatchObject({ parkId: MK, active: true, valid: true, expired: false, today: d0, todayChannel: 'email' });
    expect(now.days).toEqual([
      { day: d0, channel: 'email' },
      { day: d2, channel: 'email' },
    ]);
    expect(await at(d1)).toMatchObject({ valid: false, scheduled: true, todayChannel: null, expired: false });
    expect(await at(d2)).toMatchObject({ valid: true, todayChannel: 'email' });
    expect(await at(addDaysToDate(d2, 1))).toMatchObject({ valid: false, scheduled: false, expired: true });
    expect(await subscriptions.hasPassDay(env.db, 'visitor@example.com', MK, { day: d1 })).toBe(false);
  });

  it('a Get Alerts purchase lets the signed-in buyer activate alerts for today', async () => {
    const u = await signUpUser(env.app);
    const { sessionId } = await startCheckout(
      { from: 'get-alerts', email: u.email, parkId: MK, channel: 'email', dates: [today()] },
      { cookie: u.cookie },
    );
    await sendEvent('checkout.session.completed', fake.pay(sessionId));
    const rides = (await call('alerts.rides', { parkId: MK }, { cookie: u.cookie })).body.result.data.rides;
    expect(rides.length).toBeGreaterThan(0);
    const act = await call('alerts.activate', { parkId: MK, rideIds: [rides[0].id] }, { cookie: u.cookie });
    expect(act.status, JSON.stringify(act.body)).toBe(200);
    const st = (await call('alerts.state', { parkId: MK }, { cookie: u.cookie })).body.result.data;
    expect(st.subscription).toMatchObject({ active: true, valid: true, todayChannel: 'email' });
    expect((await subscriptions.findByEmailAndPark(env.db, u.email, MK))!.userId).toBe(u.id);
  });
});

/** A free e-mail day code (the promo dialog's kind). */
function freeDaysCode(code: string, over: Partial<Parameters<typeof promo.create>[1]> = {}): Parameters<typeof promo.create>[1] {
  return { ...promo.freeEmailDayCode(code), ...over };
}
function percentCode(code: string, percentOff: number, over: Partial<Parameters<typeof promo.create>[1]> = {}) {
  return freeDaysCode(code, { kind: 'percent_off', channel: 'any', percentOff, ...over });
}

describe('promo codes (docs/spec/part-1.md §2, §5, §6, §8)', () => {
  it('admin only: promoCodes, createPromoCode, setPromoCodeActive and checkouts are 401 signed out, 403 for a user, ok for an admin', async () => {
    const calls: [kind: 'query' | 'mutation', proc: string, input?: unknown][] = [
      ['query', 'admin.promoCodes'],
      ['mutation', 'admin.createPromoCode', { code: 'ROLECHECK', kind: 'free_days', channel: 'email' }],
      ['mutation', 'admin.setPromoCodeActive', { code: 'ROLECHECK', active: false }],
      ['query', 'admin.checkouts'],
    ];
    const user = await signUpUser(env.app);
    const admin = await signUpAdmin();
    for (const [, proc, input] of calls) {
      expect((await call(proc, input)).status, `${proc} signed out`).toBe(401);
      const asUser = await call(proc, input, { cookie: user.cookie });
      expect(asUser.status, `${proc} user`).toBe(403);
      expect(asUser.body.error.message).toBe('You do not have admin privileges');
    }
    expect(await count('promo_codes')).toBe(0);
    for (const [, proc, input] of calls) expect((await call(proc, input, { cookie: admin.cookie })).status, proc).toBe(200);
  });

  it('admins create upper-cased codes, list them with their use counts, turn them off, and see checkouts in cents', async () => {
    const admin = await signUpAdmin();
    const as = { cookie: admin.cookie };
    const created = await call('admin.createPromoCode', { code: ' summer-free ', kind: 'free_days', channel: 'email', maxUses: 5 }, as);
    // Both are easy to guess (decision 047): created, and flagged for the admin.
    expect(created.body.result.data).toEqual({ code: 'SUMMER-FREE', weak: 'Easy to guess: made of common words, dates or patterns.' });
    const pct = await call('admin.createPromoCode', { code: 'save20', kind: 'percent_off', channel: 'any', percentOff: 20 }, as);
    expect(pct.body.result.data).toEqual({ code: 'SAVE20', weak: 'Easy to guess: shorter than 10 characters.' });
    const strong = await call('admin.createPromoCode', { code: 'K7QX9M2WPD4R', kind: 'free_days', channel: 'email' }, as);
    expect(strong.body.result.data).toEqual({ code: 'K7QX9M2WPD4R', weak: null });
    const dup = await call('admin.createPromoCode', { code: 'Summer-Free', kind: 'free_days', channel: 'email' }, as);
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe('The code SUMMER-FREE exists already.');
    for (const [input, message] of [
      [{ code: 'SMSFREE', kind: 'free_days', channel: 'sms' }, 'Free days are for e-mail alerts.'],
      [{ code: 'PCT', kind: 'percent_off', channel: 'any' }, 'Between 1 and 99 percent.'],
      [{ code: 'PCT', kind: 'percent_off', channel: 'any', percentOff: 100 }, 'Between 1 and 99 percent.'],
      [{ code: 'a b', kind: 'free_days', channel: 'email' }, 'Codes are 3–40 letters, digits, - or _.'],
    ] as const) {
      const r = await call('admin.createPromoCode', input, as);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(message);
    }
    await call('checkout.redeemPromo', { email: 'one@example.com', parkId: MK, code: 'summer-free' });
    const list = (await call('admin.promoCodes', undefined, as)).body.result.data;
    expect(list.map((c: any) => [c.code, c.kind, c.channel, c.days, c.percentOff, c.maxUses, c.active, c.uses, c.weak !== null])).toEqual(
      expect.arrayContaining([
        ['SUMMER-FREE', 'free_days', 'email', 1, null, 5, true, 1, true],
        ['SAVE20', 'percent_off', 'any', 1, 20, null, true, 0, true],
        ['K7QX9M2WPD4R', 'free_days', 'email', 1, null, null, true, 0, false],
      ]),
    );
    expect(list).toHaveLength(3);
    expect((await call('admin.setPromoCodeActive', { code: 'summer-free', active: false }, as)).status).toBe(200);
    expect((await call('checkout.checkPromo', { code: 'SUMMER-FREE' })).body.error.message).toBe(INVALID_PROMO);
    const missing = await call('admin.setPromoCodeActive', { code: 'NOSUCH', active: true }, as);
    expect(missing.status).toBe(404);
    await startCheckout(landing({ promoCode: 'save20' }));
    const checkouts = (await call('admin.checkouts', undefined, as)).body.result.data;
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]).toMatchObject({
      email: 'visitor@example.com',
      amountTotal: 400,
      unitAmount: 400,
      status: 'open',
      promoCode: 'SAVE20',
    });
  });

  it('docs/spec/part-1.md §2, §8: checkPromo says what a valid code gives; unknown, expired, inactive and used-up codes are "not valid"', async () => {
    await promo.create(env.db, freeDaysCode('FREEDAY'));
    await promo.create(env.db, percentCode('SAVE15', 15, { channel: 'sms' }));
    await promo.create(env.db, freeDaysCode('OLD', { expiresAt: new Date(Date.now() - 60_000) }));
    await promo.create(env.db, freeDaysCode('LATER', { expiresAt: new Date(Date.now() + 86_400_000) }));
    await promo.create(env.db, freeDaysCode('OFF'));
    await promo.setActive(env.db, 'OFF', false);
    await promo.create(env.db, freeDaysCode('ONCE', { maxUses: 1 }));
    expect((await call('checkout.redeemPromo', { email: 'first@example.com', parkId: MK, code: 'ONCE' })).status).toBe(200);

    const check = (code: string, ip: string) => call('checkout.checkPromo', { code }, { ip });
    expect((await check(' freeday ', '10.2.0.1')).body.result.data).toEqual({
      code: 'FREEDAY',
      kind: 'free_days',
      channel: 'email',
      days: 1,
      percentOff: null,
    });
    expect((await check('save15', '10.2.0.1')).body.result.data).toEqual({
      code: 'SAVE15',
      kind: 'percent_off',
      channel: 'sms',
      days: 1,
      percentOff: 15,
    });
    expect((await check('LATER', '10.2.0.1')).status).toBe(200);
    for (const [i, code] of ['WRONG', 'OLD', 'OFF', 'ONCE'].entries()) {
      const r = await check(code, `10.2.1.${i}`);
      expect(r.status, code).toBe(400);
      expect(r.body.error.message).toBe(INVALID_PROMO);
    }
    const blank = await check('   ', '10.2.0.2');
    expect(blank.body.error.message).toBe('Please enter a promo code.');
  });

  it('the daily SMS capacity is per park and enforced at checkout (held days + open checkouts)', async () => {
    await site.putSetting(env.db, 'sms_daily_capacity', 2);
    const day = addDaysToDate(today(), 3);
    // Capacity 2: the first buyer's open checkout takes a spot, a pass day held takes the other.
    await startCheckout(landing({ email: 'a@example.com', dates: [day] }));
    await subscriptions.grantPassDays(env.db, {
      email: 'held-sms@example.com',
      parkId: MK,
      userId: null,
      channel: 'sms',
      phoneNumber: '+14079395277',
      days: [day],
      source: 'grant',
      reference: 'test',
    });
    // The next SMS checkout of that date is refused before Stripe.
    const before = fake.createBodies.length;
    const full = await call('checkout.create', landing({ email: 'b@example.com', dates: [day, addDaysToDate(day, 1)] }));
    expect(full.status).toBe(400);
    expect(full.body.error.message).toMatch(
      /^No SMS spots left for Magic Kingdom Park on \w{3}, \w{3} \d{1,2}\. Remove that date or choose e-mail alerts\.$/,
    );
    expect(fake.createBodies.length).toBe(before);
    // The first buyer starting again is not stopped by their own open checkout.
    await startCheckout(landing({ email: 'a@example.com', dates: [day] }));
    // Another date, and e-mail on the full date, are not limited by it.
    await startCheckout(landing({ email: 'b@example.com', dates: [addDaysToDate(day, 1)] }));
    await startCheckout(landing({ email: 'b@example.com', channel: 'email', phone: undefined, dates: [day] }));
    // Unset (0) = no limit.
    await site.putSetting(env.db, 'sms_daily_capacity', 0);
    await startCheckout(landing({ email: 'c@example.com', dates: [day] }));
  });

  it('a day the address holds is refused before any session (same channel, or SMS held); SMS over e-mail is an upgrade', async () => {
    await promo.create(env.db, freeDaysCode('HELDDAY'));
    expect((await call('checkout.redeemPromo', { email: 'held@example.com', parkId: MK, code: 'HELDDAY' })).status).toBe(200);
    const before = fake.createBodies.length;
    const twice = await call(
      'checkout.create',
      landing({ email: 'held@example.com', channel: 'email', phone: undefined, dates: [today(), addDaysToDate(today(), 1)] }),
    );
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toMatch(
      /^held@example\.com already has alerts for Magic Kingdom Park on \w{3}, \w{3} \d{1,2}\. Remove that date to pay only for new days\.$/,
    );
    // The held date comes as a value too, for the page to mark its chip (not only a sentence in a toast).
    expect(twice.body.error.data.invalid).toEqual({ field: 'dates', values: [today()] });
    expect(fake.createBodies.length).toBe(before);
    expect(await env.db.selectFrom('checkout_sessions').select('id').where('email', '=', 'held@example.com').execute()).toEqual([]);
    // The new day alone is sold at the price shown; SMS for the held e-mail day is an upgrade.
    await startCheckout(landing({ email: 'held@example.com', channel: 'email', phone: undefined, dates: [addDaysToDate(today(), 1)] }));
    expect(fake.createBodies.at(-1)!.get('line_items[0][quantity]')).toBe('1');
    await startCheckout(landing({ email: 'held@example.com', dates: [today()] }));
    expect(fake.createBodies.at(-1)!.get('line_items[0][price_data][unit_amount]')).toBe('500');
  });

  it('docs/spec/part-1.md §6: redeemPromo grants one free e-mail day (all rides watched) once per e-mail', async () => {
    await promo.create(env.db, freeDaysCode('FREEDAY'));
    const r = await call('checkout.redeemPromo', { email: 'Fan@Example.com', parkId: MK, code: 'freeday' });
    expect(r.status).toBe(200);
    expect(r.body.result.data).toEqual({
      parkId: MK,
      parkName: 'Magic Kingdom Park',
      email: 'fan@example.com',
      days: [today()],
      redemptionId: expect.any(String),
    });
    // The success page reads the redemption back (a card payment's shape, amount 0).
    const page = await call('checkout.promoOutcome', { redemptionId: r.body.result.data.redemptionId });
    expect(page.body.result.data).toMatchObject({ status: 'fulfilled', promo: true, days: [today()], amountCents: 0, ridesPending: false });
    expect(await passDays('fan@example.com')).toEqual([{ day: today(), channel: 'email', source: 'promo', reference: 'FREEDAY' }]);
    expect(await subscriptions.findByEmailAndPark(env.db, 'fan@example.com', MK)).toMatchObject({
      active: true,
      alertType: 'email',
      promoCode: 'FREEDAY',
      startDate: today(),
      endDate: addDaysToDate(today(), 1),
    });
    await expectAllRidesWatched('fan@example.com');
    const [redemption] = await env.db.selectFrom('promo_redemptions').selectAll().execute();
    expect(redemption).toMatchObject({
      code: 'FREEDAY',
      email: 'fan@example.com',
      park_id: MK,
      first_day: today(),
      checkout_session_id: null,
    });
    expect((await env.queues.sendEmail.getJob(`promo-${redemption!.id}`))?.data).toEqual({ confirmation: 'promo', id: redemption!.id });

    const again = await call('checkout.redeemPromo', {
      email: 'fan@example.com',
      parkId: MK,
      code: 'FREEDAY',
      date: addDaysToDate(today(), 1),
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('You have already used this promo code.');
    expect(await passDays('fan@example.com')).toHaveLength(1);
    expect(await count('promo_redemptions')).toBe(1);

    const past = await call('checkout.redeemPromo', {
      email: 'b@example.com',
      parkId: MK,
      code: 'FREEDAY',
      date: addDaysToDate(today(), -1),
    });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe('Dates before today cannot be selected.');
    const later = await call('checkout.redeemPromo', {
      email: 'b@example.com',
      parkId: MK,
      code: 'FREEDAY',
      date: addDaysToDate(today(), 5),
    });
    expect(later.body.result.data.days).toEqual([addDaysToDate(today(), 5)]);
  });

  it('max_uses holds under concurrency: a 3-use code redeemed by 10 people at once succeeds exactly 3 times', async () => {
    await promo.create(env.db, freeDaysCode('THREE', { maxUses: 3 }));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('checkout.redeemPromo', { email: `p${i}@example.com`, parkId: MK, code: 'THREE' }, { ip: `10.3.0.${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(INVALID_PROMO);
    }
    expect(await count('promo_redemptions')).toBe(3);
    expect(await count('pass_days')).toBe(3);
  });

  it('docs/spec/part-1.md §6: free days are e-mail only; percent-off codes are for card checkout, not the free form', async () => {
    await promo.create(env.db, freeDaysCode('FREEDAY'));
    await promo.create(env.db, percentCode('SAVE20', 20));
    await promo.create(env.db, percentCode('MAILONLY', 50, { channel: 'email' }));
    for (const code of ['FREEDAY', 'MAILONLY']) {
      const r = await call('checkout.create', landing({ promoCode: code }), { ip: '10.4.0.1' });
      expect(r.status, code).toBe(400);
      expect(r.body.error.message).toBe(INVALID_PROMO);
    }
    const free = await call('checkout.redeemPromo', { email: 'x@example.com', parkId: MK, code: 'SAVE20' }, { ip: '10.4.0.2' });
    expect(free.status).toBe(400);
    expect(free.body.error.message).toBe(INVALID_PROMO);
    expect(fake.createBodies).toHaveLength(0);
    await expectNothingGranted('x@example.com');
  });

  it('a percent-off code lowers the Stripe unit amount; it is redeemed on fulfilment and cannot be used twice by the same e-mail', async () => {
    await promo.create(env.db, percentCode('SAVE20', 20));
    const { sessionId } = await startCheckout(landing({ promoCode: ' save20 ', dates: [today(), addDaysToDate(today(), 1)] }));
    const form = Object.fromEntries(fake.createBodies[0]!);
    expect(form).toMatchObject({
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][unit_amount]': '400',
      'metadata[promo_code]': 'SAVE20',
    });
    expect(await checkoutRow(sessionId)).toMatchObject({ unit_amount: 400, amount_total: 800, promo_code: 'SAVE20' });
    expect((await sendEvent('checkout.session.completed', fake.pay(sessionId))).body.result).toBe('fulfilled');
    expect(await env.db.selectFrom('promo_redemptions').select(['code', 'email', 'checkout_session_id']).execute()).toEqual([
      { code: 'SAVE20', email: 'visitor@example.com', checkout_session_id: sessionId },
    ]);
    expect((await subscriptions.findByEmailAndPark(env.db, 'visitor@example.com', MK))!.promoCode).toBe('SAVE20');
    const reuse = await call('checkout.create', landing({ promoCode: 'SAVE20', dates: [addDaysToDate(today(), 2)] }));
    expect(reuse.body.error.message).toBe(INVALID_PROMO);
    // Another e-mail still gets the discount; an e-mail day under Stripe's minimum charge is refused.
    await startCheckout(landing({ email: 'other@example.com', promoCode: 'SAVE20' }));
    expect(fake.createBodies.at(-1)!.get('line_items[0][price_data][unit_amount]')).toBe('400');
    await promo.create(env.db, percentCode('SAVE60', 60));
    const tiny = await call(
      'checkout.create',
      landing({ email: 'third@example.com', channel: 'email', phone: undefined, promoCode: 'SAVE60' }),
    );
    expect(tiny.status).toBe(400);
    expect(tiny.body.error.message).toBe('Card payments start at $0.50; please add a date.');
  });

  it('promo guesses are throttled per client: after 5 wrong codes even a right one is refused (429), other clients are not', async () => {
    await promo.create(env.db, freeDaysCode('FREEDAY'));
    await promo.create(env.db, percentCode('SAVE20', 20));
    const ip = '10.5.0.1';
    for (let i = 0; i < 5; i++) {
      const r = await call('checkout.checkPromo', { code: `GUESS${i}` }, { ip });
      expect(r.status).toBe(400);
    }
    for (const r of [
      await call('checkout.checkPromo', { code: 'FREEDAY' }, { ip }),
      await call('checkout.redeemPromo', { email: 'g@example.com', parkId: MK, code: 'FREEDAY' }, { ip }),
      await call('checkout.create', landing({ promoCode: 'SAVE20' }), { ip }),
    ]) {
      expect(r.status).toBe(429);
      expect(r.body.error.message).toBe('Too many promo code attempts. Please try again in 15 minutes.');
    }
    expect(await count('promo_redemptions')).toBe(0);
    expect(fake.createBodies).toHaveLength(0);
    expect((await call('checkout.checkPromo', { code: 'FREEDAY' }, { ip: '10.5.0.2' })).status).toBe(200);
    // A checkout without a code is not a guess.
    expect((await call('checkout.create', landing(), { ip })).status).toBe(200);
  });

  it('wrong codes on checkout.create and redeemPromo count as guesses too', async () => {
    const ip = '10.6.0.1';
    for (let i = 0; i < 3; i++) expect((await call('checkout.create', landing({ promoCode: `GUESS${i}` }), { ip })).status).toBe(400);
    for (let i = 3; i < 5; i++) {
      expect((await call('checkout.redeemPromo', { email: 'g@example.com', parkId: MK, code: `GUESS${i}` }, { ip })).status).toBe(400);
    }
    expect((await call('checkout.checkPromo', { code: 'GUESS5' }, { ip })).status).toBe(429);
  });
});

describe('alerts need a pass (docs/spec/part-1.md §4, §8)', () => {
  it('alerts.activate without a pass is a 400 "Subscription issue"; with a free promo day it works', async () => {
    const u = await signUpUser(env.app);
    const rides = (await call('alerts.rides', { parkId: MK }, { cookie: u.cookie })).body.result.data.rides.map(
      (r: { id: string }) => r.id,
    );
    const refused = await call('alerts.activate', { parkId: MK, rideIds: rides }, { cookie: u.cookie });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(NO_PASS_MESSAGE);
    // A pass for another e-mail does not count.
    await promo.create(env.db, freeDaysCode('FREEDAY'));
    await call('checkout.redeemPromo', { email: 'someone@example.com', parkId: MK, code: 'FREEDAY' });
    expect((await call('alerts.activate', { parkId: MK, rideIds: rides }, { cookie: u.cookie })).status).toBe(400);
    const redeemed = await call('checkout.redeemPromo', { email: u.email, parkId: MK, code: 'FREEDAY' }, { cookie: u.cookie });
    expect(redeemed.status).toBe(200);
    expect((await subscriptions.findByEmailAndPark(env.db, u.email, MK))!.userId).toBe(u.id);
    const act = await call('alerts.activate', { parkId: MK, rideIds: rides.slice(0, 2) }, { cookie: u.cookie });
    expect(act.status).toBe(200);
    expect(act.body.result.data.scheduled).toBe(false);
    const st = (await call('alerts.state', { parkId: MK }, { cookie: u.cookie })).body.result.data;
    expect(st.subscription).toMatchObject({ active: true, valid: true, todayChannel: 'email', days: [{ day: today(), channel: 'email' }] });
    expect(st.selectedRideIds).toHaveLength(2);
  });
});
