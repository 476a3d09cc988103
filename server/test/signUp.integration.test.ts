import { randomUUID } from 'node:crypto';
import { outbox, retention } from '@walkon/db';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { signUpReturnPath } from '../src/services/auth.ts';
import {
  legacyUnverifiedUser,
  NO_LIVE_DATA,
  ORIGIN,
  signUpToken,
  signUpUser,
  type TrpcResponse,
  trpcCall,
  withTestServer,
} from './harness.ts';

/**
 * Sign-up tells nothing, before or after (docs/security.md "Accounts", docs/rules.md R29,
 * docs/decisions/046-sign-up-by-link.md): a new and a registered address get the same answer and the same
 * behaviour of every next request made with it; the account exists only once the e-mailed link is opened.
 */
let offsetMs = 0;
/** The app's clock: real time moved on by `offsetMs` (the link's expiry is tested by moving it 24 hours on). */
const env = withTestServer({ sendWorker: true, now: () => new Date(Date.now() + offsetMs) });
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});
beforeEach(() => {
  offsetMs = 0;
});

/** An app over the same database and queues with the real abuse limits (as production answers). */
async function strictApp(): Promise<FastifyInstance> {
  const app = await buildApp({
    db: env.db,
    queues: env.queues,
    source: NO_LIVE_DATA,
    logger: pino({ level: 'silent' }),
    now: () => new Date(),
    publicOrigin: ORIGIN,
    production: false,
  });
  apps.push(app);
  return app;
}

