import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES_DIR, REPO_ROOT } from '@walkon/db/testing';

/**
 * Real infrastructure components for the infra tests (`make test-infra`): Debian's PgBouncer in transaction mode,
 * a local Redis Cluster of Debian's redis-server, worker processes, and a ThemeParks.wiki fake that serves the
 * recorded live documents shifted to the present. Every component is started on free ports and stopped by the test.
 */

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Resolves when `port` on 127.0.0.1 accepts connections, or throws after `ms`. */
async function waitForPort(port: number, ms: number, child?: ChildProcess): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((r) => {
      const c = connect(port, '127.0.0.1');
      c.once('connect', () => {
        c.destroy();
        r(true);
      });
      c.once('error', () => r(false));
    });
    if (ok) return;
    if (child && child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before listening on ${port}`);
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The path of a Debian binary, or an error that says how to install it (never a silent skip). */
export function binary(name: string, pkg: string): string {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/sbin']) {
    if (existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  throw new Error(`${name} is not installed: run \`make test-infra\` (it installs Debian's ${pkg}) or apt-get install ${pkg}`);
}

/** A running PgBouncer. */
export interface PgBouncer {
  port: number;
  /** The URL of database `name` through the pooler. */
  url(name: string): string;
  /** The pooler's log so far. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Starts Debian's PgBouncer in transaction mode in front of the PostgreSQL at `upstream` (host:port), trust
 * auth, `poolSize` server connections per database (small, so a client's statements land on different server
 * connections as they do in production). As root it runs as `nobody` (PgBouncer refuses root).
 */
export async function startPgBouncer(
  opts: { upstreamHost?: string; upstreamPort?: number; poolSize?: number; port?: number; only?: string } = {},
): Promise<PgBouncer> {
  const bin = binary('pgbouncer', 'pgbouncer');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'walkon-pgbouncer-'));
  const port = opts.port ?? (await freePort());
  const logFile = path.join(dir, 'pgbouncer.log');
  writeFileSync(path.join(dir, 'users.txt'), '"postgres" ""\n');
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      // `only`: the pooler serves that one database and no other (not even `postgres`).
      `${opts.only ?? '*'} = host=${opts.upstreamHost ?? '127.0.0.1'} port=${opts.upstreamPort ?? 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${opts.poolSize ?? 3}`,
      'max_client_conn = 500',
      'server_reset_query =',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${logFile}`,
      '',
    ].join('\n'),
  );
  execFileSync('chmod', ['-R', 'a+rwX', dir]);
  const args = process.getuid?.() === 0 ? ['-u', 'nobody', path.join(dir, 'pgbouncer.ini')] : [path.join(dir, 'pgbouncer.ini')];
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  await waitForPort(port, 10_000, child).catch((err: Error) => {
    throw new Error(`${err.message}\n${out}`);
  });
  const { readFileSync } = await import('node:fs');
  return {
    port,
    url: (name) => `postgres://postgres@127.0.0.1:${port}/${name}`,
    log: () => out + (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A worker process (jobs/src/main.ts) and its JSON log lines. */
export interface WorkerProcess {
  child: ChildProcess;
  lines: () => Record<string, unknown>[];
  stop(): Promise<number | null>;
}

/** Starts the real worker process with `env` over this process's environment. */
export function startWorkerProcess(env: NodeJS.ProcessEnv): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'jobs/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buf = '';
  const lines: Record<string, unknown>[] = [];
  const take = (d: Buffer) => {
    buf += d.toString();
    let i = buf.indexOf('\n');
    while (i >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        lines.push({ level: 60, msg: line });
      }
      i = buf.indexOf('\n');
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return {
    child,
    lines: () => lines,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return new Promise((r) => child.once('exit', (code) => r(code)));
    },
  };
}

/** A recording the fake serves: its file under FIXTURES_DIR and the instant it was recorded. */
export interface Recording {
  parkId: string;
  file: string;
  recordedAt: Date;
}

/** Every ISO instant in a document (lastUpdated, hours, return times). */
const ISO_INSTANT = /"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))"/g;

/** A running ThemeParks.wiki fake and the instants of each park's live reads. */
export interface ThemeParksFake {
  url: string;
  liveReads: Map<string, number[]>;
  close(): Promise<void>;
}

/**
 * Serves `GET /v1/destinations` (the recorded catalogue) and `GET /v1/entity/<park>/live` for the recordings,
 * with every ISO instant shifted by (now − recordedAt): the park looks at every read as it did when recorded.
 * Other parks answer 404; the first `failFirst` live reads answer 500. Counts each answered live read per park.
 */
