import { runAutoBooking, runParkTick } from '@walkon/core';
import { DEFAULT_TIMEOUT_MS, NotFoundError, planAfterFault, UpstreamError } from '@walkon/integrations/providers';
import { DelayedError, UnrecoverableError } from 'bullmq';
import { enqueueDeliveries, enqueuePushDeliveries } from '../channels/index.ts';
import { POLL_EVERY_MS } from '../pipeline/schedulers.ts';
import { pollJobSchema, QUEUE } from '../queues.ts';
import { defineJob } from './definition.ts';
import { requestStatisticsRefresh } from './maintenance.ts';

/**
 * `poll-park` (docs/DESIGN.md §2.2): one park's tick — read, store, evaluate and claim (`runParkTick`, under the
 * per-park lease and advisory lock), fan the claimed deliveries out to the send queues, ask for a planner
 * statistics refresh after a large tick (a `refresh-statistics` maintenance job), then Lightning Lane auto-booking for the park (docs/decisions/008; its faults
 * never fail the poll). Upstream faults (docs/DESIGN.md §2.2): an unknown park fails for good; Retry-After is honoured by
 * retrying at that time within the tick or skipping the tick; another fault is retried by BullMQ.
 * → { claimed } | { skipped } | { claimed: 0, deferredUntil }.
 */
export const pollParkJob = defineJob({
  queue: QUEUE.poll,
  schema: pollJobSchema,
  concurrency: (deps) => deps.pollConcurrency ?? 4,
  handler: async (ctx, { parkId }, job, token) => {
    // Every line of this job carries its jobId and parkId (docs/OPERATIONS.md "Logs").
    const log = ctx.logger.child({ jobId: job.id, parkId });
    const endTick = ctx.metrics?.tickDuration.startTimer();
    try {
      const { ran, poll: p, claimed, capped, pushes, refreshStatistics } = await runParkTick(ctx, parkId);
      endTick?.({ outcome: ran ? 'ran' : 'skipped' });
      if (!ran || !p) return { skipped: 'another tick of this park is running' };
      for (const c of claimed) ctx.metrics?.deliveries.inc({ status: 'queued', channel: c.channel });
      if (capped) ctx.metrics?.deliveries.inc({ status: 'capped', channel: 'any' }, capped);
      await enqueueDeliveries(ctx.queues, claimed);
      if (pushes.length) {
        ctx.metrics?.deliveries.inc({ status: 'queued', channel: 'push' }, pushes.length);
        await enqueuePushDeliveries(ctx.queues, pushes);
      }
      // After a large tick (docs/DESIGN.md §2.4), once its messages are on their way: a maintenance job, off this slot.
      if (refreshStatistics) {
        await requestStatisticsRefresh(ctx.queues).catch((err: Error) =>
          log.warn({ err }, 'poll-park: asking for a planner statistics refresh failed'),
        );
      }
      // Lightning Lane auto-booking reads the live data just stored (docs/decisions/008); its faults never fail the poll.
      await runAutoBooking({ db: ctx.db, now: ctx.now, logger: log, booker: ctx.lightningLaneBooker }, parkId).catch((err: Error) =>
        log.warn({ err }, 'poll-park: lightning lane auto-booking failed'),
      );
      log.info({ entities: p.entities, samples: p.samples, claimed: claimed.length, capped }, 'poll-park');
      return { claimed: claimed.length };
    } catch (err) {
      endTick?.({ outcome: 'failed' });
      if (err instanceof UpstreamError) ctx.metrics?.upstreamFaults.inc({ kind: err.kind });
      else if (err instanceof NotFoundError) ctx.metrics?.upstreamFaults.inc({ kind: 'not-found' });
      if (err instanceof NotFoundError) {
        log.warn({ err }, 'poll-park: park unknown to the source');
        throw new UnrecoverableError(err.message);
      }
      // Retry-After and wrong-park responses (docs/DESIGN.md §2.2): never read sooner than the upstream allows, at most
      // one read per park per tick. The tick ends when the scheduler's next job for the park is due.
      const tickEndsAt = job.timestamp + (job.opts.delay ?? 0) + POLL_EVERY_MS;
      const plan = planAfterFault(err, ctx.now(), tickEndsAt - Date.now(), DEFAULT_TIMEOUT_MS);
      if (plan.action === 'give-up') {
        log.error({ err }, 'poll-park: upstream answered about another park; nothing stored');
        throw new UnrecoverableError((err as Error).message);
      }
      if (plan.action === 'retry-at' && job.attemptsStarted < (job.opts.attempts ?? 1)) {
        log.warn({ retryAt: plan.at.toISOString(), err }, 'poll-park: upstream asked to wait, retrying then');
        await job.moveToDelayed(Date.now() + Math.max(plan.at.getTime() - ctx.now().getTime(), 0), token);
        throw new DelayedError();
      }
      if (plan.action === 'skip-tick' || plan.action === 'retry-at') {
        const until = plan.action === 'skip-tick' ? plan.until : plan.at;
        log.warn({ until: until.toISOString(), err }, 'poll-park: upstream asked to wait; skipping this tick');
        return { claimed: 0, deferredUntil: until.toISOString() };
      }
      log.warn({ attempt: job.attemptsMade + 1, err }, 'poll-park: upstream fault, will retry');
      throw err;
    }
  },
});
