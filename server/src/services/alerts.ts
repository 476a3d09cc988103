import { type ShortNowView, shortNowFor } from '@walkon/core';
import { alertHistory, deliveries, pushDeliveries, rides, subscriptions } from '@walkon/db';
import { parkLocalDate, parkLocalInstant } from '@walkon/domain/dates';
import { testAlertSentence } from '@walkon/domain/messages/rideAlerts';
import { TEST_ALERT_COOLDOWN_MINUTES } from '@walkon/domain/rules/alerts';
import { enqueueDeliveries, enqueuePushDeliveries } from '@walkon/jobs/producers';
import { emailScope, type SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { queueAlertsOn } from './alertsOn.ts';
import { requirePark } from './catalogue.ts';
import { requireWritablePark } from './ownership.ts';
import { requireZonedPark, syncScheduler } from './parks.ts';

/**
 * Minutes of cooldown left after the last alert (docs/spec/part-1.md §4): 0 when none in the last 15 minutes,
 * otherwise the remaining minutes rounded up (1–15).
 */
export function cooldownMinutesRemaining(lastAlertAt: Date | null, now: Date): number {
  if (!lastAlertAt) return 0;
  const left = lastAlertAt.getTime() + TEST_ALERT_COOLDOWN_MINUTES * 60_000 - now.getTime();
  // A delivery stamped a moment ahead of this clock (another process's clock) never makes it 16 of 15.
  return left > 0 ? Math.min(TEST_ALERT_COOLDOWN_MINUTES, Math.ceil(left / 60_000)) : 0;
}

/**
 * When the next test alert is allowed (docs/spec/part-1.md §4, §9: 15 minutes after the person's last alert of any
 * kind), as an ISO 8601 UTC instant, or null when one may be sent now; never more than 15 minutes ahead of
 * `now`. The page disables its button until then; `testAlert` still refuses during the cooldown.
 */
export function nextTestAlertAt(lastAlertAt: Date | null, now: Date): string | null {
  if (!lastAlertAt) return null;
  const next = Math.min(lastAlertAt.getTime(), now.getTime()) + TEST_ALERT_COOLDOWN_MINUTES * 60_000;
  return next > now.getTime() ? new Date(next).toISOString() : null;
}

/**
 * A subscription as Get Alerts and Manage Alerts show it: { id, parkId, parkName, active, valid, scheduled,
 * expired, startDate, endDate, startsAt (ISO) | null, alertType, todayChannel, days[{ day, channel }], ridesPending,
 * phoneLast4 }.
 */
export function subscriptionView(s: Awaited<ReturnType<typeof subscriptions.listForEmail>>[number]) {
  return {
    id: s.id,
    parkId: s.parkId,
    parkName: s.parkName,
    active: s.active,
    valid: s.valid,
    scheduled: s.scheduled,
    expired: s.expired,
    startDate: s.startDate,
    endDate: s.endDate,
    startsAt: s.startsAt ? s.startsAt.toISOString() : null,
    alertType: s.alertType,
    /** The channel bought for the park-local today, or null. */
    todayChannel: s.todayChannel,
    /** Pass days from today on, with their channel. */
    days: s.days,
    /** Granted while the park's ride list could not load: rides are selected when it loads. */
    ridesPending: s.ridesPending,
    /** The last 4 digits of the SMS number (where texts go), or null. */
    phoneLast4: s.phoneNumber ? s.phoneNumber.slice(-4) : null,
  };
}

function historyView(rows: Awaited<ReturnType<typeof alertHistory.listRecent>>) {
  return rows.map((r) => ({
    id: r.id,
    rideName: r.rideName,
    waitTime: r.waitTime,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    channel: r.channel,
    status: r.status,
    kind: r.kind,
  }));
}

/** The signed-in person's alert history: last 10 in 24 h (docs/spec/part-1.md §7, §9). */
export async function history(deps: AppDeps, user: SessionUser) {
  return historyView(await alertHistory.listRecent(deps.db, emailScope(user), deps.now()));
}

/**
 * The park Get Alerts opens on a device where none was picked yet: the park of the person's
 * pass valid today, else of their next pass day (park-local dates). → { parkId } (null without a pass).
 */
export async function defaultPark(deps: AppDeps, user: SessionUser) {
  const subs = (await subscriptions.listForEmail(deps.db, emailScope(user), deps.now())).filter((s) => s.days.length > 0);
  const next = [...subs].sort((a, b) => a.days[0]!.day.localeCompare(b.days[0]!.day))[0];
  return { parkId: (subs.find((s) => s.valid) ?? next)?.parkId ?? null };
}

/**
 * Everything the Get Alerts page shows for one park: selection, subscription (validity computed in the
 * park's time zone), cooldown minutes and when the next test alert is allowed, and recent history (docs/spec/part-1.md
 * §2, §4).
 */
export async function state(deps: AppDeps, user: SessionUser, parkId: string) {
  const park = await requireZonedPark(deps, parkId);
  const now = deps.now();
  const scope = emailScope(user);
  const [selection, subs, last, recent] = await Promise.all([
    rides.listSelection(deps.db, scope, parkId),
    subscriptions.listForEmail(deps.db, scope, now),
    alertHistory.lastDeliverySince(deps.db, scope, new Date(now.getTime() - TEST_ALERT_COOLDOWN_MINUTES * 60_000)),
    alertHistory.listRecent(deps.db, scope, now),
  ]);
  const sub = subs.find((s) => s.parkId === parkId);
  return {
    email: user.email,
    parkId,
    /** The park-local date today (yyyy-MM-dd): the earliest start date and pass date (docs/spec/part-1.md §5). */
    today: parkLocalDate(now, park.timezone),
    /** The park's IANA time zone (null when unknown): start times are park-local. */
    timezone: park.timezone,
    selectedRideIds: selection.filter((r) => r.active).map((r) => r.rideId),
    subscription: sub ? subscriptionView(sub) : null,
    cooldownMinutesRemaining: cooldownMinutesRemaining(last?.createdAt ?? null, now),
    /** ISO UTC instant from which a test alert is allowed again; null = now (docs/spec/part-1.md §4 cooldown). */
    nextTestAlertAt: nextTestAlertAt(last?.createdAt ?? null, now),
    /**
     * What started the cooldown (the person's latest alert of any kind in the last 15 minutes): { kind, rideName }
     * so the page says a ride alert counts too; null when no cooldown runs.
     */
    cooldownStartedBy: last && nextTestAlertAt(last.createdAt, now) ? { kind: last.kind, rideName: last.rideName } : null,
    history: historyView(recent),
  };
}

/** Saves the ride selection for a park (docs/spec/part-1.md §4 ride selection). Returns the active count. */
export async function saveRides(deps: AppDeps, user: SessionUser, parkId: string, rideIds: string[]) {
  await requirePark(deps, parkId);
  await requireWritablePark(deps, user, parkId);
  const count = await rides.replaceSelection(deps.db, user.email, parkId, rideIds, user.id);
  await syncScheduler(deps, parkId);
  return { count };
}

/** "Subscription issue" shown when someone activates alerts without a pass (docs/spec/part-1.md §8; docs/rules.md R7). */
export const NO_PASS_MESSAGE = 'Subscription issue: you have no pass for this park yet. Buy a day pass or use a promo code first.';

/**
 * Activates (or schedules) alerts for a pass the person holds (docs/spec/part-1.md §4; docs/rules.md R7: alerts go out only on
 * the dates paid for): saves the rides, sets the subscription active with `starts_at` when a future start
 * date and time are given, and syncs the park's job scheduler. When this switches alerts on now (they were not
 * on before), the alerts-on confirmation is queued on the pass's channel (docs/rules.md R16b).
 * @throws AppError BAD_REQUEST when the start date is before the park-local today, there is no pass day from
 * today on (or on the chosen start date), or no ride of the park was selected; NOT_FOUND for an unknown park.
 */
export async function activate(
  deps: AppDeps,
  user: SessionUser,
  input: { parkId: string; rideIds: string[]; startDate?: string; startTime?: string },
) {
  const park = await requireZonedPark(deps, input.parkId);
  const now = deps.now();
  const today = parkLocalDate(now, park.timezone);
  const startDate = input.startDate ?? today;
  if (startDate < today) throw new AppError('BAD_REQUEST', 'Alert start date cannot be earlier than today.');
  await requireWritablePark(deps, user, input.parkId);
  const scope = emailScope(user);
  if (!(await subscriptions.hasPassDay(deps.db, scope, input.parkId, { from: today }))) throw new AppError('BAD_REQUEST', NO_PASS_MESSAGE);
  if (input.startDate && !(await subscriptions.hasPassDay(deps.db, scope, input.parkId, { day: startDate }))) {
    throw new AppError('BAD_REQUEST', `You have no pass for ${startDate}. Pick one of your pass dates.`);
  }
  const startsAtCandidate = input.startTime ? parkLocalInstant(startDate, input.startTime, park.timezone) : null;
  const startsAt =
    startsAtCandidate && startsAtCandidate.getTime() > now.getTime()
      ? startsAtCandidate
      : startDate > today
        ? parkLocalInstant(startDate, '00:00', park.timezone)
        : null;
  const wasOn = (await subscriptions.listForEmail(deps.db, scope, now)).some((s) => s.parkId === input.parkId && s.valid);
  const sub = await deps.db.transaction().execute(async (tx) => {
    const count = await rides.replaceSelection(tx, user.email, input.parkId, input.rideIds, user.id);
    if (count === 0) throw new AppError('BAD_REQUEST', 'Please select at least one ride to monitor before activating alerts.');
    const row = await subscriptions.activate(tx, scope, input.parkId, startsAt);
    if (!row) throw new AppError('BAD_REQUEST', NO_PASS_MESSAGE);
    return row;
  });
  await syncScheduler(deps, input.parkId);
  if (startsAt === null && !wasOn) await queueAlertsOn(deps, scope, input.parkId, `activate:${Math.floor(now.getTime() / 60_000)}`);
  return {
    scheduled: startsAt !== null,
    subscriptionId: sub.id,
    startDate: sub.startDate,
    endDate: sub.endDate,
    startsAt: sub.startsAt ? sub.startsAt.toISOString() : null,
  };
}

/** Stops alerts for a park (docs/spec/part-1.md §4: active → stopped). */
export async function stop(deps: AppDeps, user: SessionUser, parkId: string) {
  await subscriptions.setActive(deps.db, emailScope(user), parkId, false);
  await syncScheduler(deps, parkId);
  return { ok: true as const };
}

/** Hides the person's alert history (docs/spec/part-1.md §2 Manage Alerts "clear option"). */
export async function clearHistory(deps: AppDeps, user: SessionUser) {
  return { cleared: await alertHistory.clearHistory(deps.db, emailScope(user)) };
}

/**
 * Sends a test alert (docs/spec/part-1.md §7 test-alert): needs a valid subscription for the park; refused during the
 * 15-minute cooldown unless an admin bypasses it. The delivery is committed before its send job is queued (so the
 * worker always finds it); a failed enqueue withdraws it, so a Redis outage leaves nothing behind.
 * @throws AppError BAD_REQUEST "Subscription issue…", TOO_MANY_REQUESTS during cooldown, UNAVAILABLE without Redis.
 */
export async function testAlert(deps: AppDeps, user: SessionUser, input: { parkId: string; bypassCooldown?: boolean }) {
  const park = await requireZonedPark(deps, input.parkId);
  const now = deps.now();
  const scope = emailScope(user);
  const sub = (await subscriptions.listForEmail(deps.db, scope, now)).find((s) => s.parkId === input.parkId);
  if (!sub?.valid) throw new AppError('BAD_REQUEST', 'Subscription issue: activate alerts for this park before sending a test alert.');
  const bypass = input.bypassCooldown === true && user.roles.includes('admin');
  if (!bypass) {
    const last = await alertHistory.lastDeliverySince(deps.db, scope, new Date(now.getTime() - TEST_ALERT_COOLDOWN_MINUTES * 60_000));
    const wait = cooldownMinutesRemaining(last?.createdAt ?? null, now);
    if (wait > 0)
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Cooldown active: please wait ${wait} minute${wait === 1 ? '' : 's'} before the next test alert.`,
      );
  }
  const channel = sub.todayChannel ?? sub.alertType;
  const address = channel === 'sms' ? sub.phoneNumber : user.email;
  if (!address) throw new AppError('BAD_REQUEST', 'Phone number missing');
  // Committed first, queued second: a send job must never reach a worker before its delivery is visible (the
  // worker's claim would find no row, finish the job, and the message would wait for the sweeper, a minute or
  // two). A failed enqueue withdraws the still-queued delivery, so a Redis outage leaves nothing behind.
  const committed = await deps.db.transaction().execute(async (tx) => {
    const claimed = await deliveries.insertTestAlert(
      tx,
      {
        email: user.email,
        channel,
        address,
        parkId: input.parkId,
        rideId: null,
        rideName: 'Test alert',
        waitTime: null,
        message: testAlertSentence(park.name),
        subscriptionId: sub.id,
      },
      now,
    );
    if (!claimed) throw new AppError('TOO_MANY_REQUESTS', 'A test alert was just sent. Please wait a minute.');
    // Beside the pass's channel, a push to each of the person's devices (docs/decisions/038).
    return { claimed, pushes: await pushDeliveries.createForDeliveries(tx, [claimed.id], now) };
  });
  const { claimed, pushes } = committed;
  try {
    await enqueueDeliveries(deps.queues, [claimed]);
  } catch (err) {
    deps.logger.warn({ err }, 'test alert enqueue failed');
    await deliveries.withdrawQueued(deps.db, claimed.id);
    throw new AppError('UNAVAILABLE', 'Alerts are temporarily unavailable. Please try again in a minute.');
  }
  // Pushes queued after their delivery's job; if Redis fails here, the delivery sweeper re-enqueues queued pushes.
  await enqueuePushDeliveries(deps.queues, pushes).catch((err: Error) => deps.logger.warn({ err }, 'test alert push enqueue failed'));
  const devices = pushes.length ? ` and by push to ${pushes.length} device${pushes.length === 1 ? '' : 's'}` : '';
  return { success: true, message: `Test alert sent to ${address}${devices}.` };
}

/**
 * Get Alerts' "short right now" (docs/rules.md R56; docs/decisions/048): the rides the next tick
 * would alert the signed-in person for at `parkId`, by the engine's own evaluation (`shortNowFor` of
 * @walkon/core), with the rides held by the 60-minute rule and why nothing can alert (park closed, feed stale,
 * park muted, quiet hours). Empty unless the person's own subscription for the park (R26 scope) is valid now.
 * @throws AppError NOT_FOUND for an unknown park.
 */
export async function shortNow(deps: AppDeps, user: SessionUser, parkId: string): Promise<ShortNowView> {
  await requireZonedPark(deps, parkId);
  const now = deps.now();
  const scope = emailScope(user);
  const sub = (await subscriptions.listForEmail(deps.db, scope, now)).find((s) => s.parkId === parkId);
  if (!sub?.valid) return { rides: [], held: [], reason: null };
  return shortNowFor(deps.db, { parkId, email: user.email, now });
}