export async function startThemeParksFake(recordings: Recording[], opts: { failFirst?: number } = {}): Promise<ThemeParksFake> {
  let failures = opts.failFirst ?? 0;
  const { readFileSync } = await import('node:fs');
  const destinations = readFileSync(path.join(FIXTURES_DIR, 'tpw_destinations_2026-04.json'), 'utf8');
  const byPark = new Map(recordings.map((r) => [r.parkId, { ...r, text: readFileSync(path.join(FIXTURES_DIR, r.file), 'utf8') }]));
  const liveReads = new Map<string, number[]>();
  const server: Server = createHttpServer((req, res) => {
    const url = req.url ?? '';
    if (url.startsWith('/v1/destinations')) return void res.writeHead(200, { 'content-type': 'application/json' }).end(destinations);
    const m = /^\/v1\/entity\/([^/]+)\/live/.exec(url);
    const rec = m ? byPark.get(decodeURIComponent(m[1]!)) : undefined;
    if (!rec) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"statusCode":404,"message":"Not Found"}');
    if (failures > 0) {
      failures--;
      return void res.writeHead(500).end('upstream fault (test)');
    }
    const now = Date.now();
    liveReads.set(rec.parkId, [...(liveReads.get(rec.parkId) ?? []), now]);
    const delta = now - rec.recordedAt.getTime();
    const body = rec.text.replace(ISO_INSTANT, (_all, iso: string) => JSON.stringify(new Date(Date.parse(iso) + delta).toISOString()));
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    liveReads,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** A running redis-server (standalone, or one node of a cluster). */
export interface RedisNode {
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts Debian's redis-server on `port` (default a free one), without persistence; `cluster` enables cluster
 * mode (its nodes.conf in a temporary folder).
 */
export async function startRedisServer(opts: { port?: number; cluster?: boolean } = {}): Promise<RedisNode> {
  const bin = binary('redis-server', 'redis-server');
  const port = opts.port ?? (await freePort());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'walkon-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  if (opts.cluster)
    args.push('--cluster-enabled', 'yes', '--cluster-config-file', path.join(dir, 'nodes.conf'), '--cluster-node-timeout', '5000');
  const child = spawn(bin, args, { stdio: 'ignore' });
  await waitForPort(port, 10_000, child);
  return {
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts the real API process (server/src/main.ts) with `env`; resolves once `/livez` answers. */
export async function startApiProcess(env: NodeJS.ProcessEnv): Promise<WorkerProcess & { url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  child.stdout?.on('data', (d: Buffer) => {
    for (const l of d.toString().split('\n').filter(Boolean)) {
      try {
        lines.push(JSON.parse(l) as Record<string, unknown>);
      } catch {
        lines.push({ msg: l });
      }
    }
  });
  child.stderr?.on('data', (d: Buffer) => lines.push({ level: 60, msg: d.toString() }));
  await waitForPort(port, 60_000, child);
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    lines: () => lines,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return new Promise((r) => child.once('exit', (code) => r(code)));
    },
  };
}

/** A running local Redis Cluster. */
export interface RedisCluster {
  nodes: RedisNode[];
  /** "127.0.0.1:p1,127.0.0.1:p2,…" (REDIS_CLUSTER_NODES). */
  seeds: string;
  stop(): Promise<void>;
}

/**
 * Starts `masters` redis-server nodes in cluster mode and joins them with `redis-cli --cluster create` (no
 * replicas); resolves when every node reports `cluster_state:ok`.
 */
export async function startRedisCluster(masters = 3): Promise<RedisCluster> {
  const cli = binary('redis-cli', 'redis-tools');
  const nodes: RedisNode[] = [];
  for (let i = 0; i < masters; i++) nodes.push(await startRedisServer({ cluster: true }));
  const addrs = nodes.map((n) => `127.0.0.1:${n.port}`);
  execFileSync(cli, ['--cluster', 'create', ...addrs, '--cluster-replicas', '0', '--cluster-yes'], { stdio: 'pipe' });
  const deadline = Date.now() + 30_000;
  for (const n of nodes) {
    while (
      !execFileSync(cli, ['-p', String(n.port), 'cluster', 'info'])
        .toString()
        .includes('cluster_state:ok')
    ) {
      if (Date.now() > deadline) throw new Error(`redis cluster node ${n.port} not ok`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    nodes,
    seeds: addrs.join(','),
    async stop() {
      for (const n of nodes) await n.stop();
    },
  };
}
