import { DEFAULT_DAILY_CAPS, DEFAULT_THRESHOLD_MINUTES, REALERT_MINUTES, THRESHOLD_MAX_MINUTES } from '@walkon/domain/rules/alerts';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { AlertChannel } from '../types.ts';
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
 * The evaluation (DESIGN §2.3) as one SQL fragment over this poll's readings and the audience rows: the pairs
 * of the attractions whose reading changed at this poll and can alert anyone (qualifying with a wait of at most
 * THRESHOLD_MAX_MINUTES, or back in service; taken from `i.readings`, the verdicts the poll just stored in
 * `ride_status`), plus (disjoint) the park's dirty pairs (watch, pass or subscription changed since the last
 * tick) and the pairs due again (held back by the 60-minute rule, or hourly reminders), which read the stored
 * verdicts of `ride_status`. Yields one row per (person, attraction) that alerts now (`kind` ride_alert or
 * back_in_service) or that qualifies but is held by the 60-minute rule (`held`). Rules: the pair's pass day
 * for `today` (channel of the day from the audience row's `sms_days` / `email_days`; SMS only with a phone
 * number); subscription started; reading qualifies and wait ≤ threshold (default 15); armed (or
 * remind_hourly); nothing of that attraction to that person in the last 60 minutes. Back in service: the
 * watch asks for it and nothing of that attraction in the last 60 minutes.
 */
function evaluation(i: TickInput) {
  const pairColumns = sql`a.email, a.ride_id, a.subscription_id, a.phone_number, a.remind_hourly, a.back_in_service, a.starts_at,
           a.threshold_minutes, a.armed, a.armed_on, a.last_alert_at, a.email_days, a.sms_days, r.standby_wait, r.qualified,
           r.back_in_service_event`;
  // The attractions whose reading changed at this poll and can alert someone: qualifying with a wait no
  // watch's threshold can be under (the threshold is at most 60 minutes), or back in service.
  const changed = i.readings.filter(
    (r) => r.changed && ((r.qualifies && r.wait !== null && r.wait <= THRESHOLD_MAX_MINUTES) || r.backInService),
  );
  return sql`
    with pairs as (
      select ${pairColumns}, x.name as ride_name
      from ride_status r join attractions x on x.id = r.attraction_id
      join alert_audience a on a.ride_id = r.attraction_id
      where r.attraction_id = any(${changed.map((r) => r.rideId)}::text[])
      union all
      select ${pairColumns}, x.name as ride_name
      from alert_audience a join ride_status r on r.attraction_id = a.ride_id join attractions x on x.id = r.attraction_id
      where a.park_id = ${i.parkId} and (a.dirty or a.due_at <= ${i.now})
        and r.attraction_id <> all(${changed.map((r) => r.rideId)}::text[])
        and (r.qualified or r.back_in_service_event)
    ),
    x as (
      select a.email, a.ride_id, a.subscription_id, a.phone_number, a.remind_hourly, a.back_in_service, a.ride_name,
             a.standby_wait as wait, a.back_in_service_event as bis,
             a.qualified and a.standby_wait <= coalesce(a.threshold_minutes, ${DEFAULT_THRESHOLD_MINUTES}) as short,
             (a.armed or a.armed_on is distinct from ${i.today}::date) as armed,
             coalesce(a.last_alert_at > ${i.now}::timestamptz - make_interval(mins => ${REALERT_MINUTES}), false) as recent,
             case when ${i.today}::date = any(a.sms_days) then 'sms' when ${i.today}::date = any(a.email_days) then 'email' end as channel
      from pairs a
      where a.starts_at is null or a.starts_at <= ${i.now}
    )
    select x.email, x.ride_id, x.ride_name, x.wait, x.subscription_id, x.channel,
           case when x.channel = 'sms' then x.phone_number else x.email end as address,
           case when x.short and (x.armed or x.remind_hourly) then (case when x.recent then 'held' else 'ride_alert' end)
                else 'back_in_service' end as kind
    from x
    where x.channel is not null and (x.channel = 'email' or x.phone_number is not null)
      and ((x.short and (x.armed or x.remind_hourly)) or (x.bis and x.back_in_service and not x.recent))`;
}

/**
 * Counts what the evaluation decides for a tick without claiming anything (benchmarks, diagnostics): the
 * same statement the claim runs, counted inside PostgreSQL.
 */
export async function countEvaluation(db: Executor, i: TickInput): Promise<{ alerts: number; held: number }> {
  const { rows } = await sql<{ alerts: number; held: number }>`
    select count(*) filter (where kind <> 'held')::int as alerts, count(*) filter (where kind = 'held')::int as held
    from (${evaluation(i)}) e`.execute(db);
  return rows[0] ?? { alerts: 0, held: 0 };
}

/**
 * DESIGN §2.3–2.4 evaluate + claim for one park tick, in the caller's transaction, in four statements:
 * 1. re-arm: pairs of the changed attractions whose fresh reading is not OPERATING or above the person's
 *    threshold are armed again (alert on the drop);
 * 2. evaluate and claim in ONE statement: the alerting pairs are inserted into `deliveries`
 *    (`ON CONFLICT (dedup_key) DO NOTHING`, key per person, attraction, kind and hour) with one `message_key`
 *    per person, channel and tick; when the person already had their daily cap of messages on that channel
 *    today (`caps`, counted in `deliveries`), the whole message is recorded as `capped` instead of `queued`;
 *    alerted pairs are disarmed with `last_alert_at = now` (an hourly reminder is due again in 60 minutes);
 *    held pairs get `due_at` = last alert + 60 minutes;
 * 3. pairs whose `due_at` passed and were not set again lose it; 4. the park's dirty pairs are clean.
 * @returns the deliveries this call inserted (a racing caller's rows are not returned) and how many audience
 * rows the tick wrote (re-armed, disarmed, cleaned), so the caller can refresh statistics after large changes.
 */
