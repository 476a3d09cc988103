import { DEFAULT_DAILY_CAPS, DEFAULT_THRESHOLD_MINUTES, REALERT_MINUTES, THRESHOLD_MAX_MINUTES } from '@walkon/domain/rules/alerts';
import { sql, type Transaction } from 'kysely';
import { type Executor, PREPARED } from '../client.ts';
import type { AlertChannel, Database } from '../types.ts';
import { allowedMask, nextSteeringEnd, parkHasSteering, rearmedMask, steeredCte } from './alertSteering.ts';
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

/** Attractions per park an audience mask can hold (`bit(256)`, DESIGN §2.3 "The audience"). */
export const MASK_BITS = 256;
/**
 * Marks a tick's statement as prepared once per connection (`PREPARED`) when attractions changed: it scans the
 * park's audience, and sent unnamed it took about 0.8 ms longer at 1,000 persons (parse, analysis), as much as
 * running it. A tick without changed attractions reads only dirty or due persons, whose best plan (the partial
 * indexes) depends on the values, so it stays an unnamed statement planned with them.
 */
const preparedIf = (changed: boolean) => sql.raw(changed ? PREPARED : '');
/** The empty audience mask. */
const Z = sql.raw(`B'0'::bit(256)`);

/** A `bit(256)` value in PostgreSQL's hex input form ('x' + 64 hex digits, bit 0 = the first digit's high bit). */
function hexOf(m: Uint8Array): string {
  return `x${Buffer.from(m).toString('hex')}`;
}

/** Sets bit `b` of mask `m`; false when it was set already or lies outside 0–255. */
function setBit(m: Uint8Array, b: number): boolean {
  if (b < 0 || b >= MASK_BITS || m[b >> 3]! & (0x80 >> (b & 7))) return false;
  m[b >> 3]! |= 0x80 >> (b & 7);
  return true;
}

/** A `bit(256)` value with the given bits set (bits outside 0–255 are ignored). */
function maskOf(bits: Iterable<number>): string {
  const m = new Uint8Array(MASK_BITS / 8);
  for (const b of bits) setBit(m, b);
  return hexOf(m);
}

/**
 * Per threshold t = 0…60 minutes (array index t + 1 in SQL), the mask of the readings that count for t:
 * `always` ones for every t, `wait` ones for every t ≥ their wait (minutes). A mask is built only where it
 * changes (at most once per distinct wait), so a tick encodes a few masks, not 61.
 */
function masksByThreshold(always: number[], byWait: { bit: number; wait: number }[]): string[] {
  const m = new Uint8Array(MASK_BITS / 8);
  for (const b of always) setBit(m, b);
  const sorted = [...byWait].sort((a, b) => a.wait - b.wait);
  const out: string[] = [];
  let k = 0;
  let current = '';
  for (let t = 0; t <= THRESHOLD_MAX_MINUTES; t++) {
    let changed = t === 0;
    for (; k < sorted.length && sorted[k]!.wait <= t; k++) changed = setBit(m, sorted[k]!.bit) || changed;
    if (changed) current = hexOf(m);
    out.push(current);
  }
  return out;
}

/**
 * The mask expression of a person row `w` against masks by threshold: the default-threshold attractions against
 * `atDefault` (the mask of the default threshold, a `bit(256)` expression), each custom threshold's attractions
 * against its own entry of `masks` (a `bit(256)[]` expression, index t + 1) — no subquery for the common person
 * with none.
 */
const byThreshold = (w: string, atDefault: ReturnType<typeof sql>, masks: ReturnType<typeof sql>) =>
  sql`(${sql.raw(w)}.plain & ${atDefault}) | case when cardinality(${sql.raw(w)}.custom_t) = 0 then ${Z}
     else (select bit_or(cm & (${masks})[ct + 1]) from unnest(${sql.raw(w)}.custom_t, ${sql.raw(w)}.custom_m) u(ct, cm)) end`;

