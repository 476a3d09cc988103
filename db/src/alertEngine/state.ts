/**
 * The watchers' state of the day, as the alert engine keeps it on each `alert_watchers` row (docs/DESIGN.md §2.3
 * "The audience"; docs/rules.md R4, R5, R7): the armed mask and its day (R4), the alerts of the last hour
 * (`alert_ticks`/`alert_masks`, R5), `due_at` and `dirty` (R7). The re-arm (statement 1 of the claim), the lock
 * of the persons a tick judges (2b), the state written back with the claim (part of 3), and the due and dirty
 * persons settled after it (4 and 5).
 */
import { DEFAULT_THRESHOLD_MINUTES, REALERT_MINUTES } from '@walkon/domain/rules/alerts';
import type { Generated } from 'kysely';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { DateOnly, Timestamp } from '../types.ts';
import { nextSteeringEnd } from './alertSteering.ts';
import { aboveMasksByThreshold, atOwnThresholds, EMPTY_MASK, maskOf } from './masks.ts';
import { type BitReading, bottomThreshold, preparedIf, type TickInput, type TickPlan, topThreshold } from './tick.ts';

/**
 * The next instant after `now` at which person row `w` becomes alertable without any change of its own
 * (docs/rules.md R7, "every start wakes the engine"): its scheduled start (`starts_at`) when still ahead, or the
 * park-local midnight beginning its next pass day after `today` (which is also the daily re-arm). Null when
 * neither lies ahead. Written to `due_at` when the tick has looked at the row, so the person is evaluated at
 * the first tick from that instant on against every verdict of the poll, like a new watch. The end of a mute or
 * of the quiet hours wakes the person too (`nextSteeringEnd`, docs/rules.md R16a) when the park has any (`steered`).
 */
const nextStart = (w: string, input: TickInput, steered: boolean) => sql`least(
    case when ${sql.raw(w)}.starts_at > ${input.now}::timestamptz then ${sql.raw(w)}.starts_at end,
    (select min(d) from unnest(${sql.raw(w)}.email_days || ${sql.raw(w)}.sms_days) d where d > ${input.today}::date)::timestamp
      at time zone coalesce((select p.timezone from parks p where p.id = ${input.parkId}), 'UTC'),
    ${steered ? nextSteeringEnd(w, input) : sql`null::timestamptz`})`;

/**
 * The attractions of the park someone may be disarmed for today (`alert_park_disarmed`, migration 0048), as a
 * '0'/'1' string over the attraction bits (bit 0 first); all '0' when the stored day is not `today` (every pair
 * starts the day armed, docs/rules.md R4).
 */
async function disarmedToday(db: Executor, input: TickInput): Promise<string> {
  const { rows } = await sql<{ mask: string }>`
    select mask::text as mask from alert_park_disarmed where park_id = ${input.parkId} and day = ${input.today}::date`.execute(db);
  return rows[0]?.mask ?? '';
}

/**
 * Part of statement 3 (docs/rules.md R4): the attractions this tick alerts anyone for are ORed into the park's
 * `alert_park_disarmed` mask of `today` (a mask of another day is replaced), so the re-arm knows whom it may have
 * to re-arm. One CTE over `next_state`; it writes nothing when nobody is alerted.
 */
const parkDisarmedCte = (input: TickInput) => sql`park_disarmed as (
      insert into alert_park_disarmed (park_id, day, mask)
      select ${input.parkId}, ${input.today}::date, bit_or(alerted) from next_state having bit_or(alerted) <> ${EMPTY_MASK}
      on conflict (park_id) do update set
        mask = case when alert_park_disarmed.day = excluded.day then alert_park_disarmed.mask | excluded.mask else excluded.mask end,
        day = excluded.day
    )`;

/**
 * Statement 1 of the claim (docs/rules.md R4, alert on the drop): the watched attractions whose changed fresh
 * reading is not OPERATING or above the person's threshold are armed again, for the persons armed today.
 * Only the attractions someone may be disarmed for today (`alert_park_disarmed`) whose reading can re-arm someone
 * (not OPERATING, or a wait above the park's smallest threshold: `bottomThreshold`) are looked at, and when there
 * is none the audience is not read (docs/decisions/067); when there is some, only the watchers of those attractions are
 * read, through the per-ride index (`watch_keys`, docs/decisions/068). An attraction whose reading re-armed everyone (not
 * OPERATING, or a wait above every threshold of the park: `topThreshold`) leaves that mask.
 * @returns the audience rows re-armed.
 */
