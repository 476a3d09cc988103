import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const schema = z.object({
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/walkon'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z.string().min(1).default('{walkon}'),
  PUBLIC_ORIGIN: z.string().url().default('http://localhost:3000'),
  WAIT_TIMES_SOURCE: z.enum(['http', 'replay']).default('http'),
  THEMEPARKS_API_URL: z.string().url().default('https://api.themeparks.wiki'),
  /** The recorded data (README "Configuration"), relative to the repository root; tests read it too. */
  WALKON_FIXTURES_DIR: z.string().default('../shared/fixtures'),
  /** Recordings the replay source serves; default WALKON_FIXTURES_DIR. */
  WAIT_TIMES_REPLAY_DIR: z.string().optional(),
  /** Optional RogueMew day CSV to step through one snapshot per tick (replay only). */
  WAIT_TIMES_REPLAY_SERIES: z.string().optional(),
  NOTIFY_TRANSPORT: z.enum(['outbox', 'aws']).default('outbox'),
  AWS_REGION: z.string().optional(),
  SES_FROM_EMAIL: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  /**
   * Flight search (docs/decisions/006-duffel-for-flights.md): `duffel` = the Duffel API (needs DUFFEL_ACCESS_TOKEN; without it search is
   * unavailable), `replay` = recorded Duffel example responses (server/test/fixtures/flights/README.md), `off` = unavailable.
   */
  FLIGHTS_SOURCE: z.enum(['duffel', 'replay', 'off']).default('duffel'),
  DUFFEL_ACCESS_TOKEN: z.string().min(1).optional(),
  DUFFEL_API_URL: z.string().url().default('https://api.duffel.com'),
  FLIGHTS_REPLAY_DIR: z.string().default(path.resolve(repoRoot, 'server/test/fixtures/flights')),
  /**
   * Restaurant availability (docs/decisions/009-restaurant-availability-walk-up.md): `themeparks` = ThemeParks.wiki's published walk-up `diningAvailability`
   * (today only), `replay` = the recorded sample in WAIT_TIMES_REPLAY_DIR, `off` = none. Unset: `replay` when
   * WAIT_TIMES_SOURCE=replay, else `themeparks`.
   */
  DINING_SOURCE: z.enum(['themeparks', 'replay', 'off']).optional(),
  /** Send batch jobs (up to 500 deliveries each) in flight per send queue and worker (DESIGN §2.5). */
  SEND_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(10),
  /** SES / SNS calls in flight per batch: with SEND_CONCURRENCY, the provider throughput limit per worker. */
  SEND_PROVIDER_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(8),
  // Scale-out and operations (docs/OPERATIONS.md): pool, pooler, Redis Cluster, concurrency, metrics port.
  /** Connections in each process's PostgreSQL pool (API, worker and CLI alike). */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /** `off` behind a transaction-mode pooler without prepared-statement support (PgBouncer < 1.21): no named prepared statements. */
  PG_PREPARED: z.enum(['on', 'off']).default('on'),
  /** Park ticks (poll-park jobs) in flight per worker; each holds a pool connection only for its store-and-claim transaction. */
  POLL_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  /** Comma-separated host:port seed nodes of a Redis Cluster (or REDIS_URL `redis+cluster://host:port,host:port`); unset = one Redis. */
  REDIS_CLUSTER_NODES: z.string().optional(),
  /** The worker's HTTP port for /livez, /readyz, /healthz and /metrics (0 = a free port; unset = none). */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address the worker's metrics port listens on. */
  WORKER_METRICS_HOST: z.string().default('0.0.0.0'),
});

/** The worker's and CLI's settings (README "Configuration"), parsed once from the environment. */
export type JobsEnv = Omit<z.infer<typeof schema>, 'WAIT_TIMES_REPLAY_DIR'> & { WAIT_TIMES_REPLAY_DIR: string };

/**
 * Parses the jobs settings from `source` (default `process.env`).
 * Relative `WALKON_FIXTURES_DIR` / `WAIT_TIMES_REPLAY_DIR` / `FLIGHTS_REPLAY_DIR` values are resolved against the
 * repository root; `WAIT_TIMES_REPLAY_DIR` defaults to `WALKON_FIXTURES_DIR`.
 * @throws ZodError on an invalid value (e.g. an unknown WAIT_TIMES_SOURCE).
 */
export function loadJobsEnv(source: NodeJS.ProcessEnv = process.env): JobsEnv {
  const env = schema.parse(source);
  return {
    ...env,
    WAIT_TIMES_REPLAY_DIR: path.resolve(repoRoot, env.WAIT_TIMES_REPLAY_DIR ?? env.WALKON_FIXTURES_DIR),
    FLIGHTS_REPLAY_DIR: path.resolve(repoRoot, env.FLIGHTS_REPLAY_DIR),
  };
}
