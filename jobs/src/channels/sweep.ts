import type { Database, Kysely } from '@walkon/db';
import type { Queues } from '../queues.ts';
import { channels } from './channel.ts';
import { enqueueChannel } from './fanout.ts';

/** A delivery still `queued` this long after its claim is considered lost (docs/DESIGN.md §2.5). */
export const SWEEP_AFTER_MS = 60_000;

/**
 * docs/DESIGN.md §2.5 recovery, for every registered channel (docs/decisions/062): its store first fails what is past its TTL
 * (push), puts back to `queued` the `sending` rows whose lease expired (their worker died mid-batch: only these can
 * repeat a message, docs/rules.md R8; a live worker renews its lease), and returns them with the rows claimed more
 * than SWEEP_AFTER_MS ago and still `queued` (the worker died between claim and fan-out, a batch released them, or
 * the job was lost with Redis); they are re-enqueued as send batches (a message never split). The job ids carry
 * the sweep's minute, so one sweep per minute adds each batch once; claims skip rows already `sending` or `sent`.
 * Returns the rows re-enqueued per channel name.
 */
export async function sweepChannels(deps: { db: Kysely<Database>; queues: Queues; now: () => Date }): Promise<Record<string, number>> {
  const now = deps.now();
  const out: Record<string, number> = {};
  for (const channel of channels()) {
    const rows = await channel.store.requeueExpired(deps.db, now, new Date(now.getTime() - SWEEP_AFTER_MS), 5000);
    if (rows.length) await enqueueChannel(deps.queues, channel, rows, `sweep-${Math.floor(now.getTime() / 60_000)}`);
    out[channel.name] = rows.length;
  }
  return out;
}

/** sweepChannels, summed: how many rows of every channel were re-enqueued. */
export async function sweepQueuedDeliveries(deps: { db: Kysely<Database>; queues: Queues; now: () => Date }): Promise<number> {
  return Object.values(await sweepChannels(deps)).reduce((a, b) => a + b, 0);
}
