import { randomUUID } from 'node:crypto';
import { catalogue, outbox, promo, users } from '@walkon/db';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { legacyUnverifiedUser, signUpToken, trpcCall, withTestServer } from './harness.ts';

const PARK = 'park-acct';
const RIDE = 'ride-acct-1';
const RIDE2 = 'ride-acct-2';
const PASSWORD = 'correct horse battery';
const env = withTestServer({ sendWorker: true });
const call = (proc: string, input?: unknown, cookie?: string) => trpcCall(env.app, proc, input, cookie);

beforeAll(async () => {
  await catalogue.upsertDestinations(env.db, [{ id: 'acct-dest', name: 'Account Resort', parks: [{ id: PARK, name: 'Account Park' }] }]);
  await catalogue.upsertAttractions(env.db, [
    { id: RIDE, parkId: PARK, name: 'Space Ride', entityType: 'ATTRACTION' },
    { id: RIDE2, parkId: PARK, name: 'Jungle Ride', entityType: 'ATTRACTION' },
  ]);
  await promo.create(env.db, {
    code: 'FREEACCT',
    kind: 'free_days',
    channel: 'email',
    days: 1,
    percentOff: null,
    maxUses: null,
    expiresAt: null,
    createdBy: null,
  });
});

const newEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** Signs up and opens the e-mailed link (docs/decisions/046-sign-up-by-link.md): a verified, signed-in account. */
async function signUp(email: string, password = PASSWORD) {
  const r = await call('auth.signUp', { fullName: 'Person', email, password });
  expect(r.status).toBe(200);
  const f = await call('auth.finishSignUp', { token: await signUpToken(email) });
  expect(f.status, f.message).toBe(200);
  return { email, cookie: f.cookie!, id: f.data.user.id as string, data: f.data };
}

async function logIn(email: string, password = PASSWORD) {
  return call('auth.logIn', { email, password });
}

