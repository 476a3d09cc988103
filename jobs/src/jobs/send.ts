import { ThrottledNotifyError } from '@walkon/integrations/providers/notify/index.ts';
import type { Job } from 'bullmq';
import { DelayedError } from 'bullmq';
import { isThrottling } from '../ops/metrics.ts';
import { sendAccountEmail } from '../pipeline/accountEmails.ts';
import { sendConfirmation } from '../pipeline/confirmations.ts';
import { recordSendFailures, sendDeliveryBatch } from '../pipeline/send.ts';
import { QUEUE, type SendJobData, sendJobSchema } from '../queues.ts';
import { defineJob, type JobContext } from './definition.ts';

/** How long a send job whose messages the provider kept throttling waits before it runs again (ms). */
export const THROTTLED_RESUME_MS = 5_000;

/**
 * A `send-email` / `send-sms` job (DESIGN §2.5): a confirmation or account e-mail sent once, or a batch of
 * claimed deliveries (`sendDeliveryBatch`). A failed batch is retried with backoff (the last attempt marks its
 * deliveries failed, docs/rules.md R8); a throttled job of any kind — batch, receipt or account e-mail — resumes
 * after THROTTLED_RESUME_MS without spending an attempt (decision 047).
 * → 'sent' | 'skipped' | { messages, sent }.
 */
async function sendJob(ctx: JobContext, data: SendJobData, job: Job, token?: string) {
  const log = ctx.logger.child({ jobId: job.id, queue: job.queueName });
  if ('confirmation' in data || 'account' in data) {
    try {
      if ('confirmation' in data) return (await sendConfirmation(ctx, data.confirmation, data.id)) ? 'sent' : 'skipped';
      await sendAccountEmail(ctx, data);
      return 'sent';
    } catch (err) {
      // Throttling never fails an e-mail (decision 047): like a delivery batch, the job runs again in a few
      // seconds without spending an attempt, however long the provider keeps asking to slow down.
      if (!(err instanceof ThrottledNotifyError)) throw err;
      ctx.metrics?.providerThrottled.inc({ channel: 'email' });
      log.warn(
        { err: err.message, kind: 'confirmation' in data ? data.confirmation : data.account },
        'send: throttled by the provider, resuming later',
      );
      await job.moveToDelayed(Date.now() + THROTTLED_RESUME_MS, token);
      throw new DelayedError();
    }
  }
  const ids = 'deliveryIds' in data ? data.deliveryIds : [data.deliveryId];
  const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  const channel = job.queueName === QUEUE.sendSms ? 'sms' : 'email';
  const endSend = ctx.metrics?.sendDuration.startTimer({ channel });
  let out: Awaited<ReturnType<typeof sendDeliveryBatch>>;
  try {
    out = await sendDeliveryBatch(ctx, ids);
    endSend?.();
    for (const o of out.outcomes) {
      const status = o.status === 'skipped' && o.reason.startsWith('will retry') ? 'retry' : o.status;
      if (status !== 'skipped') ctx.metrics?.deliveries.inc({ status, channel });
    }
    if (out.retry && isThrottling(out.retry)) ctx.metrics?.providerThrottled.inc({ channel });
  } catch (err) {
    endSend?.();
    if (isThrottling(err)) ctx.metrics?.providerThrottled.inc({ channel });
    // The batch's transaction rolled back: nothing of it was marked sent.
    if (final) await recordSendFailures(ctx, ids, (err as Error).message, true);
    log.warn({ deliveries: ids.length, final, err }, 'send: batch failed');
    throw err;
  }
  const failed = out.outcomes.filter((o) => o.status === 'failed');
  if (failed.length) log.warn({ failed: failed.length }, 'send: permanent failure');
  if (out.retry) {
    const pending = out.outcomes.filter((o) => o.status === 'skipped' && o.reason.startsWith('will retry')).map((o) => o.deliveryId);
    if (final) await recordSendFailures(ctx, pending, out.retry.message, true);
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
}

/** The e-mail send queue: delivery batches, confirmations and account e-mails. */
export const sendEmailJob = defineJob({
  queue: QUEUE.sendEmail,
  schema: sendJobSchema,
  concurrency: (deps) => deps.sendConcurrency ?? 10,
  runsWhenSendOnly: true,
  handler: sendJob,
});

/** The SMS send queue: delivery batches. */
export const sendSmsJob = defineJob({
  queue: QUEUE.sendSms,
  schema: sendJobSchema,
  concurrency: (deps) => deps.sendConcurrency ?? 10,
  runsWhenSendOnly: true,
  handler: sendJob,
});
