import type { ClaimedDelivery } from '@walkon/db';
import type { ConfirmationKind, Queues } from '../queues.ts';
import { SEND_BATCH_SIZE } from './send.ts';

/** Retry policy of the send jobs: 5 attempts, exponential backoff from 5 s (DESIGN §2.5). */
export const SEND_JOB_OPTIONS = { attempts: 5, backoff: { type: 'exponential' as const, delay: 5_000 } };

/**
 * Packs deliveries into send batches of at most `size` (DESIGN §2.5): the deliveries of one message (same
 * `messageKey`) always travel in the same batch, so a message is never split. Returns lists of ids.
 */
export function packBatches(claimed: ClaimedDelivery[], size = SEND_BATCH_SIZE): string[][] {
  const groups = new Map<string, string[]>();
  for (const d of claimed) {
    const key = d.messageKey ?? `single:${d.id}`;
    const g = groups.get(key);
    if (g) g.push(d.id);
    else groups.set(key, [d.id]);
  }
  const batches: string[][] = [];
  let current: string[] = [];
  for (const g of groups.values()) {
    if (current.length && current.length + g.length > size) {
      batches.push(current);
      current = [];
    }
    current.push(...g);
  }
  if (current.length) batches.push(current);
  return batches;
}

/**
 * DESIGN §2.5 fan-out: one `send-email` / `send-sms` job per batch of claimed deliveries (packBatches: at
 * most 500, a message never split), added in bulk; `jobId` = `b-<first delivery id>` so re-enqueueing the same
 * batch is a no-op while its job exists. `jobPrefix` distinguishes re-enqueued batches (the sweeper);
 * `batchSize` (default SEND_BATCH_SIZE) is smaller only in tests. Returns the number of jobs added.
 */
export async function enqueueDeliveries(
  queues: Queues,
  claimed: ClaimedDelivery[],
  jobPrefix = 'b',
  batchSize = SEND_BATCH_SIZE,
): Promise<number> {
  const email = packBatches(
    claimed.filter((d) => d.channel === 'email'),
    batchSize,
  );
  const sms = packBatches(
    claimed.filter((d) => d.channel === 'sms'),
    batchSize,
  );
  const job = (ids: string[]) => ({
    name: 'send',
    data: { deliveryIds: ids },
    opts: { ...SEND_JOB_OPTIONS, jobId: `${jobPrefix}-${ids[0]}` },
  });
  await Promise.all([
    email.length ? queues.sendEmail.addBulk(email.map(job)) : null,
    sms.length ? queues.sendSms.addBulk(sms.map(job)) : null,
  ]);
  return email.length + sms.length;
}

/**
 * BullMQ priority of confirmation e-mails (receipts, newsletter, affiliate): below alerts, which carry none (0,
 * the highest), so when the send budget is short alerts leave first (DESIGN §2.5 "Provider rate limits").
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
