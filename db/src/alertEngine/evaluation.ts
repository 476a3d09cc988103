/**
 * The evaluation of the alert engine (docs/DESIGN.md §2.3; docs/rules.md R1, R4–R7, R16a): who is alerted for which
 * attraction at a tick, as one SQL query over the park's audience rows (`alert_watchers`) and the poll's verdict
 * masks. The claim (`claimTick`) and the preview (`previewPerson`) run this very statement.
 */
import { DEFAULT_THRESHOLD_MINUTES } from '@walkon/domain/rules/alerts';
import { type RawBuilder, sql } from 'kysely';
import { allowedMask, rearmedMask, steeredCte } from './alertSteering.ts';
import { atOwnThresholds, type BitWait, EMPTY_MASK, FULL_MASK, maskOf, shortMasksByThreshold } from './masks.ts';
import type { BitReading, TickInput, TickPlan } from './tick.ts';

/**
 * The channel of person row `w` for `today` (docs/rules.md R7): 'sms' on an SMS pass day, else 'email'.
 */
const channelToday = (input: TickInput) => sql`case when ${input.today}::date = any(w.sms_days) then 'sms' else 'email' end`;

/**
 * Who may be alerted at this tick at all: conditions on a person row `w` of `alert_watchers`, AND-ed in the
 * evaluation's `candidates`. Each entry is one rule. Mutes and quiet hours (R16a) are not here: they act per
 * attraction, as masks of the `steered` CTE (./alertSteering.ts), in `evaluation`.
 */
function audienceFilters(input: TickInput): RawBuilder<unknown>[] {
  return [
    // R7: not before the person's scheduled start.
    sql`(w.starts_at is null or w.starts_at <= ${input.now})`,
    // R7: a pass day for today, on that day's channel; SMS only with a phone number.
    sql`case when ${input.today}::date = any(w.sms_days) then w.phone_number is not null else ${input.today}::date = any(w.email_days) end`,
  ];
}

/** The qualifying readings as (bit, wait) for the short masks (docs/rules.md R1–R3, decided in the poll). */
const shortWaits = (rs: BitReading[]): BitWait[] =>
  rs.flatMap((r) => (r.qualifies && r.wait !== null ? [{ bit: r.bit, wait: r.wait }] : []));
/** The bits of the readings back in service at this poll (docs/rules.md R6, decided in the poll). */
const backBits = (rs: BitReading[]) => rs.filter((r) => r.backInService).map((r) => r.bit);

/**
 * The evaluation (docs/DESIGN.md §2.3) as one SQL query over the park's audience rows (`alert_watchers`, one per
 * person) and this poll's verdicts, yielding the `judged` rows: one per person with something to do.
 *
 * Who is looked at: the persons watching an attraction whose reading changed at this poll and can alert anyone
 * (qualifying with a wait at or under the park's largest threshold, `TickPlan.changed`, or back in service), judged against those attractions
 * only; plus the park's dirty persons (watch, pass or subscription changed since the last tick) and those due
 * again (a pair held by the 60-minute rule, an hourly reminder, a start), judged against every verdict of this
 * poll (an attraction missing from the response is not short for anyone); of them, those `audienceFilters` lets
 * through.
 *
 * CTEs: `candidates` — those persons, with their channel of the day (R7), today's armed mask (R4), the mask of
 * attractions alerted in the last 60 minutes (R5), the attractions short at their own thresholds (R1) and those
 * back in service (R6); `wanting` — short and armed, or short with an hourly reminder (R4, R5). The rows:
 * `ride_alerts` (ride alerts now), `held` (short and wanted but held by the 60-minute rule, R5) and
 * `back_alerts` (back in service now: asked for, not alerted in the last hour, no ride alert for it in the same
 * tick, R6), all `bit(256)` over the park's attraction bits, plus what the claim writes back.
 *
 * `offset 0` ends `candidates` and `wanting` on purpose: PostgreSQL inlines a CTE referenced once (version 12
 * on) and pulls a plain subquery up into the query above it, copying each computed column into every place
 * that reads it — `wanted` is read four times, `recently_alerted` and `short_now` (each with a subquery over the
 * person's arrays) several times. A subquery with an OFFSET is never pulled up, so each mask is computed once
 * per person and the rows stream on (`as materialized` would also compute once, but writes every row to a
 * temporary store first).
 */
