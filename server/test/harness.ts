import { randomUUID } from 'node:crypto';
import { type Database, outbox, subscriptions, users } from '@walkon/db';
import { createTestDb, TEST_REDIS_URL, truncateAll } from '@walkon/db/testing';
import { createOutboxNotifier, type WaitTimesSource } from '@walkon/integrations/providers';
import { createRedis } from '@walkon/integrations/redis';
import { buildWorker, createQueues, type Queues, type WalkOnWorker } from '@walkon/jobs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/auth/password.ts';
import { createSession, SESSION_COOKIE, type SessionUser, validateSessionToken } from '../src/auth/session.ts';
import type { AppDeps, FlightSearchService } from '../src/deps.ts';
import type { Payments } from '../src/payments/stripe.ts';
import { DEFAULT_LIMITS, guardOf, type LimitSettings } from '../src/security/limits.ts';
import { createCallerFactory } from '../src/trpc/init.ts';
import { appRouter } from '../src/trpc/router.ts';

export const ORIGIN = 'http://localhost:3000';

/** A source for tests that never read live data. */
export const NO_LIVE_DATA: WaitTimesSource = {
  kind: 'replay',
  getDestinations: async () => [],
  getLive: async () => Promise.reject(new Error('unused')),
};

/** What a server integration test works with; filled in by beforeAll. */
export interface TestServer {
  db: Kysely<Database>;
  app: FastifyInstance;
  queues: Queues;
  /** The dependencies `app` was built with (for `createTestCaller`). */
  deps: AppDeps;
}

/**
 * Registers beforeAll/afterAll for a test file: a private database, queues under a unique prefix on the real
 * Redis, and the app built over them (DESIGN §4 Tests). Queues are obliterated and everything closed after.
 */
export function withTestServer(
  opts: {
    source?: () => WaitTimesSource;
    production?: () => boolean;
    payments?: () => Payments | null;
    flights?: () => FlightSearchService | null;
    /** The app's clock (default: real time). */
    now?: () => Date;
    /**
     * Also run the real worker's send queues (`buildWorker` with `only: 'send'`, outbox transport, our origin), so
     * e-mails the API queues (account e-mails, DESIGN §2.5) arrive in outbox_messages as in production.
     */
    sendWorker?: boolean;
  } = {},
): TestServer {
  const env = {} as TestServer;
  const redis = createRedis(TEST_REDIS_URL, 'worker');
  let worker: WalkOnWorker | undefined;
  beforeAll(async () => {
    ({ db: env.db } = await createTestDb());
    env.queues = createQueues({ connection: redis, prefix: `test-${randomUUID()}` });
    mailStores.add(env);
    env.deps = testDeps(env, opts.production?.() ?? false, opts.source?.(), opts.payments?.() ?? null, opts.now, opts.flights?.() ?? null);
    env.app = await buildApp(env.deps);
    if (opts.sendWorker)
      worker = await buildWorker({
        db: env.db,
        connection: redis,
        queues: env.queues,
        source: NO_LIVE_DATA,
        notifier: createOutboxNotifier(),
        logger: pino({ level: 'silent' }),
        now: env.deps.now,
        publicOrigin: ORIGIN,
        only: 'send',
      });
  });
  afterAll(async () => {
    mailStores.delete(env);
    await worker?.close();
    await env.app?.close();
    for (const q of env.queues?.all() ?? []) await q.obliterate({ force: true }).catch(() => {});
    await env.queues?.close();
    redis.disconnect();
    await env.db?.destroy();
  });
  return env;
}

/**
 * Rate limits for tests that are not about them: every call of a test file comes from one address and reuses
 * a few e-mail addresses, so the per-client and per-address limits are raised far out of the way.
 * security.integration.test.ts builds its apps with the real limits. Promo guesses keep the real limits (the
 * payments tests check them).
 */
export const RELAXED_LIMITS: LimitSettings = {
  emailWritePerClient: { max: 100_000, windowMs: 60_000 },
  emailWritePerAddress: { max: 100_000, windowMs: 60_000 },
  logInPerClient: { max: 100_000, windowMs: 60_000 },
  promoGuessPerClient: DEFAULT_LIMITS.promoGuessPerClient,
  promoGuessGlobal: DEFAULT_LIMITS.promoGuessGlobal,
  promoGuessPerClientWhenSpent: DEFAULT_LIMITS.promoGuessPerClientWhenSpent,
};

