import type { Job } from 'bullmq';
import { DelayedError } from 'bullmq';
import { z } from 'zod';
import { defineJob, type JobContext, type JobDefinition } from '../jobs/definition.ts';
import { isThrottling } from '../ops/metrics.ts';
import type { AnyChannel } from './channel.ts';
import { sendChannelBatch } from './send.ts';

/** How long a send job whose messages the provider kept throttling waits before it runs again (ms). */
export const THROTTLED_RESUME_MS = 5_000;

/**
 * The payload of a channel's delivery batch job (docs/DESIGN.md §2.5): `{ deliveryIds }` (the channel's store ids);
 * `{ deliveryId }` and `{ pushIds }` are read too (jobs enqueued by earlier versions).
 */
export const deliveryBatchSchema = z.union(
  [
    z.object({ deliveryIds: z.array(z.guid()).min(1) }),
    z.object({ deliveryId: z.guid() }),
    z.object({ pushIds: z.array(z.guid()).min(1) }),
  ],
  { error: 'expected { deliveryIds: uuid[] }' },
);

/** The store ids of a delivery batch payload, or null when the payload is other work of the queue. */
export function batchIdsOf(data: unknown): string[] | null {
  const d = data as { deliveryIds?: string[]; deliveryId?: string; pushIds?: string[] };
  return d.deliveryIds ?? d.pushIds ?? (d.deliveryId ? [d.deliveryId] : null);
}

/**
 * Puts a job off for THROTTLED_RESUME_MS without spending an attempt (docs/decisions/047: throttling never fails a send).
 * @throws DelayedError, always (BullMQ's signal that the job was moved to delayed).
 */
export async function resumeLater(job: Job, token?: string): Promise<never> {
  await job.moveToDelayed(Date.now() + THROTTLED_RESUME_MS, token);
  throw new DelayedError();
}

/**
 * One channel's delivery batch job (docs/DESIGN.md §2.5, docs/decisions/062): `sendChannelBatch` with the channel's sender,
 * the outcomes counted in `walkon_deliveries_total{status,channel}` (sent / failed / gone / retry per row) and
 * `walkon_send_duration_seconds{channel}`, throttling answers in `walkon_provider_throttled_total{channel}`, pauses
 * in `walkon_push_service_refused_total{service}` (logged once per pause with the channel's pausedMessage, docs/decisions/047).
 * A batch that throws, or a transient failure, is retried by BullMQ with backoff (the rows are `queued`); on the
 * last attempt a `lastAttempt: 'fail'` channel marks them failed (docs/rules.md R8). A throttled batch resumes
 * after THROTTLED_RESUME_MS without spending an attempt. → { messages, sent, failed, gone }.
 */
export async function runChannelBatch(channel: AnyChannel, ctx: JobContext, ids: string[], job: Job, token?: string) {
  const sender = channel.sender(ctx);
  if (!sender) throw new Error(`${job.queueName} has no sender configured for the ${channel.name} channel`);
  const log = ctx.logger.child({ jobId: job.id, queue: job.queueName });
  const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  const failLeft = final && channel.lastAttempt === 'fail';
  const m = ctx.metrics;
  const label = { channel: channel.name };
  const endSend = m?.sendDuration.startTimer(label);
  let out: Awaited<ReturnType<typeof sendChannelBatch>>;
  try {
    out = await sendChannelBatch(channel, { ...ctx, sender, concurrency: channel.concurrency(ctx) }, ids);
  } catch (err) {
    endSend?.();
    if (isThrottling(err)) m?.providerThrottled.inc(label);
    // A transaction batch rolled back, or a mark could not be written: nothing of it was marked sent here.
    if (failLeft) await channel.store.markFailed(ctx.db, ids, null, 'failed', (err as Error).message);
    log.warn({ deliveries: ids.length, final, err }, 'send: batch failed');
    throw err;
  }
  endSend?.();
  const count = (status: string) => out.outcomes.filter((o) => o.status === status);
  for (const status of ['sent', 'failed', 'gone', 'retry']) {
    const n = count(status).length;
    if (n) m?.deliveries.inc({ status, channel: channel.name }, n);
  }
  if (out.throttledAnswers) m?.providerThrottled.inc(label, out.throttledAnswers);
  for (const s of out.paused.byService) m?.pushServiceRefused.inc({ service: s.service }, s.answers);
  // One line per pause (docs/decisions/047), not one per refused message.
  const paused = count('paused').length;
  for (const service of out.paused.first)
    log.error({ service, paused }, channel.pausedMessage ?? `send: ${service} refused us: sending to it is paused`);
  const failed = count('failed').length;
  const gone = count('gone').length;
  if (failed || gone) log.warn({ failed, gone }, 'send: permanent failure');
  if (out.retry) {
    const pending = count('retry').map((o) => o.id);
    if (failLeft) await channel.store.markFailed(ctx.db, pending, null, 'failed', out.retry.message);
    log.warn({ pending: pending.length, final, err: out.retry.message }, 'send: transient failure');
    throw out.retry;
  }
  if (out.throttled) {
    // The provider's rate limit, not a failure: run the job again in a few seconds without spending an attempt.
    log.warn({ pending: count('throttled').length, err: out.throttled.message }, 'send: throttled by the provider, resuming later');
    await resumeLater(job, token);
  }
  return { messages: out.messages, sent: count('sent').length, failed, gone };
}

/**
 * The worker's job definition of a channel's queue: delivery batches (runChannelBatch) and, when the channel has
 * it, its queue's other work. Built only when the channel has a sender for these deps (push without VAPID keys:
 * no worker). Concurrency: SEND_CONCURRENCY (default 10) batch jobs in flight.
 */
export function channelJob(channel: AnyChannel): JobDefinition {
  const other = channel.otherWork;
  return defineJob({
    queue: channel.queue,
    schema: (other?.schema ?? deliveryBatchSchema) as z.ZodType,
    concurrency: (deps) => deps.sendConcurrency ?? 10,
    runsWhenSendOnly: true,
    enabled: (deps) => channel.sender(deps) !== null,
    handler: async (ctx, data, job, token) => {
      const ids = batchIdsOf(data);
      if (ids) return runChannelBatch(channel, ctx, ids, job, token);
      if (!other) throw new Error(`unexpected payload on ${job.queueName}`);
      return other.handle(ctx, data, job, token);
    },
  }) as JobDefinition;
}
