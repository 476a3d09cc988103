import { readScheduleIfDue, refreshPark } from '@walkon/core';
import { type Executor, history, liveStatus, watches } from '@walkon/db';
import type { Logger } from '@walkon/integrations/logger';
import { NotFoundError, type WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { QUEUE, type Queues } from '../queues.ts';

/**
 * History collection period of every park (docs/DESIGN.md §2.2 history): 5 minutes, ThemeParks.wiki's own refresh
 * interval. Watched parks keep their 60-second poll; the collector then shares that read instead of reading,
 * and never reads a watched park itself.
 */
export const HISTORY_EVERY_MS = 300_000;
/** The rollup window rewritten after each read: the last 75 minutes (a DOWN sample holds up to 60). */
export const ROLLUP_WINDOW_MS = 75 * 60_000;

/** The history job scheduler id of a park. */
export const historySchedulerId = (parkId: string) => `${QUEUE.history}:${parkId}`;

/** A stable offset in [0, 5 min) from the park id, so the parks' reads are spread over the interval. */
export function historyOffsetFor(parkId: string): number {
  let h = 0;
  for (const c of parkId) h = (h * 131 + c.charCodeAt(0)) >>> 0;
  return (h % (HISTORY_EVERY_MS / 1000)) * 1000;
}

/**
 * Upserts one history job scheduler (every 5 minutes, spread by `historyOffsetFor`) per park of the catalogue
 * that publishes live data, and removes the others (docs/DESIGN.md §2.2 history). Returns the park ids scheduled.
 */
export async function reconcileHistorySchedulers(deps: { db: Executor; queues: Queues; now: () => Date }): Promise<string[]> {
  const parks = (await history.collectableParks(deps.db, deps.now())).map((p) => p.id);
  const wanted = new Set(parks.map(historySchedulerId));
  for (const parkId of parks) {
    await deps.queues.history.upsertJobScheduler(
      historySchedulerId(parkId),
      { every: HISTORY_EVERY_MS, offset: historyOffsetFor(parkId) },
      { name: 'collect', data: { parkId }, opts: { attempts: 1 } },
    );
  }
  for (const s of await deps.queues.history.getJobSchedulers(0, -1)) {
    const id = s.id ?? s.key;
    if (id && !wanted.has(id)) await deps.queues.history.removeJobScheduler(id);
  }
  return parks;
}

/** What one history collection of a park did. */
export interface CollectResult {
  parkId: string;
  /** false when another worker already claimed this interval's read. */
  claimed: boolean;
  /** true when this job read the source; false when a watched park's 60 s poll was fresh enough to share. */
  read: boolean;
  samples: number;
  slots: number;
  /** Whether the schedule was read (once per park-local day). */
  schedule: boolean;
}

/**
 * The 5-minute history job of one park (docs/DESIGN.md §2.2 history): claims the park's read for this interval (at
 * most one per interval however many workers run), reads the live data unless the park is watched (its tick
 * reads it) or was polled within the interval (samples are stored only where lastUpdated changed), rolls up
 * the last 75 minutes, and
 * reads the park's schedule once per park-local day. A park the source does not know is skipped for a day.
 * @throws UpstreamError when the live read fails (the next interval retries).
 */
export async function collectHistory(
  deps: { db: Executor; source: WaitTimesSource; now: () => Date; logger?: Logger },
  parkId: string,
): Promise<CollectResult> {
  const now = deps.now();
  const out: CollectResult = { parkId, claimed: false, read: false, samples: 0, slots: 0, schedule: false };
  if (!(await history.claimHistoryRead(deps.db, parkId, now, HISTORY_EVERY_MS))) return out;
  out.claimed = true;
  const last = await liveStatus.lastPolledAt(deps.db, parkId);
  // A watched park is read by its per-minute tick only, which stores its samples too: a read here would store
  // the readings the tick compares against, and the tick would not see a change that happened in between (a
  // missed alert), so a late tick never has its read taken from it (docs/DESIGN.md §2.2 history).
  const stale = !last || now.getTime() - last.getTime() >= HISTORY_EVERY_MS * 0.9;
  if (stale && !(await watches.parkHasValidWatch(deps.db, parkId, now))) {
    try {
      out.samples = (await refreshPark(deps, parkId)).samples;
      out.read = true;
    } catch (err) {
      if (err instanceof NotFoundError) {
        await history.markNoLiveData(deps.db, parkId, now);
        return out;
      }
      throw err;
    }
  }
  out.slots = await history.rollupPark(deps.db, parkId, new Date(now.getTime() - ROLLUP_WINDOW_MS), now);
  out.schedule = await readScheduleIfDue(deps, parkId, now);
  return out;
}
