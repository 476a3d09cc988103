import { parkLocalDate, parkLocalTime } from '../dates.ts';
import { laneFreshness } from './freshness.ts';

/**
 * Lightning Lane availability and the auto-booking choice (docs/decisions/008; docs/spec/part-2.md §3, §4, §9). Pure functions:
 * no clock, no database, no randomness. Availability is read from the REAL live data the 60-s poller stores
 * (`ride_status.queue`: ThemeParks.wiki `RETURN_TIME` / `PAID_RETURN_TIME`), never invented. The prototype's
 * rules of §9 ("only attractions with a standby wait above 30 minutes", "return window starts 1 hour from
 * now and lasts 1 hour", "price 15-34", "about 70% available") described its random generator and are not
 * reproduced: every attraction publishing a return-time queue is listed with what upstream says.
 */

/** One attraction's Lightning Lane availability (docs/spec/part-2.md §3 "Lightning Lane availability", plus provenance). */
export interface LightningLaneAvailability {
  /** The attraction's ThemeParks.wiki entity id. */
  id: string;
  name: string;
  parkId: string;
  /** Which upstream queue this comes from: RETURN_TIME (Multi Pass) or PAID_RETURN_TIME (Single Pass). */
  queueType: ReturnQueueType;
  /** Upstream state as published (AVAILABLE, TEMP_FULL, FINISHED, …) or null. */
  state: string | null;
  /** The attraction's live status (OPERATING, DOWN, CLOSED, REFURBISHMENT). */
  status: string;
  /** First return instant (ISO, as published with the park's offset), or null. */
  returnTimeStart: string | null;
  /** Last return instant, or null (upstream usually publishes none). */
  returnTimeEnd: string | null;
  /**
   * Bookable right now: upstream state AVAILABLE with a return start on the park-local today, from data
   * fresh by `laneFreshness` (polled within 5 minutes).
   */
  available: boolean;
  /** Price in cents (PAID_RETURN_TIME only). */
  price?: number;
  /** Upstream display price (e.g. "$21.00") when published. */
  priceFormatted?: string | null;
  /** Upstream lastUpdated of the entry (ISO), else our poll time. */
  lastUpdated: string;
  /** When our poller stored it (ISO). */
  polledAt: string;
}

/** The two return-time queues of ThemeParks.wiki live data: free (`RETURN_TIME`) and paid (`PAID_RETURN_TIME`). */
export type ReturnQueueType = 'RETURN_TIME' | 'PAID_RETURN_TIME';

/** One return-time queue as the provider parses it (integrations `ReturnTimeQueue`: the fields read here). */
export interface ReturnWindow {
  type: ReturnQueueType;
  /** Upstream state: AVAILABLE | TEMP_FULL | FINISHED | … ; null when missing. */
  state: string | null;
  /** True only when the state is AVAILABLE and a return start is published. */
  available: boolean;
  /** First return instant (ISO, with the park's offset), or null. */
  returnStart: string | null;
  /** Last return instant, or null. */
  returnEnd: string | null;
  /** Price in cents (PAID_RETURN_TIME only), or null. */
  priceCents: number | null;
  /** Upstream display text, e.g. "$21.00", or null. */
  priceFormatted: string | null;
}

/** The stored live state of one entity with its return-time queues parsed (core `buildAvailability` parses them). */
export interface LaneRow {
  id: string;
  name: string;
  parkId: string;
  status: string;
  returnQueues: Partial<Record<ReturnQueueType, ReturnWindow>>;
  lastUpdated: Date | null;
  polledAt: Date;
}

/**
 * Builds the availability list from stored live rows (docs/spec/part-2.md §3). One entry per attraction: when an
 * attraction publishes both queues (not seen in the recorded data), the available one wins, then RETURN_TIME.
 * An entry is `available` only when upstream says AVAILABLE with a return start on the park-local today and
 * the row is fresh by `laneFreshness` (polled within 5 minutes of `now`, docs/rules.md R42). Sorted by name, then id.
 */