/**
 * The next instant after `now` at which person row `w` becomes alertable without any change of its own
 * (docs/rules.md R7, "every start wakes the engine"): its scheduled start (`starts_at`) when still ahead, or the
 * park-local midnight beginning its next pass day after `today` (which is also the daily re-arm). Null when
 * neither lies ahead. Written to `due_at` when the tick has looked at the row, so the person is evaluated at
 * the first tick from that instant on against every verdict of the poll, like a new watch. The end of a mute or
 * of the quiet hours wakes the person too (`nextSteeringEnd`, docs/rules.md R16a) when the park has any (`steered`).
 */
const nextStart = (w: string, i: TickInput, steered: boolean) => sql`least(
    case when ${sql.raw(w)}.starts_at > ${i.now}::timestamptz then ${sql.raw(w)}.starts_at end,
    (select min(d) from unnest(${sql.raw(w)}.email_days || ${sql.raw(w)}.sms_days) d where d > ${i.today}::date)::timestamp
      at time zone coalesce((select p.timezone from parks p where p.id = ${i.parkId}), 'UTC'),
    ${steered ? nextSteeringEnd(w, i) : sql`null::timestamptz`})`;

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
  /** Start of the 60-minute window of the re-alert rule (UTC). */
  since: Date;
  /** Someone of the park has a mute or quiet hours (`parkHasSteering`, docs/rules.md R16a); set once there is work. */
  steered?: boolean;
}

/** The tick's readings with their attraction bits, the changed ones among them, and the 60-minute window. */
async function planTick(db: Executor, i: TickInput): Promise<TickPlan> {
  let bits: Map<string, number | null> | null = null;
  if (i.readings.some((r) => r.bit === undefined)) {
    const rows = await db.selectFrom('attractions').select(['id', 'bit']).where('park_id', '=', i.parkId).execute();
    bits = new Map(rows.map((r) => [r.id, r.bit ?? null]));
  }
  const readings = i.readings
    .map((r) => ({ ...r, bit: (r.bit === undefined ? bits?.get(r.rideId) : r.bit) ?? null }))
    .filter((r): r is BitReading => r.bit !== null);
  const changed = readings.filter(
    (r) => r.changed && ((r.qualifies && r.wait !== null && r.wait <= THRESHOLD_MAX_MINUTES) || r.backInService),
  );
  return { readings, changed, since: new Date(i.now.getTime() - REALERT_MINUTES * 60_000) };
}

/**
 * Whether a tick has anything to evaluate: a changed attraction, or a dirty or due person of the park. A quiet
 * tick (neither) costs this one index probe instead of the evaluation.
 */
async function hasWork(db: Executor, i: TickInput, plan: TickPlan): Promise<boolean> {
  if (plan.changed.length) return true;
  const { rows } = await sql<{ w: boolean }>`
    select exists (select 1 from alert_watchers where park_id = ${i.parkId} and (dirty or due_at <= ${i.now})) as w`.execute(db);
  return rows[0]?.w === true;
}

/**
 * The evaluation (DESIGN §2.3) as one SQL fragment over the park's audience rows (`alert_watchers`, one per
 * person) and this poll's verdicts: the persons watching an attraction whose reading changed at this poll and
 * can alert anyone (qualifying with a wait of at most THRESHOLD_MAX_MINUTES, or back in service; from
 * `readings`, as masks built here), evaluated against those attractions only, plus the park's dirty persons
 * (watch, pass or subscription changed since the last tick) and those due again (a pair held by the
 * 60-minute rule, an hourly reminder), evaluated against every verdict of this poll (an attraction missing from
 * the response is not short for anyone). Yields one row
 * per person with something to do, with three `bit(256)` masks over the park's attraction bits: `alert_r`
 * (ride alerts), `bis_a` (back in service) and `held` (qualifies but held by the 60-minute rule), plus what
 * the claim writes back. Rules: a pass day for `today` (channel of the day from `sms_days` / `email_days`;
 * SMS only with a phone number); subscription started; reading qualifies and wait ≤ the watch's threshold
 * (default 15); armed (or remind_hourly); nothing of that attraction to that person in the last 60 minutes.
 * Back in service: the watch asks for it, nothing of that attraction in the last 60 minutes, and no ride alert
 * for it in the same tick.
 */
