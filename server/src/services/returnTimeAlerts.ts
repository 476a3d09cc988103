import { liveStatus, type ReturnQueueType, returnTimeAlerts, subscriptions } from '@walkon/db';
import { parkLocalDate, parkLocalTime } from '@walkon/domain/dates';
import { formatReturnPrice } from '@walkon/domain/messages/returnTimes';
import { FRESHNESS_SENTENCES, liveReadingFreshness } from '@walkon/domain/rules/freshness';
import { feedClock } from '@walkon/domain/rules/liveData';
import { parseReturnTimes, type ReturnTimeQueue } from '@walkon/integrations/providers';
import { emailScope, type SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { requireWritablePark } from './ownership.ts';
import { loadRides, requireZonedPark } from './parks.ts';

/** What the UI calls each queue type (docs/decisions/017). */
export const QUEUE_LABELS: Record<ReturnQueueType, string> = {
  RETURN_TIME: 'Lightning Lane Multi Pass',
  PAID_RETURN_TIME: 'Lightning Lane Single Pass',
};

/** "You need a pass" for return-time alerts (they ride on the paid ride-alert pipeline, docs/rules.md R16). */
export const RETURN_TIME_NO_PASS = 'Return-time alerts need a pass for this park. Buy a day pass or use a promo code on Get Alerts first.';

/** The live state of one return-time queue, as the page shows it. */
export interface ReturnQueueView {
  type: ReturnQueueType;
  /** Upstream state upper-cased (AVAILABLE, FINISHED, TEMP_FULL…), or null. */
  state: string | null;
  /** AVAILABLE with a return start. */
  available: boolean;
  /** UTC ISO instant of the first return, or null. */
  returnStart: string | null;
  /** Park-local 'HH:MM' of the first return, or null. */
  returnStartLocal: string | null;
  /** Single Pass price in cents, or null. */
  priceCents: number | null;
  /** e.g. "$21.00" (upstream text, else formatted from cents), or null. */
  priceLabel: string | null;
}

function queueView(q: ReturnTimeQueue | undefined, timezone: string | null): ReturnQueueView | null {
  if (!q) return null;
  const start = q.returnStart ? Date.parse(q.returnStart) : Number.NaN;
  const ok = Number.isFinite(start);
  return {
    type: q.type,
    state: q.state,
    available: q.available,
    returnStart: ok ? new Date(start).toISOString() : null,
    returnStartLocal: ok ? parkLocalTime(start, timezone) : null,
    priceCents: q.priceCents,
    priceLabel: q.priceCents !== null ? formatReturnPrice(q.priceCents, q.currency, q.priceFormatted) : null,
  };
}

/**
 * Return-time alerts of the signed-in person for one park (docs/decisions/017): every watched attraction (and any
 * unwatched one that still has an alert) with its current Lightning Lane state from `ride_status` (re-read
 * when older than 60 s, like the ride list) and the person's alerts on it. `fresh` is docs/rules.md R2 at this
 * instant (`liveReadingFreshness`: the park's feed live and the reading confirmed today; stale data never alerts),
 * `staleReason` the sentence of the reason it is not (docs/rules.md R56: the page says which reason, not "15+ min" for all).
 * @throws AppError NOT_FOUND for an unknown park.
 */
export async function list(deps: AppDeps, user: SessionUser, parkId: string) {
  const park = await requireZonedPark(deps, parkId);
  await loadRides(deps, parkId);
  const now = deps.now();
  const today = parkLocalDate(now, park.timezone);
  const scope = emailScope(user);
  const [watched, alerts, passFromToday, passToday, feedUpdatedAt] = await Promise.all([
    returnTimeAlerts.listWatchedWithStatus(deps.db, scope, parkId),
    returnTimeAlerts.listForEmail(deps.db, scope, parkId),
    subscriptions.hasPassDay(deps.db, scope, parkId, { from: today }),
    subscriptions.hasPassDay(deps.db, scope, parkId, { day: today }),
    liveStatus.parkFeedUpdatedAt(deps.db, parkId),
  ]);
  const clock = feedClock(now, park.timezone, [feedUpdatedAt]);
  return {
    parkId,
    parkName: park.name,
    timezone: park.timezone,
    /** Park-local 'YYYY-MM-DD'. */
    today,
    /** A pass day today or later: alerts can be set. */
    hasPass: passFromToday,
    /** A pass day for today: alerts can go out today. */
    passToday,
    rides: watched
      .filter((w) => w.watching || alerts.some((a) => a.rideId === w.rideId))
      .map((w) => {
        const q = parseReturnTimes(w.queue);
        const freshness = liveReadingFreshness(w.lastUpdated, clock);
        return {
          rideId: w.rideId,
          rideName: w.rideName,
          watching: w.watching,
          status: w.status,
          lastUpdated: w.lastUpdated ? w.lastUpdated.toISOString() : null,
          fresh: freshness.fresh,
          /** Why the reading is not fresh, as one sentence (`FRESHNESS_SENTENCES` of @walkon/domain), or null. */
          staleReason: freshness.reason ? FRESHNESS_SENTENCES[freshness.reason] : null,
          returnTimes: {
            RETURN_TIME: queueView(q.RETURN_TIME, park.timezone),
            PAID_RETURN_TIME: queueView(q.PAID_RETURN_TIME, park.timezone),
          },
          alerts: alerts.filter((a) => a.rideId === w.rideId).map((a) => ({ queueType: a.queueType, beforeTime: a.beforeTime })),
        };
      }),
  };
}

/**
 * Sets (creates or replaces) the person's return-time alert on one attraction and queue type (docs/decisions/017):
 * `beforeTime` null = whenever a return time is available, else only when the return start's park-local time
 * is earlier. Allowed only for an attraction the person watches (active `user_rides`) in that park, whose live
 * data publishes that queue type (any state: a sold-out queue may come back), with a pass day today or later.
 * @returns { queueType, beforeTime }.
 * @throws AppError NOT_FOUND for an unknown park; BAD_REQUEST without a pass, for an unwatched attraction or a
 * queue type the attraction does not offer.
 */
export async function set(
  deps: AppDeps,
  user: SessionUser,
  input: { parkId: string; rideId: string; queueType: ReturnQueueType; beforeTime: string | null },
) {
  const park = await requireZonedPark(deps, input.parkId);
  const today = parkLocalDate(deps.now(), park.timezone);
  await requireWritablePark(deps, user, input.parkId);
  const scope = emailScope(user);
  if (!(await subscriptions.hasPassDay(deps.db, scope, input.parkId, { from: today })))
    throw new AppError('BAD_REQUEST', RETURN_TIME_NO_PASS);
  const watched = (await returnTimeAlerts.listWatchedWithStatus(deps.db, scope, input.parkId)).find((w) => w.rideId === input.rideId);
  if (!watched?.watching)
    throw new AppError('BAD_REQUEST', 'You are not watching this attraction. Turn it on in your ride list and save first.');
  if (!parseReturnTimes(watched.queue)[input.queueType])
    throw new AppError('BAD_REQUEST', `${watched.rideName} does not offer ${QUEUE_LABELS[input.queueType]} right now.`);
  const row = await returnTimeAlerts.upsert(deps.db, {
    email: user.email,
    userId: user.id,
    parkId: input.parkId,
    rideId: input.rideId,
    queueType: input.queueType,
    beforeTime: input.beforeTime,
  });
  return { rideId: row.rideId, queueType: row.queueType, beforeTime: row.beforeTime };
}

/** Removes the person's return-time alert on one attraction and queue type (docs/decisions/017) → { removed }. Idempotent. */
export async function remove(deps: AppDeps, user: SessionUser, input: { parkId: string; rideId: string; queueType: ReturnQueueType }) {
  const n = await returnTimeAlerts.remove(deps.db, emailScope(user), input.parkId, input.rideId, input.queueType);
  return { removed: n > 0 };
}
