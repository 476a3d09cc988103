/**
 * The alert engine (DESIGN §2.3–2.5; the rules are docs/rules.md R1–R10 and R14): who gets which ride alert at a park's
 * tick, claimed in the database in the tick's transaction.
 *
 * Where the audience is written. `alert_watchers` holds one row per person and park, every per-attraction fact a
 * `bit(256)` mask over the park's attraction bits (the mask helpers: ./masks.ts):
 * - the watches, pass days, phone number and scheduled start come from `user_rides`, `subscriptions` and
 *   `pass_days`: statement-level triggers on those tables (`alert_watchers_<table>_<op>`) call the SQL function
 *   `alert_watchers_refresh(emails, parks)` of migration 0022 (db/src/migrations/20261127_0022_alert_watchers.ts),
 *   which rebuilds the touched rows (`watched`, `plain`, `custom_t`/`custom_m`, `hourly`, `bis`, `email_days`,
 *   `sms_days`), arms newly watched attractions and marks the row `dirty`; the attraction bits themselves are
 *   given by its trigger function `attractions_assign_bit()`;
 * - the state of the day is written by the tick, here: `armed`/`armed_on` (R4), the alerts of the last hour
 *   `alert_ticks`/`alert_masks` (R5), `due_at` and `dirty` (R7).
 * The verdicts of a poll (qualifies: R1–R3; back in service: R6; fresh, changed) are decided before, in the
 * poll (`AttractionReading`); the per-person threshold is applied here.
 *
 * The claim (`claimTick`), statement by statement, in the caller's transaction:
 * 0. `select … from attractions` — the attraction bits, only when the poll did not pass them.
 * 1. `update alert_watchers set armed` (`rearm`) — re-arms the watched attractions whose changed fresh reading is
 *    not OPERATING or above the person's threshold: alert on the drop (R4).
 * 2. `select exists (…)` (`hasWork`) — a tick with no changed attraction and no dirty or due person stops here.
 * 2b. `select … for update` — the park's dirty and due persons, locked until the tick commits (a change committed
 *    meanwhile would otherwise be cleared unjudged by 4 or 5).
 * 3. evaluate and claim, ONE statement: [`steered` (mutes and quiet hours of the park's persons — R16a, only
 *    when the park has any; ./alertSteering.ts)] → `candidates` (who is looked at, through `audienceFilters`: pass
 *    day and channel, scheduled start — R7; their short and back-in-service masks cut to what `steered` allows) →
 *    `wanting` (short at the person's own threshold and armed, or hourly — R1, R4, R5) → `judged` (minus the last hour's alerts — R5; back in service — R6) → `rides` → `pairs` (one row
 *    per person and attraction) → `messages_today` (the daily cap — R10) → `inserted` into `deliveries`, once
 *    per person, attraction, kind and hour (R8), one message key per person, channel and tick (R9), the history
 *    sentence from the domain template (R14) → `next_state` → `written` back to `alert_watchers` (disarm — R4;
 *    the last hour's alerts — R5; the next `due_at` — R5, R7).
 * 4. `update alert_watchers set due_at` — of those locked in 2b, persons whose `due_at` passed and were not set
 *    again get their next start (scheduled start, next pass day's park-local midnight) or none (R7).
 * 5. `update alert_watchers set dirty = false` — the dirty persons locked in 2b are clean, due at their next
 *    start (R7).
 */
import { alertHistorySentence } from '@walkon/domain/messages/rideAlerts';
import { DEFAULT_DAILY_CAPS, DEFAULT_THRESHOLD_MINUTES, REALERT_MINUTES, THRESHOLD_MAX_MINUTES } from '@walkon/domain/rules/alerts';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { type Executor, PREPARED } from '../client.ts';
import type { AlertChannel, Database } from '../types.ts';
import { allowedMask, nextSteeringEnd, parkHasSteering, rearmedMask, steeredCte } from './alertSteering.ts';
import { aboveMasksByThreshold, atOwnThresholds, type BitWait, EMPTY_MASK, FULL_MASK, maskOf, shortMasksByThreshold } from './masks.ts';

