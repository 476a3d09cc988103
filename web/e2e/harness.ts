import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createDb, dropDatabase, ensureDatabase, migrateToLatest, promo, users } from '@walkon/db';
import { FIXTURES_DIR } from '@walkon/db/testing';
import { processClock } from '@walkon/integrations/clock';
import { createOutboxNotifier, createPushSender, generateVapidKeys } from '@walkon/integrations/providers';
import { createRedis } from '@walkon/integrations/redis';
import { accountEmailContent, buildWorker, createQueues, type WalkOnWorker } from '@walkon/jobs';
import { format } from 'date-fns';
import { pino } from 'pino';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, type StripeFake, startStripeFake } from '../../server/test/stripeFake.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
export const WDW = 'e957da41-3552-4cf6-b636-5babc5cbc4e5';
export const SCREENSHOTS = path.join(ROOT, 'web/e2e/screenshots');

/**
 * The test stack's clock (docs/decisions/045-time-as-an-input-of-the-tests.md): the real time, or, with
 * E2E_CLOCK_START=<ISO instant> (`make test-clock` sets it) or a stack started with `at`, a clock that starts at that
 * instant and runs on. The API, the worker, the CLI (CLOCK_START) and the browser (Playwright's clock) are started
 * from it, and the tests' expected dates come from it (`parkToday`, `stackNow`), never from `new Date()`.
 */
let clock: () => Date = processClock(process.env.E2E_CLOCK_START, Date.now, Date.now());
/** Whether the stack runs on a chosen clock (then each browser context gets it: `withStackAndBrowser`). */
let clockSet = Boolean(process.env.E2E_CLOCK_START);

/** The test stack's time now (see `clock` above): what the API, the worker and the browser take as now. */
export function stackNow(): Date {
  return clock();
}

/**
 * What a rule names for a step the stack ran at one unknown instant between `from` and `to` (e.g. a tick in a CLI
 * process started in between): `rule` at every second of that span, the distinct answers (JSON-compared). A test
 * expects the product's answer to be one of them.
 */
export function answersDuring<T>(from: Date, to: Date, rule: (at: Date) => T): T[] {
  const seen = new Map<string, T>();
  for (let t = from.getTime(); ; t = Math.min(t + 1000, to.getTime())) {
    const a = rule(new Date(t));
    seen.set(JSON.stringify(a), a);
    if (t >= to.getTime()) break;
  }
  return [...seen.values()];
}

/**
 * `env` for a process spawned now: on a chosen clock, CLOCK_START is the stack's time at this moment (the process's
 * clock reads it at its start, integrations/src/clock.ts), so every process keeps the harness's time.
 */
function withClock(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return clockSet ? { ...env, CLOCK_START: stackNow().toISOString() } : env;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * A running WalkOn (built pages + API) on its own database and queue prefix, over the replay source, with
 * Stripe pointed at a local fake (server/test/stripeFake.ts) whose Pay button posts signed webhooks to the app.
 */
export interface Stack {
  url: string;
  env: NodeJS.ProcessEnv;
  databaseUrl: string;
  stripe: StripeFake;
  /** The stack's VAPID key pair (URL-safe base64; API and worker share it), as `push.publicKey` hands it out. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Whether queued e-mails are sent into the outbox (the worker or its send queues run beside the API). */
  sends: boolean;
  stop(): Promise<void>;
}

/** What `startStack` starts beside the API (see there) and the environment it adds. */
export interface StackOptions {
  worker?: boolean;
  sendWorker?: boolean;
  env?: NodeJS.ProcessEnv;
  /** The instant (ISO 8601) at which the stack's clock starts (default E2E_CLOCK_START, else the real time). */
  at?: string;
}

/**
 * Starts the real server (server/src/main.ts) serving web/dist, on a fresh migrated database. `worker`: also
 * the real worker process (jobs/src/main.ts) on the same environment (replay data, outbox transport, job
 * schedulers on), so queued e-mails, test alerts and scheduled polls are delivered as in production; off by
 * default, since a worker polling on its own would race the tests that tick through the CLI. `at` (or
 * E2E_CLOCK_START) starts the processes' clocks at that instant (CLOCK_START). `sendWorker`
 * instead: only the real worker's send queues, in this process (`buildWorker` with `only: 'send'`), so the
 * e-mails the API queues (account e-mails, receipts, test alerts) arrive in the outbox and no poll runs. `env`
 * is added to both processes' environment (e.g. another WAIT_TIMES_REPLAY_DIR). Web Push is on, as in production:
 * a fresh VAPID pair (generateVapidKeys) for the API and the worker (its send-push job), and
 * PUSH_ALLOW_INSECURE_ENDPOINTS=on (tests only; production refuses it) so `push.subscribe` accepts subscriptions
 * of the local mock push service (jobs/test/fixtures/pushService.ts, http://127.0.0.1).
 */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  if (opts.at) {
    clock = processClock(opts.at, Date.now, Date.now());
    clockSet = true;
  }
  const stripe = await startStripeFake();
  const port = await freePort();
  const name = `walkon_e2e_${Date.now().toString(36)}_${process.pid}`;
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
  await ensureDatabase(databaseUrl);
  const db = createDb(databaseUrl, 1);
  await migrateToLatest(db);
  await db.destroy();
  const url = `http://localhost:${port}`;
  const vapid = { ...generateVapidKeys(), subject: 'mailto:ops@walkon.test' };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    PUBLIC_ORIGIN: url,
    WEB_DIST_DIR: path.join(ROOT, 'web/dist'),
    WAIT_TIMES_SOURCE: 'replay',
    WAIT_TIMES_REPLAY_DIR: FIXTURES_DIR,
    FLIGHTS_SOURCE: 'replay',
    NOTIFY_TRANSPORT: 'outbox',
    QUEUE_PREFIX: `e2e-${name}`,
    LOG_LEVEL: 'warn',
    STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.base,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: vapid.subject,
    PUSH_ALLOW_INSECURE_ENDPOINTS: 'on',
    ...opts.env,
  };
  stripe.webhookUrl = `${url}/stripe/webhook`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: withClock(env),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      // Never leave the server behind a failed start: an orphaned API keeps its CPU and port for the rest of the run.
      if (child.exitCode === null) child.kill('SIGKILL');
      await stripe.close();
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const worker: ChildProcess | null = opts.worker
    ? spawn(process.execPath, ['--import', 'tsx', 'jobs/src/main.ts'], {
        cwd: ROOT,
        env: withClock(env),
        stdio: ['ignore', 'inherit', 'inherit'],
      })
    : null;
  const sender = opts.sendWorker && !opts.worker ? await startSendWorker(env) : null;
  return {
    url,
    env,
    databaseUrl,
    stripe,
    vapid,
    sends: Boolean(worker || sender),
    async stop() {
      await sender?.close();
      for (const c of [worker, child]) {
        if (!c) continue;
        c.kill('SIGTERM');
        await new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)));
      }
      await stripe.close();
      await dropDatabase(databaseUrl);
    },
  };
}