function evaluation(i: TickInput, { readings, changed, since, steered }: TickPlan) {
  const qualifying = (rs: typeof readings) => rs.flatMap((r) => (r.qualifies && r.wait !== null ? [{ bit: r.bit, wait: r.wait }] : []));
  const cq = masksByThreshold([], qualifying(changed));
  const cb = maskOf(changed.filter((r) => r.backInService).map((r) => r.bit));
  const cany = maskOf(changed.map((r) => r.bit));
  // A dirty or due person is evaluated against every verdict of this poll, changed or not.
  const sq = masksByThreshold([], qualifying(readings));
  const sb = maskOf(readings.filter((r) => r.backInService).map((r) => r.bit));
  const dueOrDirty = sql`(w.dirty or w.due_at <= ${i.now})`;
  const d = DEFAULT_THRESHOLD_MINUTES;
  // Which verdicts a person row is evaluated against (without changed attractions: only dirty or due rows).
  const pick = <T>(stored: T, changedOnly: T, cast: string) =>
    changed.length
      ? sql`case when ${dueOrDirty} then ${stored}::${sql.raw(cast)} else ${changedOnly}::${sql.raw(cast)} end`
      : sql`${stored}::${sql.raw(cast)}`;
  // Mutes and quiet hours (docs/rules.md R16a): `steered` s says what each person may be alerted for now
  // (`allowedMask`) and what a period that ended re-arms (`rearmedMask`); left out when nobody of the park has any.
  const st = steered
    ? {
        cte: sql`${steeredCte(i)},`,
        join: sql`left join steered s on s.email = w.email`,
        allow: sql` & ${allowedMask('s')}`,
        rearm: sql` | ${rearmedMask('s')}`,
      }
    : { cte: sql``, join: sql``, allow: sql``, rearm: sql`` };
  return sql`
    with ${st.cte}
    p as (
      select w.email, w.subscription_id, w.phone_number, w.hourly, w.bis, w.alert_ticks, w.alert_masks,
             case when ${i.today}::date = any(w.sms_days) then 'sms' else 'email' end as channel,
             (case when w.armed_on = ${i.today}::date then w.armed else ~${Z} end)${st.rearm} as armed,
             coalesce(w.alert_ticks[1] > ${since}::timestamptz, false) as any_recent,
             case when w.alert_ticks[1] > ${since}::timestamptz
                  then (select bit_or(am) from unnest(w.alert_ticks, w.alert_masks) u(at, am) where at > ${since}::timestamptz)
                  else ${Z} end as recent,
             (${byThreshold('w', pick(sq[d], cq[d], 'bit(256)'), pick(sq, cq, 'bit(256)[]'))})${st.allow} as short,
             ${pick(sb, cb, 'bit(256)')}${st.allow} as b
      from alert_watchers w ${st.join}
      where w.park_id = ${i.parkId}
        and (${dueOrDirty} ${changed.length ? sql`or (w.watched & ${cany}::bit(256)) <> ${Z}` : sql``})
        and (w.starts_at is null or w.starts_at <= ${i.now})
        and case when ${i.today}::date = any(w.sms_days) then w.phone_number is not null else ${i.today}::date = any(w.email_days) end
      offset 0
    ),
    x as (select p.*, p.short & (p.armed | p.hourly) as want, p.bis <> ${Z} as any_bis from p offset 0)
    -- Most persons had no alert in the last hour and ask for no back-in-service alert: their masks skip those terms
    -- (each bit operation is a copy of 32 bytes, and a busy tick does a dozen per person).
    select x.email, x.subscription_id, x.channel, case when x.channel = 'sms' then x.phone_number else x.email end as address,
           x.hourly, x.armed, x.alert_ticks, x.alert_masks,
           case when x.any_recent then x.want & ~x.recent else x.want end as alert_r,
           case when x.any_recent then x.want & x.recent else ${Z} end as held,
           case when x.any_bis then x.bis & x.b & ~x.recent & ~x.want else ${Z} end as bis_a
    from x
    where x.want <> ${Z} or (x.any_bis and (x.bis & x.b & ~x.recent) <> ${Z})`;
}

/**
 * Counts what the evaluation decides for a tick without claiming anything (benchmarks, diagnostics): the
 * same statements the claim runs (`hasWork`, then the evaluation), its (person, attraction) pairs counted
 * inside PostgreSQL.
 * @returns pairs that alert now (ride alerts and back in service) and pairs held by the 60-minute rule.
 */
