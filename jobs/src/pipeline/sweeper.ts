import { type Database, deliveries } from '@walkon/db';
import type { Kysely } from 'kysely';
import type { Queues } from '../queues.ts';
import { SEND_JOB_OPTIONS } from './fanout.ts';

/** A delivery still `queued` this long after its claim is considered lost (DESIGN §2.5). */
export const SWEEP_AFTER_MS = 60_000;

/**
 * DESIGN §2.5 recovery: re-enqueues deliveries claimed more than a minute ago and still `queued` — the worker
 * died between claim and fan-out, or its job was lost with Redis. A job that still waits or runs is left
 * alone; a finished job whose delivery is still queued is replaced. Sending is idempotent (sendDelivery), so
 * a re-enqueued alert still leaves once. Returns how many were re-enqueued.
 */
export async function sweepQueuedDeliveries(deps: { db: Kysely<Database>; queues: Queues; now: () => Date }): Promise<number> {
  const stale = await deliveries.listStaleQueued(deps.db, new Date(deps.now().getTime() - SWEEP_AFTER_MS));
  let requeued = 0;
  for (const d of stale) {
    const queue = d.channel === 'email' ? deps.queues.sendEmail : deps.queues.sendSms;
    const job = await queue.getJob(d.id);
    if (job) {
      const state = await job.getState();
      if (state !== 'completed' && state !== 'failed' && state !== 'unknown') continue;
      await job.remove();
    }
    await queue.add('send', { deliveryId: d.id }, { ...SEND_JOB_OPTIONS, jobId: d.id });
    requeued++;
  }
  return requeued;
}
