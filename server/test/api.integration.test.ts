import { subscriptions, users } from '@walkon/db';
import { FIXTURES_DIR, truncateAll } from '@walkon/db/testing';
import { addDaysToDate, parkLocalDate } from '@walkon/domain/dates';
import { formatDay } from '@walkon/domain/days';
import { createReplaySource } from '@walkon/integrations/providers';
import { pino } from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { validateSessionToken } from '../src/auth/session.ts';
import { buildTestApp, ORIGIN, signUpToken, signUpUser, testDeps, trpcCall, withTestServer } from './harness.ts';

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const replay = () =>
  createReplaySource({ dir: FIXTURES_DIR, files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'], now: () => new Date() });
const env = withTestServer({ source: replay });

beforeEach(async () => truncateAll(env.db));

/** A pass for MK on `days` (default: the park-local today), as the person's own signed-in purchase would leave it. */
async function givePass(person: { email: string; id: string }, days?: string[]) {
  const email = person.email;
  const today = parkLocalDate(new Date(), 'America/New_York');
  await allRideIds(); // loads the catalogue
  await subscriptions.grantPassDays(env.db, {
    email,
    parkId: MK,
    userId: person.id,
    channel: 'email',
    days: days ?? [today],
    source: 'stripe',
    reference: 'cs_test_fixture',
  });
  await subscriptions.setActive(env.db, email, MK, false); // bought but alerts not switched on yet
}

const allRideIds = async () =>
  (await trpcCall(env.app, 'waitTimes.live', { parkId: MK })).body.result.data.rides.map((r: { id: string }) => r.id) as string[];

describe('accounts (docs/spec/part-1.md §2 Auth)', () => {
  it('sign up lower-cases the e-mail; its link sets an HttpOnly, SameSite=Lax session cookie (no Secure in development)', async () => {
    const r = await trpcCall(env.app, 'auth.signUp', { fullName: 'Ann', email: 'Ann@Example.COM', password: 'correct horse' });
    expect(r.body.result.data).toEqual({ ok: true });
    expect(r.setCookie).toBeUndefined();
    const f = await trpcCall(env.app, 'auth.finishSignUp', { token: await signUpToken('ann@example.com') });
    expect(f.body.result.data.user.email).toBe('ann@example.com');
    expect(f.setCookie).toMatch(/^walkon_session=[a-z2-7]{32};/);
    expect(f.setCookie).toContain('HttpOnly');
    expect(f.setCookie).toContain('SameSite=Lax');
    expect(f.setCookie).not.toContain('Secure');
    const stored = await env.db.selectFrom('sessions').select('id').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(f.setCookie).not.toContain(stored[0]!.id);
    const hash = (await env.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow()).password_hash;
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('the cookie is Secure in production', async () => {
    const prodApp = await buildTestApp(env, true, replay());
    const email = `prod-${Date.now()}@example.com`;
    expect((await trpcCall(prodApp, 'auth.signUp', { fullName: 'P', email, password: 'correct horse' })).status).toBe(200);
    const res = await trpcCall(prodApp, 'auth.finishSignUp', { token: await signUpToken(email) });
    expect(res.setCookie).toContain('Secure');
    await prodApp.close();
  });

  it('a sign-up with a registered address answers like a new one, with no cookie (no enumeration, docs/decisions/046)', async () => {
    const { email } = await signUpUser(env.app);
    const r = await trpcCall(env.app, 'auth.signUp', { fullName: 'X', email, password: 'correct horse' });
    expect(r.status).toBe(200);
    expect(r.body.result.data).toEqual({ ok: true });
    expect(r.setCookie).toBeUndefined();
  });

  it('docs/spec/part-1.md §5: sign up without a full name says "Please enter your full name to sign up."', async () => {
    const r = await trpcCall(env.app, 'auth.signUp', { fullName: ' ', email: 'a@b.co', password: 'correct horse' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('Please enter your full name to sign up.');
  });

  it('log in, me, log out', async () => {
    const { email } = await signUpUser(env.app);
    const bad = await trpcCall(env.app, 'auth.logIn', { email, password: 'wrong password' });
    expect(bad.status).toBe(401);
    expect(bad.body.error.message).toBe('Invalid login credentials');
    const ok = await trpcCall(env.app, 'auth.logIn', { email: email.toUpperCase(), password: 'correct horse' });
    expect(ok.status).toBe(200);
    expect((await trpcCall(env.app, 'auth.me', undefined, ok.cookie)).body.result.data.user.email).toBe(email);
    expect((await trpcCall(env.app, 'auth.logOut', undefined, ok.cookie)).status).toBe(200);
    expect((await trpcCall(env.app, 'auth.me', undefined, ok.cookie)).body.result.data.user).toBeNull();
  });

  it('log-in slow-down: after four failures from one client the next try must wait a second, even with the right password', async () => {
    const { email } = await signUpUser(env.app);
    // A stopped clock: the one-second wait never runs out however slow the machine is.
    const frozen = new Date();
    const app = await buildTestApp(env, false, replay(), null, () => frozen);
    const logIn = (password: string) => trpcCall(app, 'auth.logIn', { email, password });
    for (let i = 0; i < 4; i++) expect((await logIn(`wrong-${i}`)).status).toBe(401);
    const r = await logIn('correct horse');
    expect(r.status).toBe(429);
    expect(r.message).toBe('Too many login attempts. Please try again in 1 second.');
    await app.close();
  });

  it('sessions slide: less than 15 days left extends to 30 days; expired sessions are deleted', async () => {
    const { cookie } = await signUpUser(env.app);
    const token = cookie.split('=')[1]!;
    const t0 = Date.now();
    const in20d = new Date(t0 + 20 * 86_400_000);
    const v = await validateSessionToken(env.db, token, in20d);
    expect(v?.renewed).toBe(true);
    expect(v!.expiresAt.getTime()).toBe(in20d.getTime() + 30 * 86_400_000);
    expect(await validateSessionToken(env.db, token, new Date(in20d.getTime() + 31 * 86_400_000))).toBeNull();
    expect(await env.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });
});

describe('security', () => {
  const protectedCalls: [kind: 'query' | 'mutation', proc: string, input?: unknown][] = [
    ['query', 'alerts.rides', { parkId: MK }],
    ['query', 'alerts.state', { parkId: MK }],
    ['mutation', 'alerts.saveRides', { parkId: MK, rideIds: [] }],
    ['mutation', 'alerts.activate', { parkId: MK, rideIds: ['x'] }],
    ['mutation', 'alerts.stop', { parkId: MK }],
    ['query', 'alerts.history'],
    ['mutation', 'alerts.clearHistory'],
    ['mutation', 'alerts.testAlert', { parkId: MK }],
    ['query', 'manageAlerts.list'],
    ['mutation', 'manageAlerts.save', { parks: [] }],
    ['mutation', 'auth.logOut'],
  ];
  for (const [, proc, input] of protectedCalls) {
    it(`${proc} refuses a signed-out caller (401)`, async () => {
      const r = await trpcCall(env.app, proc, input);
      expect(r.status).toBe(401);
      expect(r.body.error.message).toBe('Please log in to manage your alert subscriptions.');
    });
  }

  it('a cross-origin POST is refused (403) and changes nothing', async () => {
    const r = await trpcCall(
      env.app,
      'auth.signUp',
      { fullName: 'E', email: 'evil@example.com', password: 'correct horse' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(r.status).toBe(403);
    expect(await env.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('bad or missing fields are a 400 with a message, never a 500 or a stack trace', async () => {
    const { cookie } = await signUpUser(env.app);
    for (const [proc, input] of [
      ['auth.signUp', {}],
      ['auth.logIn', { email: 'not-an-email', password: 'x' }],
      ['alerts.activate', { parkId: 42, rideIds: 'all' }],
      ['alerts.activate', { parkId: MK, rideIds: [] }],
      ['alerts.activate', { parkId: MK, rideIds: ['a'], startDate: 'tomorrow' }],
      ['manageAlerts.save', { parks: [{ parkId: MK }] }],
    ] as const) {
      const r = await trpcCall(env.app, proc, input, cookie);
      expect(r.status, proc).toBe(400);
      expect(typeof r.body.error.message).toBe('string');
      expect(r.body.error.message.length).toBeGreaterThan(3);
      expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts:\d+/);
    }
    const raw = await env.app.inject({
      method: 'POST',
      url: '/trpc/auth.logIn',
      payload: '{not json',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
    });
    expect(raw.statusCode).toBeGreaterThanOrEqual(400);
    expect(raw.statusCode).toBeLessThan(500);
  });

  it("a user cannot read or change another user's rides, alerts or history", async () => {
    const a = await signUpUser(env.app);
    const b = await signUpUser(env.app);
    const rides = await allRideIds();
    await givePass(a);
    expect((await trpcCall(env.app, 'alerts.activate', { parkId: MK, rideIds: rides.slice(0, 3) }, a.cookie)).status).toBe(200);
    // B sees none of A's data…
    const bState = (await trpcCall(env.app, 'alerts.state', { parkId: MK }, b.cookie)).body.result.data;
    expect(bState.email).toBe(b.email);
    expect(bState.selectedRideIds).toEqual([]);
    expect(bState.subscription).toBeNull();
    expect((await trpcCall(env.app, 'manageAlerts.list', undefined, b.cookie)).body.result.data.parks).toEqual([]);
    // …cannot change it through Manage Alerts (there is no e-mail in any input: identity is the session)…
    const save = await trpcCall(
      env.app,
      'manageAlerts.save',
      { parks: [{ parkId: MK, active: false, rides: rides.slice(0, 3).map((rideId) => ({ rideId, active: false })) }] },
      b.cookie,
    );
    expect(save.status).toBe(404);
    // …nor clear A's history or stop A's alerts.
    await trpcCall(env.app, 'alerts.stop', { parkId: MK }, b.cookie);
    await trpcCall(env.app, 'alerts.clearHistory', undefined, b.cookie);
    const aState = (await trpcCall(env.app, 'alerts.state', { parkId: MK }, a.cookie)).body.result.data;
    expect(aState.subscription.active).toBe(true);
    expect(aState.selectedRideIds).toHaveLength(3);
  });

  it('Bull Board at /admin/queues: 401 signed out, 403 for a user, 200 for an admin (static files too)', async () => {
    expect((await env.app.inject({ method: 'GET', url: '/admin/queues' })).statusCode).toBe(401);
    const u = await signUpUser(env.app);
    expect((await env.app.inject({ method: 'GET', url: '/admin/queues', headers: { cookie: u.cookie } })).statusCode).toBe(403);
    expect((await env.app.inject({ method: 'GET', url: '/admin/queues/static/favicon-32x32.png' })).statusCode).toBe(401);
    await users.grantRole(env.db, u.id, 'admin');
    const ok = await env.app.inject({ method: 'GET', url: '/admin/queues', headers: { cookie: u.cookie } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('<');
  });

  it('Bull Board actions are logged with the admin\'s id (docs/OPERATIONS.md "Operator CLI")', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l) as Record<string, unknown>) });
    const app = await buildApp({ ...testDeps(env), logger });
    try {
      const u = await signUpUser(app);
      await users.grantRole(env.db, u.id, 'admin');
      const paused = await app.inject({
        method: 'PUT',
        url: '/admin/queues/api/queues/poll-park/pause',
        headers: { cookie: u.cookie, origin: ORIGIN },
      });
      expect(paused.statusCode).toBe(200);
      expect(await env.queues.poll.isPaused()).toBe(true);
      await app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: { cookie: u.cookie } });
      const actions = lines.filter((l) => l.msg === 'bull board action');
      expect(actions).toEqual([
        expect.objectContaining({ adminId: u.id, method: 'PUT', path: '/admin/queues/api/queues/poll-park/pause', status: 200 }),
      ]);
    } finally {
      await env.queues.poll.resume();
      await app.close();
    }
  });

  it('Bull Board refuses a browser with the site pages: signed out → login, non-admin → Access Denied page', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const out = await env.app.inject({ method: 'GET', url: '/admin/queues', headers: html });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/auth?redirect=%2Fadmin%2Fqueues');
    const u = await signUpUser(env.app);
    const denied = await env.app.inject({ method: 'GET', url: '/admin/queues', headers: { ...html, cookie: u.cookie } });
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(denied.body).toContain('<h1>Access Denied</h1>');
    expect(denied.body).toContain('You do not have admin privileges');
    expect(denied.body).not.toMatch(/<script|style=/);
    // API clients keep their JSON.
    const json = await env.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: { cookie: u.cookie } });
    expect(json.statusCode).toBe(403);
    expect(json.json()).toEqual({ error: { message: 'Access Denied: admins only.' } });
  });
});

describe('alerts (docs/spec/part-1.md §4, §9)', () => {
  it('activate without a pass is refused with "Subscription issue"; with a pass day today it is valid, schedules the park and stop deactivates', async () => {
    const a = await signUpUser(env.app);
    const rides = await allRideIds();
    const refused = await trpcCall(env.app, 'alerts.activate', { parkId: MK, rideIds: rides }, a.cookie);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^Subscription issue: you have no pass/);
    await givePass(a);
    const act = await trpcCall(env.app, 'alerts.activate', { parkId: MK, rideIds: rides }, a.cookie);
    expect(act.status).toBe(200);
    expect(act.body.result.data.scheduled).toBe(false);
    const st = (await trpcCall(env.app, 'alerts.state', { parkId: MK }, a.cookie)).body.result.data;
    expect(st.subscription).toMatchObject({ active: true, valid: true, scheduled: false, alertType: 'email' });
    expect(st.selectedRideIds).toHaveLength(rides.length);
    // The park-local today and zone come from the server (the browser's clock and zone are not the park's).
    expect(st).toMatchObject({ today: parkLocalDate(new Date(), 'America/New_York'), timezone: 'America/New_York' });
    const schedulers = await env.queues.poll.getJobSchedulers(0, -1);
    expect(schedulers.map((s) => s.id ?? s.key)).toContain(`poll-park:${MK}`);
    await trpcCall(env.app, 'alerts.stop', { parkId: MK }, a.cookie);
    const after = (await trpcCall(env.app, 'alerts.state', { parkId: MK }, a.cookie)).body.result.data;
    expect(after.subscription).toMatchObject({ active: false, valid: false });
    expect((await env.queues.poll.getJobSchedulers(0, -1)).map((s) => s.id ?? s.key)).not.toContain(`poll-park:${MK}`);
  });

  it('a future start date is scheduled; a past start date is refused', async () => {
    const a = await signUpUser(env.app);
    const rides = await allRideIds();
    const far = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await givePass(a, [far]);
    const notBought = await trpcCall(
      env.app,
      'alerts.activate',
      { parkId: MK, rideIds: rides, startDate: addDaysToDate(far, 1) },
      a.cookie,
    );
    expect(notBought.body.error.message).toBe(`You have no pass for ${addDaysToDate(far, 1)}. Pick one of your pass dates.`);
    const act = await trpcCall(env.app, 'alerts.activate', { parkId: MK, rideIds: rides, startDate: far }, a.cookie);
    expect(act.body.result.data.scheduled).toBe(true);
    const st = (await trpcCall(env.app, 'alerts.state', { parkId: MK }, a.cookie)).body.result.data;
    expect(st.subscription).toMatchObject({ scheduled: true, valid: false });
    const past = await trpcCall(env.app, 'alerts.activate', { parkId: MK, rideIds: rides, startDate: '2020-01-01' }, a.cookie);
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe('Alert start date cannot be earlier than today.');
  });

  it('test alert: refused without a subscription; then queued; then the 15-minute cooldown applies', async () => {
    const a = await signUpUser(env.app);
    const before = (await trpcCall(env.app, 'alerts.state', { parkId: MK }, a.cookie)).body.result.data;
    expect(before.nextTestAlertAt).toBeNull();
    const none = await trpcCall(env.app, 'alerts.testAlert', { parkId: MK }, a.cookie);
    expect(none.status).toBe(400);
    expect(none.body.error.message).toMatch(/^Subscription issue/);
    await givePass(a);
    await trpcCall(env.app, 'alerts.activate', { parkId: MK, rideIds: await allRideIds() }, a.cookie);
    const ok = await trpcCall(env.app, 'alerts.testAlert', { parkId: MK }, a.cookie);
    expect(ok.body.result.data).toEqual({ success: true, message: `Test alert sent to ${a.email}.` });
    // The activation's alerts-on confirmation (docs/rules.md R16b) is a delivery too; this test is about the test alert.
    const d = await env.db.selectFrom('deliveries').selectAll().where('kind', '=', 'test_alert').executeTakeFirstOrThrow();
    expect(d).toMatchObject({ kind: 'test_alert', status: 'queued', email: a.email });
    // Alert engine v2: send jobs carry batches; a batch's job id is `b-<first delivery id>` (was the delivery id).
    expect((await env.queues.sendEmail.getJob(`b-${d.id}`))?.data).toEqual({ deliveryIds: [d.id] });
    const st = (await trpcCall(env.app, 'alerts.state', { parkId: MK }, a.cookie)).body.result.data;
    expect(st.cooldownMinutesRemaining).toBe(15);
    // The page disables its button until this instant: the queued delivery's time + 15 minutes.
    expect(new Date(st.nextTestAlertAt).getTime()).toBe(d.created_at.getTime() + 15 * 60_000);
    expect(st.history[0]).toMatchObject({ rideName: 'Test alert' });
    const again = await trpcCall(env.app, 'alerts.testAlert', { parkId: MK }, a.cookie);
    expect(again.status).toBe(429);
    expect(again.body.error.message).toMatch(/Cooldown active: please wait 15 minutes/);
    expect(st.cooldownStartedBy).toEqual({ kind: 'test_alert', rideName: 'Test alert' });
  });

  it('test alert cooldown: a ride alert starts it too and the state says so; a delivery stamped ahead never shows 16 of 15', async () => {
    const a = await signUpUser(env.app);
    await givePass(a);
    await trpcCall(env.app, 'alerts.activate', { parkId: MK, rideIds: await allRideIds() }, a.cookie);
    const sub = await env.db.selectFrom('subscriptions').select('id').where('email', '=', a.email).executeTakeFirstOrThrow();
    // A ride alert stamped 30 s ahead of the server's clock (another process's clock).
    await env.db
      .insertInto('deliveries')
      .values({
        dedup_key: `${a.email}:r1:test`,
        email: a.email,
        channel: 'email',
        address: a.email,
        park_id: MK,
        ride_id: 'r1',
        ride_name: 'Space Mountain',
        wait_time: 5,
        message: 'Space Mountain is 5 min',
        subscription_id: sub.id,
        kind: 'ride_alert',
        status: 'sent',
        created_at: new Date(Date.now() + 30_000),
      })
      .execute();
    const st = (await trpcCall(env.app, 'alerts.state', { parkId: MK }, a.cookie)).body.result.data;
    expect(st.cooldownMinutesRemaining).toBe(15);
    expect(new Date(st.nextTestAlertAt).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(st.cooldownStartedBy).toEqual({ kind: 'ride_alert', rideName: 'Space Mountain' });
    const refused = await trpcCall(env.app, 'alerts.testAlert', { parkId: MK }, a.cookie);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe('Cooldown active: please wait 15 minutes before the next test alert.');
  });

  it('one-click unsubscribe (RFC 8058) deactivates that subscription', async () => {
    const a = await signUpUser(env.app);
    const today = parkLocalDate(new Date(), 'America/New_York');
    const tomorrow = addDaysToDate(today, 1);
    await givePass(a, [today, tomorrow]);
    await trpcCall(env.app, 'alerts.activate', { parkId: MK, rideIds: await allRideIds() }, a.cookie);
    const { unsubscribe_token } = await env.db.selectFrom('subscriptions').select('unsubscribe_token').executeTakeFirstOrThrow();
    // The confirmation page names the park and the days it stops (written as the site writes days), changing nothing.
    const days = `${formatDay(today)} and ${formatDay(tomorrow)}`;
    const ask = await env.app.inject({ method: 'GET', url: `/unsubscribe?token=${unsubscribe_token}` });
    expect(ask.body).toContain(`These are the ride alerts for <strong>Magic Kingdom Park</strong> on ${days}, sent to ${a.email}.`);
    expect((await env.db.selectFrom('subscriptions').select('active').executeTakeFirstOrThrow()).active).toBe(true);
    const res = await env.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${unsubscribe_token}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`You will not receive the ride alerts for Magic Kingdom Park on ${days} any more (${a.email}).`);
    expect((await env.db.selectFrom('subscriptions').select('active').executeTakeFirstOrThrow()).active).toBe(false);
    expect((await env.app.inject({ method: 'POST', url: '/unsubscribe?token=zz' })).statusCode).toBe(400);
  });

  it('the unsubscribe pages are UTF-8 HTML in the site look: one stylesheet file, no script, no inline style', async () => {
    const res = await env.app.inject({ method: 'GET', url: `/unsubscribe?token=${'ab'.repeat(16)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<link rel="stylesheet" href="/server-pages.css">');
    expect(res.body).toContain('<button class="button" type="submit">Stop these alerts</button>');
    expect(res.body).not.toMatch(/<script|style=|<style/);
    const css = await env.app.inject({ method: 'GET', url: '/server-pages.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('.button{');
  });

  it('manage alerts: list shows the park with rides; turning the park off deactivates it and its rides', async () => {
    const a = await signUpUser(env.app);
    const rides = await allRideIds();
    await givePass(a);
    await trpcCall(env.app, 'alerts.activate', { parkId: MK, rideIds: rides.slice(0, 2) }, a.cookie);
    const list = (await trpcCall(env.app, 'manageAlerts.list', undefined, a.cookie)).body.result.data;
    expect(list.parks).toHaveLength(1);
    expect(list.parks[0].rides.filter((r: { active: boolean }) => r.active)).toHaveLength(2);
    const save = await trpcCall(
      env.app,
      'manageAlerts.save',
      {
        parks: [
          { parkId: MK, active: false, rides: list.parks[0].rides.map((r: { rideId: string }) => ({ rideId: r.rideId, active: true })) },
        ],
      },
      a.cookie,
    );
    expect(save.status).toBe(200);
    const after = (await trpcCall(env.app, 'manageAlerts.list', undefined, a.cookie)).body.result.data;
    expect(after.parks[0].active).toBe(false);
    expect(after.parks[0].rides.every((r: { active: boolean }) => !r.active)).toBe(true);
  });

  it('live wait times: rides sorted by wait desc then name; an unknown park is a 404 with a message', async () => {
    const live = (await trpcCall(env.app, 'waitTimes.live', { parkId: MK })).body.result.data;
    const waits = live.rides.map((r: { waitMinutes: number | null }) => r.waitMinutes ?? -1);
    expect(waits).toEqual([...waits].sort((x, y) => y - x));
    const dests = (await trpcCall(env.app, 'waitTimes.destinations')).body.result.data;
    expect(dests[0].name).toMatch(/^Walt Disney World/);
    expect(dests[1].name).toBe('Disneyland Resort');
    const epcot = await trpcCall(env.app, 'waitTimes.live', { parkId: '47f90d2c-e191-4239-a466-5892ef59a88b' });
    expect(epcot.status).toBe(404);
    expect(epcot.body.error.message).toBe('No ride information available for this park.');
  });

  it('a batched call naming many procedures (over 100 characters of path) is served, not refused with 414', async () => {
    const procs = [
      'site.testimonials',
      'site.parks',
      'waitTimes.destinations',
      'site.testimonials',
      'site.parks',
      'waitTimes.destinations',
    ];
    expect(procs.join(',').length).toBeGreaterThan(100);
    const res = await env.app.inject({ method: 'GET', url: `/trpc/${procs.join(',')}?batch=1&input=${encodeURIComponent('{}')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(procs.length);
  });

  it('site.parks on a fresh database loads the catalogue first (the landing park select is never empty)', async () => {
    expect(await env.db.selectFrom('parks').select('id').execute()).toEqual([]);
    const parks = (await trpcCall(env.app, 'site.parks')).body.result.data as {
      id: string;
      destinationName: string;
      timezone: string | null;
      today: string;
    }[];
    expect(parks.find((p) => p.id === MK)?.destinationName).toMatch(/^Walt Disney World/);
    expect(parks.length).toBeGreaterThan(20);
    // Each park's own today (the pass pickers' lower bound), from its time zone.
    const now = new Date();
    for (const p of parks)
      expect([parkLocalDate(now, p.timezone), parkLocalDate(new Date(now.getTime() - 60_000), p.timezone)]).toContain(p.today);
  });
});