export { MASK_BITS } from './masks.ts';

/** `settings` keys of the daily caps (JSON integers), written by the admin control. */
export const DAILY_CAP_KEYS = { sms: 'alert_daily_cap_sms', email: 'alert_daily_cap_email' } as const;

/** Messages per person per park-local day and channel (DESIGN §2.5 daily cap). */
export interface DailyCaps {
  sms: number;
  email: number;
}

/**
 * The daily caps per person and channel (DESIGN §2.5): `settings` keys `alert_daily_cap_sms` and
 * `alert_daily_cap_email` (JSON integers, messages per park-local day); SMS 30 and e-mail 60 when absent or
 * not a positive integer.
 */
export async function getDailyCaps(db: Executor): Promise<DailyCaps> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [DAILY_CAP_KEYS.sms, DAILY_CAP_KEYS.email])
    .execute();
  const read = (key: string, fallback: number) => {
    const v = rows.find((r) => r.key === key)?.value as unknown;
    return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : fallback;
  };
  return { sms: read(DAILY_CAP_KEYS.sms, DEFAULT_DAILY_CAPS.sms), email: read(DAILY_CAP_KEYS.email, DEFAULT_DAILY_CAPS.email) };
}

/**
 * Writes one or both daily caps (the admin control calls this; validation of the range is the caller's).
 * @param caps messages per person per park-local day; positive integers.
 * @throws Error when a cap is not a positive integer.
 */
export async function setDailyCaps(db: Executor, caps: Partial<DailyCaps>, now: Date = new Date()): Promise<void> {
  for (const channel of ['sms', 'email'] as const) {
    const v = caps[channel];
    if (v === undefined) continue;
    if (!Number.isInteger(v) || v <= 0) throw new Error(`daily ${channel} cap must be a positive integer`);
    await db
      .insertInto('settings')
      .values({ key: DAILY_CAP_KEYS[channel], value: JSON.stringify(v), updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(v), updated_at: now }))
      .execute();
  }
}

/**
 * One attraction's reading at this poll, as the evaluation needs it (DESIGN §2.3), decided in the poll from
 * the upstream evidence: `qualifies` = OPERATING, fresh, 0 < wait, inside hours and not in their last 15 minutes,
 * park entity not CLOSED (the per-person threshold is applied in SQL); `fresh` = lastUpdated at most 15 minutes
 * old and at most 2 minutes in the future; `backInService` = DOWN → OPERATING confirmed on this poll;
 * `changed` = status, wait or lastUpdated differ from the previous poll.
 */
export interface AttractionReading {
  rideId: string;
  rideName: string;
  status: string;
  /** Standby wait in minutes, or null. */
  wait: number | null;
  fresh: boolean;
  qualifies: boolean;
  backInService: boolean;
  changed: boolean;
  /**
   * The attraction's bit in the park's audience masks (`attractions.bit`; null: it cannot alert). The poll
   * sets it; when absent the evaluation reads it from `attractions`.
   */
  bit?: number | null;
}

/** A delivery claimed by a tick (queued) or held back by the daily cap (capped). */
export interface ClaimedAlert {
  id: string;
  channel: AlertChannel;
  status: 'queued' | 'capped';
  messageKey: string;
}

/** What a tick's evaluation and claim are given. */
export interface TickInput {
  parkId: string;
  parkName: string;
  /** The poll instant (UTC): `ride_status.changed_at` of the attractions this poll changed. */
  now: Date;
  /** The park-local date of `now` (YYYY-MM-DD): the pass day and the armed state's day. */
  today: string;
  /** The park-local midnight that starts `today`, as a UTC instant (the daily cap's window). */
  dayStart: Date;
  readings: AttractionReading[];
}

/**
 * Marks a tick's statement as prepared once per connection (`PREPARED`) when attractions changed: it scans the
 * park's audience, and sent unnamed it took about 0.8 ms longer at 1,000 persons (parse, analysis), as much as
 * running it. A tick without changed attractions reads only dirty or due persons, whose best plan (the partial
 * indexes) depends on the values, so it stays an unnamed statement planned with them.
 */
