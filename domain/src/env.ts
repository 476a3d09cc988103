import { z } from 'zod';

/**
 * The settings every WalkOn process shares (README "Configuration"): the API, the worker, the `walkon-jobs` CLI,
 * migrate, the benches and the scripts read these names with these defaults, written here once. Each process
 * extends `baseEnvSchema` with its own settings (`integrationsEnvSchema` of @walkon/integrations/env, then the
 * worker's in jobs/src/env.ts and the API's in server/src/env.ts), the way t3's `createEnv({ extends })` composes
 * presets, so one schema is parsed per process. IO-free: callers pass the environment.
 */

/** The development defaults of the shared settings (a production start refuses an unset DATABASE_URL or REDIS_URL). */
export const ENV_DEFAULTS = {
  NODE_ENV: 'development',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/walkon',
  REDIS_URL: 'redis://127.0.0.1:6379',
  QUEUE_PREFIX: '{walkon}',
  PUBLIC_ORIGIN: 'http://localhost:3000',
  LOG_LEVEL: 'info',
  /** The recorded data, relative to the repository root (`FIXTURES_DIR` of @walkon/db/testing for the tests). */
  WALKON_FIXTURES_DIR: '../shared/fixtures',
  DB_POOL_MAX: 10,
  PG_PREPARED: 'on',
} as const;

/** The shared settings (see the module comment); every process's schema is `baseEnvSchema.extend(…)`. */
export const baseEnvSchema = z.object({
  /** `production` turns on the production profile (productionProblems of @walkon/integrations/env): nothing may default to a fake. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default(ENV_DEFAULTS.NODE_ENV),
  DATABASE_URL: z.string().default(ENV_DEFAULTS.DATABASE_URL),
  REDIS_URL: z.string().default(ENV_DEFAULTS.REDIS_URL),
  /** The BullMQ and Redis key prefix the API, the worker and the CLI share. */
  QUEUE_PREFIX: z.string().min(1).default(ENV_DEFAULTS.QUEUE_PREFIX),
  PUBLIC_ORIGIN: z.string().url().default(ENV_DEFAULTS.PUBLIC_ORIGIN),
  LOG_LEVEL: z.string().default(ENV_DEFAULTS.LOG_LEVEL),
  /** The recorded data (README "Configuration"), relative to the repository root; tests read it too. */
  WALKON_FIXTURES_DIR: z.string().default(ENV_DEFAULTS.WALKON_FIXTURES_DIR),
  /** Connections in each process's PostgreSQL pool (API, worker and CLI alike). */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(ENV_DEFAULTS.DB_POOL_MAX),
  /** `off` behind a transaction-mode pooler without prepared-statement support (PgBouncer < 1.21): no named prepared statements. */
  PG_PREPARED: z.enum(['on', 'off']).default(ENV_DEFAULTS.PG_PREPARED),
  /**
   * Tests only (production refuses it): the instant, ISO 8601 with offset, at which the process's clock starts and
   * runs on from (integrations/src/clock.ts, docs/decisions/045). Unset = the real clock.
   */
  CLOCK_START: z.iso.datetime({ offset: true }).optional(),
});

/** The shared settings, parsed. */
export type BaseEnv = z.infer<typeof baseEnvSchema>;

/**
 * `source` without its blank variables (`NAME=` or spaces only, as env files and unit files often leave them): a
 * blank setting means unset, so it takes its default (and the production profile names it when it is required).
 */
export function withoutBlanks(source: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter((e): e is [string, string] => e[1] !== undefined && e[1].trim() !== ''));
}

/**
 * The shared settings of `source` (a blank variable counts as unset), for the scripts and benches that need only
 * these (a database, Redis, the fixtures).
 * @throws ZodError on an invalid value.
 */
export function loadBaseEnv(source: Record<string, string | undefined>): BaseEnv {
  return baseEnvSchema.parse(withoutBlanks(source));
}
