import type { LeasedRow } from '@walkon/db';
import { type Queues, SEND_JOB_OPTIONS } from '../queues.ts';
import { type AnyChannel, channelNamed } from './channel.ts';

/**
 * Packs store rows into send batches of at most `size` (default 500, docs/DESIGN.md §2.5): the rows of one message (same
 * `messageKey`) always travel in the same batch, so a message is never split. Returns lists of ids.
 */
export function packBatches(rows: LeasedRow[], size = 500): string[][] {
  const groups = new Map<string, string[]>();
  for (const d of rows) {
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
 * docs/DESIGN.md §2.5 fan-out of one channel (docs/decisions/062): one job on the channel's queue per batch of its store rows
 * (packBatches: at most `batchSize`, default the channel's, a message never split), added in bulk, payload
 * `{ deliveryIds }`; `jobId` = `<jobPrefix>-<first id>` so re-enqueueing the same batch is a no-op while its job
 * exists (the sweeper passes its own prefix). Returns the number of jobs added.
 */
export async function enqueueChannel(
  queues: Queues,
  channel: AnyChannel,
  rows: LeasedRow[],
  jobPrefix = 'b',
  batchSize: number = channel.batchSize,
): Promise<number> {
  const batches = packBatches(rows, batchSize);
  if (batches.length === 0) return 0;
  await queues
    .channel(channel.queue)
    .addBulk(
      batches.map((ids) => ({ name: 'send', data: { deliveryIds: ids }, opts: { ...SEND_JOB_OPTIONS, jobId: `${jobPrefix}-${ids[0]}` } })),
    );
  return batches.length;
}

/**
 * docs/DESIGN.md §2.5 fan-out of claimed deliveries: each to its channel's queue (`channel` names a registered channel,
 * channels/index.ts), in batches (enqueueChannel). `jobPrefix` distinguishes re-enqueued batches; `batchSize`
 * (default each channel's) is smaller only in tests. Returns the number of jobs added.
 * @throws Error when a delivery names a channel that is not registered.
 */
export async function enqueueDeliveries(
  queues: Queues,
  claimed: (LeasedRow & { channel: string })[],
  jobPrefix = 'b',
  batchSize?: number,
): Promise<number> {
  const byChannel = new Map<string, LeasedRow[]>();
  for (const d of claimed) {
    const list = byChannel.get(d.channel);
    if (list) list.push(d);
    else byChannel.set(d.channel, [d]);
  }
  const added = await Promise.all(
    [...byChannel].map(([name, rows]) => enqueueChannel(queues, channelNamed(name), rows, jobPrefix, batchSize)),
  );
  return added.reduce((a, b) => a + b, 0);
}

/**
 * The push half of a fan-out (docs/decisions/038): `push_deliveries` ids to the push channel's queue (enqueueChannel),
 * job ids `<jobPrefix>-<first id>`. Returns the number of jobs added.
 */
export async function enqueuePushDeliveries(queues: Queues, pushIds: string[], jobPrefix = 'p', batchSize?: number): Promise<number> {
  return enqueueChannel(
    queues,
    channelNamed('push'),
    pushIds.map((id) => ({ id })),
    jobPrefix,
    batchSize,
  );
}