export async function countEvaluation(db: Executor, i: TickInput): Promise<{ alerts: number; held: number }> {
  const plan = await planTick(db, i);
  if (!(await hasWork(db, i, plan))) return { alerts: 0, held: 0 };
  plan.steered = await parkHasSteering(db, i);
  const { rows } = await sql<{ alerts: number; held: number }>`${preparedIf(plan.changed.length > 0)}
    select coalesce(sum(bit_count(alert_r | bis_a)), 0)::int as alerts, coalesce(sum(bit_count(held)), 0)::int as held
    from (${evaluation(i, plan)}) e`.execute(db);
  return rows[0] ?? { alerts: 0, held: 0 };
}

/**
 * DESIGN §2.3–2.4 evaluate + claim for one park tick, in the caller's transaction, in four statements:
 * 1. re-arm: the watched attractions whose changed fresh reading is not OPERATING or above the person's
 *    threshold are armed again (alert on the drop);
 * 2. evaluate and claim in ONE statement: every alerting (person, attraction) pair is inserted into
 *    `deliveries` (`ON CONFLICT (dedup_key, key_month) DO NOTHING`, key per person, attraction, kind and hour) with one
 *    `message_key` per person, channel and tick; when the person already had their daily cap of messages on
 *    that channel today (`caps`, counted in `deliveries`), the whole message is recorded as `capped` instead
 *    of `queued`; the alerted attractions are disarmed and recorded as this tick's alert (the last 60 minutes
 *    are kept); `due_at` = now + 60 minutes for an hourly reminder, the held pair's last alert + 60 minutes,
 *    or the person's next start (`nextStart`), the earliest of them;
 * 3. persons whose `due_at` passed and were not set again get their next start (scheduled start, next pass
 *    day's park-local midnight) or none; 4. the park's dirty persons are clean, due at their next start.
 * @returns the deliveries this call inserted (a racing caller's rows are not returned) and how many rows the
 * tick wrote (deliveries, re-armed, cleaned), so the caller can refresh statistics after large changes.
 */