export async function rearm(db: Executor, input: TickInput, plan: TickPlan): Promise<number> {
  const changedWithReading = plan.readings.filter((r) => r.changed && r.fresh && (r.status !== 'OPERATING' || r.wait !== null));
  if (!changedWithReading.length) return 0;
  const disarmed = await disarmedToday(db, input);
  const someoneDisarmed = changedWithReading.filter((r) => disarmed[r.bit] === '1');
  if (!someoneDisarmed.length) return 0;
  // A wait at or under every threshold of the park re-arms nobody (`bottomThreshold`, asked only when one is that low).
  const low = (r: BitReading, bottom: number) => r.status === 'OPERATING' && r.wait !== null && r.wait <= bottom;
  const bottom = someoneDisarmed.some((r) => low(r, DEFAULT_THRESHOLD_MINUTES))
    ? await bottomThreshold(db, input.parkId)
    : DEFAULT_THRESHOLD_MINUTES;
  const rearming = someoneDisarmed.filter((r) => !low(r, bottom));
  if (!rearming.length) return 0;
  const notShortByThreshold = aboveMasksByThreshold(
    rearming.filter((r) => r.status !== 'OPERATING').map((r) => r.bit),
    rearming.flatMap((r) => (r.status === 'OPERATING' && r.wait !== null ? [{ bit: r.bit, wait: r.wait }] : [])),
  );
  const notShort = atOwnThresholds(
    'w',
    sql`${notShortByThreshold[DEFAULT_THRESHOLD_MINUTES]}::bit(256)`,
    sql`${notShortByThreshold}::bit(256)[]`,
  );
  const r = await sql`${preparedIf(true)}
    with rearmed as (
      select w.email, (${notShort}) as mask
      from alert_watchers w
      where w.park_id = ${input.parkId} and w.armed_on = ${input.today}::date
        and w.watch_keys && alert_watch_keys(${input.parkId}, ${maskOf(rearming.map((r) => r.bit))}::bit(256))
    )
    update alert_watchers w set armed = w.armed | r.mask
    from rearmed r where w.park_id = ${input.parkId} and w.email = r.email and (r.mask & ~w.armed) <> ${EMPTY_MASK}`.execute(db);
  const top = plan.top ?? (await topThreshold(db, input.parkId));
  const everyone = rearming.filter((r) => r.status !== 'OPERATING' || (r.wait !== null && r.wait > top)).map((r) => r.bit);
  if (everyone.length) {
    await sql`update alert_park_disarmed set mask = mask & ~${maskOf(everyone)}::bit(256)
      where park_id = ${input.parkId} and day = ${input.today}::date`.execute(db);
  }
  return Number(r.numAffectedRows ?? 0);
}

/**
 * Statement 2b of the claim: locks the park's dirty and due persons until the tick's transaction commits
 * (docs/rules.md R7), so a watch, pass, mute or quiet-hours change that commits while the tick runs leaves its
 * row dirty or due for the next tick instead of being cleared unjudged by statements 4 and 5 (a change to a
 * locked row waits for the commit).
 * @returns the e-mail addresses of the persons locked.
 */
export async function lockJudged(db: Executor, input: TickInput): Promise<string[]> {
  const { rows } = await sql<{ email: string }>`
    select email from alert_watchers where park_id = ${input.parkId} and (dirty or due_at <= ${input.now}) for update`.execute(db);
  return rows.map((r) => r.email);
}

/**
 * The state part of statement 3, three CTEs over the evaluation's `judged` rows: `next_state` (what was alerted
 * now, the alerts of the last 60 minutes kept, when a held pair may alert again — R5), `park_disarmed` (the
 * park's mask of attractions alerted today, for the re-arm) and `written`, the row
 * written back to `alert_watchers`: the alerted attractions disarmed (R4), this tick's alert recorded (R5), and
 * `due_at` = now + 60 minutes for an hourly reminder, the held pair's last alert + 60 minutes, or the person's
 * next start (`nextStart`, R7), the earliest of them.
 */
