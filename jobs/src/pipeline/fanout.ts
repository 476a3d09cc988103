import type { ClaimedDelivery } from '@walkon/db';
import type { ConfirmationKind, Queues } from '../queues.ts';

/** Retry policy of the send jobs: 5 attempts, exponential backoff from 5 s (DESIGN §2.5). */
export const SEND_JOB_OPTIONS = { attempts: 5, backoff: { type: 'exponential' as const, delay: 5_000 } };

/**
 * DESIGN §2.5 fan-out: one `send-email` / `send-sms` job per claimed delivery, added in bulk, with
 * `jobId` = delivery id so re-enqueueing the same delivery is a no-op while its job exists.
 */
export async function enqueueDeliveries(queues: Queues, claimed: ClaimedDelivery[]): Promise<void> {
  const email = claimed.filter((d) => d.channel === 'email');
  const sms = claimed.filter((d) => d.channel === 'sms');
  const job = (d: ClaimedDelivery) => ({ name: 'send', data: { deliveryId: d.id }, opts: { ...SEND_JOB_OPTIONS, jobId: d.id } });
  await Promise.all([
    email.length ? queues.sendEmail.addBulk(email.map(job)) : null,
    sms.length ? queues.sendSms.addBulk(sms.map(job)) : null,
  ]);
}

/** Enqueues a confirmation e-mail (newsletter, affiliate application); `jobId` makes a repeat a no-op. */
export async function enqueueConfirmation(queues: Queues, kind: ConfirmationKind, id: string): Promise<void> {
  await queues.sendEmail.add('confirmation', { confirmation: kind, id }, { ...SEND_JOB_OPTIONS, jobId: `${kind}-${id}` });
}