export async function claimTick(db: Executor, i: TickInput, caps: DailyCaps): Promise<{ claimed: ClaimedAlert[]; touched: number }> {
  let touched = 0;
  const plan = await planTick(db, i);
  const rearm = plan.readings.filter((r) => r.changed && r.fresh && (r.status !== 'OPERATING' || r.wait !== null));
  if (rearm.length) {
    // Per threshold t, the attractions a person on t is re-armed for: not OPERATING, or a wait above t.
    // A wait w is above t for t = 0…w − 1: built over u = 60 − t (w counts from u = 61 − w), then reversed.
    const g = masksByThreshold(
      rearm.filter((r) => r.status !== 'OPERATING').map((r) => r.bit),
      rearm.flatMap((r) => (r.status === 'OPERATING' && r.wait !== null ? [{ bit: r.bit, wait: THRESHOLD_MAX_MINUTES + 1 - r.wait }] : [])),
    ).reverse();
    const r = await sql`${preparedIf(true)}
      with x as (
        select w.email, (${byThreshold('w', sql`${g[DEFAULT_THRESHOLD_MINUTES]}::bit(256)`, sql`${g}::bit(256)[]`)}) as mask
        from alert_watchers w
        where w.park_id = ${i.parkId} and w.armed_on = ${i.today}::date
      )
      update alert_watchers w set armed = w.armed | x.mask
      from x where w.park_id = ${i.parkId} and w.email = x.email and (x.mask & ~w.armed) <> ${Z}`.execute(db);
    touched += Number(r.numAffectedRows ?? 0);
  }
  if (!(await hasWork(db, i, plan))) return { claimed: [], touched };
  plan.steered = await parkHasSteering(db, i);
  const tick = String(i.now.getTime());
  const hourBucket = String(Math.floor(i.now.getTime() / 3_600_000));
  const { since } = plan;
  const { rows } = await sql<ClaimedAlert>`${preparedIf(plan.changed.length > 0)}
    with e as (${evaluation(i, plan)}),
    rides as (
      select a.bit, a.id, a.name, r.standby_wait
      from attractions a join ride_status r on r.attraction_id = a.id
      where a.park_id = ${i.parkId} and a.bit is not null
    ),
    pairs as (
      select e.email, e.channel, e.address, e.subscription_id, r.id as ride_id, r.name as ride_name, r.standby_wait as wait,
             case when get_bit(e.alert_r, r.bit) = 1 then 'ride_alert' else 'back_in_service' end as kind
      from e join rides r on get_bit(e.alert_r | e.bis_a, r.bit) = 1
    ),
    people as (select distinct email from pairs),
    used as (
      select d.email, d.channel, count(distinct d.message_key)::int as n
      from deliveries d join people p on p.email = d.email
      where d.created_at >= ${i.dayStart} and d.message_key is not null and d.status <> 'capped'
      group by d.email, d.channel
    ),
    ins as (
      insert into deliveries (dedup_key, kind, email, channel, address, park_id, ride_id, ride_name, wait_time, message,
                              subscription_id, status, message_key, created_at, key_month)
      select (case when e.kind = 'ride_alert' then 'ride:' else 'bis:' end) || e.email || ':' || e.ride_id || ':' || ${hourBucket},
             e.kind, e.email, e.channel, e.address, ${i.parkId}, e.ride_id, e.ride_name, e.wait,
             case when e.kind = 'ride_alert' then e.ride_name || ' has a ' || e.wait || ' min standby wait at ' || ${i.parkName} || '.'
                  else e.ride_name || ' is back in service at ' || ${i.parkName} || '.' end,
             e.subscription_id,
             case when coalesce(u.n, 0) >= (case when e.channel = 'sms' then ${caps.sms}::int else ${caps.email}::int end)
                  then 'capped' else 'queued' end,
             e.email || ':' || e.channel || ':' || ${i.parkId} || ':' || ${tick}, ${i.now},
             date_trunc('month', ${i.now}::timestamptz at time zone 'UTC')::date
      from pairs e left join used u on u.email = e.email and u.channel = e.channel
      on conflict (dedup_key, key_month) do nothing
      returning id, channel, status, message_key
    ),
    w2 as (
      select e.email, e.alert_r | e.bis_a as a, e.held, e.alert_r & e.hourly as hourly, e.armed,
             k.ticks, k.masks,
             (select min(at) from unnest(e.alert_ticks, e.alert_masks) u(at, am)
              where at > ${since}::timestamptz and (am & e.held) <> ${Z}) + make_interval(mins => ${REALERT_MINUTES}) as held_due
      from e cross join lateral (
        select coalesce(array_agg(at order by at desc), '{}') as ticks, coalesce(array_agg(am order by at desc), '{}') as masks
        from unnest(e.alert_ticks, e.alert_masks) u(at, am) where at > ${since}::timestamptz
      ) k
    ),
    upd as (
      update alert_watchers w set
        armed = case when x.a <> ${Z} then x.armed & ~x.a else w.armed end,
        armed_on = case when x.a <> ${Z} then ${i.today}::date else w.armed_on end,
        alert_ticks = case when x.a <> ${Z} then array[${i.now}::timestamptz] || x.ticks else w.alert_ticks end,
        alert_masks = case when x.a <> ${Z} then array[x.a] || x.masks else w.alert_masks end,
        due_at = least(
          case when x.hourly <> ${Z} then ${i.now}::timestamptz + make_interval(mins => ${REALERT_MINUTES}) end,
          x.held_due,
          case when w.due_at > ${i.now} then w.due_at end,
          ${nextStart('w', i, plan.steered)})
      from w2 x where w.park_id = ${i.parkId} and w.email = x.email
    )
    select id, channel, status, message_key as "messageKey" from ins`.execute(db);
  // A row looked at (due or dirty) keeps, as its due time, the next start that will make it alertable (a
  // scheduled start not reached yet, a later pass day): nothing else would wake it then.
  const due = await sql`update alert_watchers w set due_at = ${nextStart('w', i, plan.steered)}
    where w.park_id = ${i.parkId} and w.due_at <= ${i.now}`.execute(db);
  const clean = await sql`update alert_watchers w set dirty = false,
      due_at = least(case when w.due_at > ${i.now} then w.due_at end, ${nextStart('w', i, plan.steered)})
    where w.park_id = ${i.parkId} and w.dirty`.execute(db);
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
