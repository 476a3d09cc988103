import { type Executor, liveStatus, watches } from '@walkon/db';
import type { WaitTimesSource } from '@walkon/integrations/providers';
import { refreshPark } from './poll.ts';

/**
 * A park's live data read on demand (the API, while answering): one upstream read stored as a poll (ride status,
 * return times, the park's zone), except for a watched park that has been polled before: its reads belong to
 * its per-minute tick (docs/DESIGN.md §2.2), which alerts on what changed since the stored readings, so a read here
 * between two ticks would take a change from the next tick and lose its alert. Returns whether it read.
 * @throws NotFoundError for an unknown park, UpstreamError when the source fails.
 */
export async function readParkUnlessTicked(
  deps: { db: Executor; source: WaitTimesSource; now: () => Date },
  parkId: string,
): Promise<boolean> {
  const polled = await liveStatus.lastPolledAt(deps.db, parkId);
  if (polled && (await watches.parkHasValidWatch(deps.db, parkId, deps.now()))) return false;
  await refreshPark({ db: deps.db, source: deps.source, now: deps.now }, parkId);
  return true;
}
