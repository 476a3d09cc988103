import { randomUUID } from 'node:crypto';
import type { Database } from '@walkon/db';
import { createTestDb } from '@walkon/db/testing';
import { createQueues, createRedis, type Queues, type WaitTimesSource } from '@walkon/jobs';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Payments } from '../src/payments/stripe.ts';
import type { LimitSettings } from '../src/security/limits.ts';
import type { FlightSearchService } from '../src/services/flights.ts';
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
  } = {},
): TestServer {
  const env = {} as TestServer;
  const redis = createRedis('redis://127.0.0.1:6379', 'worker');
  beforeAll(async () => {
    ({ db: env.db } = await createTestDb());
    env.queues = createQueues({ connection: redis, prefix: `test-${randomUUID()}` });
    env.app = await buildTestApp(
      env,
      opts.production?.() ?? false,
      opts.source?.(),
      opts.payments?.() ?? null,
      undefined,
      opts.flights?.() ?? null,
    );
  });
  afterAll(async () => {
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
 * security.integration.test.ts builds its apps with the real limits.
 */
export const RELAXED_LIMITS: LimitSettings = {
  emailWritePerClient: { max: 100_000, windowMs: 60_000 },
  emailWritePerAddress: { max: 100_000, windowMs: 60_000 },
  logInPerClient: { max: 100_000, windowMs: 60_000 },
};

/** Builds another app over the same database and queues (e.g. a production-mode twin, or one with its own clock). */
export function buildTestApp(
  env: Pick<TestServer, 'db' | 'queues'>,
  production: boolean,
  source: WaitTimesSource = NO_LIVE_DATA,
  payments: Payments | null = null,
  now: () => Date = () => new Date(),
  flights: FlightSearchService | null = null,
): Promise<FastifyInstance> {
  return buildApp({
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
  });
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
}

/**
 * Calls a procedure over HTTP the way the web app does: a GET with `?input=` for queries, a POST with a JSON
 * body and our Origin (the CSRF check) for mutations; which one is read from the router. `input` undefined
 * sends none.
 */
export async function trpcCall(app: FastifyInstance, proc: string, input?: unknown, cookie?: string): Promise<TrpcResponse> {
  const type = (appRouter._def.procedures as unknown as Record<string, { _def: { type: string } } | undefined>)[proc]?._def.type;
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const res =
    type === 'query'
      ? await app.inject({
          method: 'GET',
          url: `/trpc/${proc}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers,
        })
      : await app.inject({
          method: 'POST',
          url: `/trpc/${proc}`,
          payload: input === undefined ? undefined : JSON.stringify(input),
          headers: { ...headers, 'content-type': 'application/json', origin: ORIGIN },
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
  };
}

let signUps = 0;
/** Signs a new person up through `auth.signUp` → { id, email, cookie }. @throws when the sign-up fails. */
export async function signUpUser(app: FastifyInstance, email = `p${++signUps}-${randomUUID().slice(0, 8)}@example.com`) {
  const r = await trpcCall(app, 'auth.signUp', { fullName: 'Test Person', email, password: 'correct horse' });
  if (r.status !== 200 || !r.cookie) throw new Error(`sign-up failed: ${r.status} ${r.message}`);
  return { id: r.data.user.id as string, email, cookie: r.cookie };
}