/** The newest link token e-mailed to `to` whose text contains `path` (waits for e-mails sent after answering). */
async function linkFromOutbox(to: string, path: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const msgs = await outbox.listOutbox(env.db, { to });
      const m = msgs.find((x) => x.bodyText.includes(path));
      const token = m?.bodyText.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`))?.[1];
      if (!token) throw new Error(`no ${path} link for ${to}`);
      return token;
    },
    { timeout: 5000, interval: 50 },
  );
}

/** A visitor redeems the free promo signed out for `email` (the landing free dialog), as the victim did. */
async function boughtSignedOut(email: string) {
  const r = await call('checkout.redeemPromo', { email, parkId: PARK, code: 'FREEACCT' });
  expect(r.status, r.message).toBe(200);
  const sub = await env.db.selectFrom('subscriptions').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  // An alert the worker sent for that pass (alert history).
  await env.db
    .insertInto('deliveries')
    .values({
      dedup_key: `test:${randomUUID()}`,
      kind: 'ride_alert',
      email,
      channel: 'email',
      address: email,
      park_id: PARK,
      ride_id: RIDE,
      ride_name: 'Space Ride',
      wait_time: 5,
      message: 'Space Ride is 5 minutes',
      subscription_id: sub.id,
      status: 'sent',
    })
    .execute();
  await env.db
    .insertInto('return_time_alerts')
    .values({ email, user_id: null, park_id: PARK, ride_id: RIDE, queue_type: 'RETURN_TIME', before_time: null })
    .execute();
  return sub;
}

async function victimState(email: string) {
  const sub = await env.db.selectFrom('subscriptions').select(['active']).where('email', '=', email).executeTakeFirstOrThrow();
  const rides = await env.db.selectFrom('user_rides').select(['ride_id', 'active']).where('email', '=', email).orderBy('ride_id').execute();
  const hidden = await env.db.selectFrom('deliveries').select('hidden').where('email', '=', email).execute();
  const rt = await env.db.selectFrom('return_time_alerts').select('id').where('email', '=', email).execute();
  return { active: sub.active, rides, hidden: hidden.map((h) => h.hidden), returnTimeAlerts: rt.length };
}

describe('a verified address owns e-mail-keyed data', () => {
  it('takeover: an unverified account with the address of a signed-out purchase shows and changes none of it until the address is verified', async () => {
    const victim = newEmail('victim');
    await boughtSignedOut(victim);
    const before = await victimState(victim);
    expect(before).toMatchObject({ active: true, returnTimeAlerts: 1 });
    expect(before.rides.length).toBe(2);

    // Sign-up no longer makes an account before its link is opened (docs/decisions/046-sign-up-by-link.md):
    // signing up with the victim's address gives the attacker nothing to sign in with.
    const tried = await call('auth.signUp', { fullName: 'Person', email: victim, password: 'attacker password 1' });
    expect(tried.status).toBe(200);
    expect(tried.cookie).toBeUndefined();
    expect((await logIn(victim, 'attacker password 1')).status).toBe(401);
    // An unverified account made under the old rules still sees none of what the address bought.
    const attacker = await legacyUnverifiedUser(env, victim, 'attacker password 1');
    expect((await call('auth.me', undefined, attacker.cookie)).data.user.emailVerified).toBe(false);

    // Every procedure that reads or changes e-mail-keyed data, as the unverified account.
    const procedures: { proc: string; input?: unknown; expect: (r: Awaited<ReturnType<typeof call>>) => void }[] = [
      { proc: 'manageAlerts.list', expect: (r) => expect(r.data.parks).toEqual([]) },
      {
        proc: 'alerts.state',
        input: { parkId: PARK },
        expect: (r) => expect(r.data).toMatchObject({ subscription: null, selectedRideIds: [], history: [], cooldownMinutesRemaining: 0 }),
      },
      { proc: 'alerts.history', expect: (r) => expect(r.data).toEqual([]) },
      {
        proc: 'returnTimeAlerts.list',
        input: { parkId: PARK },
        expect: (r) => expect(r.data).toMatchObject({ hasPass: false, rides: [] }),
      },
      { proc: 'alerts.stop', input: { parkId: PARK }, expect: (r) => expect(r.status).toBe(200) },
      { proc: 'alerts.clearHistory', expect: (r) => expect(r.data).toEqual({ cleared: 0 }) },
      { proc: 'alerts.saveRides', input: { parkId: PARK, rideIds: [RIDE] }, expect: (r) => expect(r.status).toBe(403) },
      { proc: 'alerts.activate', input: { parkId: PARK, rideIds: [RIDE] }, expect: (r) => expect(r.status).toBe(403) },
      { proc: 'alerts.testAlert', input: { parkId: PARK }, expect: (r) => expect(r.status).toBe(400) },
      {
        proc: 'manageAlerts.save',
        input: { parks: [{ parkId: PARK, active: false, rides: [{ rideId: RIDE, active: false }] }] },
        expect: (r) => expect(r.status).toBe(404),
      },
      {
        proc: 'returnTimeAlerts.set',
        input: { parkId: PARK, rideId: RIDE, queueType: 'RETURN_TIME', beforeTime: null },
        expect: (r) => expect([400, 403]).toContain(r.status),
      },
      {
        proc: 'returnTimeAlerts.remove',
        input: { parkId: PARK, rideId: RIDE, queueType: 'RETURN_TIME' },
        expect: (r) => expect(r.data).toEqual({ removed: false }),
      },
    ];
    for (const p of procedures) {
      const r = await call(p.proc, p.input, attacker.cookie);
      expect(r.status, `${p.proc}: ${r.message}`).toBeLessThan(500);
      p.expect(r);
      expect(await victimState(victim), `${p.proc} changed the victim's data`).toEqual(before);
    }

    // Following a verification link from the inbox proves the address: now everything shows.
    expect((await call('auth.resendVerification', undefined, attacker.cookie)).data).toEqual({ sent: true });
    const token = await vi.waitFor(
      async () => {
        const m = (await outbox.listOutbox(env.db, { to: victim })).find((x) => x.subject === 'Confirm your WalkOn e-mail address');
        const t = m?.bodyText.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
        if (!t) throw new Error('no verification link yet');
        return t;
      },
      { timeout: 5000, interval: 50 },
    );
    const verified = await call('auth.useEmailLink', { token }, attacker.cookie);
    expect(verified.data).toEqual({ kind: 'verified', email: victim });
    expect((await call('auth.me', undefined, attacker.cookie)).data.user.emailVerified).toBe(true);
    const list = await call('manageAlerts.list', undefined, attacker.cookie);
    expect(list.data.parks.map((p: { parkId: string }) => p.parkId)).toEqual([PARK]);
    expect((await call('alerts.history', undefined, attacker.cookie)).data).toHaveLength(1);
    expect((await call('alerts.stop', { parkId: PARK }, attacker.cookie)).status).toBe(200);
    expect((await victimState(victim)).active).toBe(false);
    // The link works once.
    expect((await call('auth.useEmailLink', { token }, attacker.cookie)).status).toBe(400);
  });

  it('an unverified account sees and changes what it bought itself while signed in', async () => {
    const me = await legacyUnverifiedUser(env, newEmail('own'));
    const r = await call('checkout.redeemPromo', { email: me.email, parkId: PARK, code: 'FREEACCT' }, me.cookie);
    expect(r.status, r.message).toBe(200);
    const list = await call('manageAlerts.list', undefined, me.cookie);
    expect(list.data.parks).toHaveLength(1);
    expect(list.data.parks[0].rides.length).toBe(2);
    expect((await call('alerts.activate', { parkId: PARK, rideIds: [RIDE] }, me.cookie)).status).toBe(200);
    expect((await call('alerts.state', { parkId: PARK }, me.cookie)).data.selectedRideIds).toEqual([RIDE]);
  });

  it('signing up by link with the address of a signed-out purchase shows the pass at once: the link proved the address', async () => {
    const buyer = newEmail('claim');
    await boughtSignedOut(buyer);
    const me = await signUp(buyer);
    expect((await call('auth.me', undefined, me.cookie)).data.user).toMatchObject({ email: buyer, emailVerified: true });
    const list = await call('manageAlerts.list', undefined, me.cookie);
    expect(list.data.parks.map((p: { parkId: string }) => p.parkId)).toEqual([PARK]);
    expect((await call('alerts.history', undefined, me.cookie)).data).toHaveLength(1);
  });

  it('the receipt of a signed-out purchase carries a single-use link that verifies the address of an unverified account', async () => {
    const buyer = newEmail('buyer');
    await boughtSignedOut(buyer);
    const redemption = await env.db.selectFrom('promo_redemptions').select('id').where('email', '=', buyer).executeTakeFirstOrThrow();
    // The worker sends the receipt the redemption queued.
    expect((await env.queues.sendEmail.getJob(`promo-${redemption.id}`))?.data).toEqual({ confirmation: 'promo', id: redemption.id });
    const token = await linkFromOutbox(buyer, '/verify-email');
    const someoneElse = await signUp(newEmail('other'));
    expect((await call('auth.useEmailLink', { token }, someoneElse.cookie)).status).toBe(400);
    const me = await legacyUnverifiedUser(env, buyer);
    expect((await call('manageAlerts.list', undefined, me.cookie)).data.parks).toEqual([]);
    expect((await call('auth.useEmailLink', { token }, me.cookie)).data).toEqual({ kind: 'verified', email: buyer });
    expect((await call('manageAlerts.list', undefined, me.cookie)).data.parks).toHaveLength(1);
  });
});

