import type { FlightSearcher, LightningLaneBooker, TickLease } from '@walkon/core';
import type { Database, Kysely } from '@walkon/db';
import type { Logger } from '@walkon/integrations/logger';
import type { DiningAvailabilityProvider, Notifier, WaitTimesSource } from '@walkon/integrations/providers';
import type { Sender } from '@walkon/integrations/providers/sender.ts';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { WorkerMetrics } from '../ops/metrics.ts';
import type { Queues } from '../queues.ts';

/** Everything the worker needs, injected (docs/DESIGN.md §4 factories). */
export interface WorkerDeps {
  db: Kysely<Database>;
  /** A `worker`-role connection (maxRetriesPerRequest null). */
  connection: Redis;
  queues: Queues;
  source: WaitTimesSource;
  notifier: Notifier;
  logger: Logger;
  now: () => Date;
  publicOrigin: string;
  /** Prometheus series the processors record (docs/OPERATIONS.md "Metrics"); absent = none. */
  metrics?: WorkerMetrics;
  /** Park ticks in flight (default 4; POLL_CONCURRENCY): each holds a pool connection only for its store-and-claim transaction. */
  pollConcurrency?: number;
  /** Concurrency of the send workers: batch jobs in flight per queue (default 10; SEND_CONCURRENCY). */
  sendConcurrency?: number;
  /** Provider calls (SES / SNS) in flight per batch (default 8; SEND_PROVIDER_CONCURRENCY). */
  providerConcurrency?: number;
  /** Lease of a provider batch's deliveries (ms, default 60 s; SEND_LEASE_SECONDS). */
  leaseMs?: number;
  /**
   * The providers of the channels that build their own from settings (`Channel.fromEnv`, `channelSenders`), by
   * channel name, e.g. `{ push }`: Web Push with the VAPID keys set (docs/decisions/038). A channel whose entry is
   * null or absent is off: no worker for its queue.
   */
  senders?: Partial<Record<string, Sender<any> | null>>;
  /** Push requests in flight per `send-push` batch (default 32; PUSH_CONCURRENCY). */
  pushConcurrency?: number;
  /** Whole months of deliveries kept before the current one (default 13; DELIVERY_RETENTION_MONTHS, docs/OPERATIONS.md "Retention"). */
  deliveryRetentionMonths?: number;
  /**
   * Flight search for the `flight-price-check` task (docs/decisions/006): the cached search service of
   * providers/flights. Null/absent = unavailable: the task then only deactivates past alerts.
   */
  flights?: FlightSearcher | null;
  /**
   * Restaurant availability for the `restaurant-check` task (docs/decisions/009, DINING_SOURCE); null/absent = off: the
   * task then only expires alerts past their last date.
   */
  dining?: DiningAvailabilityProvider | null;
  /** Lightning Lane booker for auto-booking after each poll (docs/decisions/008); default the simulated one (docs/DESIGN.md §5). */
  lightningLaneBooker?: LightningLaneBooker;
  /**
   * Whether this worker upserts the maintenance and per-park job schedulers at start (default true). `false`
   * only processes jobs already queued — the benchmark uses it so no background tick runs while it measures.
   */
  schedules?: boolean;
  /**
   * `send`: run only the delivery channels' send workers (the other queues' workers are built without running,
   * and no scheduler is upserted) — for tests whose stack ticks through the CLI but needs queued e-mails sent.
   */
  only?: 'send';
}

/** What every job handler receives: the worker's deps plus the per-park tick lease shared by its poll jobs. */
export type JobContext = WorkerDeps & { lease: TickLease };

/**
 * One kind of job the worker runs (docs/DESIGN.md §2): its queue, the zod schema its payload is parsed with before
 * anything runs (a payload that does not match fails the job for good, queues.ts `parseJobData`), its handler,
 * and how many of it run at once. `runsWhenSendOnly`: still processed under `WorkerDeps.only: 'send'`;
 * `enabled`: when given and false for these deps, the worker builds no BullMQ Worker for it (push without keys).
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** Its BullMQ queue (QUEUE, or a channel's queue). */
  queue: string;
  schema: S;
  concurrency: (deps: WorkerDeps) => number;
  runsWhenSendOnly?: boolean;
  enabled?: (deps: WorkerDeps) => boolean;
  handler: (ctx: JobContext, data: z.infer<S>, job: Job, token?: string) => Promise<unknown>;
}

/** Declares a job definition with its payload type inferred from `schema`. */
export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}