export function availabilityOf(rows: readonly LaneRow[], ctx: { now: Date; timezone: string | null }): LightningLaneAvailability[] {
  const today = parkLocalDate(ctx.now, ctx.timezone);
  const out: LightningLaneAvailability[] = [];
  for (const row of rows) {
    const parsed = row.returnQueues;
    const candidates = [parsed.RETURN_TIME, parsed.PAID_RETURN_TIME].filter((q) => q !== undefined);
    if (candidates.length === 0) continue;
    const q = candidates.find((c) => c.available) ?? candidates[0]!;
    const fresh = laneFreshness(row.polledAt, ctx.now).fresh;
    const onToday = q.returnStart !== null && parkLocalDate(new Date(q.returnStart), ctx.timezone) === today;
    const lane: LightningLaneAvailability = {
      id: row.id,
      name: row.name,
      parkId: row.parkId,
      queueType: q.type,
      state: q.state,
      status: row.status,
      returnTimeStart: q.returnStart,
      returnTimeEnd: q.returnEnd,
      available: q.available && fresh && onToday,
      lastUpdated: (row.lastUpdated ?? row.polledAt).toISOString(),
      polledAt: row.polledAt.toISOString(),
    };
    if (q.priceCents !== null) {
      lane.price = q.priceCents;
      lane.priceFormatted = q.priceFormatted;
    }
    out.push(lane);
  }
  return out.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** A booking preference (docs/spec/part-2.md §3): priority 1–10 (higher wins), park-local window "HH:MM", max price in cents. */
export interface AutoBookingPreference {
  attractionId: string;
  priority: number;
  windowStart: string;
  windowEnd: string;
  maxPriceCents: number | null;
}

/** A booking the user already has (any status); `day` is the park-local day of its return time. */
export interface ExistingBooking {
  attractionId: string;
  day: string;
  status: 'confirmed' | 'pending' | 'cancelled';
}

/** What auto-booking chose: the lane and the preference that made it eligible. */
export interface AutoBookingChoice {
  lane: LightningLaneAvailability;
  preference: AutoBookingPreference;
}

/**
 * The auto-booking choice (docs/spec/part-2.md §4 "Auto-booking picks, among available lanes that have a
 * preference, no confirmed booking today and a price within maxPrice, the one with the highest priority").
 * A lane is eligible when:
 * - `available` is true and its return start is on the park-local today (of `now` in `timezone`);
 * - the user has a preference for the attraction;
 * - the user has no booking for that attraction today — confirmed or pending (only one live booking per
 *   attraction and day can exist), nor one they CANCELLED today (a deliberate choice beyond the spec:
 *   cancelling tells us they no longer want it, so the next poll must not book it again; they can still
 *   book it by hand);
 * - its price (cents) is at most `maxPriceCents` when both are set (free lanes always pass);
 * - its park-local return start "HH:MM" lies within [windowStart, windowEnd], both ends inclusive.
 * Among eligible lanes: HIGHER priority number wins (10 beats 1; the spec's default 1 is the lowest);
 * ties go to the earliest return start, then the name, then the id. Returns null when nothing is eligible.
 */
export function chooseAutoBooking(
  availability: readonly LightningLaneAvailability[],
  preferences: readonly AutoBookingPreference[],
  bookingsToday: readonly ExistingBooking[],
  now: Date,
  timezone: string | null,
): AutoBookingChoice | null {
  const today = parkLocalDate(now, timezone);
  const taken = new Set(bookingsToday.filter((b) => b.day === today).map((b) => b.attractionId));
  const prefs = new Map(preferences.map((p) => [p.attractionId, p]));
  const eligible: AutoBookingChoice[] = [];
  for (const lane of availability) {
    if (!lane.available || lane.returnTimeStart === null) continue;
    const preference = prefs.get(lane.id);
    if (!preference || taken.has(lane.id)) continue;
    if (parkLocalDate(new Date(lane.returnTimeStart), timezone) !== today) continue;
    if (lane.price !== undefined && preference.maxPriceCents !== null && lane.price > preference.maxPriceCents) continue;
    const at = parkLocalTime(lane.returnTimeStart, timezone);
    if (at < preference.windowStart || at > preference.windowEnd) continue;
    eligible.push({ lane, preference });
  }
  eligible.sort(
    (a, b) =>
      b.preference.priority - a.preference.priority ||
      Date.parse(a.lane.returnTimeStart!) - Date.parse(b.lane.returnTimeStart!) ||
      a.lane.name.localeCompare(b.lane.name) ||
      a.lane.id.localeCompare(b.lane.id),
  );
  return eligible[0] ?? null;
}
