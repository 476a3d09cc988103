import { alertEngine, type Database, type Kysely, liveStatus, retention, subscriptions } from '@walkon/db';
import { DelayedError, type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import type { Logger } from './logger.ts';
import { isThrottling, type WorkerMetrics } from './ops/metrics.ts';
import { sendAccountEmail } from './pipeline/accountEmails.ts';
import { ensureCatalogue } from './pipeline/catalogue.ts';
import { sendConfirmation } from './pipeline/confirmations.ts';
import { enqueueDeliveries } from './pipeline/fanout.ts';
import { type FlightSearcher, runFlightPriceCheck } from './pipeline/flightPriceCheck.ts';
import { collectHistory, reconcileHistorySchedulers } from './pipeline/history.ts';
import { type LightningLaneBooker, runAutoBooking } from './pipeline/lightningLane.ts';
import { enqueuePushDeliveries } from './pipeline/pushFanout.ts';
import { runRestaurantCheck } from './pipeline/restaurantCheck.ts';
import { readScheduleIfDue } from './pipeline/schedule.ts';
import { POLL_EVERY_MS, reconcileSchedulers } from './pipeline/schedulers.ts';
import { recordSendFailures, sendDeliveryBatch } from './pipeline/send.ts';
import { sweepQueuedDeliveries } from './pipeline/sweeper.ts';
import { runParkTick } from './pipeline/tick.ts';
import { createRedisTickLease } from './pipeline/tickLease.ts';
import type { DiningAvailabilityProvider } from './providers/dining/types.ts';
import type { Notifier } from './providers/notify/index.ts';
import type { PushSender } from './providers/push.ts';
import { DEFAULT_TIMEOUT_MS, NotFoundError, planAfterFault, UpstreamError, type WaitTimesSource } from './providers/waitTimes/index.ts';
import { buildPushWorker, pushMaintenance } from './pushWorker.ts';
import { jobSchemas, type MaintenanceJobData, parseJobData, QUEUE, type Queues } from './queues.ts';

/** Everything the worker needs, injected (DESIGN §4 factories). */
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
  /** Web Push sender (VAPID keys set, decision 038); null/absent = push off: no `send-push` worker. */
  push?: PushSender | null;
  /** Push requests in flight per `send-push` batch (default 32; PUSH_CONCURRENCY). */
  pushConcurrency?: number;
  /**
   * Flight search for the `flight-price-check` task (docs/decisions/006-duffel-for-flights.md): the cached search service of
   * providers/flights. Null/absent = unavailable: the task then only deactivates past alerts.
   */
  flights?: FlightSearcher | null;
  /**
   * Restaurant availability for the `restaurant-check` task (docs/decisions/009-restaurant-availability-walk-up.md, DINING_SOURCE); null/absent = off: the
   * task then only expires alerts past their last date.
   */
  dining?: DiningAvailabilityProvider | null;
  /** Lightning Lane booker for auto-booking after each poll (docs/decisions/008-lightning-lane-booker-simulated.md); default the simulated one (DESIGN §5). */
  lightningLaneBooker?: LightningLaneBooker;
  /**
   * Whether this worker upserts the maintenance and per-park job schedulers at start (default true). `false`
   * only processes jobs already queued — the benchmark uses it so no background tick runs while it measures.
   */
  schedules?: boolean;
  /**
   * `send`: run only the `send-email` / `send-sms` workers (the other queues' workers are built without running,
   * and no scheduler is upserted) — for tests whose stack ticks through the CLI but needs queued e-mails sent.
   */
  only?: 'send';
}

/** A running worker. */
export interface WalkOnWorker {
  workers: Worker[];
  /** Graceful shutdown: stops taking jobs, lets running ones finish, closes queues' workers. */
  close(): Promise<void>;
}

