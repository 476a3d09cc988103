import { type ClaimedDelivery, type Executor, returnTimeAlerts, ruleBook } from '@walkon/db';
import { parkLocalDateTime } from '@walkon/domain/dates';
import { formatReturnTimeHeadline } from '@walkon/domain/messages/returnTimes';
import { boundsAllow, mutedAt, quietHoursHold } from '@walkon/domain/rules/ruleBook';
import { parseReturnTimes, type ReturnQueueType, type ReturnTimeQueue } from '@walkon/integrations/providers/waitTimes/returnTimes.ts';

/** A return time that satisfies an alert: the parsed queue and its park-local start. */
export interface ReturnTimeMatch {
  queue: ReturnTimeQueue;
  /** Park-local date of the return start, 'YYYY-MM-DD'. */
  localDate: string;
  /** Park-local time of the return start, 'HH:MM' (24 h). */
  localTime: string;
}

/**
 * Whether a live `queue` object satisfies a return-time alert (docs/decisions/017, pure): the queue type is published
 * AVAILABLE with a return start (`parseReturnTimes`' `available`), the start falls on the park-local `today`,
 * and, when `beforeTime` ('HH:MM', park-local) is set, the start's park-local time is strictly earlier.
 * The instant is converted with the park's zone, so a shifted or UTC-written `returnStart` compares right.
 * @returns the match, or null.
 */
export function matchReturnTime(
  queue: unknown,
  queueType: ReturnQueueType,
  beforeTime: string | null,
  timezone: string,
  today: string,
): ReturnTimeMatch | null {
  const q = parseReturnTimes(queue)[queueType];
  if (!q?.available || !q.returnStart) return null;
  const [localDate, localTime] = parkLocalDateTime(Date.parse(q.returnStart), timezone);
  if (localDate !== today) return null;
  if (beforeTime !== null && !(localTime < beforeTime)) return null;
  return { queue: q, localDate, localTime };
}

/**
 * Return-time alerts (docs/decisions/017) for one park at `now`, in the park tick after the ride alerts (docs/DESIGN.md §2.3–2.4):
 * a SQL pre-filter (`returnTimeAlerts.listCandidates`: the ride-alert audience rules plus the queue AVAILABLE
 * with a return start, not yet delivered today, only on the poll's `readings` that are `alertable`: the verdict
 * of docs/rules.md R2–R3 — OPERATING, fresh, inside the hours and the schedule), then `matchReturnTime` in TypeScript (the same parser the
 * server and Lightning Lane assist use; the before-time compare in the park's zone), then the rule book's
 * steering (docs/rules.md R56: a mute of the ride or the park, the person's quiet hours in the park's zone —
 * `boundsAllow('return_time', …)`; hours and freshness are the poll's `alertable`), then one claim insert
 * with the daily dedup key. A held alert is not claimed: it goes at a later tick if the return time is still there. Returns the claimed deliveries (kind `return_time`) for the usual fan-out.
 */
export async function claimReturnTimeAlerts(
  db: Executor,
  parkId: string,
  now: Date,
  readings: { rideId: string; alertable: boolean }[],
): Promise<ClaimedDelivery[]> {
  const alertable = readings.filter((r) => r.alertable).map((r) => r.rideId);
  if (alertable.length === 0) return [];
  const candidates = await returnTimeAlerts.listCandidates(db, parkId, now, alertable);
  const steering = await ruleBook.steeringOf(
    db,
    candidates.map((c) => c.email),
    [parkId],
  );
  const rows = candidates.flatMap((c) => {
    const s = steering.get(c.email);
    const bounds = boundsAllow('return_time', {
      ...mutedAt(s?.mutes ?? [], { parkId, attractionId: c.rideId }, now),
      quiet: quietHoursHold(s?.quiet, c.timezone, now),
    });
    if (!bounds.allowed) return [];
    const m = matchReturnTime(c.queue, c.queueType, c.beforeTime, c.timezone, c.today);
    if (!m) return [];
    const message = formatReturnTimeHeadline({
      rideName: c.rideName,
      parkName: c.parkName,
      queueType: c.queueType,
      returnStartLocal: m.localTime,
      priceCents: m.queue.priceCents,
      currency: m.queue.currency,
      priceFormatted: m.queue.priceFormatted,
    });
    return [
      {
        dedupKey: c.dedupKey,
        email: c.email,
        channel: c.channel,
        address: c.address,
        parkId: c.parkId,
        rideId: c.rideId,
        rideName: c.rideName,
        message,
        subscriptionId: c.subscriptionId,
      },
    ];
  });
  return returnTimeAlerts.insertReturnTimeAlerts(db, rows, now);
}
