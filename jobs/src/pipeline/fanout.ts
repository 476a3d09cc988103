import { type ConfirmationKind, type Queues, SEND_JOB_OPTIONS } from '../queues.ts';

// The deliveries' fan-out is the channels' (channels/fanout.ts, docs/decisions/062); confirmations go to the e-mail queue here.

/**
 * BullMQ priority of confirmation e-mails (receipts, newsletter, affiliate): below alerts, which carry none (0,
 * the highest), so when the send budget is short alerts leave first (docs/DESIGN.md §2.5 "Provider rate limits").
 */
export const CONFIRMATION_PRIORITY = 10;

/**
 * Enqueues a confirmation e-mail (newsletter, affiliate application, pass receipt) at CONFIRMATION_PRIORITY;
 * `jobId` makes a repeat a no-op.
 */
export async function enqueueConfirmation(queues: Queues, kind: ConfirmationKind, id: string): Promise<void> {
  await queues.sendEmail.add(
    'confirmation',
    { confirmation: kind, id },
    { ...SEND_JOB_OPTIONS, jobId: `${kind}-${id}`, priority: CONFIRMATION_PRIORITY },
  );
}
