import { parkLocalDate } from '@walkon/domain/dates';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { ClaimedDelivery } from './deliveries.ts';
import { scheduleAround } from './history.ts';

/**
 * The confirmation when alerts are switched on (docs/rules.md R16b): what its sentence needs
 * from the database, and its delivery row (kind `alerts_on`), sent by the delivery path like any alert.
 */

/**
 * What "N are short right now" is judged from (the engine's own inputs, docs/rules.md R1–R3): the person's
 * active watches at the park with the last poll's reading and verdict (`qualified`) and their threshold
 * (minutes, null = default), the park's live state, the park-local `today` of `now` and the published hours
 * around it. `park` is undefined for an unknown park.
 */
export async function confirmationFacts(db: Executor, email: string, parkId: string, now: Date) {
  const park = await db
    .selectFrom('parks')
    .select(['name', 'timezone', 'live_status as liveStatus', 'live_hours as liveHours', 'live_updated_at as liveUpdatedAt'])
    .where('id', '=', parkId)
    .executeTakeFirst();
  const today = parkLocalDate(now, park?.timezone ?? null);
  const [rides, schedule] = await Promise.all([
    db
      .selectFrom('user_rides as ur')
      .innerJoin('attractions as a', 'a.id', 'ur.ride_id')
      .leftJoin('ride_status as rs', 'rs.attraction_id', 'ur.ride_id')
      .select([
        'ur.ride_id as rideId',
        'ur.threshold_minutes as thresholdMinutes',
        'rs.standby_wait as wait',
        'rs.qualified',
        'rs.last_updated as lastUpdated',
        'rs.operating_hours as operatingHours',
      ])
      .where('ur.email', '=', email)
      .where('ur.park_id', '=', parkId)
      .where('ur.active', '=', true)
      .execute(),
    scheduleAround(db, parkId, today),
  ]);
  return { rides, park, schedule, today };
}

/**
 * Claims the confirmation delivery of one activation: `dedup_key` `alerts_on:<subscription>:<activation>`, so an
 * activation yields one row whatever retries or double submissions happen (docs/decisions/015, R8); it leaves
 * through the delivery queue and the outbox / provider path. → the claimed delivery, or undefined when this
 * activation's confirmation exists already.
 */
export async function insertAlertsOn(
  db: Executor,
  d: {
    activation: string;
    subscriptionId: string;
    email: string;
    channel: 'email' | 'sms';
    address: string;
    parkId: string;
    message: string;
  },
  now: Date,
): Promise<ClaimedDelivery | undefined> {
  const dedupKey = `alerts_on:${d.subscriptionId}:${d.activation}`;
  return db
    .insertInto('deliveries')
    .values({
      dedup_key: dedupKey,
      // The partition month (migration 0029): the month of the activation's claim.
      key_month: sql<string>`delivery_key_month(${dedupKey}, ${now})`,
      kind: 'alerts_on',
      email: d.email,
      channel: d.channel,
      address: d.address,
      park_id: d.parkId,
      ride_id: null,
      ride_name: 'Alerts on',
      wait_time: null,
      message: d.message,
      subscription_id: d.subscriptionId,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['dedup_key', 'key_month']).doNothing())
    .returning(['id', 'channel'])
    .executeTakeFirst();
}
