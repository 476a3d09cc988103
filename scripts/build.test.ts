import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { dropDatabase } from '@walkon/db';
import { FIXTURES_DIR, REPO_ROOT } from '@walkon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run build:server` then the compiled processes under plain `node` (no tsx), as `npm start`,
// `npm run start:worker` and `npm run db:migrate` / `db:status` run them (docs/decisions/041-build-and-retention.md).
const run = promisify(execFile);
const NODE = [process.execPath, '--enable-source-maps'];
const name = `walkon_build_${Date.now().toString(36)}_${process.pid}`;
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
const children: ChildProcess[] = [];
let webDist = '';

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

/** Polls `url` until it answers 200 (the process is up and ready); throws once the process has exited. */
async function waitFor200(url: string, child: ChildProcess): Promise<Response> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    const r = await fetch(url).catch(() => null);
    if (r?.status === 200) return r;
    await new Promise((res) => setTimeout(res, 200));
  }
}

function start(file: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(NODE[0]!, [...NODE.slice(1), file], { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

beforeAll(async () => {
  // Only what the build needs: node_modules, no tsx in the command line.
  const built = await run(process.execPath, ['scripts/build.mjs'], { cwd: REPO_ROOT });
  expect(built.stdout).toContain('dist/server/main.js');
  webDist = await mkdtemp(path.join(tmpdir(), 'walkon-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>WalkOn build test</title>');
}, 120_000);

afterAll(async () => {
  // SIGTERM first (the processes' own shutdown); one still alive after 30 s (a loaded machine) gets SIGKILL, so
  // the clean-up never outlives the hook.
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  const exited = (c: ChildProcess) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null);
  const late = setTimeout(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }, 30_000);
  await Promise.all(children.map(exited));
  clearTimeout(late);
  await dropDatabase(databaseUrl).catch(() => {});
  await rm(webDist, { recursive: true, force: true });
}, 90_000);

describe('the compiled server, worker and migrate run under plain node', () => {
  it('a stack from compiled code names the TypeScript source lines (source maps, node --enable-source-maps)', async () => {
    // A Redis Cluster with a queue prefix without a hash tag: assertClusterPrefix throws, called by the worker's main
    // (settings are refused earlier in one sentence without a stack, docs/OPERATIONS.md "First start").
    const failed = await run(NODE[0]!, [...NODE.slice(1), 'dist/worker/main.js'], {
      cwd: REPO_ROOT,
      env: { ...process.env, REDIS_CLUSTER_NODES: '127.0.0.1:1', QUEUE_PREFIX: 'walkon' },
    }).then(
      () => '',
      (err: { stderr: string }) => err.stderr,
    );
    expect(failed).toContain('has no hash tag');
    expect(failed).toMatch(/at assertClusterPrefix \(.*integrations\/src\/redis\.ts:\d+:\d+\)/);
    expect(failed).toMatch(/jobs\/src\/main\.ts:\d+:\d+/);
  });

  it('migrate creates and migrates the database; status lists every migration applied', async () => {
    const env = { ...process.env, DATABASE_URL: databaseUrl };
    const migrated = await run(NODE[0]!, [...NODE.slice(1), 'dist/migrate/migrate.js'], { cwd: REPO_ROOT, env });
    expect(migrated.stdout).toContain(`migrated postgres://127.0.0.1:5432/${name}`);
    const status = await run(NODE[0]!, [...NODE.slice(1), 'dist/migrate/migrate.js', 'status'], { cwd: REPO_ROOT, env });
    expect(status.stdout).toMatch(/: \d+ applied, 0 pending\n$/);
    expect(status.stdout).not.toContain('pending  ');
  });

  it('the server answers /readyz and serves the web build; the worker answers /readyz and /metrics on its port', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      // The stop in afterAll need not wait for a load balancer (docs/OPERATIONS.md "Stopping").
      SHUTDOWN_DRAIN_SECONDS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      // Relative, as docs/OPERATIONS.md suggests (`web/dist`): resolved against the repository root, which the
      // bundle finds two folders up from dist/server/main.js.
      WEB_DIST_DIR: path.relative(REPO_ROOT, webDist),
      WAIT_TIMES_SOURCE: 'replay',
      WAIT_TIMES_REPLAY_DIR: FIXTURES_DIR,
      FLIGHTS_SOURCE: 'off',
      NOTIFY_TRANSPORT: 'outbox',
      PAYMENTS: 'off',
      QUEUE_PREFIX: `build-${name}`,
      LOG_LEVEL: 'warn',
      WORKER_METRICS_PORT: String(metricsPort),
      WORKER_METRICS_HOST: '127.0.0.1',
    };
    const server = start('dist/server/main.js', env);
    const worker = start('dist/worker/main.js', env);
    const ready = await waitFor200(`http://127.0.0.1:${port}/readyz`, server);
    expect(await ready.json()).toMatchObject({ db: true, redis: true });
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(await page.text()).toContain('<title>WalkOn build test</title>');
    const workerReady = await waitFor200(`http://127.0.0.1:${metricsPort}/readyz`, worker);
    expect(workerReady.status).toBe(200);
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^# TYPE walkon_\w+ /m);
  }, 60_000);
});
