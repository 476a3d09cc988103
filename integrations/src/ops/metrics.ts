import { type Database, type Kysely, poolOf } from '@walkon/db';
import client, { type Registry } from 'prom-client';

/**
 * Prometheus metrics (docs/OPERATIONS.md "Metrics"), with prom-client. Each process builds its own registry (the
 * API on `/metrics` for admins or the METRICS_TOKEN bearer, the worker on WORKER_METRICS_PORT), with Node's default
 * process metrics and the PostgreSQL pool gauges.
 */

/** A registry with the process's default metrics (labelled `component`) and the pg pool gauges of `db`. */
export function createRegistry(component: 'api' | 'worker', db: Kysely<Database>): Registry {
  const registry = new client.Registry();
  registry.setDefaultLabels({ component });
  client.collectDefaultMetrics({ register: registry });
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
