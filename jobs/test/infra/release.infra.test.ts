import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDb, dropDatabase } from '@walkon/db';
import { expectedByRule, REPO_ROOT, TEST_REDIS_URL } from '@walkon/db/testing';
import { Redis } from 'ioredis';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../web/scripts/chromium.ts';
import { startThemeParksFake, type ThemeParksFake } from './components.ts';

// `make release` end to end (docs/DEPLOY.md, docs/decisions/052-one-release-bundle.md): build the bundle once, unpack
// its tarball into an empty folder, and start it the way each process definition says — the systemd units and the
// Procfile — with only the settings docs/DEPLOY.md lists, in an environment holding nothing else but PATH: a fresh
// database (migrate creates it), /readyz 200 from API and worker, a first alert in the outbox, a clean stop. The two
// starts use two different site and contact addresses: the one web build serves each (run-time configuration).
const run = promisify(execFile);
const MK = {
  parkId: '75ea578a-adc8-4116-a54d-dccb60765ef9',
  file: 'tpw_live_magic-kingdom_2026-04-14T2227Z.json',
  recordedAt: new Date('2026-04-14T22:27:18Z'),
};
const INSTALL = '/opt/walkon/current';
const ENV_FILE = '/etc/walkon/walkon.env';

let work = '';
let bundle = '';
let fake: ThemeParksFake;
const databases: string[] = [];
const prefixes: string[] = [];
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Whether `port` on 0.0.0.0 can be bound now (the worker unit's fixed 910N health port). */
async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '0.0.0.0', () => s.close(() => resolve(true)));
  });
}

/** A `KEY=value` settings file, as systemd's EnvironmentFile= and docs/DEPLOY.md write it. */
function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) out[m[1]!] = m[2]!.trim();
  }
  return out;
}

/** The deploy settings of docs/DEPLOY.md step 3, for a fresh database and this test's upstream fake. */
function settings(opts: { database: string; prefix: string; port: number; origin: string; contact: string }): string {
  return [
    'NODE_ENV=production',
    `DATABASE_URL=postgres://postgres@127.0.0.1:5432/${opts.database}`,
    `REDIS_URL=${TEST_REDIS_URL}`,
    `QUEUE_PREFIX=${opts.prefix}`,
    `PUBLIC_ORIGIN=${opts.origin}`,
    `CONTACT_EMAIL=${opts.contact}`,
    'HOST=127.0.0.1',
    `PORT=${opts.port}`,
    'WEB_DIST_DIR=web/dist',
    'NOTIFY_TRANSPORT=outbox',
    'PAYMENTS=off',
    'PUSH=off',
    'FLIGHTS_SOURCE=off',
    'DINING_SOURCE=off',
    `THEMEPARKS_API_URL=${fake.url}`,
    'LOG_LEVEL=warn',
    '',
  ].join('\n');
}

/** One systemd unit's [Service] settings (the keys this test honours: WorkingDirectory, EnvironmentFile, Environment, ExecStart, TimeoutStopSec). */
function unit(file: string, instance = ''): { cwd: string; envFile: string; env: Record<string, string>; argv: string[]; stopSec: number } {
  const text = readFileSync(path.join(bundle, 'systemd', file), 'utf8').replaceAll('%i', instance);
  const get = (key: string) => [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1]!.trim());
  const exec = get('ExecStart')[0]!.split(/\s+/);
  expect(exec.slice(0, 2)).toEqual(['/usr/bin/env', 'node']);
  expect(get('WorkingDirectory')).toEqual([INSTALL]);
  expect(get('EnvironmentFile')).toEqual([ENV_FILE]);
  return {
    cwd: bundle,
    envFile: get('EnvironmentFile')[0]!,
    env: Object.fromEntries(get('Environment').map((kv) => kv.split('=', 2) as [string, string])),
    argv: exec.slice(1),
    stopSec: Number(get('TimeoutStopSec')[0] ?? 90),
  };
}

