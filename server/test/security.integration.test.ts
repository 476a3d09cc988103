import { randomUUID } from 'node:crypto';
import { outbox, promo, users } from '@walkon/db';
import { createRedis } from '@walkon/integrations/redis';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ZodType } from 'zod';
import { buildApp } from '../src/app.ts';
import type { AppDeps } from '../src/deps.ts';
import { BODY_LIMIT_BYTES } from '../src/security/batch.ts';
import { REDIS_DOWN_MESSAGE } from '../src/security/redisDown.ts';
import { appRouter } from '../src/trpc/router.ts';
import { NO_LIVE_DATA, ORIGIN, signUpUser, type TrpcResponse, trpcCall, withTestServer } from './harness.ts';

/**
 * The abuse limits (docs/security.md): each finding of the security review reproduced, and now refused.
 * `env.app` has relaxed rate limits (harness); `strictApp` builds apps with the real ones.
 */
const env = withTestServer({ sendWorker: true });
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function strictApp(extra: Partial<AppDeps> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    db: env.db,
    queues: env.queues,
    source: NO_LIVE_DATA,
    logger: pino({ level: 'silent' }),
    now: () => new Date(),
    publicOrigin: ORIGIN,
    production: false,
    ...extra,
  });
  apps.push(app);
  return app;
}

