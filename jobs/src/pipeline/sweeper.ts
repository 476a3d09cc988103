import { type Database, deliveries, type Kysely } from '@walkon/db';
import type { Queues } from '../queues.ts';
import { enqueueDeliveries } from './fanout.ts';

/** A delivery still `queued` this long after its claim is considered lost (DESIGN §2.5). */
export const SWEEP_AFTER_MS = 60_000;

/**
 * DESIGN §2.5 recovery: first puts back to `queued` the `sending` deliveries whose lease expired (their worker
 * died mid-batch: only these can repeat a message, docs/rules.md R8; a live worker renews its
 * lease), then re-enqueues, as send batches (a message never split), the deliveries claimed more than a minute
 * ago and still `queued` — the worker died between claim and fan-out, a provider batch released them, or the
 * job was lost with Redis. The job ids carry the sweep's minute, so one sweep per minute adds each batch once.
 * Claims skip rows already `sending` or `sent`, so a delivery whose first job is still running is not sent twice.
 * Returns how many deliveries were re-enqueued.
 */
export async function sweepQueuedDeliveries(deps: { db: Kysely<Database>; queues: Queues; now: () => Date }): Promise<number> {
  const expired = await deliveries.requeueExpiredLeases(deps.db, deps.now(), 5000);
  const stale = await deliveries.listStaleQueued(deps.db, new Date(deps.now().getTime() - SWEEP_AFTER_MS), 5000);
  const ids = new Set(stale.map((d) => d.id));
  for (const d of expired) if (!ids.has(d.id)) stale.push(d);
  if (stale.length === 0) return 0;
  await enqueueDeliveries(deps.queues, stale, `sweep-${Math.floor(deps.now().getTime() / 60_000)}`);
  return stale.length;
}
