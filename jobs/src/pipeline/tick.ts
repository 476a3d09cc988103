import { TZDate } from '@date-fns/tz';
import { alertEngine, type ClaimedDelivery, type Database, type Kysely } from '@walkon/db';
import { parkLocalDate } from '@walkon/domain/dates';
import type { Logger } from '../logger.ts';
import type { WaitTimesSource } from '../providers/waitTimes/index.ts';
import { type PollResult, refreshPark } from './poll.ts';
import { claimReturnTimeAlerts } from './returnTimes.ts';

/** A tick that wrote at least this many deliveries and audience rows refreshes the planner statistics (DESIGN §2.4). */
export const ANALYZE_AFTER_CLAIMS = 5_000;

/** Result of one park tick: what was polled and which deliveries were claimed. */
export interface TickResult {
  /** False when another worker holds this park's tick (nothing was read or claimed). */
  ran: boolean;
  poll: PollResult | null;
  /** Queued deliveries to fan out, with their message key (one message per person, channel and tick). */
  claimed: ClaimedDelivery[];
  /** Deliveries recorded as held back by the daily cap (never sent). */
  capped: number;
  /**
   * The tick wrote ANALYZE_AFTER_CLAIMS rows or more: the caller refreshes the planner statistics
   * (`alertEngine.analyzeHotTables`) once the claimed deliveries are on their way, not before.
   */
  refreshStatistics: boolean;
}

/** The UTC instant of the park-local midnight that starts `day` ('YYYY-MM-DD') in `timezone` (null = UTC). */
function dayStartOf(day: string, timezone: string | null): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, timezone ?? 'UTC').getTime());
}

/**
 * One tick for one park (DESIGN §2.2–2.4): under the park's tick lock (a PostgreSQL advisory lock held on one
 * connection: a second tick of the same park, from any worker, returns `ran: false` at once), poll (one
 * upstream read) → evaluate + claim in one transaction (alertEngine.claimTick, with the park-local "today"
 * and the daily caps) → Lightning Lane return-time alerts. A tick that wrote 5,000 rows or more (claims,
 * re-arms, cleaned dirty persons) says so in `refreshStatistics`; sending and that refresh are the caller's,
 * in that order: the worker fans out batch jobs, the `walkon-jobs tick` CLI sends in-process. A failure of the return-time claim is logged and does not hold back the ride alerts.
 * @throws UpstreamError / NotFoundError from the poll (nothing is claimed then).
 */
export async function runParkTick(
  deps: { db: Kysely<Database>; source: WaitTimesSource; now: () => Date; logger?: Logger },
  parkId: string,
): Promise<TickResult> {
  return deps.db.connection().execute(async (conn) => {
    if (!(await alertEngine.tryLockParkTick(conn, parkId))) {
      deps.logger?.info({ parkId }, 'tick: another worker holds this park; skipped');
      return { ran: false, poll: null, claimed: [], capped: 0, refreshStatistics: false };
    }
    try {
      const poll = await refreshPark({ ...deps, db: conn }, parkId);
      const now = poll.polledAt;
      const today = parkLocalDate(now, poll.timezone);
      const caps = await alertEngine.getDailyCaps(conn);
      const { claimed: rows, touched } = await conn
        .transaction()
        .execute((tx) =>
          alertEngine.claimTick(
            tx,
            { parkId, parkName: poll.parkName, now, today, dayStart: dayStartOf(today, poll.timezone), readings: poll.readings },
            caps,
          ),
        );
      const claimed: ClaimedDelivery[] = rows
        .filter((r) => r.status === 'queued')
        .map((r) => ({ id: r.id, channel: r.channel, messageKey: r.messageKey }));
      const capped = rows.length - claimed.length;
      if (capped) deps.logger?.info({ parkId, capped }, 'tick: deliveries held back by the daily cap');
      // Lightning Lane return-time alerts read the same poll and go out through the same senders.
      let returnTimes: ClaimedDelivery[] = [];
      try {
        returnTimes = await claimReturnTimeAlerts(conn, parkId, now, poll.readings);
      } catch (err) {
        deps.logger?.error({ parkId, err: (err as Error).message }, 'return-time claim failed; ride alerts go out');
      }
      return { ran: true, poll, claimed: [...claimed, ...returnTimes], capped, refreshStatistics: touched >= ANALYZE_AFTER_CLAIMS };
    } finally {
      await alertEngine.unlockParkTick(conn, parkId);
    }
  });
}
