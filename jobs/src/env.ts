import {
  INTEGRATIONS_ENV_KEYS,
  type IntegrationsEnv,
  integrationsEnvProblems,
  loadIntegrationsEnv,
  settingProblems,
  withoutBlanks,
} from '@walkon/integrations/env';
import { z } from 'zod';

/** The worker's own settings (README "Configuration"), on top of the provider settings of @walkon/integrations. */
const workerSchema = z.object({
  /** How long a worker holds the deliveries it is sending (seconds, renewed while it runs); a crash frees them after it. */
  SEND_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** Send batch jobs (up to 500 deliveries each) in flight per send queue and worker (DESIGN §2.5). */
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
  /** Seconds a SIGTERM'd worker has to finish its running jobs before it exits 1 anyway (docs/OPERATIONS.md "Stopping"). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

/** The worker's and CLI's settings: the provider and store settings plus the worker's own, parsed once. */
export type JobsEnv = IntegrationsEnv & z.infer<typeof workerSchema>;

/** Every variable the worker reads (the `.env.example` test checks they are all documented). */
export const JOBS_ENV_KEYS = [...INTEGRATIONS_ENV_KEYS, ...Object.keys(workerSchema.shape)];

/**
 * Parses the worker's settings from `source` (default `process.env`): `loadIntegrationsEnv` (defaults and
 * path resolution there) plus the worker's concurrency, send lease and metrics port.
 * @throws ZodError on an invalid value (e.g. POLL_CONCURRENCY=0).
 */
export function loadJobsEnv(source: NodeJS.ProcessEnv = process.env): JobsEnv {
  return { ...loadIntegrationsEnv(source), ...workerSchema.parse(withoutBlanks(source)) };
}

/**
 * Every problem of the worker's (and CLI's) settings at once (docs/OPERATIONS.md "First start"): the provider and
 * store settings' (integrationsEnvProblems) and the worker's own bad values, one sentence each; empty when it can
 * start. For refuseToStart.
 */
export function jobsEnvProblems(source: NodeJS.ProcessEnv = process.env): string[] {
  return [...integrationsEnvProblems(source), ...settingProblems(workerSchema, source)];
}