export function stateWriteCtes(input: TickInput, plan: TickPlan): RawBuilder<unknown> {
  const { since } = plan;
  return sql`next_state as (
      select j.email, j.ride_alerts | j.back_alerts as alerted, j.held, j.ride_alerts & j.hourly as hourly_alerted, j.armed,
             kept.ticks, kept.masks,
             (select min(tick_at) from unnest(j.alert_ticks, j.alert_masks) u(tick_at, tick_mask)
              where tick_at > ${since}::timestamptz and (tick_mask & j.held) <> ${EMPTY_MASK}) + make_interval(mins => ${REALERT_MINUTES}) as held_until
      from judged j cross join lateral (
        select coalesce(array_agg(tick_at order by tick_at desc), '{}') as ticks,
               coalesce(array_agg(tick_mask order by tick_at desc), '{}') as masks
        from unnest(j.alert_ticks, j.alert_masks) u(tick_at, tick_mask) where tick_at > ${since}::timestamptz
      ) kept
    ),
    written as (
      update alert_watchers w set
        armed = case when state.alerted <> ${EMPTY_MASK} then state.armed & ~state.alerted else w.armed end,
        armed_on = case when state.alerted <> ${EMPTY_MASK} then ${input.today}::date else w.armed_on end,
        alert_ticks = case when state.alerted <> ${EMPTY_MASK} then array[${input.now}::timestamptz] || state.ticks else w.alert_ticks end,
        alert_masks = case when state.alerted <> ${EMPTY_MASK} then array[state.alerted] || state.masks else w.alert_masks end,
        due_at = least(
          case when state.hourly_alerted <> ${EMPTY_MASK} then ${input.now}::timestamptz + make_interval(mins => ${REALERT_MINUTES}) end,
          state.held_until,
          case when w.due_at > ${input.now} then w.due_at end,
          ${nextStart('w', input, plan.steered ?? false)})
      from next_state state where w.park_id = ${input.parkId} and w.email = state.email
    ),
    ${parkDisarmedCte(input)}`;
}

/**
 * Statements 4 and 5 of the claim (docs/rules.md R7), for the persons `lockJudged` locked: a row looked at
 * (due or dirty) keeps, as its due time, the next start that will make it alertable (a scheduled start not
 * reached yet, a later pass day), since nothing else would wake it then; the dirty rows are clean.
 * @returns the rows written by the two statements.
 */
export async function settleJudged(db: Executor, input: TickInput, plan: TickPlan, lockedEmails: string[]): Promise<number> {
  if (!lockedEmails.length) return 0;
  const steered = plan.steered ?? false;
  const due = await sql`update alert_watchers w set due_at = ${nextStart('w', input, steered)}
    where w.park_id = ${input.parkId} and w.due_at <= ${input.now} and w.email = any(${lockedEmails}::text[])`.execute(db);
  const clean = await sql`update alert_watchers w set dirty = false,
      due_at = least(case when w.due_at > ${input.now} then w.due_at end, ${nextStart('w', input, steered)})
    where w.park_id = ${input.parkId} and w.dirty and w.email = any(${lockedEmails}::text[])`.execute(db);
  return Number(due.numAffectedRows ?? 0) + Number(clean.numAffectedRows ?? 0);
}

/**
 * The audience of a park, one row per person with an active subscription and an active watch (docs/DESIGN.md §2.3):
 * masks are `bit(256)` strings over the park's attraction bits (`attractions.bit`, '0'/'1' characters, bit 0
 * first). Maintained by triggers on user_rides / subscriptions / pass_days and by the tick (armed state, alerts).
 */
export interface AlertWatchersTable {
  park_id: string;
  email: string;
  subscription_id: string;
  phone_number: string | null;
  starts_at: Timestamp | null;
  /** The subscription's e-mail pass days (park-local dates), kept in step with `pass_days` by triggers. */
  email_days: Generated<string[]>;
  /** The subscription's SMS pass days (park-local dates), kept in step with `pass_days` by triggers. */
  sms_days: Generated<string[]>;
  /** Attractions with an active watch. */
  watched: string;
  /** One key per watched attraction (`alert_watch_keys(park_id, watched)`, kept by a trigger; docs/decisions/068): the per-ride index's entries. */
  watch_keys: Generated<string[]>;
  /** Watched attractions on the default threshold. */
  plain: string;
  /** Custom thresholds (minutes), ascending, and the attractions on each (`custom_m[k]`). */
  custom_t: Generated<number[]>;
  custom_m: Generated<string[]>;
  /** Watches with the hourly reminder. */
  hourly: string;
  /** Watches asking for back-in-service alerts. */
  bis: string;
  /** Armed for the drop alert on `armed_on` (park-local date); any other day starts all armed. */
  armed: Generated<string>;
  armed_on: DateOnly | null;
  /** The alerts of the last 60 minutes: tick instants (newest first) and the attractions each alerted. */
  alert_ticks: Generated<Date[]>;
  alert_masks: Generated<string[]>;
  /** When the person is next evaluated (a pair held back by the 60-minute rule, an hourly reminder). */
  due_at: Timestamp | null;
  /** Changed since the last tick: evaluated against every verdict of the poll, not only the changed attractions. */
  dirty: Generated<boolean>;
}
