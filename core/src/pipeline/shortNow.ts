import { alertEngine, type Executor, history, ruleBook } from '@walkon/db';
import { parkLocalDate, parkLocalInstant } from '@walkon/domain/dates';
import { type EmbeddedHours, feedClock, scheduleAllows, scheduleState } from '@walkon/domain/rules/liveData';
import { decideReadings } from '@walkon/domain/rules/readings';
import { mutedAt, quietHoursHold } from '@walkon/domain/rules/ruleBook';

/** One ride the next tick would alert the person for. */
export interface ShortRide {
  id: string;
  name: string;
  /** Standby wait, minutes. */
  wait: number;
}

/** Get Alerts' "short right now" for one person and park (docs/rules.md R56). */
export interface ShortNowView {
  /** The rides the next tick would send this person a ride alert for, shortest wait first. */
  rides: ShortRide[];
  /** Short and wanted, but held by the 60-minute rule (R5): they alerted in the last hour. */
  held: ShortRide[];
  /** Why nothing can alert now, the first that holds, or null: the park outside its published schedule, its feed stale, the park muted, quiet hours. */
  reason: 'closed' | 'stale' | 'muted' | 'quiet' | null;
}

/**
 * What the next tick would claim for `email` at `parkId` at `now` (Get Alerts' "short right now", docs/rules.md
 * R56; docs/decisions/048): the stored readings of the last poll are judged again at `now` by the
 * poll's own function (`decideReadings` of @walkon/domain: R1–R3 — OPERATING, fresh by R2 at `now`, inside the
 * ride's and park's hours and the published schedule and not in their last 15 minutes, the park not CLOSED), then
 * the engine's own evaluation statement runs for this person read-only (`alertEngine.previewPerson`: their
 * thresholds, armed state, the last hour, pass day and start, mutes and quiet hours). The page lists exactly
 * these rides; nothing is written.
 */
export async function shortNowFor(db: Executor, i: { parkId: string; email: string; now: Date }): Promise<ShortNowView> {
  const { parkId, email, now } = i;
  const park = await db
    .selectFrom('parks')
    .select(['name', 'timezone', 'live_status as liveStatus', 'live_hours as liveHours', 'live_updated_at as liveUpdatedAt'])
    .where('id', '=', parkId)
    .executeTakeFirst();
  if (!park) return { rides: [], held: [], reason: null };
  const timezone = park.timezone;
  const today = parkLocalDate(now, timezone);
  const [stored, schedule, steering] = await Promise.all([
    db
      .selectFrom('ride_status as r')
      .innerJoin('attractions as a', 'a.id', 'r.attraction_id')
      .select([
        'a.id',
        'a.name',
        'a.entity_type as entityType',
        'r.status',
        'r.standby_wait as standbyWait',
        'r.operating_hours as operatingHours',
        'r.last_updated as lastUpdated',
      ])
      .where('a.park_id', '=', parkId)
      .execute(),
    history.scheduleAround(db, parkId, today),
    ruleBook.steeringOf(db, [email], [parkId]),
  ]);
  const clock = feedClock(now, timezone, [park.liveUpdatedAt]);
  const decided = decideReadings(
    stored.map((r) => ({
      id: r.id,
      name: r.name,
      entityType: r.entityType,
      status: r.status,
      standbyWait: r.standbyWait,
      operatingHours: r.operatingHours as EmbeddedHours,
      lastUpdated: r.lastUpdated ? new Date(r.lastUpdated).toISOString() : null,
    })),
    new Map(),
    {
      status: park.liveStatus,
      hours: park.liveHours as EmbeddedHours,
      scheduleAllows: scheduleAllows(schedule, timezone, now),
      statusChanged: false,
    },
    clock,
  );
  const { alerts, held } = await alertEngine.previewPerson(
    db,
    {
      parkId,
      parkName: park.name,
      now,
      today,
      dayStart: parkLocalInstant(today, '00:00', timezone),
      readings: decided.map((r) => ({ ...r, backInService: false, changed: true })),
    },
    email,
  );
  const byId = new Map(decided.map((r) => [r.rideId, r]));
  const rides = (ids: string[]) =>
    ids
      .map((id) => byId.get(id)!)
      .map((r) => ({ id: r.rideId, name: r.rideName, wait: r.wait ?? 0 }))
      .sort((a, b) => a.wait - b.wait || a.name.localeCompare(b.name));
  const s = steering.get(email);
  const reason =
    scheduleState(schedule, timezone, now) === 'closed'
      ? 'closed'
      : !clock.feedLive
        ? 'stale'
        : mutedAt(s?.mutes ?? [], { parkId, attractionId: null }, now).parkMuted
          ? 'muted'
          : quietHoursHold(s?.quiet, timezone, now)
            ? 'quiet'
            : null;
  return { rides: rides(alerts), held: rides(held), reason };
}