/** The dependencies of a test app over `env`'s database and queues: silent logs, our origin, relaxed limits. */
export function testDeps(
  env: Pick<TestServer, 'db' | 'queues'>,
  production = false,
  source: WaitTimesSource = NO_LIVE_DATA,
  payments: Payments | null = null,
  now: () => Date = () => new Date(),
  flights: FlightSearchService | null = null,
): AppDeps {
  return {
    db: env.db,
    queues: env.queues,
    source,
    logger: pino({ level: 'silent' }),
    now,
    publicOrigin: ORIGIN,
    production,
    payments,
    flights,
    limits: RELAXED_LIMITS,
  };
}

/** Builds another app over the same database and queues (e.g. a production-mode twin, or one with its own clock). */
export function buildTestApp(
  env: Pick<TestServer, 'db' | 'queues'>,
  production: boolean,
  source: WaitTimesSource = NO_LIVE_DATA,
  payments: Payments | null = null,
  now: () => Date = () => new Date(),
  flights: FlightSearchService | null = null,
): Promise<FastifyInstance> {
  return buildApp(testDeps(env, production, source, payments, now, flights));
}

/**
 * Registers, for a test file over `env`: beforeAll builds a non-production app over `source()` with the clock
 * `now` (no payments) and hands it to `onBuilt`; afterAll closes it; each test starts from an empty database.
 */
export function withTestApp(
  env: Pick<TestServer, 'db' | 'queues'>,
  opts: { source: () => WaitTimesSource; now: () => Date },
  onBuilt: (app: FastifyInstance) => void,
): void {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildTestApp(env, false, opts.source(), null, opts.now);
    onBuilt(app);
  });
  afterAll(async () => app?.close());
  beforeEach(async () => truncateAll(env.db));
}

/** What `trpcCall` answers: the HTTP status, the body, and its parts tests look at. */
export interface TrpcResponse {
  status: number;
  body: any;
  data: any;
  /** The error message, when the call failed. */
  message?: string;
  /** The tRPC error code (FORBIDDEN, NOT_FOUND …), when the call failed. */
  code?: string;
  /** The session cookie (`name=value`) the response set, if any. */
  cookie?: string;
  /** The whole first Set-Cookie header (with its attributes), if any. */
  setCookie?: string;
  /** The response headers (Retry-After, …). */
  headers: Record<string, unknown>;
}