/**
 * The real worker's send queues over the stack's database and queues (outbox transport, and a push sender with
 * the stack's VAPID pair unless PUSH=off); `close` ends it all.
 */
async function startSendWorker(env: NodeJS.ProcessEnv): Promise<{ close(): Promise<void> }> {
  const db = createDb(env.DATABASE_URL!, 2);
  const connection = createRedis(env.REDIS_URL ?? 'redis://127.0.0.1:6379', 'worker');
  const queues = createQueues({ connection, prefix: env.QUEUE_PREFIX! });
  const worker: WalkOnWorker = await buildWorker({
    db,
    connection,
    queues,
    source: { kind: 'replay', getDestinations: async () => [], getLive: () => Promise.reject(new Error('unused')) },
    notifier: createOutboxNotifier(),
    senders: {
      push:
        env.PUSH !== 'off' && env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
          ? createPushSender(
              { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT },
              { allowInsecureEndpoints: true },
            )
          : null,
    },
    logger: pino({ level: 'warn' }),
    now: stackNow,
    publicOrigin: env.PUBLIC_ORIGIN!,
    only: 'send',
  });
  return {
    async close() {
      await worker.close();
      await queues.close();
      connection.disconnect();
      await db.destroy();
    },
  };
}

/** Runs the operator CLI with the stack's environment (plus `overrides`); returns its stdout lines. */
export async function walkonJobs(stack: Stack, args: string[], overrides: NodeJS.ProcessEnv = {}): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'jobs/bin/walkon-jobs.mjs'), ...args], {
    cwd: ROOT,
    env: withClock({ ...stack.env, ...overrides }),
  });
  return stdout.split('\n').filter(Boolean);
}

/** Debian's Chromium, headless (Playwright gives each launch a fresh temporary profile); never a downloaded browser. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
}

/**
 * Collects console errors and page errors of a page (a test fails on any). `expected` lists messages a test
 * provokes on purpose (Chromium logs every 4xx response as "Failed to load resource").
 */
export function watchConsole(page: Page, expected: RegExp[] = []): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !expected.some((re) => re.test(m.text()))) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Registers beforeAll/afterAll that start a stack (with the worker or its send queues, see `startStack`) and a browser for the
 * calling test file and stop them after; the returned object is filled in by beforeAll. On a chosen clock (`at`,
 * E2E_CLOCK_START) each `browser.newContext()` installs Playwright's clock at the stack's time, running on.
 */
export function withStackAndBrowser(opts: StackOptions = {}): { stack: Stack; browser: Browser } {
  const env = {} as { stack: Stack; browser: Browser };
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    env.stack = await startStack(opts);
    env.browser = await launchBrowser();
    if (clockSet) {
      // Every page starts at the stack's time and its clock runs on (Playwright's clock: Date, timers).
      const newContext = env.browser.newContext.bind(env.browser);
      env.browser.newContext = async (options) => {
        const context = await newContext(options);
        await context.clock.install({ time: stackNow() });
        return context;
      };
    }
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.stack?.stop();
  });
  return env;
}

