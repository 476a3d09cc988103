import { ThrottledNotifyError } from '@walkon/integrations/providers/notify/index.ts';
import type { OtherWork } from '../channels/channel.ts';
import { resumeLater } from '../channels/job.ts';
import { sendAccountEmail } from '../pipeline/accountEmails.ts';
import { sendConfirmation } from '../pipeline/confirmations.ts';
import { type AccountEmailJobData, type SendJobData, sendJobSchema } from '../queues.ts';

/**
 * The e-mail queue's work besides delivery batches (docs/DESIGN.md §2.5): a confirmation (`confirmation`, sent once per
 * row, docs/decisions/015) or an account e-mail (`account`). A throttled one resumes after THROTTLED_RESUME_MS without
 * spending an attempt, however long the provider keeps asking to slow down (docs/decisions/047); another error is
 * retried by BullMQ. → 'sent' | 'skipped'.
 */
export const emailQueueWork: OtherWork = {
  schema: sendJobSchema,
  async handle(ctx, payload, job, token) {
    const data = payload as Exclude<SendJobData, { deliveryIds: string[] } | { deliveryId: string }>;
    try {
      if ('confirmation' in data) return (await sendConfirmation(ctx, data.confirmation, data.id)) ? 'sent' : 'skipped';
      await sendAccountEmail(ctx, data as AccountEmailJobData);
      return 'sent';
    } catch (err) {
      if (!(err instanceof ThrottledNotifyError)) throw err;
      ctx.metrics?.providerThrottled.inc({ channel: 'email' });
      ctx.logger
        .child({ jobId: job.id, queue: job.queueName })
        .warn(
          { err: err.message, kind: 'confirmation' in data ? data.confirmation : data.account },
          'send: throttled by the provider, resuming later',
        );
      return resumeLater(job, token);
    }
  },
};