describe('password reset, change password, change e-mail, delete account', () => {
  it('reset: same answer for any address; the link is single use, sets the password and ends every session', async () => {
    const u = await signUp(newEmail('reset'));
    const other = await logIn(u.email);
    const unknown = await call('auth.requestPasswordReset', { email: newEmail('nobody') });
    const known = await call('auth.requestPasswordReset', { email: u.email });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const token = await linkFromOutbox(u.email, '/reset-password');
    expect((await call('auth.resetPassword', { token, password: 'short' })).status).toBe(400);
    expect((await call('auth.resetPassword', { token, password: 'a new long password' })).status).toBe(200);
    expect((await call('auth.me', undefined, u.cookie)).data.user).toBeNull();
    expect((await call('auth.me', undefined, other.cookie)).data.user).toBeNull();
    expect((await call('auth.resetPassword', { token, password: 'yet another password' })).status).toBe(400);
    expect((await logIn(u.email)).status).toBe(401);
    expect((await logIn(u.email, 'a new long password')).status).toBe(200);
  });

  it('change password needs the current one and ends the other sessions', async () => {
    const u = await signUp(newEmail('chpw'));
    const other = await logIn(u.email);
    const wrong = await call('auth.changePassword', { currentPassword: 'nope nope', newPassword: 'a new long password' }, u.cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.message).toBe('Your current password is not correct.');
    expect((await call('auth.changePassword', { currentPassword: PASSWORD, newPassword: 'a new long password' }, u.cookie)).status).toBe(
      200,
    );
    expect((await call('auth.me', undefined, u.cookie)).data.user.email).toBe(u.email);
    expect((await call('auth.me', undefined, other.cookie)).data.user).toBeNull();
    expect((await logIn(u.email, 'a new long password')).status).toBe(200);
  });

  it('change e-mail takes effect only when the new address opens its link; sessions are rotated', async () => {
    const u = await signUp(newEmail('chmail'));
    const next = newEmail('next');
    expect((await call('auth.requestEmailChange', { newEmail: next, password: 'wrong password' }, u.cookie)).status).toBe(400);
    expect((await call('auth.requestEmailChange', { newEmail: next, password: PASSWORD }, u.cookie)).status).toBe(200);
    expect((await call('auth.me', undefined, u.cookie)).data.user.email).toBe(u.email);
    const token = await linkFromOutbox(next, '/verify-email');
    const r = await call('auth.useEmailLink', { token }, u.cookie);
    expect(r.data).toEqual({ kind: 'email_changed', email: next });
    expect(r.cookie).toMatch(/^walkon_session=\w+/);
    expect((await call('auth.me', undefined, u.cookie)).data.user).toBeNull();
    expect((await call('auth.me', undefined, r.cookie)).data.user).toMatchObject({ email: next, emailVerified: true });
    expect((await logIn(next)).status).toBe(200);
    expect((await logIn(u.email)).status).toBe(401);
  });

  it('delete account needs the password, removes personal data and keeps payment records without the address', async () => {
    const email = newEmail('delete');
    await boughtSignedOut(email);
    await env.db
      .insertInto('checkout_sessions')
      .values({
        id: `cs_test_${randomUUID()}`,
        email,
        park_id: PARK,
        channel: 'email',
        days: ['2026-11-24'],
        unit_amount: 500,
        amount_total: 500,
      })
      .execute();
    const u = await signUp(email);
    await call('auth.useEmailLink', { token: await linkFromOutbox(email, '/verify-email') }, u.cookie);
    expect((await call('auth.deleteAccount', { password: 'wrong password' }, u.cookie)).status).toBe(400);
    const r = await call('auth.deleteAccount', { password: PASSWORD }, u.cookie);
    expect(r.status).toBe(200);
    expect(await users.findByEmail(env.db, email)).toBeUndefined();
    expect((await call('auth.me', undefined, u.cookie)).data.user).toBeNull();
    for (const t of ['subscriptions', 'user_rides', 'deliveries', 'return_time_alerts', 'checkout_sessions', 'promo_redemptions'] as const)
      expect(await env.db.selectFrom(t).select('email').where('email', '=', email).execute(), t).toEqual([]);
    const kept = await env.db
      .selectFrom('checkout_sessions')
      .select(['email', 'amount_total'])
      .where('email', 'like', 'deleted-%')
      .execute();
    expect(kept.some((k) => k.amount_total === 500)).toBe(true);
    expect((await logIn(email)).status).toBe(401);
  });

  it('delete account after an e-mail change also removes the old address from the payment records (decision 024)', async () => {
    const old = newEmail('before-change');
    const paid = `cs_test_${randomUUID()}`;
    // Paid signed out at the old address (no account link), then signed up with it and verified it.
    await env.db
      .insertInto('checkout_sessions')
      .values({
        id: paid,
        email: old,
        park_id: PARK,
        channel: 'email',
        days: ['2026-11-24'],
        unit_amount: 500,
        amount_total: 400,
        promo_code: 'FREEACCT',
      })
      .execute();
    await env.db
      .insertInto('promo_redemptions')
      .values({ code: 'FREEACCT', email: old, park_id: PARK, first_day: '2026-11-24', checkout_session_id: paid })
      .execute();
    const u = await signUp(old);
    await call('auth.useEmailLink', { token: await linkFromOutbox(old, '/verify-email') }, u.cookie);
    const next = newEmail('after-change');
    expect((await call('auth.requestEmailChange', { newEmail: next, password: PASSWORD }, u.cookie)).status).toBe(200);
    const moved = await call('auth.useEmailLink', { token: await linkFromOutbox(next, '/verify-email') }, u.cookie);
    expect(moved.data).toEqual({ kind: 'email_changed', email: next });
    // The payment record still says who paid (the old address) until the account goes.
    expect((await env.db.selectFrom('checkout_sessions').select('email').where('id', '=', paid).executeTakeFirstOrThrow()).email).toBe(old);
    expect((await call('auth.deleteAccount', { password: PASSWORD }, moved.cookie)).status).toBe(200);
    for (const address of [old, next]) {
      expect(await env.db.selectFrom('checkout_sessions').select('id').where('email', '=', address).execute(), address).toEqual([]);
      expect(await env.db.selectFrom('promo_redemptions').select('id').where('email', '=', address).execute(), address).toEqual([]);
    }
    const kept = await env.db
      .selectFrom('checkout_sessions')
      .select(['email', 'amount_total', 'user_id'])
      .where('id', '=', paid)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ email: expect.stringMatching(/^deleted-[0-9a-f]{16}@deleted\.invalid$/), amount_total: 400, user_id: null });
  });
});

