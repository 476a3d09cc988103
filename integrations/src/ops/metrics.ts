import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Database, type Kysely, poolOf } from '@walkon/db';
import client, { type Registry } from 'prom-client';
import { REPO_ROOT } from '../env.ts';

/**
 * Prometheus metrics (docs/OPERATIONS.md "Metrics"), with prom-client. Each process builds its own registry (the
 * API on `/metrics` for admins or the METRICS_TOKEN bearer, the worker on WORKER_METRICS_PORT), with Node's default
 * process metrics and the PostgreSQL pool gauges.
 */

/**
 * The running build's version: WALKON_VERSION when set, else the `version` of the package.json at the repository
 * (or release bundle) root, else `unversioned`.
 */
export function buildVersion(source: NodeJS.ProcessEnv = process.env): string {
  if (source.WALKON_VERSION?.trim()) return source.WALKON_VERSION.trim();
  try {
    const v = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof v === 'string' && v ? v : 'unversioned';
  } catch {
    return 'unversioned';
  }
}

/**
 * A registry with the process's default metrics (labelled `component`), the pg pool gauges of `db`, and
 * `walkon_build_info{version,node_version}` = 1 (which build runs where; docs/OPERATIONS.md "Metrics").
 */
export function createRegistry(component: 'api' | 'worker', db: Kysely<Database>): Registry {
  const registry = new client.Registry();
  registry.setDefaultLabels({ component });
  client.collectDefaultMetrics({ register: registry });
  new client.Gauge({
    name: 'walkon_build_info',
    help: 'The running build: always 1, labelled with the version and the Node.js version.',
    labelNames: ['version', 'node_version'],
    registers: [registry],
  }).set({ version: buildVersion(), node_version: process.version }, 1);
  const pool = poolOf(db);
  const gauge = (name: string, help: string, read: () => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  if (pool) {
    gauge('walkon_pg_pool_connections', 'Connections in the PostgreSQL pool (busy and idle).', () => pool.totalCount);
    gauge('walkon_pg_pool_idle', 'Idle connections in the PostgreSQL pool.', () => pool.idleCount);
    gauge(
      'walkon_pg_pool_waiting',
      'Queries waiting for a PostgreSQL pool connection (raise DB_POOL_MAX or lower the concurrency when this stays above 0).',
      () => pool.waitingCount,
    );
  }
  return registry;
}
