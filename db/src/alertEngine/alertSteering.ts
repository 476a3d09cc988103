import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../client.ts';
import { ENDED_MUTE_KEEP_MS } from '../repositories/mutes.ts';

/**
 * Mutes and quiet hours in the alert engine (docs/rules.md R16a; docs/decisions/040-mutes-and-quiet-hours.md),
 * as SQL fragments the evaluation of `alertEngine.ts` uses: one CTE (`steered`) and the wake-up term of
 * `nextStart`. Kept apart from the engine so the engine's statements change in as few places as possible.
 */

/** What the fragments need of a tick: the park, the poll instant (UTC) and the park-local date of it. */
export interface SteeringTick {
  parkId: string;
  now: Date;
  /** YYYY-MM-DD, park-local date of `now`. */
  today: string;
}

const Z = sql.raw(`B'0'::bit(256)`);

/** The park's IANA zone (UTC when unknown), as a scalar subquery. */
const zoneOf = (parkId: string) => sql`coalesce((select p.timezone from parks p where p.id = ${parkId}), 'UTC')`;

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
export function steeredCte(i: SteeringTick) {
  const tz = zoneOf(i.parkId);
  const localMinute = sql`(extract(hour from (${i.now}::timestamptz at time zone ${tz})) * 60 + extract(minute from (${i.now}::timestamptz at time zone ${tz})))::int`;
  const todayEnd = localAt(sql`${i.today}::date`, sql`q.end_minute`, i.parkId);
  const yesterdayEnd = localAt(sql`(${i.today}::date - 1)`, sql`q.end_minute`, i.parkId);
  return sql`steered as (
      select s.email,
             case when s.park_muted or s.quiet then ${Z} else ~s.muted end as allowed,
             s.rearm_m | case when s.quiet_end > s.last_alert then ~${Z} else ${Z} end as rearm
      from (
        select w.email, coalesce(w.alert_ticks[1], '-infinity'::timestamptz) as last_alert,
               coalesce(bit_or(set_bit(${Z}, a.bit, 1)) filter (where m.attraction_id is not null and m.until > ${i.now}), ${Z}) as muted,
               coalesce(bool_or(m.attraction_id is null and m.until > ${i.now}), false) as park_muted,
               coalesce(bit_or(case when m.attraction_id is null then ~${Z} else set_bit(${Z}, a.bit, 1) end)
                          filter (where m.until <= ${i.now} and m.until > coalesce(w.alert_ticks[1], '-infinity'::timestamptz)), ${Z}) as rearm_m,
               coalesce(case when q.start_minute < q.end_minute then ${localMinute} >= q.start_minute and ${localMinute} < q.end_minute
                             else ${localMinute} >= q.start_minute or ${localMinute} < q.end_minute end, false) as quiet,
               case when q.user_id is null then null
                    when ${todayEnd} <= ${i.now} then ${todayEnd} else ${yesterdayEnd} end as quiet_end
        from (select user_id from alert_mutes where park_id = ${i.parkId} union select user_id from alert_quiet_hours) k
        join users u on u.id = k.user_id
        join alert_watchers w on w.park_id = ${i.parkId} and w.email = u.email
        left join alert_mutes m on m.user_id = u.id and m.park_id = ${i.parkId}
        left join attractions a on a.id = m.attraction_id
        left join alert_quiet_hours q on q.user_id = u.id
        group by w.email, w.alert_ticks[1], q.user_id, q.start_minute, q.end_minute
      ) s
    )`;
}

/**
 * Whether anyone of the park can be steered at this tick: a mute at the park that runs or ended within
 * ENDED_MUTE_KEEP_MS (what it covered may need re-arming), or an account with quiet hours watching the park. When
 * none, the evaluation leaves the `steered` CTE and its join out (measured: the join alone added about 250 ms to
 * a tick evaluating 50,000 persons, `make bench` tick_restamp_ms_50k).
 */
export async function parkHasSteering(db: Executor, i: SteeringTick): Promise<boolean> {
  const { rows } = await sql<{ s: boolean }>`
    select exists (select 1 from alert_mutes where park_id = ${i.parkId} and until > ${new Date(i.now.getTime() - ENDED_MUTE_KEEP_MS)})
        or exists (select 1 from alert_quiet_hours q join users u on u.id = q.user_id
                   join alert_watchers w on w.park_id = ${i.parkId} and w.email = u.email) as s`.execute(db);
  return rows[0]?.s === true;
}

/** The attractions person row `w` (with `steered` left-joined as `s`) may be alerted for now: a `bit(256)`. */
export const allowedMask = (s: string) => sql`coalesce(${sql.raw(s)}.allowed, ~${Z})`;

/** What person row `w` counts as armed again because a mute or quiet period ended (`steered` as `s`). */
export const rearmedMask = (s: string) => sql`coalesce(${sql.raw(s)}.rearm, ${Z})`;

/**
 * The next instant after `now` at which a mute or the quiet hours of person row `w` end at this park (the
 * earliest active mute's `until`, the next park-local end of the quiet hours), or null: a term of the engine's
 * `nextStart`, so the end of a period wakes the engine for that person (docs/rules.md R7, R16a).
 */
export function nextSteeringEnd(w: string, i: SteeringTick) {
  const todayEnd = localAt(sql`${i.today}::date`, sql`q.end_minute`, i.parkId);
  const tomorrowEnd = localAt(sql`(${i.today}::date + 1)`, sql`q.end_minute`, i.parkId);
  return sql`(select least(
      (select min(m.until) from alert_mutes m where m.user_id = u.id and m.park_id = ${i.parkId} and m.until > ${i.now}),
      (select case when ${todayEnd} > ${i.now} then ${todayEnd} else ${tomorrowEnd} end from alert_quiet_hours q where q.user_id = u.id))
    from users u where u.email = ${sql.raw(w)}.email)`;
}