describe('roles in /admin', () => {
  it('an admin grants and revokes roles by e-mail with an audit row; the last admin cannot be removed', async () => {
    await env.db.deleteFrom('user_roles').where('role', '=', 'admin').execute();
    const admin = await signUp(newEmail('admin'));
    await users.grantRole(env.db, admin.id, 'admin');
    const target = await signUp(newEmail('target'));
    expect((await call('admin.grantRole', { email: target.email, role: 'moderator' }, admin.cookie)).data).toEqual({ changed: true });
    expect((await call('auth.me', undefined, target.cookie)).data.user.roles).toEqual(['moderator']);
    expect((await call('moderation.list', { status: 'pending' }, target.cookie)).status).toBe(200);
    const unknown = await call('admin.grantRole', { email: newEmail('ghost'), role: 'moderator' }, admin.cookie);
    expect(unknown.status).toBe(404);
    const last = await call('admin.revokeRole', { email: admin.email, role: 'admin' }, admin.cookie);
    expect(last.status).toBe(400);
    expect(last.message).toBe('You cannot remove the last admin. Make someone else an admin first.');
    expect((await call('admin.grantRole', { email: target.email, role: 'admin' }, admin.cookie)).data).toEqual({ changed: true });
    expect((await call('admin.revokeRole', { email: admin.email, role: 'admin' }, target.cookie)).data).toEqual({ changed: true });
    expect((await call('admin.roles', undefined, admin.cookie)).status).toBe(403);
    const overview = (await call('admin.roles', undefined, target.cookie)).data;
    expect(overview.holders).toEqual([{ id: target.id, email: target.email, fullName: 'Person', roles: ['admin', 'moderator'] }]);
    expect(
      overview.audit.map((a: { actorEmail: string; action: string; role: string; targetEmail: string }) => [
        a.actorEmail,
        a.action,
        a.role,
        a.targetEmail,
      ]),
    ).toEqual([
      [target.email, 'revoke', 'admin', admin.email],
      [admin.email, 'grant', 'admin', target.email],
      [admin.email, 'grant', 'moderator', target.email],
    ]);
    expect((await call('auth.deleteAccount', { password: PASSWORD }, target.cookie)).status).toBe(400);
  });
});
