import { catalogue, type Executor, features, lightningLane } from '@walkon/db';
import { parkLocalDate } from '@walkon/domain/dates';
import { gateAllows } from '@walkon/domain/rules/features';
import { laneFreshness } from '@walkon/domain/rules/freshness';
import { chooseAutoBooking, type LightningLaneAvailability } from '@walkon/domain/rules/lightningLaneChoice';
import type { Logger } from '@walkon/integrations/logger';
import { buildAvailability } from './availability.ts';

/**
 * Lightning Lane booking (docs/spec/part-2.md §4; docs/DESIGN.md §5). There is no public Disney booking API, so the
 * only `LightningLaneBooker` is `SimulatedLightningLaneBooker`: it never calls Disney, and the UI labels every
 * booking "Simulated — no real Lightning Lane was booked". Bookings are still stored server-side per user.
 */

/** What a booker is asked to book. */
export interface LightningLaneBookingRequest {
  userId: string;
  parkId: string;
  attractionId: string;
  attractionName: string;
  /** ISO instants. */
  returnStart: string;
  returnEnd: string | null;
  priceCents: number | null;
  auto: boolean;
}

/** Books and cancels Lightning Lanes somewhere (docs/spec/part-2.md §4: a booking is confirmed or pending, then cancelled). */
export interface LightningLaneBooker {
  /** Recorded on each booking (`lightning_lane_bookings.booker`); 'simulated' is the only kind. */
  readonly kind: 'simulated';
  /** Books one lane. @throws Error when the booking could not be made (the claim is then released). */
  book(req: LightningLaneBookingRequest): Promise<{ status: 'confirmed' | 'pending' }>;
  /** Cancels a booking it made. */
  cancel(booking: { id: string; attractionId: string }): Promise<void>;
}

/**
 * The simulated booker: confirms every booking, deterministically. The spec's "about 90% confirmed" (docs/spec/part-2.md
 * §4, §9) was the prototype's random number; a simulation that randomly fails would only make the product
 * unpredictable, so it is not reproduced (no Math.random). It never talks to Disney.
 */
export class SimulatedLightningLaneBooker implements LightningLaneBooker {
  readonly kind = 'simulated' as const;
  async book(): Promise<{ status: 'confirmed' }> {
    return { status: 'confirmed' };
  }
  async cancel(): Promise<void> {}
}

/** A park's Lightning Lane availability from the stored live data, with provenance and freshness. */
export interface ParkAvailability {
  parkId: string;
  parkName: string;
  timezone: string | null;
  /** Park-local today 'YYYY-MM-DD'. */
  today: string;
  /** Newest poll time of the park's return-time rows (ISO), or null when never polled. */
  polledAt: string | null;
  /** Whether that poll is fresh by `laneFreshness` (within 5 minutes of now, docs/rules.md R42: nothing is bookable from stale data). */
  fresh: boolean;
  /** Where the data comes from (shown in the UI). */
  source: 'ThemeParks.wiki live data';
  lanes: LightningLaneAvailability[];
}

/**
 * Reads a park's Lightning Lane availability (docs/spec/part-2.md §3) from `ride_status` as the 60-s poller stored it
 * (no upstream call here). Returns null for a park not in the catalogue.
 */
export async function loadAvailability(db: Executor, parkId: string, now: Date): Promise<ParkAvailability | null> {
  const park = await catalogue.getPark(db, parkId);
  if (!park) return null;
  const rows = await lightningLane.liveReturnQueues(db, parkId);
  const polled = rows.reduce<Date | null>((m, r) => (m === null || r.polledAt > m ? r.polledAt : m), null);
  return {
    parkId: park.id,
    parkName: park.name,
    timezone: park.timezone,
    today: parkLocalDate(now, park.timezone),
    polledAt: polled?.toISOString() ?? null,
    fresh: laneFreshness(polled, now).fresh,
    source: 'ThemeParks.wiki live data',
    lanes: buildAvailability(rows, { now, timezone: park.timezone }),
  };
}

/** Outcome of bookLane: booked (with the stored row), or a live booking for that attraction and day exists. */
export type BookLaneResult = { outcome: 'booked'; booking: lightningLane.Booking } | { outcome: 'exists' };

/**
 * Books one lane for a user: claims the (user, attraction, day) slot with a `pending` row (the unique index
 * makes a click and the auto-booking job race safely), asks the booker, and stores its answer. When the
 * booker throws, the claim is deleted and the error rethrown. Preconditions (gate, connected account, paid
 * day, availability) are the caller's.
 */