const BAD_LINK = 'This link is invalid or has expired. Please ask for a new one.';
const ip = () => `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
const input = (email: string, password = 'another good password') => ({ fullName: 'Pat Doe', email, password });

/** An answer with what is random in any answer (the date, the request id's value) set aside. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const shape = (r: TrpcResponse) => ({
  status: r.status,
  body: r.body,
  headers: Object.keys(r.headers)
    .filter((h) => h !== 'date')
    .sort()
    .map((h) => (h === 'x-request-id' ? `${h}: ${UUID.test(String(r.headers[h])) ? 'uuid' : r.headers[h]}` : `${h}: ${r.headers[h]}`)),
  setCookie: r.setCookie ?? null,
});

/** The e-mails' subjects sent to `to` (the worker sends after the answer: waits until `count` arrived). */
async function subjectsTo(to: string, count: number): Promise<string[]> {
  return vi.waitFor(
    async () => {
      const subjects = (await outbox.listOutbox(env.db, { to })).map((m) => m.subject ?? '');
      if (subjects.length < count) throw new Error(`${subjects.length} of ${count} e-mails to ${to}`);
      return subjects;
    },
    { timeout: 5000, interval: 50 },
  );
}

/** Every sign-up link token e-mailed to `to`, oldest first (waits until `count` arrived). */
async function signUpTokens(to: string, count: number): Promise<string[]> {
  return vi.waitFor(
    async () => {
      const mails = (await outbox.listOutbox(env.db, { to })).filter((m) => m.subject === 'Finish signing up for WalkOn').reverse();
      const tokens = mails.map((m) => m.bodyText.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1] ?? '');
      if (tokens.length < count) throw new Error(`${tokens.length} of ${count} sign-up links to ${to}`);
      return tokens;
    },
    { timeout: 5000, interval: 50 },
  );
}

describe('sign-up tells nothing, before or after', () => {
  it('a new and a registered address: the same answer, no cookie, and the same answers to every next request made with it', async () => {
    const app = await strictApp();
    // The owner's account is written straight to the database: an account made through the link would have spent one
    // of the address's 3 account e-mails this hour (docs/security.md), and the two addresses must start alike.
    const owner = await legacyUnverifiedUser(env, uniqueEmail('known'));
    const fresh = uniqueEmail('fresh');
    const a = await trpcCall(app, 'auth.signUp', input(fresh), { remoteAddress: ip() });
    const b = await trpcCall(app, 'auth.signUp', input(owner.email), { remoteAddress: ip() });
    expect(shape(b)).toEqual(shape(a));
    expect(a.status).toBe(200);

    /** What an attacker learns from the requests that follow, made with what the sign-up returned. */
    const after = async (r: TrpcResponse, email: string) => {
      const as = r.cookie ? { cookie: r.cookie, remoteAddress: ip() } : { remoteAddress: ip() };
      const me = await trpcCall(app, 'auth.me', undefined, as);
      const logIn = await trpcCall(app, 'auth.logIn', { email, password: 'another good password' }, { remoteAddress: ip() });
      const again = await trpcCall(app, 'auth.signUp', input(email), { remoteAddress: ip() });
      const reset = await trpcCall(app, 'auth.requestPasswordReset', { email }, { remoteAddress: ip() });
      const link = await trpcCall(app, 'auth.signUpLink', { token: 'x'.repeat(27) }, as);
      return {
        me: { status: me.status, user: me.data?.user ?? null },
        logIn: { status: logIn.status, message: logIn.message, cookie: logIn.cookie ?? null },
        again: shape(again).status,
        againBody: again.body,
        reset: { status: reset.status, body: reset.body },
        link: { status: link.status, data: link.data },
      };
    };
    const fromNew = await after(a, fresh);
    expect(await after(b, owner.email)).toEqual(fromNew);
    expect(fromNew.me.user).toBeNull();
    expect(fromNew.logIn).toEqual({ status: 401, message: 'Invalid login credentials', cookie: null });

    // What each mailbox receives differs (only its owner reads it): a link that creates the account, or a notice.
    expect(await subjectsTo(owner.email, 1)).toContain('Someone tried to sign up with your e-mail address');
    expect(await subjectsTo(fresh, 1)).toContain('Finish signing up for WalkOn');
    // The owner's password and account are unchanged.
    expect((await trpcCall(env.app, 'auth.logIn', { email: owner.email, password: 'correct horse' })).status).toBe(200);
  });
});

describe('the e-mailed link creates the account and signs in', () => {
  it('opened once: a verified account, signed in, on the page sign-up started from; the password chosen logs in', async () => {
    const email = uniqueEmail('link');
    const r = await trpcCall(env.app, 'auth.signUp', { ...input(email), next: '/get-alerts' });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ ok: true });
    expect(r.cookie).toBeUndefined();
    const token = await signUpToken(email);
    expect((await trpcCall(env.app, 'auth.signUpLink', { token })).data).toEqual({ email });

    const f = await trpcCall(env.app, 'auth.finishSignUp', { token });
    expect(f.status, f.message).toBe(200);
    expect(f.data).toMatchObject({ user: { email, fullName: 'Pat Doe', roles: [], emailVerified: true }, next: '/get-alerts' });
    expect(f.cookie).toMatch(/^walkon_session=\w+/);
    expect(f.setCookie).toMatch(/HttpOnly/i);
    expect((await trpcCall(env.app, 'auth.me', undefined, f.cookie)).data.user).toMatchObject({ email, emailVerified: true });
    expect((await trpcCall(env.app, 'auth.logIn', { email, password: 'another good password' })).status).toBe(200);

    // Single use: the second opening is a 400 sentence, and the link is no longer offered.
    const second = await trpcCall(env.app, 'auth.finishSignUp', { token });
    expect({ status: second.status, message: second.message }).toEqual({ status: 400, message: BAD_LINK });
    expect((await trpcCall(env.app, 'auth.signUpLink', { token })).data).toBeNull();
    // Opened again by the account it created, as the page does when signed in, it is not an error.
    expect((await trpcCall(env.app, 'auth.useEmailLink', { token }, f.cookie)).data).toEqual({ kind: 'verified', email });
    // Anybody else opening it gets the sentence.
    const other = await signUpUser(env.app, uniqueEmail('other'));
    expect((await trpcCall(env.app, 'auth.useEmailLink', { token }, other.cookie)).message).toBe(BAD_LINK);
  });

  it('a wrong or malformed token is a 400 sentence, and creates nothing', async () => {
    for (const token of ['A'.repeat(27), 'short', `${'b'.repeat(27)}!`]) {
      const f = await trpcCall(env.app, 'auth.finishSignUp', { token });
      expect({ status: f.status, message: f.message, cookie: f.cookie }).toEqual({ status: 400, message: BAD_LINK, cookie: undefined });
    }
    expect((await trpcCall(env.app, 'auth.signUpLink', { token: 'A'.repeat(27) })).data).toBeNull();
  });

  it('the link works for 24 hours', async () => {
    const late = uniqueEmail('late');
    const inTime = uniqueEmail('intime');
    expect((await trpcCall(env.app, 'auth.signUp', input(late))).status).toBe(200);
    expect((await trpcCall(env.app, 'auth.signUp', input(inTime))).status).toBe(200);
    const [lateToken] = await signUpTokens(late, 1);
    const [inTimeToken] = await signUpTokens(inTime, 1);

    offsetMs = 24 * 3_600_000 - 60_000;
    expect((await trpcCall(env.app, 'auth.finishSignUp', { token: inTimeToken })).status).toBe(200);
    offsetMs = 24 * 3_600_000 + 60_000;
    const f = await trpcCall(env.app, 'auth.finishSignUp', { token: lateToken });
    expect({ status: f.status, message: f.message }).toEqual({ status: 400, message: BAD_LINK });
    expect((await trpcCall(env.app, 'auth.logIn', { email: late, password: 'another good password' })).status).toBe(401);
  });

  it('someone signing up with my new address first takes nothing: only the link opened makes the account, with its password', async () => {
    const mine = uniqueEmail('mine');
    expect((await trpcCall(env.app, 'auth.signUp', input(mine, 'the attacker pass phrase'))).status).toBe(200);
    expect((await trpcCall(env.app, 'auth.signUp', input(mine, 'my own good pass phrase'))).status).toBe(200);
    const [attackers, myLink] = await signUpTokens(mine, 2);
    expect((await trpcCall(env.app, 'auth.finishSignUp', { token: myLink })).status).toBe(200);
    expect((await trpcCall(env.app, 'auth.logIn', { email: mine, password: 'the attacker pass phrase' })).status).toBe(401);
    expect((await trpcCall(env.app, 'auth.logIn', { email: mine, password: 'my own good pass phrase' })).status).toBe(200);
    // The other link, opened later, makes no second account.
    const late = await trpcCall(env.app, 'auth.finishSignUp', { token: attackers });
    expect({ status: late.status, message: late.message }).toEqual({
      status: 409,
      message: 'This e-mail address has an account already. Please log in with its password.',
    });
  });
});

describe('what a sign-up keeps', () => {
  it('a used link keeps no name or password hash; a link never opened goes at its expiry, a used one 30 days after', async () => {
    const used = uniqueEmail('used');
    const unused = uniqueEmail('unused');
    expect((await trpcCall(env.app, 'auth.signUp', input(used))).status).toBe(200);
    expect((await trpcCall(env.app, 'auth.signUp', input(unused))).status).toBe(200);
    const [token] = await signUpTokens(used, 1);
    await signUpTokens(unused, 1);
    expect((await trpcCall(env.app, 'auth.finishSignUp', { token })).status).toBe(200);
    const rows = () =>
      env.db
        .selectFrom('pending_signups')
        .select(['email', 'full_name', 'password_hash', 'expires_at'])
        .where('email', 'in', [used, unused])
        .orderBy('email')
        .execute();
    const before = await rows();
    expect(before.map((r) => [r.email, r.full_name, r.password_hash.startsWith('$argon2id$')])).toEqual([
      [unused, 'Pat Doe', true],
      [used, '', false],
    ]);
    const expiry = before[0]!.expires_at.getTime();
    await retention.sweepExpired(env.db, new Date(expiry + 1000));
    expect((await rows()).map((r) => r.email)).toEqual([used]);
    await retention.sweepExpired(env.db, new Date(expiry + 31 * 86_400_000));
    expect(await rows()).toEqual([]);
  });
});

describe('the page a sign-up link returns to', () => {
  it('is a same-site path; link pages and /auth are replaced; anything else is /', () => {
    expect(signUpReturnPath('/get-alerts')).toBe('/get-alerts');
    expect(signUpReturnPath('/manage-alerts?park=1')).toBe('/manage-alerts?park=1');
    expect(signUpReturnPath(undefined)).toBe('/');
    expect(signUpReturnPath('')).toBe('/');
    expect(signUpReturnPath('https://evil.example/')).toBe('/');
    expect(signUpReturnPath('//evil.example/')).toBe('/');
    expect(signUpReturnPath('/\\evil.example/')).toBe('/');
    expect(signUpReturnPath('/verify-email?token=abc')).toBe('/manage-alerts');
    expect(signUpReturnPath('/reset-password?token=abc')).toBe('/manage-alerts');
    expect(signUpReturnPath('/auth?redirect=/x')).toBe('/');
  });
});