/**
 * Maintenance schedules (DESIGN §2 "other jobs"): the delivery sweeper every minute, scheduler reconciliation
 * every 5 minutes, the subscription expiry sweep every hour (so each park's local midnight is caught within an
 * hour, spec part 1 §4), pruning of wait samples older than the retention once a day, the retention sweep of
 * expired sessions, tokens, Stripe event ids and outbox rows once a day (docs/OPERATIONS.md "Retention"), and the flight price
 * check every 6 hours (docs/decisions/019-flight-price-alerts.md), the restaurant check every 15 minutes (docs/decisions/009-restaurant-availability-walk-up.md).
 */
export const MAINTENANCE_SCHEDULES = [
  { id: 'sweep-deliveries', every: 60_000, task: 'sweep-deliveries' as const },
  { id: 'reconcile-schedulers', every: 300_000, task: 'reconcile-schedulers' as const },
  { id: 'expire-subscriptions', every: 3_600_000, task: 'expire-subscriptions' as const },
  { id: 'prune-samples', every: 86_400_000, task: 'prune-samples' as const },
  { id: 'sweep-retention', every: 86_400_000, task: 'sweep-retention' as const },
  { id: 'flight-price-check', every: 6 * 3_600_000, task: 'flight-price-check' as const },
  { id: 'restaurant-check', every: 15 * 60_000, task: 'restaurant-check' as const },
];

/** How long a send job whose messages the provider kept throttling waits before it runs again (ms). */
export const THROTTLED_RESUME_MS = 5_000;

/** How long wait samples are kept (history and charts). */
export const SAMPLE_RETENTION_DAYS = 90;

/**
 * What a maintenance task needs: `db`, `queues`, `now`; `flight-price-check` also needs `notifier` and
 * `publicOrigin` (and uses `flights` and `logger` when given).
 */
export type MaintenanceDeps = Pick<WorkerDeps, 'db' | 'queues' | 'now'> &
  Partial<Pick<WorkerDeps, 'notifier' | 'logger' | 'publicOrigin' | 'flights' | 'dining' | 'source'>>;

/**
 * Runs one maintenance task now. Returns what it did: re-enqueued deliveries, scheduled parks (and the watched
 * parks' schedules read, when `source` is given), deactivated
 * subscriptions, pruned samples, or the flight price check's counts (docs/decisions/019-flight-price-alerts.md: deactivated, groups, searches,
 * notified, failedGroups).
 * @throws Error for `flight-price-check` without `notifier` or `publicOrigin`.
 */
export async function runMaintenance(deps: MaintenanceDeps, task: MaintenanceJobData['task']): Promise<Record<string, number>> {
  switch (task) {
    case 'sweep-deliveries':
      return { requeued: await sweepQueuedDeliveries(deps), ...(await pushMaintenance(deps, 'sweep')) };
    case 'reconcile-schedulers': {
      const parks = await reconcileSchedulers(deps);
      // The watched parks' published schedules (docs/rules.md R3: they bound every alert) are read here once per
      // park-local day (about a month ahead), so a watched park's hours never wait on the history collector.
      let schedules = 0;
      for (const parkId of deps.source ? parks : []) {
        if (await readScheduleIfDue({ db: deps.db, source: deps.source!, logger: deps.logger }, parkId, deps.now())) schedules++;
      }
      return { parks: parks.length, historyParks: (await reconcileHistorySchedulers(deps)).length, schedules };
    }
    case 'expire-subscriptions': {
      const deactivated = await subscriptions.deactivateExpired(deps.db, deps.now());
      const push = await pushMaintenance(deps, 'expire');
      // Parks whose last pass just ended lose their poller.
      if (deactivated > 0) await reconcileSchedulers(deps);
      return { deactivated, ...push };
    }
    case 'prune-samples':
      // Drops whole monthly partitions past the retention and creates the next ones ahead (DESIGN §2.2 history).
      return await liveStatus.pruneSamples(deps.db, new Date(deps.now().getTime() - SAMPLE_RETENTION_DAYS * 86_400_000), deps.now());
    case 'sweep-retention':
      // Expired sessions, old account tokens, Stripe event ids and outbox rows (docs/OPERATIONS.md "Retention").
      return { ...(await retention.sweepExpired(deps.db, deps.now())) };
    case 'restaurant-check': {
      // Restaurant alerts (docs/decisions/009): expire, group, check once per (restaurant, date, party size), claim and fan out e-mails.
      return {
        ...(await runRestaurantCheck({
          db: deps.db,
          queues: deps.queues,
          provider: deps.dining ?? null,
          logger: deps.logger ?? pino({ level: 'silent' }),
          now: deps.now,
        })),
      };
    }
    case 'flight-price-check': {
      if (!deps.notifier || !deps.publicOrigin) throw new Error('flight-price-check needs a notifier and publicOrigin');
      return {
        ...(await runFlightPriceCheck({
          db: deps.db,
          notifier: deps.notifier,
          flights: deps.flights ?? null,
          logger: deps.logger ?? pino({ level: 'silent' }),
          now: deps.now,
          publicOrigin: deps.publicOrigin,
        })),
      };
    }
  }
}