const preparedIf = (changed: boolean) => sql.raw(changed ? PREPARED : '');

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

/** An attraction's reading with its bit in the park's masks. */
type BitReading = AttractionReading & { bit: number };

/** What a tick's statements share, worked out once per call (`planTick`). */
interface TickPlan {
  /** The readings of attractions that can alert (with a bit), from the poll, else bits read from `attractions`. */
  readings: BitReading[];
  /**
   * The attractions whose reading changed at this poll and can alert someone: qualifying with a wait no watch's
   * threshold can be under (the threshold is at most 60 minutes), or back in service.
   */
  changed: BitReading[];
  /** Start of the 60-minute window of the re-alert rule (UTC, docs/rules.md R5). */
  since: Date;
  /** Someone of the park has a mute or quiet hours (`parkHasSteering`, docs/rules.md R16a); set once there is work. */
  steered?: boolean;
  /**
   * Judge this one person only, against every verdict, as if they were due (`previewPerson`: what the next tick
   * would claim for them); the claim never sets it.
   */
  only?: string;
}

/** The tick's readings with their attraction bits, the changed ones among them, and the 60-minute window. */
async function planTick(db: Executor, input: TickInput): Promise<TickPlan> {
  let bits: Map<string, number | null> | null = null;
  if (input.readings.some((r) => r.bit === undefined)) {
    const rows = await db.selectFrom('attractions').select(['id', 'bit']).where('park_id', '=', input.parkId).execute();
    bits = new Map(rows.map((r) => [r.id, r.bit ?? null]));
  }
  const readings = input.readings
    .map((r) => ({ ...r, bit: (r.bit === undefined ? bits?.get(r.rideId) : r.bit) ?? null }))
    .filter((r): r is BitReading => r.bit !== null);
  const changed = readings.filter(
    (r) => r.changed && ((r.qualifies && r.wait !== null && r.wait <= THRESHOLD_MAX_MINUTES) || r.backInService),
  );
  return { readings, changed, since: new Date(input.now.getTime() - REALERT_MINUTES * 60_000) };
}

/**
 * Whether a tick has anything to evaluate: a changed attraction, or a dirty or due person of the park. A quiet
 * tick (neither) costs this one index probe instead of the evaluation.
 */
async function hasWork(db: Executor, input: TickInput, plan: TickPlan): Promise<boolean> {
  if (plan.changed.length) return true;
  const { rows } = await sql<{ has_work: boolean }>`
    select exists (select 1 from alert_watchers where park_id = ${input.parkId} and (dirty or due_at <= ${input.now})) as has_work`.execute(
    db,
  );
  return rows[0]?.has_work === true;
}

/** The qualifying readings as (bit, wait) for the short masks (docs/rules.md R1–R3, decided in the poll). */
const shortWaits = (rs: BitReading[]): BitWait[] =>
  rs.flatMap((r) => (r.qualifies && r.wait !== null ? [{ bit: r.bit, wait: r.wait }] : []));
/** The bits of the readings back in service at this poll (docs/rules.md R6, decided in the poll). */
const backBits = (rs: BitReading[]) => rs.filter((r) => r.backInService).map((r) => r.bit);

/**
 * The evaluation (DESIGN §2.3) as one SQL query over the park's audience rows (`alert_watchers`, one per
 * person) and this poll's verdicts, yielding the `judged` rows: one per person with something to do.
 *
 * Who is looked at: the persons watching an attraction whose reading changed at this poll and can alert anyone
 * (qualifying with a wait of at most THRESHOLD_MAX_MINUTES, or back in service), judged against those attractions
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
 */
