import { readScheduleIfDue, runFlightPriceCheck, runRestaurantCheck } from '@walkon/core';
import { alertEngine, deliveryPartitions, liveStatus, pushSubscriptions, retention, subscriptions } from '@walkon/db';
import { pino } from 'pino';
import { enqueueDeliveries, sweepChannels } from '../channels/index.ts';
import { reconcileHistorySchedulers } from '../pipeline/history.ts';
import { reconcileSchedulers } from '../pipeline/schedulers.ts';
import { type MaintenanceJobData, maintenanceJobSchema, QUEUE, type Queues } from '../queues.ts';
import { defineJob, type WorkerDeps } from './definition.ts';

/**
 * Maintenance schedules (docs/DESIGN.md §2 "other jobs"): the delivery sweeper every minute, scheduler reconciliation
 * every 5 minutes, the subscription expiry sweep every hour (so each park's local midnight is caught within an
 * hour, docs/spec/part-1.md §4), pruning of wait samples older than the retention once a day, the retention sweep of
 * expired sessions, tokens, Stripe event ids and outbox rows and of delivery months (partitions dropped / created ahead) once a day (docs/OPERATIONS.md "Retention"), and the flight price
 * check every 6 hours (docs/decisions/019), the restaurant check every 15 minutes (docs/decisions/009). The planner
 * statistics refresh has no schedule: a large tick asks for it (`requestStatisticsRefresh`).
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

/**
 * Asks for the planner statistics to be refreshed after a large tick (docs/DESIGN.md §2.4, docs/decisions/067): a
 * `refresh-statistics` maintenance job, not run by the poll job itself, so a park's tick slot is never held by
 * `ANALYZE` / `VACUUM`. Deduplicated (BullMQ `deduplication` with `keepLastIfActive`): however many large ticks
 * ask, at most one refresh runs and one waits, and a refresh asked while one runs still happens after it.
 */
export async function requestStatisticsRefresh(queues: Pick<Queues, 'maintenance'>): Promise<void> {
  await queues.maintenance.add(
    'refresh-statistics',
    { task: 'refresh-statistics' },
    { deduplication: { id: 'refresh-statistics', keepLastIfActive: true } },
  );
}

/** How long wait samples are kept (history and charts). */
export const SAMPLE_RETENTION_DAYS = 90;

/**
 * What a maintenance task needs: `db`, `queues`, `now`; `flight-price-check` also needs `notifier` and
 * `publicOrigin` (and uses `flights` and `logger` when given).
 */
export type MaintenanceDeps = Pick<WorkerDeps, 'db' | 'queues' | 'now'> &
  Partial<Pick<WorkerDeps, 'notifier' | 'logger' | 'publicOrigin' | 'flights' | 'dining' | 'source' | 'deliveryRetentionMonths'>>;

/**
 * Runs one maintenance task now. Returns what it did: re-enqueued deliveries, scheduled parks (and the watched
 * parks' schedules read, when `source` is given), statistics refreshed, deactivated
 * subscriptions, pruned samples, or the flight price check's counts (docs/decisions/019: deactivated, groups, searches,
 * notified, failedGroups).
 * @throws Error for `flight-price-check` without `notifier` or `publicOrigin`.
 */
export async function runMaintenance(deps: MaintenanceDeps, task: MaintenanceJobData['task']): Promise<Record<string, number>> {
  switch (task) {
    case 'sweep-deliveries': {
      // Every channel's store (channels/sweep.ts): `requeued` in all, and per channel (`pushRequeued`…).
      const byChannel = await sweepChannels(deps);
      const out: Record<string, number> = { requeued: Object.values(byChannel).reduce((a, b) => a + b, 0) };
      for (const [name, n] of Object.entries(byChannel)) out[`${name}Requeued`] = n;
      return out;
    }
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
      // Push subscriptions unused for 30 days (docs/decisions/038).
      const push = { pushSubscriptionsExpired: await pushSubscriptions.expireUnused(deps.db, deps.now()) };
      // Parks whose last pass just ended lose their poller.
      if (deactivated > 0) await reconcileSchedulers(deps);
      return { deactivated, ...push };
    }
    case 'prune-samples':
      // Drops whole monthly partitions past the retention and creates the next ones ahead (docs/DESIGN.md §2.2 history).
      return await liveStatus.pruneSamples(deps.db, new Date(deps.now().getTime() - SAMPLE_RETENTION_DAYS * 86_400_000), deps.now());
    case 'sweep-retention':
      // Expired sessions, old account tokens, Stripe event ids and outbox rows (docs/OPERATIONS.md "Retention").
      // Delivery months past the retention dropped whole and the next months' partitions created ahead.
      return {
        ...(await retention.sweepExpired(deps.db, deps.now())),
        ...(await deliveryPartitions.maintainDeliveryPartitions(deps.db, deps.now(), deps.deliveryRetentionMonths)),
      };
    case 'refresh-statistics':
      // After a large tick (requestStatisticsRefresh): ANALYZE deliveries, VACUUM (ANALYZE) alert_watchers.
      await alertEngine.analyzeHotTables(deps.db);
      return { refreshed: 1 };
    case 'restaurant-check': {
      // Restaurant alerts (docs/decisions/009): expire, group, check once per (restaurant, date, party size), claim and fan out e-mails.
      return {
        ...(await runRestaurantCheck({
          db: deps.db,
          enqueue: (claimed) => enqueueDeliveries(deps.queues, claimed),
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
 * A `maintenance` job: one MAINTENANCE_SCHEDULES task (`runMaintenance`), logged with what it did. Two at a time:
 * a slow flight price check (one provider search per trip group) must not hold up the once-a-minute delivery
 * sweeper; every task is idempotent (jobIds, upserts, conditional updates).
 */
export const maintenanceJob = defineJob({
  queue: QUEUE.maintenance,
  schema: maintenanceJobSchema,
  concurrency: () => 2,
  handler: async (ctx, { task }, job) => {
    const log = ctx.logger.child({ jobId: job.id });
    const out = await runMaintenance(ctx, task);
    log.info({ task, ...out }, 'maintenance');
    return out;
  },
});