/**
 * The accessible name of a calendar day button for the park-local date today (e.g. "Monday, November 23rd,
 * 2026"), computed in the park's time zone like the server does (never the machine's date) at the stack's time
 * (`stackNow`), and that date.
 */
export function parkToday(timeZone = 'America/New_York'): { ymd: string; dayLabel: string } {
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(stackNow());
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return { ymd, dayLabel: format(new Date(y, m - 1, d), 'PPPP') };
}

/** Creates a free e-mail promo code (one day, any number of uses) in the stack's database, as an admin would. */
export async function seedFreePromo(stack: Stack, code: string): Promise<void> {
  const db = createDb(stack.databaseUrl, 1);
  try {
    await promo.create(db, promo.freeEmailDayCode(code));
  } finally {
    await db.destroy();
  }
}

/** Gives the account with this e-mail a role in the stack's database (what an operator does; no page for it). */
export async function grantRole(stack: Stack, email: string, role: 'admin' | 'moderator'): Promise<void> {
  const db = createDb(stack.databaseUrl, 1);
  try {
    const u = await users.findByEmail(db, email);
    if (!u) throw new Error(`no account ${email}`);
    await users.grantRole(db, u.id, role);
  } finally {
    await db.destroy();
  }
}

/**
 * Signs a new account up as a person does (docs/decisions/046-sign-up-by-link.md): the real /auth page (Sign Up
 * tab) → "Check your e-mail" → the link of the "Finish signing up" e-mail (`signUpLinkFor`) → "Finish signing
 * up"; resolves once the app has left the link's page for `then` (the page sign-up started from, or where the
 * app sends a person from there), signed in with a verified address.
 */
export async function signUp(page: Page, stack: Stack, email: string, then = '/', fullName = 'Test Person'): Promise<void> {
  await page.goto(`${stack.url}/auth?redirect=${encodeURIComponent(then)}`);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a good password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByText(`We sent an e-mail to ${email.toLowerCase()}.`).waitFor();
  await finishSignUp(page, stack, email);
}

/**
 * Opens the sign-up link e-mailed to `email` in `page` and presses "Finish signing up"; resolves once the app has
 * left the link's page for the page sign-up started from.
 */
export async function finishSignUp(page: Page, stack: Stack, email: string): Promise<void> {
  await page.goto(await signUpLinkFor(stack, email));
  await page.getByRole('button', { name: 'Finish signing up' }).click();
  await page.waitForURL((u) => u.pathname !== '/verify-email');
}

/**
 * The link of the newest "Finish signing up" e-mail to `email`, as the person receives it: from the outbox when
 * the stack sends e-mails (`stack.sends`), else rendered by the worker's own renderer (`accountEmailContent`) from
 * the account e-mail job still queued in Redis. Waits up to 5 s (the API queues it after answering).
 */
export async function signUpLinkFor(stack: Stack, email: string): Promise<string> {
  const to = email.toLowerCase();
  const pattern = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_%-]+/;
  const db = createDb(stack.databaseUrl, 1);
  const connection = stack.sends ? null : createRedis(stack.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 'worker');
  const queues = connection ? createQueues({ connection, prefix: stack.env.QUEUE_PREFIX! }) : null;
  try {
    for (let i = 0; i < 50; i++) {
      if (queues) {
        const jobs = await queues.sendEmail.getJobs(['prioritized', 'waiting', 'delayed']);
        const job = jobs
          .filter((j) => j?.data && 'account' in j.data && j.data.account === 'finish_signup' && j.data.to === to)
          .sort((a, b) => b.timestamp - a.timestamp)[0];
        const link = job && 'token' in job.data ? accountEmailContent(job.data, stack.url).text.match(pattern)?.[0] : undefined;
        if (link) return link;
      } else {
        const row = await db
          .selectFrom('outbox_messages')
          .select('body_text')
          .where('to_address', '=', to)
          .where('subject', '=', 'Finish signing up for WalkOn')
          .orderBy('created_at', 'desc')
          .executeTakeFirst();
        const link = row?.body_text.match(pattern)?.[0];
        if (link) return link;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no sign-up link e-mailed to ${to}`);
  } finally {
    await queues?.close();
    connection?.disconnect();
    await db.destroy();
  }
}

/** The newest link to `linkPath` e-mailed to `to`, read from the stack's outbox (what the person clicks). */
export async function linkFromOutbox(stack: Stack, to: string, linkPath: string): Promise<string> {
  const db = createDb(stack.databaseUrl, 1);
  try {
    for (let i = 0; i < 50; i++) {
      const rows = await db
        .selectFrom('outbox_messages')
        .select('body_text')
        .where('to_address', '=', to)
        .orderBy('created_at', 'desc')
        .execute();
      const link = rows.map((r) => r.body_text.match(new RegExp(`https?://\\S+${linkPath}\\?token=[A-Za-z0-9_-]+`))?.[0]).find(Boolean);
      if (link) return link;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${linkPath} link e-mailed to ${to}`);
  } finally {
    await db.destroy();
  }
}
