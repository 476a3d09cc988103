import { alertEngine, type ClaimedDelivery, type Database, inSavepoint, type Kysely, liveStatus, pushDeliveries } from '@walkon/db';
import { parkLocalDate, parkLocalInstant } from '@walkon/domain/dates';
import type { Logger } from '@walkon/integrations/logger';
import type { WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { type PollResult, readPark, storePark } from './poll.ts';
import { claimReturnTimeAlerts } from './returnTimes.ts';
import type { TickLease } from './tickLease.ts';

/** A tick that wrote at least this many deliveries and audience rows refreshes the planner statistics (docs/DESIGN.md §2.4). */
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
  /** Push deliveries (`push_deliveries` ids) added beside the claimed ones for people with push subscriptions (docs/decisions/038). */
  pushes: string[];
  /**
   * The tick wrote ANALYZE_AFTER_CLAIMS rows or more: the caller refreshes the planner statistics
   * (`alertEngine.analyzeHotTables`) once the claimed deliveries are on their way, not before.
   */
  refreshStatistics: boolean;
}

/**
 * One tick for one park (docs/DESIGN.md §2.2–2.4), safe behind a transaction-mode pooler (docs/OPERATIONS.md "PgBouncer"):
 * 0. with `lease` (the worker's Redis TickLease), the park's lease: a tick of the same park running elsewhere
 *    makes this one return `ran: false` before any read, so a park is read once per tick across workers;
 * 1. the upstream read (`readPark`: one HTTP read and the catalogue lookup), holding no database connection;
 * 2. ONE transaction that takes the park's tick lock (`pg_try_advisory_xact_lock`, released at commit or
 *    rollback: a second tick of the same park, from any worker, returns `ran: false` at once), skips a read older
 *    than the one already stored (two overlapping ticks never store out of order: the write is idempotent),
 *    stores the poll (`storePark`), evaluates and claims (alertEngine.claimTick, with the park-local "today" and
 *    the daily caps) and claims the Lightning Lane return-time alerts (in a savepoint: its failure is logged and
 *    does not hold back the ride alerts).
 * A tick that wrote 5,000 rows or more (claims, re-arms, cleaned dirty persons) says so in `refreshStatistics`;
 * sending and that refresh are the caller's, in that order: the worker fans out batch jobs, the `walkon-jobs
 * tick` CLI sends in-process.
 * @throws UpstreamError / NotFoundError from the read (nothing is stored or claimed then).
 */
export async function runParkTick(
  deps: { db: Kysely<Database>; source: WaitTimesSource; now: () => Date; logger?: Logger; lease?: TickLease },
  parkId: string,
): Promise<TickResult> {
  const skipped: TickResult = { ran: false, poll: null, claimed: [], capped: 0, pushes: [], refreshStatistics: false };
  const token = deps.lease ? await deps.lease.acquire(parkId) : null;
  if (deps.lease && token === null) {
    deps.logger?.info({ parkId }, 'tick: another worker holds this park; skipped');
    return skipped;
  }
  try {
    return await lockedTick(deps, parkId, skipped);
  } finally {
    if (deps.lease && token) await deps.lease.release(parkId, token).catch(() => {});
  }
}

/** `runParkTick` after the lease: read, then the one transaction under the advisory lock. */
async function lockedTick(
  deps: { db: Kysely<Database>; source: WaitTimesSource; now: () => Date; logger?: Logger },
  parkId: string,
  skipped: TickResult,
): Promise<TickResult> {
  const read = await readPark(deps, parkId);
  return deps.db.transaction().execute(async (tx) => {
    if (!(await alertEngine.tryLockParkTick(tx, parkId))) {
      deps.logger?.info({ parkId }, 'tick: another worker holds this park; skipped');
      return skipped;
    }
    const stored = await liveStatus.parkPolledAt(tx, parkId);
    if (stored && stored.getTime() > read.polledAt.getTime()) {
      deps.logger?.info(
        { parkId, stored: stored.toISOString(), read: read.polledAt.toISOString() },
        'tick: a newer poll is stored; skipped',
      );
      return skipped;
    }
    const poll = await storePark({ db: tx, logger: deps.logger }, read);
    const now = poll.polledAt;
    const today = parkLocalDate(now, poll.timezone);
    const caps = await alertEngine.getDailyCaps(tx);
    const { claimed: rows, touched } = await alertEngine.claimTick(
      tx,
      { parkId, parkName: poll.parkName, now, today, dayStart: parkLocalInstant(today, '00:00', poll.timezone), readings: poll.readings },
      caps,
    );
    const claimed: ClaimedDelivery[] = rows
      .filter((r) => r.status === 'queued')
      .map((r) => ({ id: r.id, channel: r.channel, messageKey: r.messageKey }));
    const capped = rows.length - claimed.length;
    if (capped) deps.logger?.info({ parkId, capped }, 'tick: deliveries held back by the daily cap');
    // Lightning Lane return-time alerts read the same poll and go out through the same senders.
    let returnTimes: ClaimedDelivery[] = [];
    try {
      returnTimes = await inSavepoint(tx, 'return_times', () => claimReturnTimeAlerts(tx, parkId, now, poll.readings));
    } catch (err) {
      deps.logger?.error({ parkId, err }, 'return-time claim failed; ride alerts go out');
    }
    // Push rides on the same claim (docs/decisions/038): one push per message and subscription, in a savepoint.
    const all = [...claimed, ...returnTimes];
    let pushes: string[] = [];
    try {
      pushes = await inSavepoint(tx, 'push', () =>
        pushDeliveries.createForDeliveries(
          tx,
          all.map((d) => d.id),
          now,
        ),
      );
    } catch (err) {
      deps.logger?.error({ parkId, err }, 'push claim failed; e-mail and SMS alerts go out');
    }
    return { ran: true, poll, claimed: all, capped, pushes, refreshStatistics: touched >= ANALYZE_AFTER_CLAIMS };
  });
}
