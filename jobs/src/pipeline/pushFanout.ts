import type { Queues } from '../queues.ts';
import { SEND_JOB_OPTIONS } from './fanout.ts';

/** Largest number of push deliveries one `send-push` job carries (decision 038). */
export const PUSH_BATCH_SIZE = 500;

/**
 * DESIGN §2.5 "Push" fan-out: one `send-push` job per PUSH_BATCH_SIZE push deliveries (`push_deliveries` ids), added
 * in bulk; `jobId` = `<jobPrefix>-<first id>` so re-enqueueing the same batch is a no-op while its job exists (the
 * sweeper passes its own prefix). Returns the number of jobs added.
 */
export async function enqueuePushDeliveries(
  queues: Queues,
  pushIds: string[],
  jobPrefix = 'p',
  batchSize = PUSH_BATCH_SIZE,
): Promise<number> {
  const jobs = [];
  for (let k = 0; k < pushIds.length; k += batchSize) {
    const ids = pushIds.slice(k, k + batchSize);
    jobs.push({ name: 'push', data: { pushIds: ids }, opts: { ...SEND_JOB_OPTIONS, jobId: `${jobPrefix}-${ids[0]}` } });
  }
  if (jobs.length) await queues.sendPush.addBulk(jobs);
  return jobs.length;
}