export async function bookLane(
  deps: { db: Executor; booker: LightningLaneBooker; now: () => Date },
  lane: LightningLaneAvailability & { returnTimeStart: string },
  ctx: { userId: string; day: string; auto: boolean },
): Promise<BookLaneResult> {
  const now = deps.now();
  const claim = await lightningLane.claimBooking(deps.db, {
    userId: ctx.userId,
    parkId: lane.parkId,
    attractionId: lane.id,
    attractionName: lane.name,
    day: ctx.day,
    returnStart: new Date(lane.returnTimeStart),
    returnEnd: lane.returnTimeEnd ? new Date(lane.returnTimeEnd) : null,
    priceCents: lane.price ?? null,
    booker: deps.booker.kind,
    auto: ctx.auto,
    now,
  });
  if (!claim) return { outcome: 'exists' };
  let answer: { status: 'confirmed' | 'pending' };
  try {
    answer = await deps.booker.book({
      userId: ctx.userId,
      parkId: lane.parkId,
      attractionId: lane.id,
      attractionName: lane.name,
      returnStart: lane.returnTimeStart,
      returnEnd: lane.returnTimeEnd,
      priceCents: lane.price ?? null,
      auto: ctx.auto,
    });
  } catch (err) {
    await lightningLane.deleteBooking(deps.db, claim.id);
    throw err;
  }
  const booking = answer.status === 'pending' ? claim : await lightningLane.setBookingStatus(deps.db, claim.id, answer.status, now);
  return { outcome: 'booked', booking };
}

/** What one auto-booking run for a park did. */
export interface AutoBookingResult {
  /** Users with auto-booking on, a connected account, a day today and access through the gate. */
  users: number;
  booked: number;
  /** True when the park's live data was stale (nothing booked). */
  stale: boolean;
}

/**
 * Server-side auto-booking for one park (docs/spec/part-2.md §4), run right after each poll of the park: for every
 * user with auto-booking on, a connected Disney account, a Lightning Lane day for the park today and access
 * through the `lightning_lane` gate (on: everyone; early_access: admins and granted users; off: admins —
 * `gateAllows`, @walkon/domain/rules/features, the same function the server's `featureAccess` uses), chooseAutoBooking picks at
 * most one lane, booked through `booker` with `auto` set. Idempotent: a second run books nothing more for
 * the same lanes (the choice skips booked attractions and the unique index `lightning_lane_bookings_live_uq`
 * refuses duplicates). A booker failure for one user is logged and the others continue.
 */
export async function runAutoBooking(
  deps: { db: Executor; now: () => Date; booker?: LightningLaneBooker; logger?: Logger },
  parkId: string,
): Promise<AutoBookingResult> {
  const now = deps.now();
  const flag = await features.getFlag(deps.db, 'lightning_lane');
  const users = (await lightningLane.autoBookingUsers(deps.db, parkId, now)).filter((u) =>
    gateAllows(flag.state, { isAdmin: u.isAdmin, hasGrant: u.hasGrant }),
  );
  if (users.length === 0) return { users: 0, booked: 0, stale: false };
  const availability = await loadAvailability(deps.db, parkId, now);
  if (!availability?.fresh) return { users: users.length, booked: 0, stale: true };
  const booker = deps.booker ?? new SimulatedLightningLaneBooker();
  let booked = 0;
  for (const u of users) {
    try {
      const [prefs, bookings] = await Promise.all([
        lightningLane.listPreferences(deps.db, u.userId, parkId),
        lightningLane.bookingsOnDay(deps.db, u.userId, parkId, availability.today),
      ]);
      const choice = chooseAutoBooking(availability.lanes, prefs, bookings, now, availability.timezone);
      if (!choice) continue;
      const r = await bookLane(
        { db: deps.db, booker, now: deps.now },
        { ...choice.lane, returnTimeStart: choice.lane.returnTimeStart! },
        { userId: u.userId, day: availability.today, auto: true },
      );
      if (r.outcome === 'booked') {
        booked++;
        deps.logger?.info(
          { parkId, userId: u.userId, attractionId: choice.lane.id, status: r.booking.status },
          'lightning lane auto-booked',
        );
      }
    } catch (err) {
      deps.logger?.warn({ parkId, userId: u.userId, err }, 'lightning lane auto-booking failed');
    }
  }
  return { users: users.length, booked, stale: false };
}