function evaluation(input: TickInput, { readings, changed, since, steered, only }: TickPlan) {
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
  const watchesAChangedAttraction =
    changed.length && only === undefined ? sql`or (w.watched & ${changedAttractions}::bit(256)) <> ${EMPTY_MASK}` : sql``;
  // Mutes and quiet hours (docs/rules.md R16a): the `steered` row of a person says which attractions they may be
  // alerted for now (`allowedMask`) and what a period that ended re-arms (`rearmedMask`); the CTE and its join
  // are left out when nobody of the park has a mute or quiet hours (`parkHasSteering`).
  const steering = steered
    ? {
        cte: sql`${steeredCte(input)},`,
        join: sql`left join steered s on s.email = w.email`,
        allowed: sql` & ${allowedMask('s')}`,
        rearmed: sql` | ${rearmedMask('s')}`,
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

/** Placeholders standing for a pair row's columns in the domain's sentence (`historySentenceSql`). */
const RIDE_NAME = '\uE000ride_name\uE000';
const WAIT = '\uE000wait\uE000';

/**
 * SQL: the alert-history sentence of pair row `p` (docs/rules.md R14), from the one template
 * (`alertHistorySentence`, @walkon/domain/messages/rideAlerts): the domain function is called with placeholders
 * for the ride name and the wait, and its text is cut at them into `||`-joined parameters and columns.
 */
function historySentenceSql(kind: 'ride_alert' | 'back_in_service', parkName: string): RawBuilder<unknown> {
  const columns: Record<string, RawBuilder<unknown>> = { [RIDE_NAME]: sql.raw('p.ride_name'), [WAIT]: sql.raw('p.wait') };
  const pieces = alertHistorySentence(kind, RIDE_NAME, WAIT, parkName)
    .split(/(\uE000[a-z_]+\uE000)/)
    .filter((piece) => piece !== '');
  return sql.join(
    pieces.map((piece) => columns[piece] ?? sql`${piece}::text`),
    sql` || `,
  );
}

/**
 * Counts what the evaluation decides for a tick without claiming anything (benchmarks, diagnostics): the
 * same statements the claim runs (`hasWork`, then the evaluation), its (person, attraction) pairs counted
 * inside PostgreSQL.
 * @returns pairs that alert now (ride alerts and back in service) and pairs held by the 60-minute rule.
 */
export async function countEvaluation(db: Executor, input: TickInput): Promise<{ alerts: number; held: number }> {
  const plan = await planTick(db, input);
  if (!(await hasWork(db, input, plan))) return { alerts: 0, held: 0 };
  plan.steered = await parkHasSteering(db, input);
  const { rows } = await sql<{ alerts: number; held: number }>`${preparedIf(plan.changed.length > 0)}
    select coalesce(sum(bit_count(ride_alerts | back_alerts)), 0)::int as alerts, coalesce(sum(bit_count(held)), 0)::int as held
    from (${evaluation(input, plan)}) judged`.execute(db);
  return rows[0] ?? { alerts: 0, held: 0 };
}

/**
 * What the next tick would claim for one person if the poll's verdicts were `input.readings` (Get Alerts' "short
 * right now", docs/rules.md R56: the page promises only what is sent): the evaluation of the claim (`evaluation`,
 * the very statement — thresholds R1, armed R4, the last hour R5, pass day and start R7, mutes and quiet hours
 * R16a), run read-only for `email` as if they were due, judged against every reading. Nothing is written.
 * @returns the attraction ids that would get a ride alert now, and those held by the 60-minute rule (R5).
 */
export async function previewPerson(db: Executor, input: TickInput, email: string): Promise<{ alerts: string[]; held: string[] }> {
  const plan = await planTick(db, input);
  plan.only = email;
  plan.steered = await parkHasSteering(db, input);
  const { rows } = await sql<{ alerts: string | null; held: string | null }>`
    select judged.ride_alerts::text as alerts, judged.held::text as held from (${evaluation(input, plan)}) judged`.execute(db);
  const row = rows[0];
  const pick = (mask: string | null | undefined) => (mask ? plan.readings.filter((r) => mask[r.bit] === '1').map((r) => r.rideId) : []);
  return { alerts: pick(row?.alerts), held: pick(row?.held) };
}

/**
 * Statement 1 of the claim (docs/rules.md R4, alert on the drop): the watched attractions whose changed fresh
 * reading is not OPERATING or above the person's threshold are armed again, for the persons armed today.
 * @returns the audience rows re-armed.
 */
async function rearm(db: Executor, input: TickInput, plan: TickPlan): Promise<number> {
  const rearming = plan.readings.filter((r) => r.changed && r.fresh && (r.status !== 'OPERATING' || r.wait !== null));
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
    )
    update alert_watchers w set armed = w.armed | r.mask
    from rearmed r where w.park_id = ${input.parkId} and w.email = r.email and (r.mask & ~w.armed) <> ${EMPTY_MASK}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * DESIGN §2.3–2.4 evaluate + claim for one park tick, in the caller's transaction; its statements are listed
 * in the header of this file (re-arm, the work probe, evaluate-and-claim, due persons, dirty persons).
 * Evaluate-and-claim inserts every alerting (person, attraction) pair into `deliveries` (`ON CONFLICT
 * (dedup_key, key_month) DO NOTHING`, key per person, attraction, kind and hour) with one `message_key` per person, channel
 * and tick; when the person already had their daily cap of messages on that channel today (`caps`, counted in
 * `deliveries`), the whole message is recorded as `capped` instead of `queued`; the alerted attractions are
 * disarmed and recorded as this tick's alert (the last 60 minutes are kept); `due_at` = now + 60 minutes for an
 * hourly reminder, the held pair's last alert + 60 minutes, or the person's next start (`nextStart`), the
 * earliest of them.
 * @returns the deliveries this call inserted (a racing caller's rows are not returned) and how many rows the
 * tick wrote (deliveries, re-armed, cleaned), so the caller can refresh statistics after large changes.
 */
export async function claimTick(db: Executor, input: TickInput, caps: DailyCaps): Promise<{ claimed: ClaimedAlert[]; touched: number }> {
  const plan = await planTick(db, input);
  let touched = await rearm(db, input, plan);
  if (!(await hasWork(db, input, plan))) return { claimed: [], touched };
  plan.steered = await parkHasSteering(db, input);
  // The dirty and due persons this tick judges, locked until it commits (docs/rules.md R7): a watch, pass, mute or
  // quiet-hours change that commits while the tick runs leaves its row dirty or due for the next tick instead of
  // being cleared unjudged by statements 4 and 5 (a change to a locked row waits for the commit).
  const { rows: judgedRows } = await sql<{ email: string }>`
    select email from alert_watchers where park_id = ${input.parkId} and (dirty or due_at <= ${input.now}) for update`.execute(db);
  const lockedEmails = judgedRows.map((r) => r.email);
  const tickKey = String(input.now.getTime());
  const hourBucket = String(Math.floor(input.now.getTime() / 3_600_000));
  const { since } = plan;
  const { rows } = await sql<ClaimedAlert>`${preparedIf(plan.changed.length > 0)}
    with judged as (${evaluation(input, plan)}),
    rides as (
      select a.bit, a.id, a.name, r.standby_wait
      from attractions a join ride_status r on r.attraction_id = a.id
      where a.park_id = ${input.parkId} and a.bit is not null
    ),
    pairs as (
      select j.email, j.channel, j.address, j.subscription_id, r.id as ride_id, r.name as ride_name, r.standby_wait as wait,
             case when get_bit(j.ride_alerts, r.bit) = 1 then 'ride_alert' else 'back_in_service' end as kind
      from judged j join rides r on get_bit(j.ride_alerts | j.back_alerts, r.bit) = 1
    ),
    alerted_people as (select distinct email from pairs),
    messages_today as (
      select d.email, d.channel, count(distinct d.message_key)::int as sent
      from deliveries d join alerted_people a on a.email = d.email
      where d.created_at >= ${input.dayStart} and d.message_key is not null and d.status <> 'capped'
      group by d.email, d.channel
    ),
    inserted as (
      insert into deliveries (dedup_key, kind, email, channel, address, park_id, ride_id, ride_name, wait_time, message,
                              subscription_id, status, message_key, created_at, key_month)
      select (case when p.kind = 'ride_alert' then 'ride:' else 'bis:' end) || p.email || ':' || p.ride_id || ':' || ${hourBucket},
             p.kind, p.email, p.channel, p.address, ${input.parkId}, p.ride_id, p.ride_name, p.wait,
             case when p.kind = 'ride_alert' then ${historySentenceSql('ride_alert', input.parkName)}
                  else ${historySentenceSql('back_in_service', input.parkName)} end,
             p.subscription_id,
             case when coalesce(m.sent, 0) >= (case when p.channel = 'sms' then ${caps.sms}::int else ${caps.email}::int end)
                  then 'capped' else 'queued' end,
             p.email || ':' || p.channel || ':' || ${input.parkId} || ':' || ${tickKey}, ${input.now},
             -- The partition month (migration 0029): a ride alert's key names its hour, so the month of now.
             date_trunc('month', ${input.now}::timestamptz at time zone 'UTC')::date
      from pairs p left join messages_today m on m.email = p.email and m.channel = p.channel
      on conflict (dedup_key, key_month) do nothing
      returning id, channel, status, message_key
    ),
    next_state as (
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
    )
    select id, channel, status, message_key as "messageKey" from inserted`.execute(db);
  // A row looked at (due or dirty) keeps, as its due time, the next start that will make it alertable (a
  // scheduled start not reached yet, a later pass day): nothing else would wake it then.
  const none = { numAffectedRows: 0n };
  const due = lockedEmails.length
    ? await sql`update alert_watchers w set due_at = ${nextStart('w', input, plan.steered ?? false)}
    where w.park_id = ${input.parkId} and w.due_at <= ${input.now} and w.email = any(${lockedEmails}::text[])`.execute(db)
    : none;
  const clean = lockedEmails.length
    ? await sql`update alert_watchers w set dirty = false,
      due_at = least(case when w.due_at > ${input.now} then w.due_at end, ${nextStart('w', input, plan.steered ?? false)})
    where w.park_id = ${input.parkId} and w.dirty and w.email = any(${lockedEmails}::text[])`.execute(db)
    : none;
  touched += rows.length + Number(due.numAffectedRows ?? 0) + Number(clean.numAffectedRows ?? 0);
  return { claimed: rows, touched };
}

/**
 * Tries to take the park's tick lock for the rest of the transaction `tx` (`pg_try_advisory_xact_lock`: released
 * at commit or rollback, never by hand, so it is safe behind a transaction-mode pooler such as PgBouncer, where
 * consecutive statements outside a transaction may run on different server connections). DESIGN §2: at most one
 * tick per park at a time, across every worker. Returns false at once when another transaction holds it.
 * @param tx an open transaction (outside one the lock would be released by the statement's own implicit commit)
 */
export async function tryLockParkTick(tx: Transaction<Database>, parkId: string): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtext('walkon:tick'), hashtext(${parkId})) as ok`.execute(
    tx,
  );
  return rows[0]?.ok === true;
}

/**
 * After a large tick (DESIGN §2.4: stale statistics once made a tick run for minutes): refreshes the planner
 * statistics of `deliveries` and vacuums + analyzes `alert_watchers` (a mass re-arm or clean leaves dead index
 * entries in its partial indexes that a quiet tick would otherwise walk). Not inside a transaction.
 */
export async function analyzeHotTables(db: Executor): Promise<void> {
  await sql`analyze deliveries`.execute(db);
  await sql`vacuum (analyze) alert_watchers`.execute(db);
}

/**
 * The previous poll's readings of a park's attractions (for change detection and back in service) →
 * { attractionId, status, standbyWait (minutes) | null, lastUpdated | null, downSeen, upPolls, qualified }[].
 */
export async function previousReadings(db: Executor, parkId: string) {
  return db
    .selectFrom('ride_status')
    .select([
      'attraction_id as attractionId',
      'status',
      'standby_wait as standbyWait',
      'last_updated as lastUpdated',
      'down_seen as downSeen',
      'up_polls as upPolls',
      'qualified',
    ])
    .where('park_id', '=', parkId)
    .execute();
}
