import { createRedisTickLease, ensureCatalogue } from '@walkon/core';
import { Worker } from 'bullmq';
import type { JobContext, WorkerDeps } from './jobs/definition.ts';
import { workerJobs } from './jobs/index.ts';
import { MAINTENANCE_SCHEDULES } from './jobs/maintenance.ts';
import { reconcileHistorySchedulers } from './pipeline/history.ts';
import { reconcileSchedulers } from './pipeline/schedulers.ts';
import { parseJobData } from './queues.ts';

export { THROTTLED_RESUME_MS } from './channels/index.ts';
export type { JobContext, JobDefinition, WorkerDeps } from './jobs/definition.ts';
export { MAINTENANCE_SCHEDULES, type MaintenanceDeps, runMaintenance, SAMPLE_RETENTION_DAYS } from './jobs/maintenance.ts';

/** A running worker. */
export interface WalkOnWorker {
  workers: Worker[];
  /** Graceful shutdown: stops taking jobs, lets running ones finish, closes queues' workers. */
  close(): Promise<void>;
}

/**
 * Builds the BullMQ worker process (docs/DESIGN.md §2) from the job definitions of jobs/src/jobs/ (one BullMQ Worker per
 * definition, its payload parsed with the definition's schema first): `poll-park` (poll → evaluate → claim → fan out, then Lightning
 * Lane auto-booking for the park, docs/decisions/008),
 * one send queue per registered delivery channel (`send-email` / `send-sms` / `send-push`, channels/: a channel
 * without a sender — push without VAPID keys — gets no worker; retries with exponential backoff),
 * and `maintenance` (sweeper + scheduler reconciliation, run once at start too, and every MAINTENANCE_SCHEDULES
 * task — including the 6-hourly `flight-price-check` of docs/decisions/019 — as BullMQ job schedulers upserted at start;
 * the catalogue load and the per-park history job schedulers are upserted after start, not awaited by it).
 */
export async function buildWorker(deps: WorkerDeps): Promise<WalkOnWorker> {
  const log = deps.logger;
  const schedules = deps.schedules !== false && deps.only !== 'send';
  // One read per park per tick across workers (a Redis lease); the write is under the advisory lock.
  const ctx: JobContext = { ...deps, lease: createRedisTickLease({ redis: deps.connection, prefix: deps.queues.prefix }) };
  const workers = workerJobs()
    .filter((def) => def.enabled?.(deps) ?? true)
    .map(
      (def) =>
        new Worker(def.queue, (job, token) => def.handler(ctx, parseJobData(def.schema, job), job, token), {
          connection: deps.connection,
          prefix: deps.queues.prefix,
          concurrency: def.concurrency(deps),
          // `only: 'send'` builds the other queues' workers without running them.
          autorun: def.runsWhenSendOnly || deps.only !== 'send',
        }),
    );
  for (const w of workers) w.on('error', (err) => log.error({ err, queue: w.name }, 'worker error'));

  if (schedules) {
    for (const s of MAINTENANCE_SCHEDULES) {
      await deps.queues.maintenance.upsertJobScheduler(s.id, { every: s.every }, { name: s.task, data: { task: s.task } });
    }
  }
  const parks = !schedules ? [] : await reconcileSchedulers(deps);
  // The catalogue load and the ~130 history job schedulers (docs/DESIGN.md §2.2 history) do not hold up the start: the
  // alert polls above are what must run at once. A failure is logged; the reconcile-schedulers maintenance task
  // (every 5 minutes) upserts them again. close() waits for it, so no upsert outlives the worker.
  const historyStart: Promise<void> = !schedules
    ? Promise.resolve()
    : (async () => {
        await ensureCatalogue(deps).catch((err: Error) => log.warn({ err }, 'worker: catalogue load failed'));
        const historyParks = await reconcileHistorySchedulers(deps);
        log.info({ historyParks: historyParks.length }, 'worker: history schedulers upserted');
      })().catch((err: Error) => log.warn({ err }, 'worker: history schedulers not upserted'));
  log.info(
    {
      parks: parks.length,
      source: deps.source.kind,
      notifier: deps.notifier.kind,
      flights: Boolean(deps.flights),
      dining: deps.dining?.kind ?? 'off',
    },
    'worker started',
  );

  return {
    workers,
    async close() {
      await historyStart;
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
