import { type Database, deliveries, type Kysely } from '@walkon/db';
import type { Queues } from '../queues.ts';
import { enqueueDeliveries } from './fanout.ts';

/** A delivery still `queued` this long after its claim is considered lost (DESIGN §2.5). */
export const SWEEP_AFTER_MS = 60_000;

/**
 * DESIGN §2.5 recovery: re-enqueues, as send batches (a message never split), the deliveries claimed more
 * than a minute ago and still `queued` — the worker died between claim and fan-out or during a batch, or its
 * job was lost with Redis. The job ids carry the sweep's minute, so one sweep per minute adds each batch once.
 * Sending is idempotent (sendDeliveryBatch locks with SKIP LOCKED and sends only `queued` rows inside the
 * transaction that marks them sent), so a delivery whose first job is still running still leaves once.
 * Returns how many deliveries were re-enqueued.
 */
export async function sweepQueuedDeliveries(deps: { db: Kysely<Database>; queues: Queues; now: () => Date }): Promise<number> {
  const stale = await deliveries.listStaleQueued(deps.db, new Date(deps.now().getTime() - SWEEP_AFTER_MS), 5000);
  if (stale.length === 0) return 0;
  await enqueueDeliveries(deps.queues, stale, `sweep-${Math.floor(deps.now().getTime() / 60_000)}`);
  return stale.length;
}
