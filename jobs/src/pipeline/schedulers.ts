import { type Executor, watches } from '@walkon/db';
import { QUEUE, type Queues } from '../queues.ts';

/** Poll period of every park (docs/spec/part-1.md §9: every 60 seconds). */
export const POLL_EVERY_MS = 60_000;
/** Poll job retry policy: upstream faults are retried with backoff within the tick (docs/DESIGN.md §2.2). */
export const POLL_JOB_OPTIONS = { attempts: 3, backoff: { type: 'exponential' as const, delay: 2_000 } };

/** The job scheduler id of a park. */
export const schedulerId = (parkId: string) => `${QUEUE.poll}:${parkId}`;

/** A stable offset in [0, 60 s) from the park id, so parks don't all poll on the same second (docs/DESIGN.md §2.1). */
export function offsetFor(parkId: string): number {
  let h = 0;
  for (const c of parkId) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return (h % 60) * 1000;
}

/**
 * Creates or removes one park's job scheduler to match the database (docs/DESIGN.md §2.1): present while the park has
 * a valid watch. Returns whether the park is now scheduled.
 */
export async function syncParkScheduler(deps: { db: Executor; queues: Queues; now: () => Date }, parkId: string): Promise<boolean> {
  const wanted = await watches.parkHasValidWatch(deps.db, parkId, deps.now());
  if (wanted) {
    await deps.queues.poll.upsertJobScheduler(
      schedulerId(parkId),
      { every: POLL_EVERY_MS, offset: offsetFor(parkId) },
      { name: 'poll', data: { parkId }, opts: POLL_JOB_OPTIONS },
    );
  } else {
    await deps.queues.poll.removeJobScheduler(schedulerId(parkId));
  }
  return wanted;
}

/**
 * The reconciliation sweep (docs/DESIGN.md §2.1): upserts a scheduler for every park with a valid watch and removes
 * the others, so a lost or stale Redis heals itself. Returns the scheduled park ids.
 */
export async function reconcileSchedulers(deps: { db: Executor; queues: Queues; now: () => Date }): Promise<string[]> {
  const parks = await watches.parksWithValidWatches(deps.db, deps.now());
  const wanted = new Set(parks.map(schedulerId));
  for (const parkId of parks) {
    await deps.queues.poll.upsertJobScheduler(
      schedulerId(parkId),
      { every: POLL_EVERY_MS, offset: offsetFor(parkId) },
      { name: 'poll', data: { parkId }, opts: POLL_JOB_OPTIONS },
    );
  }
  const existing = await deps.queues.poll.getJobSchedulers(0, -1);
  for (const s of existing) {
    const id = s.id ?? s.key;
    if (id && !wanted.has(id)) await deps.queues.poll.removeJobScheduler(id);
  }
  return parks;
}
