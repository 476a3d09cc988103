import type { Generated } from 'kysely';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../client.ts';
import { ENDED_MUTE_KEEP_MS } from '../repositories/mutes.ts';
import type { GeneratedTimestamp, Timestamp } from '../types.ts';
import { EMPTY_MASK, FULL_MASK, maskOfBit } from './masks.ts';

/**
 * Mutes and quiet hours in the alert engine (docs/rules.md R16a; docs/decisions/040), as SQL fragments the
 * evaluation (`evaluation.ts`) and the watchers' state (`state.ts`) use: one CTE (`steered`) and the wake-up term
 * of `nextStart`, in the vocabulary of the audience masks (./masks.ts). Kept apart from the engine so the
 * engine's statements change in as few places as possible.
 */

/** What the fragments need of a tick: the park, the poll instant (UTC) and the park-local date of it. */
export interface SteeringTick {
  parkId: string;
  now: Date;
  /** YYYY-MM-DD, park-local date of `now`. */
  today: string;
}

/** The park's IANA zone (UTC when unknown), as a scalar subquery. */
const zoneOf = (parkId: string) => sql`coalesce((select park.timezone from parks park where park.id = ${parkId}), 'UTC')`;

/** The UTC instant of park-local `date` (a SQL date expression) at minute `minute` of the day. */
const localAt = (date: RawBuilder<unknown>, minute: RawBuilder<unknown>, parkId: string) =>
  sql`((${date} + make_interval(mins => ${minute}::int)) at time zone ${zoneOf(parkId)})`;

/**
 * CTE `steered`: one row per person of the park (`alert_watchers.email`) whose account has a mute at this park
 * or quiet hours, with
 * - `allowed` (`bit(256)`): the attractions that may alert now — all but the muted ones; none while the park is
 *   muted or the account's quiet hours hold at the park-local time of `now` ([start, end), wrapping midnight);
 * - `rearm` (`bit(256)`): what counts as armed again because a period ended after the person's last alert
 *   (`alert_ticks[1]`) and at or before `now`: the attractions of ended ride mutes, every attraction for an
 *   ended park mute or the latest end of the quiet hours. A ride still short when its period ends then alerts
 *   (R16a; R5 still applies); the claim writes the re-armed state back with its first alert.
 * Persons absent from `steered` are unaffected (the evaluation left-joins it).
 */
export function steeredCte(tick: SteeringTick) {
  const zone = zoneOf(tick.parkId);
  const localMinute = sql`(extract(hour from (${tick.now}::timestamptz at time zone ${zone})) * 60 + extract(minute from (${tick.now}::timestamptz at time zone ${zone})))::int`;
  const endToday = localAt(sql`${tick.today}::date`, sql`quiet_hours.end_minute`, tick.parkId);
  const endYesterday = localAt(sql`(${tick.today}::date - 1)`, sql`quiet_hours.end_minute`, tick.parkId);
  const lastAlert = sql`coalesce(watcher.alert_ticks[1], '-infinity'::timestamptz)`;
  const mutedAttraction = maskOfBit(sql`attraction.bit`);
  return sql`steered as (
      select person.email,
             case when person.park_muted or person.in_quiet_hours then ${EMPTY_MASK} else ~person.muted end as allowed,
             person.rearmed_by_mutes | case when person.quiet_hours_ended > person.last_alert then ${FULL_MASK} else ${EMPTY_MASK} end as rearm
      from (
        select watcher.email, ${lastAlert} as last_alert,
               coalesce(bit_or(${mutedAttraction}) filter (where mute.attraction_id is not null and mute.until > ${tick.now}), ${EMPTY_MASK}) as muted,
               coalesce(bool_or(mute.attraction_id is null and mute.until > ${tick.now}), false) as park_muted,
               coalesce(bit_or(case when mute.attraction_id is null then ${FULL_MASK} else ${mutedAttraction} end)
                          filter (where mute.until <= ${tick.now} and mute.until > ${lastAlert}), ${EMPTY_MASK}) as rearmed_by_mutes,
               coalesce(case when quiet_hours.start_minute < quiet_hours.end_minute
                             then ${localMinute} >= quiet_hours.start_minute and ${localMinute} < quiet_hours.end_minute
                             else ${localMinute} >= quiet_hours.start_minute or ${localMinute} < quiet_hours.end_minute end, false) as in_quiet_hours,
               case when quiet_hours.user_id is null then null
                    when ${endToday} <= ${tick.now} then ${endToday} else ${endYesterday} end as quiet_hours_ended
        from (select user_id from alert_mutes where park_id = ${tick.parkId} union select user_id from alert_quiet_hours) steered_account
        join users account on account.id = steered_account.user_id
        join alert_watchers watcher on watcher.park_id = ${tick.parkId} and watcher.email = account.email
        left join alert_mutes mute on mute.user_id = account.id and mute.park_id = ${tick.parkId}
        left join attractions attraction on attraction.id = mute.attraction_id
        left join alert_quiet_hours quiet_hours on quiet_hours.user_id = account.id
        group by watcher.email, watcher.alert_ticks[1], quiet_hours.user_id, quiet_hours.start_minute, quiet_hours.end_minute
      ) person
    )`;
}

