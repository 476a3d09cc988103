/**
 * The alert engine (docs/DESIGN.md §2.3–2.5; the rules are docs/rules.md R1–R10 and R14): who gets which ride alert at a park's
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
 * The engine's pieces, in this folder: `tick.ts` (what a tick is given: the readings, the plan, the work probe),
 * `evaluation.ts` (who is alerted for what: the one query the claim and the preview share), `claim.ts` (the
 * `deliveries` rows), `state.ts` (the watchers' state: re-arm, lock, state written back, due and dirty settled),
 * `caps.ts` (the daily caps' settings), `masks.ts` (the `bit(256)` masks) and `alertSteering.ts` (mutes and
 * quiet hours); this file puts them together in the order below.
 *
 * The claim (`claimTick`), statement by statement, in the caller's transaction:
 * 0. `select … from attractions` (`planTick`) — the attraction bits, only when the poll did not pass them; and
 *    `select max(custom_t[…])` — the park's largest custom threshold, only when a changed qualifying wait is above
 *    the default (a wait above every threshold of the park changes nothing to evaluate; R1, docs/decisions/067).
 * 1. `select … from alert_park_disarmed`, then `update alert_watchers set armed` (`rearm`), only for attractions
 *    someone was alerted for today and not re-armed since (without any, the audience is not read) — re-arms the watched attractions whose changed fresh reading is
 *    not OPERATING or above the person's threshold: alert on the drop (R4).
 * 2. `select exists (…)` (`hasWork`) — a tick with no changed attraction and no dirty or due person stops here.
 * 2b. `select … for update` (`lockJudged`) — the park's dirty and due persons, locked until the tick commits (a change committed
 *    meanwhile would otherwise be cleared unjudged by 4 or 5).
 * 3. evaluate and claim, ONE statement (`evaluation`, `deliveryCtes`, `stateWriteCtes`): [`steered` (mutes and quiet hours of the park's persons — R16a, only
 *    when the park has any; ./alertSteering.ts)] → `candidates` (who is looked at, through `audienceFilters`: pass
 *    day and channel, scheduled start — R7; their short and back-in-service masks cut to what `steered` allows) →
 *    `wanting` (short at the person's own threshold and armed, or hourly — R1, R4, R5) → `judged` (minus the last hour's alerts — R5; back in service — R6) → `rides` → `pairs` (one row
 *    per person and attraction) → `messages_today` (the daily cap — R10) → `inserted` into `deliveries`, once
 *    per person, attraction, kind and hour (R8), one message key per person, channel and tick (R9), the history
 *    sentence from the domain template (R14) → `next_state` → `park_disarmed` (the park's attractions alerted
 *    today, for step 1) → `written` back to `alert_watchers` (disarm — R4;
 *    the last hour's alerts — R5; the next `due_at` — R5, R7).
 * 4. `update alert_watchers set due_at` (`settleJudged`) — of those locked in 2b, persons whose `due_at` passed and were not set
 *    again get their next start (scheduled start, next pass day's park-local midnight) or none (R7).
 * 5. `update alert_watchers set dirty = false` (`settleJudged`) — the dirty persons locked in 2b are clean, due at their next
 *    start (R7).
 */
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../client.ts';
import type { Database } from '../types.ts';
import { parkHasSteering } from './alertSteering.ts';
import type { DailyCaps } from './caps.ts';
import { deliveryCtes } from './claim.ts';
import { evaluation } from './evaluation.ts';
import { lockJudged, rearm, settleJudged, stateWriteCtes } from './state.ts';
import { type ClaimedAlert, hasWork, planTick, preparedIf, type TickInput } from './tick.ts';

export { type DailyCaps, getDailyCaps, setDailyCaps } from './caps.ts';
export type { AttractionReading, ClaimedAlert, TickInput } from './tick.ts';

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
 * docs/DESIGN.md §2.3–2.4 evaluate + claim for one park tick, in the caller's transaction; its statements are listed
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
  const lockedEmails = await lockJudged(db, input);
  const { rows } = await sql<ClaimedAlert>`${preparedIf(plan.changed.length > 0)}
    with judged as (${evaluation(input, plan)}),
    ${deliveryCtes(input, caps)},
    ${stateWriteCtes(input, plan)}
    select id, channel, status, message_key as "messageKey" from inserted`.execute(db);
  touched += rows.length + (await settleJudged(db, input, plan, lockedEmails));
  return { claimed: rows, touched };
}

/**
 * Tries to take the park's tick lock for the rest of the transaction `tx` (`pg_try_advisory_xact_lock`: released
 * at commit or rollback, never by hand, so it is safe behind a transaction-mode pooler such as PgBouncer, where
 * consecutive statements outside a transaction may run on different server connections). docs/DESIGN.md §2: at most one
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
 * After a large tick (docs/DESIGN.md §2.4: stale statistics once made a tick run for minutes): refreshes the planner
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