interface Res {
  status: number;
  body: any;
  headers: Record<string, unknown>;
}
/** A batched tRPC request (`/trpc/a,b?batch=1`), which `trpcCall` does not make: raw payload, from `opts.ip`. */
async function postBatch(app: FastifyInstance, url: string, payload: unknown, opts: { ip?: string } = {}) {
  const res = await app.inject({
    method: 'POST',
    url,
    remoteAddress: opts.ip ?? '127.0.0.1',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', origin: ORIGIN },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers } as Res;
}
const ip = () => `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

describe('log-in limits hold inside batches and under concurrency', () => {
  it('a batch of 300 log-ins for one account is refused whole (400): no password is checked', async () => {
    const app = await strictApp();
    const { email } = await signUpUser(env.app, uniqueEmail('batch'));
    const names = Array.from({ length: 300 }, () => 'auth.logIn').join(',');
    const body = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [String(i), { email, password: `wrong-${i}` }]));
    const t0 = Date.now();
    const r = await postBatch(app, `/trpc/${names}?batch=1`, body);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('Log-in and sign-up requests cannot be batched: please send them one at a time.');
    expect(Date.now() - t0).toBeLessThan(2000);
    // Nothing was counted: the owner logs in at once, as the web client sends it (a batch of one).
    expect((await postBatch(app, '/trpc/auth.logIn?batch=1', { 0: { email, password: 'correct horse' } })).status).toBe(200);
  });

  it('a batch of more than five writes is 413; a small batch is served, each call counted', async () => {
    const app = await strictApp();
    const six = Array.from({ length: 6 }, () => 'site.subscribeNewsletter').join(',');
    const body = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [String(i), { email: uniqueEmail(`b${i}`) }]));
    const big = await postBatch(app, `/trpc/${six}?batch=1`, body);
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe('Too many calls in one request: at most 5 changes at once.');
    // Five calls for ONE address in a batch: the per-address limit (3 an hour) counts each call.
    const email = uniqueEmail('batched');
    const five = Array.from({ length: 5 }, () => 'site.subscribeNewsletter').join(',');
    const r = await postBatch(
      app,
      `/trpc/${five}?batch=1`,
      Object.fromEntries(Array.from({ length: 5 }, (_, i) => [String(i), { email }])),
      {
        ip: ip(),
      },
    );
    const codes = (r.body as { error?: { data: { httpStatus: number } } }[]).map((x) => x.error?.data.httpStatus ?? 200);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(2);
  });

  it('40 concurrent wrong log-ins for one account check at most 4 passwords; the rest wait (429 with Retry-After)', async () => {
    const frozen = new Date();
    const app = await strictApp({ now: () => frozen });
    const { email } = await signUpUser(env.app, uniqueEmail('concurrent'));
    const from = ip();
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, i) => trpcCall(app, 'auth.logIn', { email, password: `wrong-${i}` }, { remoteAddress: from })),
    );
    const checked = all.filter((r) => r.status === 401).length;
    expect(checked).toBeLessThanOrEqual(4);
    const slowed = all.filter((r) => r.status === 429);
    expect(slowed.length).toBe(40 - checked);
    expect(slowed[0]?.body.error.message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds?\.$/);
    expect(Number(slowed[0]?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the owner is never locked out: an attacker on one client is slowed, the owner elsewhere logs in at once', async () => {
    // A stopped clock: the attacker's waits never run out however slow the machine is.
    const frozen = new Date();
    const app = await strictApp({ now: () => frozen });
    const { email } = await signUpUser(env.app, uniqueEmail('owner'));
    const attacker = ip();
    const answers: number[] = [];
    for (let i = 0; i < 20; i++)
      answers.push((await trpcCall(app, 'auth.logIn', { email, password: `guess-${i}` }, { remoteAddress: attacker })).status);
    expect(answers.filter((s) => s === 401).length).toBe(4);
    expect(answers.filter((s) => s === 429).length).toBe(16);
    const owner = await trpcCall(app, 'auth.logIn', { email, password: 'correct horse' }, { remoteAddress: '192.0.2.10' });
    expect(owner.status).toBe(200);
  });

  it('attempts from many clients slow the account down to at most 30 seconds, then the owner gets in', async () => {
    let clock = Date.now();
    const app = await strictApp({ now: () => new Date(clock) });
    const { email } = await signUpUser(env.app, uniqueEmail('botnet'));
    for (let i = 0; i < 14; i++)
      await trpcCall(app, 'auth.logIn', { email, password: `guess-${i}` }, { remoteAddress: `203.0.113.${i + 1}` });
    const slowed = await trpcCall(app, 'auth.logIn', { email, password: 'correct horse' }, { remoteAddress: '192.0.2.20' });
    expect(slowed.status).toBe(429);
    const wait = Number(slowed.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    clock += 30_000;
    expect((await trpcCall(app, 'auth.logIn', { email, password: 'correct horse' }, { remoteAddress: '192.0.2.20' })).status).toBe(200);
  });

  it('spraying many accounts from one client is limited (30 log-ins per 15 minutes)', async () => {
    const app = await strictApp();
    const from = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push(
        (await trpcCall(app, 'auth.logIn', { email: uniqueEmail(`spray${i}`), password: 'Password1!' }, { remoteAddress: from })).status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe('client address', () => {
  it('X-Forwarded-For from a client is ignored by default: forged addresses do not reset the promo-guess limit', async () => {
    const app = await strictApp();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (
          await trpcCall(
            app,
            'checkout.checkPromo',
            { code: `GUESS${i}` },
            { remoteAddress: '192.0.2.77', headers: { 'x-forwarded-for': `10.9.8.${i}` } },
          )
        ).status,
      );
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('with TRUST_PROXY naming the proxy, its X-Forwarded-For is believed; a client that is not the proxy cannot forge it', async () => {
    const app = await strictApp({ trustProxy: '192.0.2.1' });
    app.get('/test-client-address', async (req) => ({ ip: req.ip }));
    const seen = async (remote: string, xff: string) =>
      (await app.inject({ method: 'GET', url: '/test-client-address', remoteAddress: remote, headers: { 'x-forwarded-for': xff } })).json()
        .ip;
    expect(await seen('192.0.2.1', '203.0.113.5')).toBe('203.0.113.5');
    expect(await seen('192.0.2.99', '203.0.113.5')).toBe('192.0.2.99');
  });
});

describe('public writes that send e-mail are rate-limited per client and per target address', () => {
  const application = (email: string) => ({
    fullName: 'Ana Creator',
    email,
    primaryPlatform: 'youtube',
    youtubeSubscribers: 2500,
    whyJoin: 'I make park videos every week.',
  });

  it('ten signed-out affiliate applications for one address: three are taken, seven refused (429, Retry-After); three e-mails', async () => {
    const app = await strictApp();
    const email = uniqueEmail('victim');
    const rs: TrpcResponse[] = [];
    for (let i = 0; i < 10; i++)
      rs.push(await trpcCall(app, 'affiliate.submit', application(email), { remoteAddress: `203.0.113.${100 + i}` }));
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    expect(rs[3]?.body.error.message).toMatch(/^Too many requests for this e-mail address\. Please try again in (\d+ minutes|1 hour)\.$/);
    expect(Number(rs[3]?.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await env.db.selectFrom('affiliate_applications').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(3);
    for (const row of rows)
      expect((await env.queues.sendEmail.getJob(`affiliate-${row.id}`))?.data).toEqual({ confirmation: 'affiliate', id: row.id });
  });

  it('one client cannot spread the affiliate form over many addresses either (10 an hour)', async () => {
    const app = await strictApp();
    const from = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await trpcCall(app, 'affiliate.submit', application(uniqueEmail(`a${i}`)), { remoteAddress: from })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('newsletter: one address from many clients gets three answers, then 429', async () => {
    const app = await strictApp();
    const email = uniqueEmail('news');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await trpcCall(app, 'site.subscribeNewsletter', { email }, { remoteAddress: `203.0.113.${200 + i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('newsletter answers the same for a new and a known address (no enumeration)', async () => {
    const known = uniqueEmail('known');
    const first = await trpcCall(env.app, 'site.subscribeNewsletter', { email: known });
    const again = await trpcCall(env.app, 'site.subscribeNewsletter', { email: known });
    const fresh = await trpcCall(env.app, 'site.subscribeNewsletter', { email: uniqueEmail('fresh') });
    expect([first.status, again.status, fresh.status]).toEqual([200, 200, 200]);
    expect(again.body).toEqual(fresh.body);
  });
});

describe('promo-code guessing is limited per client and in a global budget, counted atomically, never reset by a success', () => {
  const demo = `DEMO${randomUUID().slice(0, 6).toUpperCase()}`;
  const freeCode = (code: string) => ({
    code,
    kind: 'free_days' as const,
    channel: 'email' as const,
    days: 1,
    percentOff: null,
    maxUses: null,
    expiresAt: null,
    createdBy: null,
  });
  const guess = (app: FastifyInstance, code: string, from: string) =>
    trpcCall(app, 'checkout.checkPromo', { code }, { remoteAddress: from });

  it('5 rounds of 4 wrong codes and the public demo code: only 5 wrong codes are answered', async () => {
    await promo.create(env.db, freeCode(demo));
    const app = await strictApp();
    const from = ip();
    const wrong: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 4; i++) wrong.push((await guess(app, `R${round}X${i}${randomUUID().slice(0, 4)}`, from)).status);
      await guess(app, demo, from);
    }
    // Hand count: the 5-wrong-code limit is reached in round 2; no success clears it.
    expect(wrong.filter((s) => s === 400)).toHaveLength(5);
    expect(wrong.filter((s) => s === 429)).toHaveLength(15);
  });

  it('20 wrong codes sent at once from a fresh client: 5 answered, 15 refused (429 with Retry-After)', async () => {
    const app = await strictApp();
    const from = ip();
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => guess(app, `C${i}Z${randomUUID().slice(0, 6)}`, from)));
    expect(all.filter((r) => r.status === 400)).toHaveLength(5);
    const refused = all.filter((r) => r.status === 429);
    expect(refused).toHaveLength(15);
    expect(refused[0]?.message).toMatch(/^Too many promo code attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('other people’s wrong guesses never lock a real code: 40 clients guess its neighbours, the visitor’s code still works (decision 047)', async () => {
    const real = `CAMP${randomUUID().slice(0, 8).toUpperCase()}`;
    await promo.create(env.db, freeCode(real));
    const app = await strictApp();
    const statuses: number[] = [];
    // 40 clients, one wrong guess each sharing the real code's first 4 (and 8) characters: each is simply wrong.
    for (let i = 0; i < 40; i++) statuses.push((await guess(app, `${real.slice(0, 8)}${i}`, `203.0.113.${i + 1}`)).status);
    expect(statuses.every((s) => s === 400)).toBe(true);
    const visitor = await guess(app, real, '192.0.2.201');
    expect(visitor.status).toBe(200);
    expect(visitor.body.result.data.code).toBe(real);
  });

  it('a global budget: once spent, each client gets one guess an hour, so a visitor with a real code still gets in (decision 047)', async () => {
    for (const k of await env.queues.connection.keys(`${env.queues.prefix}:abuse:rl:promo-*`)) await env.queues.connection.del(k);
    const real = `BUDG${randomUUID().slice(0, 8).toUpperCase()}`;
    await promo.create(env.db, freeCode(real));
    const app = await strictApp({ limits: { promoGuessGlobal: { max: 20, windowMs: 3_600_000 } } });
    // 20 wrong guesses from 4 clients (5 each, their own limit) spend the budget.
    const spent: number[] = [];
    for (let i = 0; i < 20; i++)
      spent.push((await guess(app, `W${i}X${randomUUID().slice(0, 6)}`, `198.18.0.${Math.floor(i / 5) + 1}`)).status);
    expect(spent.every((s) => s === 400)).toBe(true);
    // Now: a fresh client's first guess is looked up (its real code works, and it can use it again)…
    expect((await guess(app, real, '198.18.1.1')).status).toBe(200);
    expect((await guess(app, real, '198.18.1.1')).status).toBe(200);
    // …a fresh client guessing wrong gets its one answer, then waits an hour.
    expect((await guess(app, `N0PE${randomUUID().slice(0, 6)}`, '198.18.1.2')).status).toBe(400);
    const next = await guess(app, `N1PE${randomUUID().slice(0, 6)}`, '198.18.1.2');
    expect(next.status).toBe(429);
    expect(next.message).toMatch(/^Too many promo code attempts\. Please try again in (\d+ minutes|1 hour)\.$/);
  });
});

