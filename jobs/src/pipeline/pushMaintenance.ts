import { pushSubscriptions } from '@walkon/db';
import type { Queues } from '../queues.ts';
import { enqueuePushDeliveries } from './pushFanout.ts';
import { type PushSendDeps, sweepPushDeliveries } from './pushSend.ts';

/**
 * Push upkeep for the maintenance tasks: `sweep` (every minute, with the delivery sweeper: expired pushes failed,
 * expired leases and stale queued pushes re-enqueued) and `expire` (hourly, with the pass expiry: subscriptions
 * unused for 30 days deleted). Returns counts.
 */
export async function pushMaintenance(
  deps: { db: PushSendDeps['db']; queues: Queues; now: () => Date },
  task: 'sweep' | 'expire',
): Promise<Record<string, number>> {
  if (task === 'expire') return { pushSubscriptionsExpired: await pushSubscriptions.expireUnused(deps.db, deps.now()) };
  const ids = await sweepPushDeliveries(deps.db, deps.now());
  if (ids.length) await enqueuePushDeliveries(deps.queues, ids, `psweep-${Math.floor(deps.now().getTime() / 60_000)}`);
  return { pushRequeued: ids.length };
}
