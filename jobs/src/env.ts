import {
  combinationProblems,
  integrationsEnvSchema,
  productionProblems,
  resolveIntegrationsEnv,
  settingProblems,
  withoutBlanks,
} from '@walkon/integrations/env';
import { z } from 'zod';

/**
 * The worker's and CLI's settings (README "Configuration"): the provider and store settings of
 * @walkon/integrations/env (themselves the shared `baseEnvSchema` of @walkon/domain/env, extended) plus the
 * worker's own, one schema.
 */
const jobsEnvSchema = integrationsEnvSchema.extend({
  /** How long a worker holds the deliveries it is sending (seconds, renewed while it runs); a crash frees them after it. */
  SEND_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** Send batch jobs (up to 500 deliveries each) in flight per send queue and worker (docs/DESIGN.md §2.5). */
  SEND_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(10),
  /** SES / SNS calls in flight per batch: with SEND_CONCURRENCY, the provider throughput limit per worker. */
  SEND_PROVIDER_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(8),
  /** Park ticks (poll-park jobs) in flight per worker; each holds a pool connection only for its store-and-claim transaction. */
  POLL_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  /** The worker's HTTP port for /livez, /readyz, /healthz and /metrics (0 = a free port; unset = none). */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address the worker's metrics port listens on. */
  WORKER_METRICS_HOST: z.string().default('0.0.0.0'),
  /** Whole months of deliveries kept before the current one; older monthly partitions are dropped (docs/OPERATIONS.md "Retention"). */
  DELIVERY_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(13),
});

/** The worker's and CLI's settings, parsed once (`loadJobsEnv`). */
export type JobsEnv = ReturnType<typeof resolveIntegrationsEnv<z.infer<typeof jobsEnvSchema>>>;

/** Every variable the worker reads (the `.env.example` test checks they are all documented). */
export const JOBS_ENV_KEYS = Object.keys(jobsEnvSchema.shape);

/**
 * Parses the worker's settings from `source` (default `process.env`; blank = unset) with the one schema, then
 * resolves the provider settings (`resolveIntegrationsEnv`: NOTIFY_TRANSPORT default, replay folders).
 * @throws ZodError on an invalid value (e.g. POLL_CONCURRENCY=0).
 */
export function loadJobsEnv(source: NodeJS.ProcessEnv = process.env): JobsEnv {
  return resolveIntegrationsEnv(jobsEnvSchema.parse(withoutBlanks(source)));
}

/**
 * Every problem of the worker's (and CLI's) settings at once (docs/OPERATIONS.md "First start"): the values the
 * one schema refuses, the combinations that cannot work and the production profile, one sentence each; empty when it can
 * start. For refuseToStart.
 */
export function jobsEnvProblems(source: NodeJS.ProcessEnv = process.env): string[] {
  return [...settingProblems(jobsEnvSchema, source), ...combinationProblems(source), ...productionProblems(source)];
}