export async function claimTick(db: Executor, i: TickInput, caps: DailyCaps): Promise<{ claimed: ClaimedAlert[]; touched: number }> {
  let touched = 0;
  const rearm = i.readings.filter((r) => r.changed && r.fresh && (r.status !== 'OPERATING' || r.wait !== null));
  if (rearm.length) {
    const r = await sql`
      update alert_audience a set armed = true, armed_on = ${i.today}::date
      from unnest(${rearm.map((r) => r.rideId)}::text[], ${rearm.map((r) => r.status)}::text[], ${rearm.map((r) => r.wait)}::int[])
           as r(ride_id, status, wait)
      where a.ride_id = r.ride_id and not a.armed and a.armed_on = ${i.today}::date
        and (r.status <> 'OPERATING' or r.wait > coalesce(a.threshold_minutes, ${DEFAULT_THRESHOLD_MINUTES}))`.execute(db);
    touched += Number(r.numAffectedRows ?? 0);
  }
  const tick = String(i.now.getTime());
  const hourBucket = String(Math.floor(i.now.getTime() / 3_600_000));
  const { rows } = await sql<ClaimedAlert>`
    with e as (${evaluation(i)}),
    people as (select distinct email from e where kind <> 'held'),
    used as (
      select d.email, d.channel, count(distinct d.message_key)::int as n
      from deliveries d join people p on p.email = d.email
      where d.created_at >= ${i.dayStart} and d.message_key is not null and d.status <> 'capped'
      group by d.email, d.channel
    ),
    ins as (
      insert into deliveries (dedup_key, kind, email, channel, address, park_id, ride_id, ride_name, wait_time, message,
                              subscription_id, status, message_key, created_at)
      select (case when e.kind = 'ride_alert' then 'ride:' else 'bis:' end) || e.email || ':' || e.ride_id || ':' || ${hourBucket},
             e.kind, e.email, e.channel, e.address, ${i.parkId}, e.ride_id, e.ride_name, e.wait,
             case when e.kind = 'ride_alert' then e.ride_name || ' has a ' || e.wait || ' min standby wait at ' || ${i.parkName} || '.'
                  else e.ride_name || ' is back in service at ' || ${i.parkName} || '.' end,
             e.subscription_id,
             case when coalesce(u.n, 0) >= (case when e.channel = 'sms' then ${caps.sms}::int else ${caps.email}::int end)
                  then 'capped' else 'queued' end,
             e.email || ':' || e.channel || ':' || ${i.parkId} || ':' || ${tick}, ${i.now}
      from e left join used u on u.email = e.email and u.channel = e.channel
      where e.kind <> 'held'
      on conflict (dedup_key) do nothing
      returning id, channel, status, message_key
    ),
    alerted as (
      update alert_audience a
      set armed = false, armed_on = ${i.today}::date, last_alert_at = ${i.now},
          due_at = case when a.remind_hourly then ${i.now}::timestamptz + make_interval(mins => ${REALERT_MINUTES}) end
      from e where e.kind <> 'held' and a.ride_id = e.ride_id and a.email = e.email
    ),
    held as (
      update alert_audience a set due_at = a.last_alert_at + make_interval(mins => ${REALERT_MINUTES})
      from e where e.kind = 'held' and a.ride_id = e.ride_id and a.email = e.email
    )
    select id, channel, status, message_key as "messageKey" from ins`.execute(db);
  const due = await sql`update alert_audience set due_at = null where park_id = ${i.parkId} and due_at <= ${i.now}`.execute(db);
  const clean = await sql`update alert_audience set dirty = false where park_id = ${i.parkId} and dirty`.execute(db);
  touched += rows.length + Number(due.numAffectedRows ?? 0) + Number(clean.numAffectedRows ?? 0);
  return { claimed: rows, touched };
}

/**
 * Tries to take the park's tick lock on this connection (a session-level PostgreSQL advisory lock, released
 * by `unlockParkTick` or when the connection closes — a killed worker never leaves it held). DESIGN §2:
 * at most one tick per park at a time, across every worker.
 */
export async function tryLockParkTick(db: Executor, parkId: string): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(hashtext('walkon:tick'), hashtext(${parkId})) as ok`.execute(db);
  return rows[0]?.ok === true;
}

/** Releases the park's tick lock taken by `tryLockParkTick` on the same connection. */
export async function unlockParkTick(db: Executor, parkId: string): Promise<void> {
  await sql`select pg_advisory_unlock(hashtext('walkon:tick'), hashtext(${parkId}))`.execute(db);
}

/**
 * After a large tick (DESIGN §2.4: stale statistics once made a tick run for minutes): refreshes the planner
 * statistics of `deliveries` and vacuums + analyzes `alert_audience` (a mass re-arm or clean leaves dead index
 * entries in its partial indexes that a quiet tick would otherwise walk). Not inside a transaction.
 */
export async function analyzeHotTables(db: Executor): Promise<void> {
  await sql`analyze deliveries`.execute(db);
  await sql`vacuum (analyze) alert_audience`.execute(db);
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
