import { TZDate } from '@date-fns/tz';
import { history, liveStatus } from '@walkon/db';
import { parkLocalDate, parkLocalInstant, parkLocalTime } from '@walkon/domain/dates';
import { parseReturnTimes } from '@walkon/integrations/providers';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { cachedPark, cachesOf, freshPoll } from './waitTimes.ts';

/** How many same-weekday days make the typical day (docs/DESIGN.md §2.2 history). */
export const TYPICAL_DAYS = 8;
/** Fewer days than this and no typical day is shown (nothing invented). */
export const MIN_TYPICAL_DAYS = 3;

const slotOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 4 + Math.floor(m / 15);
};

/**
 * The ride page of one attraction (docs/DESIGN.md §2.2 history): its live state, today's standby waits (park-local
 * day, minutes; DOWN samples marked), minutes DOWN today, the typical day for today's weekday (median and
 * p25–p75 per 15-minute slot over the last 8 such days with data, with those dates; null below 3 days), the
 * three lowest typical slots still ahead within the park's hours ("best times"), the park's hours today and
 * the published Lightning Lane return times. Cached per park poll, pre-serialised.
 * @throws AppError NOT_FOUND when the park or the ride (in that park) is unknown; UNAVAILABLE (freshPoll).
 */
export async function rideHistory(deps: AppDeps, parkId: string, attractionId: string) {
  return cachesOf(deps).history.get(
    `${parkId}/${attractionId}`,
    deps.now().getTime(),
    async () => (await freshPoll(deps, parkId)).toISOString(),
    () => buildRideHistory(deps, parkId, attractionId),
  );
}

async function buildRideHistory(deps: AppDeps, parkId: string, attractionId: string) {
  const park = await cachedPark(deps, parkId);
  if (!park) throw new AppError('NOT_FOUND', 'We could not find this ride in this park.');
  const tz = park.timezone ?? 'UTC';
  const now = deps.now();
  const localDate = parkLocalDate(now, tz);
  const start = parkLocalInstant(localDate, '00:00', tz);
  const end = new Date(start.getTime() + 26 * 3_600_000);
  const isoWeekday = new TZDate(now.getTime(), tz).getDay() || 7;
  // Every read at once: a rebuild after each tick waits for one round trip, not two.
  const [ride, samples, today, typical, hours, feedUpdatedAt, schedule] = await Promise.all([
    history.attractionLive(deps.db, parkId, attractionId),
    history.samplesBetween(deps.db, attractionId, start, end),
    history.rollupDay(deps.db, attractionId, localDate),
    history.typicalDay(deps.db, attractionId, isoWeekday, localDate, TYPICAL_DAYS),
    history.parkHours(deps.db, parkId, localDate),
    liveStatus.parkFeedUpdatedAt(deps.db, parkId),
    history.scheduleAround(deps.db, parkId, localDate),
  ]);
  if (!ride) throw new AppError('NOT_FOUND', 'We could not find this ride in this park.');
  const operating = hours.find((h) => h.type === 'OPERATING') ?? null;
  const hasTypical = typical.dates.length >= MIN_TYPICAL_DAYS;
  const nowSlot = slotOf(parkLocalTime(now, tz));
  const [openSlot, closeSlot] = operating ? [slotOf(operating.opens), slotOf(operating.closes)] : [0, 96];
  const best = hasTypical
    ? typical.slots
        .filter((s) => s.slot > nowSlot && s.slot >= openSlot && s.slot < closeSlot && s.days * 2 >= typical.dates.length)
        .sort((a, b) => a.median - b.median || a.slot - b.slot)
        .slice(0, 3)
        .sort((a, b) => a.slot - b.slot)
        .map((s) => ({ slot: s.slot, median: Math.round(s.median) }))
    : [];
  const lanes = parseReturnTimes(ride.queue);
  return {
    park: { id: park.id, name: park.name, timezone: tz, destinationId: park.destinationId },
    ride: {
      id: ride.id,
      name: ride.name,
      status: ride.status ?? 'CLOSED',
      waitMinutes: ride.waitMinutes,
      lastUpdated: ride.lastUpdated ? ride.lastUpdated.toISOString() : null,
    },
    localDate,
    nowSlot,
    /** Newest `lastUpdated` of the park's last live document (docs/rules.md R2: the feed's age), or null. */
    feedUpdatedAt: feedUpdatedAt ? feedUpdatedAt.toISOString() : null,
    /** Published schedule of today and yesterday, for "Closed" (docs/rules.md R3). */
    schedule,
    hours: hours.map((h) => ({ type: h.type, opens: h.opens, closes: h.closes, description: h.description })),
    today: samples
      .filter((s) => parkLocalDate(s.at, tz) === localDate)
      .map((s) => ({
        time: parkLocalTime(s.at, tz),
        status: s.status,
        waitMinutes: s.status === 'OPERATING' ? s.waitMinutes : null,
      })),
    downMinutesToday: Math.round(today.reduce((n, s) => n + s.downMinutes, 0)),
    typical: hasTypical
      ? {
          days: typical.dates.length,
          dates: typical.dates,
          slots: typical.slots.map((s) => ({ slot: s.slot, median: round1(s.median), p25: round1(s.p25), p75: round1(s.p75) })),
        }
      : null,
    /** Days of history behind "typical" even when too few to show it. */
    typicalDaysAvailable: typical.dates.length,
    bestTimes: best,
    returnTimes: Object.values(lanes).map((q) => ({
      type: q.type,
      state: q.state,
      returnStart: q.returnStart,
      returnEnd: q.returnEnd,
      priceFormatted: q.priceFormatted,
    })),
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The ride page's payload (see rideHistory). */
export type RideHistoryResponse = Awaited<ReturnType<typeof buildRideHistory>>;
