import { type ClaimedDelivery, type Database, deliveries } from '@walkon/db';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger.ts';
import type { WaitTimesSource } from '../providers/waitTimes/index.ts';
import { type PollResult, refreshPark } from './poll.ts';
import { claimReturnTimeAlerts } from './returnTimes.ts';

/** Result of one park tick: what was polled and which deliveries were claimed. */
export interface TickResult {
  poll: PollResult;
  claimed: ClaimedDelivery[];
}

/**
 * One tick for one park (DESIGN §2.2–2.4): poll (one upstream read) → evaluate → claim (ride alerts, then
 * issue 6 return-time alerts). Sending is the caller's: the worker fans out jobs, the `walkon-jobs tick` CLI
 * sends in-process. A failure of the return-time claim is logged and does not hold back the ride alerts
 * already claimed (the next tick tries again).
 * @throws UpstreamError / NotFoundError from the poll (nothing is claimed then).
 */
export async function runParkTick(
  deps: { db: Kysely<Database>; source: WaitTimesSource; now: () => Date; logger?: Logger },
  parkId: string,
): Promise<TickResult> {
  const poll = await refreshPark(deps, parkId);
  const claimed = await deliveries.claimRideAlerts(deps.db, parkId, deps.now());
  // Issue 6: Lightning Lane return-time alerts read the same poll and go out through the same senders.
  let returnTimes: ClaimedDelivery[] = [];
  try {
    returnTimes = await claimReturnTimeAlerts(deps.db, parkId, deps.now());
  } catch (err) {
    deps.logger?.error({ parkId, err: (err as Error).message }, 'return-time claim failed; ride alerts go out');
  }
  return { poll, claimed: [...claimed, ...returnTimes] };
}