/**
 * Whether anyone of the park can be steered at this tick: a mute at the park that runs or ended within
 * ENDED_MUTE_KEEP_MS (what it covered may need re-arming), or an account with quiet hours watching the park. When
 * none, the evaluation leaves the `steered` CTE and its join out (measured: the join alone added about 250 ms to
 * a tick evaluating 50,000 persons, `make bench` tick_restamp_ms_50k).
 */
export async function parkHasSteering(db: Executor, tick: SteeringTick): Promise<boolean> {
  const { rows } = await sql<{ steered: boolean }>`
    select exists (select 1 from alert_mutes where park_id = ${tick.parkId} and until > ${new Date(tick.now.getTime() - ENDED_MUTE_KEEP_MS)})
        or exists (select 1 from alert_quiet_hours quiet_hours join users account on account.id = quiet_hours.user_id
                   join alert_watchers watcher on watcher.park_id = ${tick.parkId} and watcher.email = account.email) as steered`.execute(
    db,
  );
  return rows[0]?.steered === true;
}

/** The attractions a person row may be alerted for now (with `steered` left-joined as `steering`): a `bit(256)`. */
export const allowedMask = (steering: string) => sql`coalesce(${sql.raw(steering)}.allowed, ${FULL_MASK})`;

/** What a person row counts as armed again because a mute or quiet period ended (`steered` as `steering`). */
export const rearmedMask = (steering: string) => sql`coalesce(${sql.raw(steering)}.rearm, ${EMPTY_MASK})`;

/**
 * The next instant after `now` at which a mute or the quiet hours of person row `person` (an `alert_watchers`
 * alias) end at this park (the earliest active mute's `until`, the next park-local end of the quiet hours), or
 * null: a term of the engine's `nextStart`, so the end of a period wakes the engine for that person
 * (docs/rules.md R7, R16a).
 */
export function nextSteeringEnd(person: string, tick: SteeringTick) {
  const endToday = localAt(sql`${tick.today}::date`, sql`quiet_hours.end_minute`, tick.parkId);
  const endTomorrow = localAt(sql`(${tick.today}::date + 1)`, sql`quiet_hours.end_minute`, tick.parkId);
  return sql`(select least(
      (select min(mute.until) from alert_mutes mute where mute.user_id = account.id and mute.park_id = ${tick.parkId} and mute.until > ${tick.now}),
      (select case when ${endToday} > ${tick.now} then ${endToday} else ${endTomorrow} end
       from alert_quiet_hours quiet_hours where quiet_hours.user_id = account.id))
    from users account where account.email = ${sql.raw(person)}.email)`;
}

/** "Mute until …" of an account for a park, or one attraction of it (docs/rules.md R16a; migration 0027). */
export interface AlertMutesTable {
  id: Generated<string>;
  user_id: string;
  park_id: string;
  /** null = the whole park. */
  attraction_id: string | null;
  /** The absolute end (UTC): the mute ends by itself at this instant. */
  until: Timestamp;
  created_at: GeneratedTimestamp;
}

/** Quiet hours of an account: park-local minutes of the day, [start, end), wrapping midnight when start > end (R16a). */
export interface AlertQuietHoursTable {
  user_id: string;
  start_minute: number;
  end_minute: number;
  updated_at: GeneratedTimestamp;
}
