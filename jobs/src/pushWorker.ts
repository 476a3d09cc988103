import { pushSubscriptions } from '@walkon/db';
import { DelayedError, type Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from './logger.ts';
import type { WorkerMetrics } from './ops/metrics.ts';
import { enqueuePushDeliveries } from './pipeline/pushFanout.ts';
import { type PushSendDeps, sendPushBatch, sweepPushDeliveries } from './pipeline/pushSend.ts';
import type { PushSender } from './providers/push.ts';
import { jobSchemas, parseJobData, QUEUE, type Queues } from './queues.ts';

/** A push batch put off by 429 answers runs again after this long (ms). */
export const PUSH_THROTTLED_RESUME_MS = 5_000;

/**
 * The `send-push` worker (docs/decisions/038-web-push-channel.md): runs sendPushBatch for each job, counts the
 * outcomes in `walkon_deliveries_total{channel="push"}` (sent / failed / gone / retry) and 429 answers in
 * `walkon_provider_throttled_total{channel="push"}`. A transient failure throws (BullMQ retries with backoff; the
 * rows are back to `queued`); a batch put off by 429 is delayed without spending an attempt. Without a sender
 * (push off: no VAPID keys) it is not built.
 */
export function buildPushWorker(
  deps: Omit<PushSendDeps, 'push'> & {
    push?: PushSender | null;
    connection: Redis;
    queues: Queues;
    logger: Logger;
    metrics?: WorkerMetrics;
  },
  opts: { concurrency?: number } = {},
): Worker | null {
  const push = deps.push;
  if (!push) return null;
  return new Worker(
    QUEUE.sendPush,
    async (job: Job, token?: string) => {
      const { pushIds } = parseJobData(jobSchemas.push, job);
      const log = deps.logger.child({ jobId: job.id, queue: job.queueName });
      const endSend = deps.metrics?.sendDuration.startTimer({ channel: 'push' });
      const out = await sendPushBatch({ ...deps, push }, pushIds);
      endSend?.();
      const m = deps.metrics?.deliveries;
      if (out.sent) m?.inc({ status: 'sent', channel: 'push' }, out.sent);
      if (out.failed) m?.inc({ status: 'failed', channel: 'push' }, out.failed);
      if (out.gone) m?.inc({ status: 'gone', channel: 'push' }, out.gone);
      if (out.throttledAnswers) deps.metrics?.providerThrottled.inc({ channel: 'push' }, out.throttledAnswers);
      if (out.gone || out.failed) log.info({ gone: out.gone, failed: out.failed }, 'send-push: subscriptions gone or pushes refused');
      if (out.retry) {
        m?.inc({ status: 'retry', channel: 'push' });
        log.warn({ err: out.retry.message }, 'send-push: transient failure');
        throw out.retry;
      }
      if (out.throttled) {
        log.warn({ err: out.throttled.message }, 'send-push: throttled by the push service, resuming later');
        await job.moveToDelayed(Date.now() + PUSH_THROTTLED_RESUME_MS, token);
        throw new DelayedError();
      }
      return { sent: out.sent, gone: out.gone, failed: out.failed };
    },
    { connection: deps.connection, prefix: deps.queues.prefix, concurrency: opts.concurrency ?? 10 },
  );
}

/**
 * Push upkeep for the maintenance tasks: `sweep` (every minute, with the delivery sweeper: expired pushes failed,
 * expired leases and stale queued pushes re-enqueued) and `expire` (hourly, with the pass expiry: subscriptions
 * unused for 30 days deleted). Returns counts.
 */
export async function pushMaintenance(
  deps: { db: PushSendDeps['db']; queues: Queues; now: () => Date },
  task: 'sweep' | 'expire',
): Promise<Record<string, number>> {
  if (task === 'expire') return { pushSubscriptionsExpired: await pushSubscriptions.expireUnused(deps.db, deps.now()) };
  const ids = await sweepPushDeliveries(deps.db, deps.now());
  if (ids.length) await enqueuePushDeliveries(deps.queues, ids, `psweep-${Math.floor(deps.now().getTime() / 60_000)}`);
  return { pushRequeued: ids.length };
}