describe('every write that sends e-mail is limited per client and per target address', () => {
  it('sign-up then 20 password-reset requests for one address from 20 clients: 2 answered, 18 refused; 2 reset e-mails (3 account e-mails in all)', async () => {
    const app = await strictApp();
    const { email } = await signUpUser(env.app, uniqueEmail('flooded'));
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await trpcCall(app, 'auth.requestPasswordReset', { email }, { remoteAddress: `203.0.113.${i + 30}` })).status);
    // The sign-up's verification e-mail was the first account e-mail to the address (decision 047).
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(18);
    const resets = async () =>
      (await outbox.listOutbox(env.db, { to: email, limit: 100 })).filter((m) => m.bodyText.includes('/reset-password')).length;
    await vi.waitFor(async () => expect(await resets()).toBe(2), { timeout: 5000, interval: 50 });
    // Nothing else will come: each answered request queued its one e-mail (the 2 arrived), the refused ones started
    // no work, and the send queue has nothing left waiting, active or delayed.
    const pending = async () => {
      const counts = await env.queues.sendEmail.getJobCounts('wait', 'active', 'delayed', 'prioritized', 'waiting-children');
      return Object.values(counts).reduce((a, b) => a + b, 0);
    };
    await vi.waitFor(async () => expect(await pending()).toBe(0), { timeout: 5000, interval: 50 });
    expect(await resets()).toBe(2);
  });

  it('one client cannot spread reset requests over many addresses (10 an hour)', async () => {
    const app = await strictApp();
    const from = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await trpcCall(app, 'auth.requestPasswordReset', { email: uniqueEmail(`r${i}`) }, { remoteAddress: from })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('resend verification: with the sign-up’s own e-mail, 3 account e-mails an hour for the address, then 429', async () => {
    const app = await strictApp();
    const u = await signUpUser(env.app, uniqueEmail('resend'));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await trpcCall(app, 'auth.resendVerification', undefined, { cookie: u.cookie, remoteAddress: `203.0.113.${i + 60}` })).status,
      );
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
  });

  it('e-mail change: 3 links an hour to one new address, then 429', async () => {
    const app = await strictApp();
    const u = await signUpUser(env.app, uniqueEmail('changer'));
    const target = uniqueEmail('target');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await trpcCall(
            app,
            'auth.requestEmailChange',
            { newEmail: target, password: 'correct horse' },
            { cookie: u.cookie, remoteAddress: `203.0.113.${i + 70}` },
          )
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('account e-mails to one address are limited across procedures (decision 047)', () => {
  it('reset, e-mail change and reset again for one address from different clients: 3 account e-mails an hour in all, then 429', async () => {
    const app = await strictApp();
    const victim = uniqueEmail('victim');
    const u = await signUpUser(env.app, uniqueEmail('asker'));
    const reset = (i: number) => trpcCall(app, 'auth.requestPasswordReset', { email: victim }, { remoteAddress: `203.0.113.${i + 90}` });
    const change = (i: number) =>
      trpcCall(
        app,
        'auth.requestEmailChange',
        { newEmail: victim, password: 'correct horse' },
        { cookie: u.cookie, remoteAddress: `203.0.113.${i + 110}` },
      );
    const statuses = [(await reset(0)).status, (await change(0)).status, (await reset(1)).status];
    expect(statuses).toEqual([200, 200, 200]);
    // A fourth account e-mail to the address, whichever procedure asks: refused.
    const r = await change(1);
    expect(r.status).toBe(429);
    expect(r.message).toMatch(/^Too many requests for this e-mail address\. Please try again in (\d+ minutes|1 hour)\.$/);
    expect((await reset(2)).status).toBe(429);
    // Other addresses and non-account procedures keep their own counts.
    expect((await trpcCall(app, 'site.subscribeNewsletter', { email: victim }, { remoteAddress: '203.0.113.140' })).status).toBe(200);
    expect(
      (await trpcCall(app, 'auth.requestPasswordReset', { email: uniqueEmail('other') }, { remoteAddress: '203.0.113.141' })).status,
    ).toBe(200);
  });
});

describe('Redis down (decision 047)', () => {
  it('log-in and writes that need Redis answer 503 with a sentence; the log has one line for the outage with a request id, no stacks', async () => {
    // A Redis nobody listens on, with the API's fail-fast options.
    const dead = createRedis('redis://127.0.0.1:1', 'producer');
    dead.on('error', () => {});
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
    const app = await strictApp({ redis: dead, logger });
    try {
      const u = await signUpUser(env.app, uniqueEmail('redisdown'));
      const calls: TrpcResponse[] = [];
      for (let i = 0; i < 12; i++)
        calls.push(
          await trpcCall(app, 'auth.logIn', { email: u.email, password: 'correct horse' }, { remoteAddress: `203.0.113.${i + 150}` }),
        );
      calls.push(await trpcCall(app, 'auth.requestPasswordReset', { email: u.email }));
      calls.push(await trpcCall(app, 'checkout.checkPromo', { code: 'SUMMERFUN' }));
      for (const r of calls) {
        expect(r.status).toBe(503);
        expect(r.message).toBe(REDIS_DOWN_MESSAGE);
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
      const outage = lines.filter((l) => l.kind === 'redis_unavailable');
      expect(outage).toHaveLength(1);
      expect(outage[0]).toMatchObject({ level: 40, reqId: calls[0]!.headers['x-request-id'] });
      expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
      expect(lines.filter((l) => JSON.stringify(l).includes('"stack"'))).toEqual([]);
    } finally {
      dead.disconnect();
    }
  });
});

describe('a mutation needs our Origin or Referer', () => {
  it('a POST with neither is refused (403); with our Origin or Referer it is served; a foreign one is refused', async () => {
    const post = (headers: Record<string, string>) =>
      env.app.inject({
        method: 'POST',
        url: '/trpc/site.subscribeNewsletter',
        payload: JSON.stringify({ email: uniqueEmail('origin') }),
        headers: { 'content-type': 'application/json', ...headers },
      });
    const none = await post({});
    expect(none.statusCode).toBe(403);
    expect(none.json().error.message).toBe('Cross-origin request refused.');
    expect((await post({ origin: ORIGIN })).statusCode).toBe(200);
    expect((await post({ referer: `${ORIGIN}/newsletter` })).statusCode).toBe(200);
    expect((await post({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' })).statusCode).toBe(403);
    expect((await post({ origin: 'null' })).statusCode).toBe(403);
  });

  it('the Stripe webhook and the one-click unsubscribe POST (RFC 8058) carry their own proof and need none', async () => {
    const hook = await env.app.inject({
      method: 'POST',
      url: '/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(hook.statusCode).not.toBe(403);
    const unsub = await env.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${'ab'.repeat(16)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsub.statusCode).toBe(404);
  });
});

describe('passwords (NIST SP 800-63B: length and not guessable)', () => {
  it.each([
    ['password', 'This password is too common and easy to guess. Try a longer passphrase of a few unrelated words.'],
    ['12345678', 'This password is too common and easy to guess. Try a longer passphrase of a few unrelated words.'],
    ['        ', /^This password is too easy to guess: Repeated characters like "aaa" are easy to guess\. /],
    ['short', 'Password should be at least 8 characters.'],
    ['x'.repeat(129), 'Password is too long: at most 128 characters.'],
  ])('sign-up refuses %j with a sentence', async (password, message) => {
    const r = await trpcCall(env.app, 'auth.signUp', { fullName: 'Pat Doe', email: uniqueEmail('pw'), password });
    expect(r.status).toBe(400);
    if (typeof message === 'string') expect(r.message).toBe(message);
    else expect(r.message).toMatch(message);
  });

  it("a password made of the person's own name is refused; a passphrase is accepted", async () => {
    const weak = await trpcCall(env.app, 'auth.signUp', {
      fullName: 'Maximilian Hargreaves',
      email: uniqueEmail('own'),
      password: 'maximilianhargreaves',
    });
    expect(weak.status).toBe(400);
    const ok = await trpcCall(env.app, 'auth.signUp', { fullName: 'Pat Doe', email: uniqueEmail('ok'), password: 'correct horse battery' });
    expect(ok.status).toBe(200);
  });
});

describe('input hygiene: control characters, sizes and wording', () => {
  it('a NUL byte in a text field is a 400 naming the field, never a 500', async () => {
    const r = await trpcCall(env.app, 'site.subscribeNewsletter', { email: 'a\u0000b@example.com' });
    expect(r.status).toBe(400);
    expect(r.message).toBe('E-mail address contains a character that is not allowed (a control character such as NUL).');
  });

  it('a line break in a single-line field is refused; a multi-line field keeps it', async () => {
    const admin = await signUpUser(env.app, uniqueEmail('admin'));
    await users.grantRole(env.db, admin.id, 'admin');
    const bad = await trpcCall(
      env.app,
      'site.addTestimonial',
      { name: 'Ann\nEvil', parkVisited: 'Magic Kingdom', text: 'Loved every ride.\nAgain!', rating: 5 },
      admin.cookie,
    );
    expect(bad).toMatchObject({ status: 400, message: 'Name contains a character that is not allowed (a control character such as NUL).' });
    const ok = await trpcCall(
      env.app,
      'site.addTestimonial',
      { name: 'Ann', parkVisited: 'Magic Kingdom', text: 'Loved every ride.\nAgain!', rating: 5 },
      admin.cookie,
    );
    expect(ok.status).toBe(200);
  });

  it('validator wording never reaches the user: the field, what is wrong and the real limit', async () => {
    const admin = await signUpUser(env.app, uniqueEmail('admin'));
    await users.grantRole(env.db, admin.id, 'admin');
    const long = await trpcCall(env.app, 'admin.addItem', { name: 'x'.repeat(121), type: 'ride', parkId: 'p' }, admin.cookie);
    expect(long).toMatchObject({ status: 400, message: 'Name is too long: at most 120 characters.' });
    const negative = await trpcCall(env.app, 'site.setSmsCapacity', { capacity: -1 }, admin.cookie);
    expect(negative).toMatchObject({ status: 400, message: 'Capacity must be at least 0.' });
    const kind = await trpcCall(env.app, 'site.setSmsCapacity', { capacity: 'lots' }, admin.cookie);
    expect(kind).toMatchObject({ status: 400, message: 'Capacity must be a number.' });
  });

  it('a body over the limit is 413 with a sentence (manageAlerts.save), not a dropped connection', async () => {
    const u = await signUpUser(env.app, uniqueEmail('big'));
    const rides = Array.from({ length: 6000 }, (_, i) => ({ rideId: `ride-${i}-${'x'.repeat(20)}`, active: true }));
    const payload = JSON.stringify({ parks: [{ parkId: 'p', active: true, rides }] });
    expect(payload.length).toBeGreaterThan(BODY_LIMIT_BYTES);
    const res = await env.app.inject({
      method: 'POST',
      url: '/trpc/manageAlerts.save',
      payload,
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: u.cookie },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toMatch(/^This request is too large: at most 256 KB/);
  });

  it('an array over its limit is 400 with the limit (manageAlerts.save)', async () => {
    const u = await signUpUser(env.app, uniqueEmail('arr'));
    const rides = Array.from({ length: 501 }, (_, i) => ({ rideId: `r${i}`, active: true }));
    const r = await trpcCall(env.app, 'manageAlerts.save', { parks: [{ parkId: 'p', active: true, rides }] }, u.cookie);
    expect(r).toMatchObject({ status: 400, message: 'Rides has too many entries: at most 500.' });
  });

  it('a query input over the URL limit is 413 with a sentence (rankings.list)', async () => {
    const res = await env.app.inject({
      method: 'GET',
      url: `/trpc/rankings.list?input=${encodeURIComponent(JSON.stringify({ type: 'ride', parkId: 'x'.repeat(20_000) }))}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toMatch(/^This request is too large/);
  });

  it('a long text over its limit in a query is 400 with the limit (rankings.list)', async () => {
    const r = await trpcCall(env.app, 'rankings.list', { type: 'ride', parkId: 'x'.repeat(200) });
    expect(r.status).toBe(400);
    expect(r.message).not.toMatch(/Too big|expected/);
  });
});

/** A value for `schema` with `nul` put in the string at `target` (a path), 'abc' in every other string. */
function sample(schema: ZodType, target: string | null, path: string[] = [], strings: string[][] = []): unknown {
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
  const here = path.join('.');
  switch (def.type) {
    case 'string':
      strings.push(path);
      return here === target ? 'ab\u0000cd' : 'abc';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries)[0];
    case 'literal':
      return def.values[0];
    case 'object':
      return Object.fromEntries(Object.entries(def.shape).map(([k, v]) => [k, sample(v as ZodType, target, [...path, k], strings)]));
    case 'array':
      return [sample(def.element, target, [...path, '0'], strings)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType, target, path, strings);
    case 'pipe':
      return sample(def.in, target, path, strings);
    case 'union':
      return sample(def.options[0], target, path, strings);
    case 'record':
      return { key: sample(def.valueType, target, [...path, 'key'], strings) };
    default:
      return undefined;
  }
}

describe('fuzz: NUL in every string field of every procedure is a 4xx, never a 5xx', () => {
  it('walks the router', async () => {
    const admin = await signUpUser(env.app, uniqueEmail('fuzz'));
    await users.grantRole(env.db, admin.id, 'admin');
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: ZodType[] } }>;
    let calls = 0;
    const failures: string[] = [];
    for (const [name, proc] of Object.entries(procedures)) {
      if (name === 'auth.logOut') continue; // would end the admin's session mid-walk
      const schema = proc._def.inputs[0];
      if (!schema) continue;
      const strings: string[][] = [];
      sample(schema, null, [], strings);
      for (const path of strings) {
        const input = sample(schema, path.join('.'));
        for (const cookie of [admin.cookie, undefined]) {
          const r = await trpcCall(env.app, name, input, cookie);
          calls++;
          if (r.status < 400 || r.status >= 500) failures.push(`${name} ${path.join('.')}: ${r.status} ${r.message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(100);
  }, 120_000);
});

describe('security headers', () => {
  it('every response carries CSP (frame-ancestors none), X-Frame-Options, nosniff and Referrer-Policy; HSTS only in production', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(/script-src[^;]*unsafe/.test(csp)).toBe(false);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const prod = await strictApp({ production: true });
    const p = await prod.inject({ method: 'GET', url: '/healthz' });
    expect(p.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('Bull Board gets its own policy: its inline styles and fonts, still no framing and only our scripts', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/admin/queues' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('https://fonts.googleapis.com');
  });
});