/** What a call may add: the session cookie, more headers, and the client address (default 127.0.0.1). */
export interface CallOptions {
  cookie?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/**
 * Calls a procedure over HTTP the way the web app does: a GET with `?input=` for queries, a POST with a JSON
 * body and our Origin (the CSRF check) for mutations; which one is read from the router. `input` undefined
 * sends none. `opts` is the session cookie, or { cookie, headers, remoteAddress }. The one request helper of the
 * server tests; `createTestCaller` calls procedures without HTTP.
 */
export async function trpcCall(
  app: FastifyInstance,
  proc: string,
  input?: unknown,
  opts: string | CallOptions = {},
): Promise<TrpcResponse> {
  const { cookie, headers: extra = {}, remoteAddress = '127.0.0.1' } = typeof opts === 'string' ? { cookie: opts } : opts;
  const type = (appRouter._def.procedures as unknown as Record<string, { _def: { type: string } } | undefined>)[proc]?._def.type;
  const headers: Record<string, string> = { ...(cookie ? { cookie } : {}), ...extra };
  const res =
    type === 'query'
      ? await app.inject({
          method: 'GET',
          url: `/trpc/${proc}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers,
          remoteAddress,
        })
      : await app.inject({
          method: 'POST',
          url: `/trpc/${proc}`,
          payload: input === undefined ? undefined : JSON.stringify(input),
          headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
          remoteAddress,
        });
  const body = res.json();
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0];
  return {
    status: res.statusCode,
    body,
    data: body.result?.data,
    message: body.error?.message,
    code: body.error?.data?.code,
    cookie: setCookie?.split(';')[0],
    setCookie,
    headers: res.headers,
  };
}

const createCaller = createCallerFactory(appRouter);

/**
 * A server-side caller of the whole API for `user` (a SessionUser, a signed-up person's `{ cookie }`, or null
 * for a visitor), for tests that need no HTTP: procedures run with their middlewares (sign-in, roles, gates,
 * limits) over `deps`, and errors are thrown as TRPCError (`code`, `message`) instead of HTTP statuses. The
 * client address is 127.0.0.1; cookies set by a procedure are dropped.
 */
export async function createTestCaller(deps: AppDeps, user: SessionUser | { cookie: string } | null) {
  let sessionUser: SessionUser | null = null;
  let sessionId: string | null = null;
  if (user && 'cookie' in user) {
    const token = decodeURIComponent(user.cookie.slice(user.cookie.indexOf('=') + 1));
    const session = await validateSessionToken(deps.db, token, deps.now());
    if (!session) throw new Error('createTestCaller: the cookie holds no valid session');
    ({ user: sessionUser, sessionId } = session);
  } else sessionUser = user;
  const ignore = () => reply;
  const reply = { header: ignore, setCookie: ignore, clearCookie: ignore } as unknown as FastifyReply;
  const req = { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest;
  return createCaller({ deps, req, res: reply, user: sessionUser, sessionId, guard: guardOf(deps) });
}

/** Where this test file's apps queue and (with a send worker) deliver account e-mails: every `withTestServer` env. */
const mailStores = new Set<Pick<TestServer, 'db' | 'queues'>>();

/**
 * The raw token of the newest sign-up link e-mailed to `email` (docs/decisions/046-sign-up-by-link.md), as the
 * person finds it: the queued `finish_signup` account e-mail of any `withTestServer` env of this file, or — once a
 * send worker sent it — the /verify-email link in the outbox. Polls up to `timeoutMs` (the API queues the e-mail
 * after answering). @throws when none arrives.
 */
export async function signUpToken(email: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const env of mailStores) {
      const jobs = await env.queues.sendEmail.getJobs(['prioritized', 'waiting', 'delayed', 'active', 'completed', 'failed']);
      const queued = jobs
        .filter((j) => j?.data && 'account' in j.data && j.data.account === 'finish_signup' && j.data.to === email)
        .sort((a, b) => b.timestamp - a.timestamp)[0];
      if (queued && 'token' in queued.data) return queued.data.token as string;
      for (const m of await outbox.listOutbox(env.db, { to: email })) {
        const token = m.bodyText.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
        if (token && m.subject === 'Finish signing up for WalkOn') return decodeURIComponent(token);
      }
    }
    if (Date.now() > deadline) throw new Error(`no sign-up link e-mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let signUps = 0;
/**
 * Signs a new person up through `auth.signUp` and opens the e-mailed link (`auth.finishSignUp`), as a person does
 * (docs/decisions/046-sign-up-by-link.md) → { id, email, cookie }; the account is verified. `app` must share the
 * queues of a `withTestServer` env of the calling file. @throws when the sign-up fails.
 */
export async function signUpUser(app: FastifyInstance, email = `p${++signUps}-${randomUUID().slice(0, 8)}@example.com`) {
  const r = await trpcCall(app, 'auth.signUp', { fullName: 'Test Person', email, password: 'correct horse' });
  if (r.status !== 200) throw new Error(`sign-up failed: ${r.status} ${r.message}`);
  const f = await trpcCall(app, 'auth.finishSignUp', { token: await signUpToken(email) });
  if (f.status !== 200 || !f.cookie) throw new Error(`sign-up link failed: ${f.status} ${f.message}`);
  return { id: f.data.user.id as string, email, cookie: f.cookie };
}

/**
 * An account as sign-up made them before docs/decisions/046-sign-up-by-link.md: unverified, signed in at once
 * (such accounts still exist and still see only what they set up themselves, docs/rules.md R26) →
 * { id, email, cookie }. Written straight to the database; the password is "correct horse"; the session starts at `now`.
 */
export async function legacyUnverifiedUser(
  env: Pick<TestServer, 'db'>,
  email = `legacy${++signUps}-${randomUUID().slice(0, 8)}@example.com`,
  password = 'correct horse',
  now = new Date(),
) {
  const u = await users.createUser(env.db, { email, fullName: 'Test Person', passwordHash: await hashPassword(password) });
  const session = await createSession(env.db, u.id, now);
  return { id: u.id, email, cookie: `${SESSION_COOKIE}=${session.token}` };
}

/**
 * Watches `rideIds` at `parkId` as the signed-in `user` (a live read first loads the park's attractions) and
 * holds an e-mail pass from `startDate` to `endDate` (park-local dates), as their own signed-in purchase leaves it.
 */
export async function watchWithPass(
  app: FastifyInstance,
  db: Kysely<Database>,
  user: { id: string; email: string; cookie: string },
  pass: { parkId: string; rideIds: string[]; startDate: string; endDate: string },
): Promise<void> {
  expect((await trpcCall(app, 'waitTimes.live', { parkId: pass.parkId })).status).toBe(200);
  expect((await trpcCall(app, 'alerts.saveRides', { parkId: pass.parkId, rideIds: pass.rideIds }, user.cookie)).status).toBe(200);
  await subscriptions.upsertActivePass(db, {
    email: user.email,
    parkId: pass.parkId,
    userId: user.id,
    alertType: 'email',
    startDate: pass.startDate,
    endDate: pass.endDate,
  });
}