export function evaluation(input: TickInput, { readings, changed, since, steered, only }: TickPlan) {
  // The verdicts of the attractions that changed at this poll (for persons watching one of them)…
  const changedShortByThreshold = shortMasksByThreshold([], shortWaits(changed));
  const changedBackInService = maskOf(backBits(changed));
  const changedAttractions = maskOf(changed.map((r) => r.bit));
  // …and every verdict of this poll, changed or not (for dirty or due persons).
  const shortByThreshold = shortMasksByThreshold([], shortWaits(readings));
  const backInService = maskOf(backBits(readings));
  const dirtyOrDue = only === undefined ? sql`(w.dirty or w.due_at <= ${input.now})` : sql`(w.email = ${only})`;
  // The verdicts a person row is judged against (without changed attractions: only dirty or due rows are read).
  const verdicts = <T>(all: T, changedOnly: T, type: 'bit(256)' | 'bit(256)[]') =>
    changed.length
      ? sql`case when ${dirtyOrDue} then ${all}::${sql.raw(type)} else ${changedOnly}::${sql.raw(type)} end`
      : sql`${all}::${sql.raw(type)}`;
  const shortNow = atOwnThresholds(
    'w',
    verdicts(shortByThreshold[DEFAULT_THRESHOLD_MINUTES], changedShortByThreshold[DEFAULT_THRESHOLD_MINUTES], 'bit(256)'),
    verdicts(shortByThreshold, changedShortByThreshold, 'bit(256)[]'),
  );
  // The watchers of the changed attractions, through the per-ride index (`watch_keys`, docs/decisions/068); the mask
  // test keeps the rule exact where two parks' keys collide.
  const watchesAChangedAttraction =
    changed.length && only === undefined
      ? sql`or (w.watch_keys && alert_watch_keys(${input.parkId}, ${changedAttractions}::bit(256))
              and (w.watched & ${changedAttractions}::bit(256)) <> ${EMPTY_MASK})`
      : sql``;
  // Mutes and quiet hours (docs/rules.md R16a): the `steered` row of a person says which attractions they may be
  // alerted for now (`allowedMask`) and what a period that ended re-arms (`rearmedMask`); the CTE and its join
  // are left out when nobody of the park has a mute or quiet hours (`parkHasSteering`).
  const steering = steered
    ? {
        cte: sql`${steeredCte(input)},`,
        join: sql`left join steered steering on steering.email = w.email`,
        allowed: sql` & ${allowedMask('steering')}`,
        rearmed: sql` | ${rearmedMask('steering')}`,
      }
    : { cte: sql``, join: sql``, allowed: sql``, rearmed: sql`` };
  return sql`
    with ${steering.cte}
    candidates as (
      select w.email, w.subscription_id, w.phone_number, w.hourly, w.bis, w.alert_ticks, w.alert_masks,
             ${channelToday(input)} as channel,
             (case when w.armed_on = ${input.today}::date then w.armed else ${FULL_MASK} end)${steering.rearmed} as armed,
             coalesce(w.alert_ticks[1] > ${since}::timestamptz, false) as alerted_last_hour,
             case when w.alert_ticks[1] > ${since}::timestamptz
                  then (select bit_or(tick_mask) from unnest(w.alert_ticks, w.alert_masks) u(tick_at, tick_mask)
                        where tick_at > ${since}::timestamptz)
                  else ${EMPTY_MASK} end as recently_alerted,
             (${shortNow})${steering.allowed} as short_now,
             ${verdicts(backInService, changedBackInService, 'bit(256)')}${steering.allowed} as back_now
      from alert_watchers w ${steering.join}
      where w.park_id = ${input.parkId}
        and (${dirtyOrDue} ${watchesAChangedAttraction})
        and ${sql.join(audienceFilters(input), sql` and `)}
      offset 0
    ),
    wanting as (
      select c.*, c.short_now & (c.armed | c.hourly) as wanted, c.bis <> ${EMPTY_MASK} as asks_back_in_service
      from candidates c offset 0
    )
    -- Most persons had no alert in the last hour and ask for no back-in-service alert: their masks skip those terms
    -- (each bit operation is a copy of 32 bytes, and a busy tick does a dozen per person).
    select person.email, person.subscription_id, person.channel, case when person.channel = 'sms' then person.phone_number else person.email end as address,
           person.hourly, person.armed, person.alert_ticks, person.alert_masks,
           case when person.alerted_last_hour then person.wanted & ~person.recently_alerted else person.wanted end as ride_alerts,
           case when person.alerted_last_hour then person.wanted & person.recently_alerted else ${EMPTY_MASK} end as held,
           case when person.asks_back_in_service then person.bis & person.back_now & ~person.recently_alerted & ~person.wanted else ${EMPTY_MASK} end as back_alerts
    from wanting person
    where person.wanted <> ${EMPTY_MASK} or (person.asks_back_in_service and (person.bis & person.back_now & ~person.recently_alerted) <> ${EMPTY_MASK})`;
}