/**
 * Builds the BullMQ worker process (DESIGN §2): `poll-park` (poll → evaluate → claim → fan out, then Lightning
 * Lane auto-booking for the park, docs/decisions/008-lightning-lane-booker-simulated.md),
 * `send-email` / `send-sms` (retries with exponential backoff; the last failure marks the delivery failed),
 * and `maintenance` (sweeper + scheduler reconciliation, run once at start too, and every MAINTENANCE_SCHEDULES
 * task — including the 6-hourly `flight-price-check` of docs/decisions/019-flight-price-alerts.md — as BullMQ job schedulers upserted at start;
 * the catalogue load and the per-park history job schedulers are upserted after start, not awaited by it).
 */
export async function buildWorker(deps: WorkerDeps): Promise<WalkOnWorker> {
  const log = deps.logger;
  const common = { connection: deps.connection, prefix: deps.queues.prefix };
  // The queues other than send-email / send-sms, which `only: 'send'` leaves unprocessed.
  const other = { ...common, autorun: deps.only !== 'send' };
  const schedules = deps.schedules !== false && deps.only !== 'send';

  // One read per park per tick across workers (a Redis lease); the write is under the advisory lock.
  const lease = createRedisTickLease({ redis: deps.connection, prefix: deps.queues.prefix });
  const poll = new Worker(
    QUEUE.poll,
    async (job: Job, token?: string) => {
      const { parkId } = parseJobData(jobSchemas.poll, job);
      // Every line of this job carries its jobId and parkId (docs/OPERATIONS.md "Logs").
      const log = deps.logger.child({ jobId: job.id, parkId });
      const endTick = deps.metrics?.tickDuration.startTimer();
      try {
        const { ran, poll: p, claimed, capped, pushes, refreshStatistics } = await runParkTick({ ...deps, lease }, parkId);
        endTick?.({ outcome: ran ? 'ran' : 'skipped' });
        if (!ran || !p) return { skipped: 'another tick of this park is running' };
        for (const c of claimed) deps.metrics?.deliveries.inc({ status: 'queued', channel: c.channel });
        if (capped) deps.metrics?.deliveries.inc({ status: 'capped', channel: 'any' }, capped);
        await enqueueDeliveries(deps.queues, claimed);
        if (pushes.length) {
          deps.metrics?.deliveries.inc({ status: 'queued', channel: 'push' }, pushes.length);
          await enqueuePushDeliveries(deps.queues, pushes);
        }
        // After a large tick (DESIGN §2.4), once its messages are on their way.
        if (refreshStatistics) {
          await alertEngine
            .analyzeHotTables(deps.db)
            .catch((err: Error) => log.warn({ parkId, err }, 'poll-park: refreshing the planner statistics failed'));
        }
        // Lightning Lane auto-booking reads the live data just stored (docs/decisions/008-lightning-lane-booker-simulated.md); its faults never fail the poll.
        await runAutoBooking({ db: deps.db, now: deps.now, logger: log, booker: deps.lightningLaneBooker }, parkId).catch((err: Error) =>
          log.warn({ parkId, err }, 'poll-park: lightning lane auto-booking failed'),
        );
        log.info({ parkId, entities: p.entities, samples: p.samples, claimed: claimed.length, capped }, 'poll-park');
        return { claimed: claimed.length };
      } catch (err) {
        endTick?.({ outcome: 'failed' });
        if (err instanceof UpstreamError) deps.metrics?.upstreamFaults.inc({ kind: err.kind });
        else if (err instanceof NotFoundError) deps.metrics?.upstreamFaults.inc({ kind: 'not-found' });
        if (err instanceof NotFoundError) {
          log.warn({ parkId, err }, 'poll-park: park unknown to the source');
          throw new UnrecoverableError(err.message);
        }
        // Retry-After and wrong-park responses (DESIGN §2.2): never read sooner than the upstream allows, at most
        // one read per park per tick. The tick ends when the scheduler's next job for the park is due.
        const tickEndsAt = job.timestamp + (job.opts.delay ?? 0) + POLL_EVERY_MS;
        const plan = planAfterFault(err, deps.now(), tickEndsAt - Date.now(), DEFAULT_TIMEOUT_MS);
        if (plan.action === 'give-up') {
          log.error({ parkId, err }, 'poll-park: upstream answered about another park; nothing stored');
          throw new UnrecoverableError((err as Error).message);
        }
        if (plan.action === 'retry-at' && job.attemptsStarted < (job.opts.attempts ?? 1)) {
          log.warn({ parkId, retryAt: plan.at.toISOString(), err }, 'poll-park: upstream asked to wait, retrying then');
          await job.moveToDelayed(Date.now() + Math.max(plan.at.getTime() - deps.now().getTime(), 0), token);
          throw new DelayedError();
        }
        if (plan.action === 'skip-tick' || plan.action === 'retry-at') {
          const until = plan.action === 'skip-tick' ? plan.until : plan.at;
          log.warn({ parkId, until: until.toISOString(), err }, 'poll-park: upstream asked to wait; skipping this tick');
          return { claimed: 0, deferredUntil: until.toISOString() };
        }
        log.warn({ parkId, attempt: job.attemptsMade + 1, err }, 'poll-park: upstream fault, will retry');
        throw err;
      }
    },
    { ...other, concurrency: deps.pollConcurrency ?? 4 },
  );

  const sendDeps = { ...deps, providerConcurrency: deps.providerConcurrency, leaseMs: deps.leaseMs };
  const sendProcessor = async (job: Job, token?: string) => {
    const data = parseJobData(jobSchemas.send, job);
    const log = deps.logger.child({ jobId: job.id, queue: job.queueName });
    if ('confirmation' in data) return (await sendConfirmation(deps, data.confirmation, data.id)) ? 'sent' : 'skipped';
    if ('account' in data) {
      await sendAccountEmail(deps, data);
      return 'sent';
    }
    const ids = 'deliveryIds' in data ? data.deliveryIds : [data.deliveryId];
    const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const channel = job.queueName === QUEUE.sendSms ? 'sms' : 'email';
    const endSend = deps.metrics?.sendDuration.startTimer({ channel });
    let out: Awaited<ReturnType<typeof sendDeliveryBatch>>;
    try {
      out = await sendDeliveryBatch(sendDeps, ids);
      endSend?.();
      for (const o of out.outcomes) {
        const status = o.status === 'skipped' && o.reason.startsWith('will retry') ? 'retry' : o.status;
        if (status !== 'skipped') deps.metrics?.deliveries.inc({ status, channel });
      }
      if (out.retry && isThrottling(out.retry)) deps.metrics?.providerThrottled.inc({ channel });
    } catch (err) {
      endSend?.();
      if (isThrottling(err)) deps.metrics?.providerThrottled.inc({ channel });
      // The batch's transaction rolled back: nothing of it was marked sent.
      if (final) await recordSendFailures(deps, ids, (err as Error).message, true);
      log.warn({ deliveries: ids.length, final, err }, 'send: batch failed');
      throw err;
    }
    const failed = out.outcomes.filter((o) => o.status === 'failed');
    if (failed.length) log.warn({ failed: failed.length }, 'send: permanent failure');
    if (out.retry) {
      const pending = out.outcomes.filter((o) => o.status === 'skipped' && o.reason.startsWith('will retry')).map((o) => o.deliveryId);
      if (final) await recordSendFailures(deps, pending, out.retry.message, true);
      log.warn({ pending: pending.length, final, err: out.retry.message }, 'send: transient failure');
      throw out.retry;
    }
    if (out.throttled) {
      // The provider's rate limit, not a failure: run the job again in a few seconds without spending an attempt.
      const pending = out.outcomes.filter((o) => o.status === 'skipped' && o.reason.startsWith('throttled')).length;
      log.warn({ pending, err: out.throttled.message }, 'send: throttled by the provider, resuming later');
      await job.moveToDelayed(Date.now() + THROTTLED_RESUME_MS, token);
      throw new DelayedError();
    }
    return { messages: out.messages, sent: out.outcomes.filter((o) => o.status === 'sent').length };
  };
  const sendEmail = new Worker(QUEUE.sendEmail, sendProcessor, { ...common, concurrency: deps.sendConcurrency ?? 10 });
  const sendSms = new Worker(QUEUE.sendSms, sendProcessor, { ...common, concurrency: deps.sendConcurrency ?? 10 });

  const maintenance = new Worker(
    QUEUE.maintenance,
    async (job) => {
      const { task } = parseJobData(jobSchemas.maintenance, job);
      const log = deps.logger.child({ jobId: job.id });
      const out = await runMaintenance(deps, task);
      log.info({ task, ...out }, 'maintenance');
      return out;
    },
    // Two at a time: a slow flight price check (one provider search per trip group) must not hold up the
    // once-a-minute delivery sweeper; every task is idempotent (jobIds, upserts, conditional updates).
    { ...other, concurrency: 2 },
  );

  // The 5-minute history collection of every park (DESIGN §2.2 history); the claim keeps it to one read per
  // park per interval across workers.
  const historyWorker = new Worker(
    QUEUE.history,
    async (job: Job) => {
      const { parkId } = parseJobData(jobSchemas.history, job);
      const log = deps.logger.child({ jobId: job.id, parkId });
      const out = await collectHistory({ db: deps.db, source: deps.source, now: deps.now, logger: log }, parkId);
      log.debug(out, 'history');
      return out;
    },
    { ...other, concurrency: 2 },
  );

  const sendPush = buildPushWorker(
    { ...deps, leaseMs: deps.leaseMs, concurrency: deps.pushConcurrency },
    { concurrency: deps.sendConcurrency },
  );
  const workers = [poll, sendEmail, sendSms, ...(sendPush ? [sendPush] : []), maintenance, historyWorker];
  for (const w of workers) w.on('error', (err) => log.error({ err, queue: w.name }, 'worker error'));

  if (schedules) {
    for (const s of MAINTENANCE_SCHEDULES) {
      await deps.queues.maintenance.upsertJobScheduler(s.id, { every: s.every }, { name: s.task, data: { task: s.task } });
    }
  }
  const parks = !schedules ? [] : await reconcileSchedulers(deps);
  // The catalogue load and the ~130 history job schedulers (DESIGN §2.2 history) do not hold up the start: the
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