/** Starts `argv` in the bundle with exactly `env` (plus PATH, for `node`); stderr kept for the failure message. */
function start(argv: string[], env: Record<string, string>): ChildProcess & { output: () => string } {
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: bundle,
    env: { PATH: process.env.PATH!, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  children.push(child);
  return Object.assign(child, { output: () => output });
}

/** Runs a command to its end; its exit code and output. */
async function finish(child: ChildProcess & { output: () => string }): Promise<{ code: number | null; output: string }> {
  const code = child.exitCode ?? (await new Promise<number | null>((r) => child.once('exit', r)));
  return { code, output: child.output() };
}

/** Polls `url` until it answers 200; throws with the process's output once it has exited. */
async function ready(url: string, child: ChildProcess & { output: () => string }): Promise<Response> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}\n${child.output()}`);
    const r = await fetch(url).catch(() => null);
    if (r?.status === 200) return r;
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** SIGTERM, as systemd's KillSignal= and a Procfile platform stop a process; the exit code within `seconds`. */
async function stop(child: ChildProcess, seconds: number): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), seconds * 1000).unref());
  const result = await Promise.race([exited, timeout]);
  if (result === 'timeout') throw new Error(`still running ${seconds} s after SIGTERM`);
  return result;
}

/**
 * The contact page as served (its config block) and as Debian's Chromium shows it under the API's own
 * Content-Security-Policy (the address in its first mailto link).
 */
async function contactPage(base: string): Promise<{ config: unknown; html: string; shown: string | null }> {
  const html = await (await fetch(`${base}/contact`)).text();
  const json = /<script id="walkon-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
  try {
    const tab = await browser.newPage();
    await tab.goto(`${base}/contact`);
    const link = tab.locator('a[href^="mailto:"]').first();
    await link.waitFor({ timeout: 30_000 });
    return { config: json ? JSON.parse(json) : null, html, shown: `${await link.textContent()} ${await link.getAttribute('href')}` };
  } finally {
    await browser.close();
  }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'walkon-release-test-'));
  const out = path.join(work, 'out');
  // --reuse-web: the web build `make test`'s e2e run made of the same sources, else a new one.
  const built = await run(process.execPath, ['scripts/release.mjs', '--reuse-web', '--out', out], {
    cwd: REPO_ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  const tarball = readdirSync(out).find((f) => f.endsWith('.tar.gz'));
  expect(tarball, built.stdout).toBeDefined();
  // An empty folder and the tarball: nothing of the repository is reachable from there.
  const host = path.join(work, 'host');
  mkdirSync(host);
  await run('tar', ['-xzf', path.join(out, tarball!), '-C', host]);
  rmSync(out, { recursive: true, force: true });
  const [name] = readdirSync(host);
  bundle = path.join(host, name!);
  fake = await startThemeParksFake([MK]);
}, 600_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await fake?.close();
  for (const d of databases) await dropDatabase(`postgres://postgres@127.0.0.1:5432/${d}`).catch(() => {});
  const redis = new Redis(TEST_REDIS_URL);
  for (const p of prefixes) {
    const keys = await redis.keys(`${p}:*`);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the release bundle (make release)', () => {
  it('holds the four commands, the web app, runtime packages only and the process definitions', () => {
    for (const f of ['dist/server/main.js', 'dist/worker/main.js', 'dist/cli/cli.js', 'dist/migrate/migrate.js', 'web/dist/index.html']) {
      expect(existsSync(path.join(bundle, f)), f).toBe(true);
    }
    for (const f of [
      'Procfile',
      'systemd/walkon-api.service',
      'systemd/walkon-worker@.service',
      'systemd/walkon-migrate.service',
      '.env.example',
      'bin/walkon-jobs',
    ]) {
      expect(existsSync(path.join(bundle, f)), f).toBe(true);
    }
    const pkg = JSON.parse(readFileSync(path.join(bundle, 'package.json'), 'utf8')) as { version: string; engines: { node: string } };
    const release = JSON.parse(readFileSync(path.join(bundle, 'RELEASE.json'), 'utf8')) as { version: string };
    expect(release.version).toBe(pkg.version);
    expect(path.basename(bundle)).toBe(`walkon-${pkg.version}`);
    // Runtime packages only: none of the web app's, the compilers' or the test tools'; our workspaces are inside dist/.
    for (const dev of ['react', 'vite', 'tsx', 'esbuild', 'vitest', '@biomejs/biome', 'playwright-core', '@walkon/db', 'autocannon']) {
      expect(existsSync(path.join(bundle, 'node_modules', dev)), dev).toBe(false);
    }
    for (const runtime of ['fastify', 'bullmq', 'pg', 'kysely', '@node-rs/argon2']) {
      expect(existsSync(path.join(bundle, 'node_modules', runtime)), runtime).toBe(true);
    }
  });

  it('started as the systemd units say: migrate, API and worker ready, a first alert in the outbox, a clean stop', async () => {
    const database = `walkon_release_${Date.now().toString(36)}_${process.pid}`;
    const prefix = `release-${database}`;
    databases.push(database);
    prefixes.push(prefix);
    const port = await freePort();
    const envFile = path.join(work, 'walkon.env');
    writeFileSync(envFile, settings({ database, prefix, port, origin: 'https://one.walkon.test', contact: 'help@one.walkon.test' }));
    const fileEnv = parseEnvFile(readFileSync(envFile, 'utf8'));

    const migrate = unit('walkon-migrate.service');
    const migrated = await finish(start(migrate.argv, { ...migrate.env, ...fileEnv }));
    expect(migrated.code, migrated.output).toBe(0);

    // The worker's instance N answers on 910N: the first N whose port is free on this machine.
    let instance = 1;
    while (!(await portFree(9100 + instance))) instance++;
    const api = unit('walkon-api.service');
    const worker = unit('walkon-worker@.service', String(instance));
    // EnvironmentFile= settings win over Environment= ones (systemd.exec(5)).
    const apiProcess = start(api.argv, { ...api.env, ...fileEnv });
    const workerProcess = start(worker.argv, { ...worker.env, ...fileEnv });
    expect(worker.env.WORKER_METRICS_PORT).toBe(String(9100 + instance));
    expect(await (await ready(`http://127.0.0.1:${port}/readyz`, apiProcess)).json()).toMatchObject({ db: true, redis: true });
    await ready(`http://127.0.0.1:${9100 + instance}/readyz`, workerProcess);
    const page = await contactPage(`http://127.0.0.1:${port}`);
    expect(page.config).toEqual({ publicOrigin: 'https://one.walkon.test', contactEmail: 'help@one.walkon.test' });
    expect(page.shown).toMatch(/^help@one\.walkon\.test mailto:help@one\.walkon\.test\?subject=/);

    // The first watcher, as docs/DEPLOY.md step 6 adds one: the bundle's CLI with the same settings file.
    const watched = await finish(
      start(['bin/walkon-jobs', 'watch', '--env-from', envFile, '--email', 'first@example.com', '--park', MK.parkId, '--all-rides'], {}),
    );
    expect(watched.code, watched.output).toBe(0);

    // The worker's next tick of the park (one a minute) claims and sends; the outbox holds the e-mail.
    const db = createDb(`postgres://postgres@127.0.0.1:5432/${database}`, 1);
    try {
      let sent: { ride_name: string; status: string }[] = [];
      const deadline = Date.now() + 150_000;
      for (;;) {
        const outbox = await db.selectFrom('outbox_messages').select(['to_address', 'delivery_ids']).execute();
        if (outbox.length > 0) {
          expect(outbox.map((m) => m.to_address)).toEqual(['first@example.com']);
          sent = await db.selectFrom('deliveries').select(['ride_name', 'status']).execute();
          break;
        }
        if (Date.now() > deadline) throw new Error(`no alert in the outbox after 150 s\n${workerProcess.output()}`);
        await new Promise((r) => setTimeout(r, 500));
      }
      // Which rides: docs/rules.md by the independent count of db/src/testing.ts, at the instant the worker read the park.
      const readAt = fake.liveReads.get(MK.parkId)!.at(-1)!;
      const expected = expectedByRule(MK.file, new Date(readAt), 'America/New_York', true);
      expect(expected.length).toBeGreaterThan(0);
      expect(sent.map((d) => d.ride_name).sort()).toEqual([...expected]);
      expect(sent.every((d) => d.status === 'sent')).toBe(true);
    } finally {
      await db.destroy();
    }

    expect(await stop(workerProcess, worker.stopSec)).toBe(0);
    expect(await stop(apiProcess, api.stopSec)).toBe(0);
  }, 240_000);

  it('started as the Procfile says (release, web, worker) from the same build with other addresses: ready, the new addresses, a clean stop', async () => {
    const procfile = Object.fromEntries(
      readFileSync(path.join(bundle, 'Procfile'), 'utf8')
        .split('\n')
        .filter((l) => /^\w+:/.test(l))
        .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
    );
    expect(Object.keys(procfile).sort()).toEqual(['release', 'web', 'worker']);
    const database = `walkon_release_p_${Date.now().toString(36)}_${process.pid}`;
    const prefix = `release-${database}`;
    databases.push(database);
    prefixes.push(prefix);
    // A Procfile platform sets PORT for the web process; the worker's health port is a setting of its own.
    const [port, workerPort] = [await freePort(), await freePort()];
    const env = parseEnvFile(settings({ database, prefix, port, origin: 'https://two.walkon.test', contact: 'team@two.walkon.test' }));
    // Each line is one plain command (no shell syntax), so it is run as its words, the signal reaching node itself.
    const sh = (cmd: string, extra: Record<string, string> = {}) => {
      expect(cmd).toMatch(/^[\w./ -]+$/);
      return start(cmd.split(/\s+/), { ...env, ...extra });
    };

    const released = await finish(sh(procfile.release!));
    expect(released.code, released.output).toBe(0);
    const web = sh(procfile.web!);
    const worker = sh(procfile.worker!, { WORKER_METRICS_PORT: String(workerPort), WORKER_METRICS_HOST: '127.0.0.1' });
    await ready(`http://127.0.0.1:${port}/readyz`, web);
    await ready(`http://127.0.0.1:${workerPort}/readyz`, worker);
    const page = await contactPage(`http://127.0.0.1:${port}`);
    expect(page.config).toEqual({ publicOrigin: 'https://two.walkon.test', contactEmail: 'team@two.walkon.test' });
    expect(page.shown).toMatch(/^team@two\.walkon\.test mailto:team@two\.walkon\.test\?subject=/);
    expect(page.html).not.toContain('walkon-config.invalid');
    expect(await stop(worker, 30)).toBe(0);
    expect(await stop(web, 30)).toBe(0);
  }, 120_000);
});
