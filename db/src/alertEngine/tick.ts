/**
 * What a tick of the alert engine is given and works out once (docs/DESIGN.md §2.3): the poll's readings, the tick's
 * plan (the readings with their attraction bits, the changed ones, the 60-minute window) and the work probe.
 */
import { DEFAULT_THRESHOLD_MINUTES, REALERT_MINUTES, THRESHOLD_MAX_MINUTES } from '@walkon/domain/rules/alerts';
import type { AttractionVerdict } from '@walkon/domain/rules/readings';
import { sql } from 'kysely';
import { type Executor, PREPARED } from '../client.ts';
import type { AlertChannel } from '../types.ts';

/**
 * One attraction's reading at this poll, as the evaluation needs it (docs/DESIGN.md §2.3), decided in the poll from
 * the upstream evidence by docs/rules.md R2–R3 (`domain/src/rules/liveData.ts`): `fresh` = the park's feed is
 * live (its newest `lastUpdated`, stamps more than 2 minutes ahead ignored, at most 15 minutes before the poll)
 * and the reading was confirmed today (its own `lastUpdated` on the park-local date of the poll and at most 2
 * minutes in the future; docs/decisions/036); `qualifies` = OPERATING, fresh, 0 < wait, inside hours and not in
 * their last 15 minutes, park entity not CLOSED (the per-person threshold is applied in SQL);
 * `backInService` = DOWN → OPERATING confirmed on this poll (R6); `changed` = status, wait or lastUpdated differ
 * from the previous poll.
 */
export interface AttractionReading extends AttractionVerdict {
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

/** An attraction's reading with its bit in the park's masks. */
export type BitReading = AttractionReading & { bit: number };

/** What a tick's statements share, worked out once per call (`planTick`). */
export interface TickPlan {
  /** The readings of attractions that can alert (with a bit), from the poll, else bits read from `attractions`. */
  readings: BitReading[];
  /**
   * The attractions whose reading changed at this poll and can alert someone: qualifying with a wait at or under
   * the largest threshold of a watch of the park (`topThreshold`: the default 15 minutes, or a larger custom one,
   * at most 60), or back in service.
   */
  changed: BitReading[];
  /** Start of the 60-minute window of the re-alert rule (UTC, docs/rules.md R5). */
  since: Date;
  /** The park's largest threshold (`topThreshold`, minutes) when this call has read it. */
  top?: number;
  /** Someone of the park has a mute or quiet hours (`parkHasSteering`, docs/rules.md R16a); set once there is work. */
  steered?: boolean;
  /**
   * Judge this one person only, against every verdict, as if they were due (`previewPerson`: what the next tick
   * would claim for them); the claim never sets it.
   */
  only?: string;
}

/**
 * Marks a tick's statement as prepared once per connection (`PREPARED`) when attractions changed: it scans the
 * park's audience, and sent unnamed it took about 0.8 ms longer at 1,000 persons (parse, analysis), as much as
 * running it. A tick without changed attractions reads only dirty or due persons, whose best plan (the partial
 * indexes) depends on the values, so it stays an unnamed statement planned with them.
 */
export const preparedIf = (changed: boolean) => sql.raw(changed ? PREPARED : '');

/**
 * The largest threshold (minutes) of any watch of the park (docs/rules.md R1): the default 15, or the largest custom
 * threshold of the park's audience (`custom_t` is ascending; one probe of `alert_watchers_top_threshold_idx`,
 * migration 0048). A qualifying wait above it is short for nobody.
 */
export async function topThreshold(db: Executor, parkId: string): Promise<number> {
  const { rows } = await sql<{ top: number | null }>`
    select max(custom_t[cardinality(custom_t)]) as top from alert_watchers where park_id = ${parkId} and cardinality(custom_t) > 0`.execute(
    db,
  );
  return Math.max(DEFAULT_THRESHOLD_MINUTES, rows[0]?.top ?? 0);
}

/**
 * The smallest threshold (minutes) of any watch of the park (docs/rules.md R1, R4): the default 15, or a smaller
 * custom threshold of the park's audience (`custom_t[1]`; one probe of `alert_watchers_bottom_threshold_idx`,
 * migration 0048). An OPERATING wait at or under it is short for everyone, so it re-arms nobody.
 */
export async function bottomThreshold(db: Executor, parkId: string): Promise<number> {
  const { rows } = await sql<{ bottom: number | null }>`
    select min(custom_t[1]) as bottom from alert_watchers where park_id = ${parkId} and cardinality(custom_t) > 0`.execute(db);
  return Math.min(DEFAULT_THRESHOLD_MINUTES, rows[0]?.bottom ?? DEFAULT_THRESHOLD_MINUTES);
}

/**
 * Statement 0 of the claim: the tick's readings with their attraction bits (read from `attractions` only when
 * the poll did not pass them), the changed ones among them (docs/DESIGN.md §2.3), and the 60-minute window (R5).
 * A changed qualifying wait above the default threshold is kept only when a watch's custom threshold reaches it
 * (`topThreshold`, asked only then): a re-stamped 40-minute ride makes the tick read no audience row unless
 * someone's threshold is 40 or more (docs/decisions/067). A person whose threshold changes meanwhile is dirty,
 * and a dirty person is judged against every reading.
 */
export async function planTick(db: Executor, input: TickInput): Promise<TickPlan> {
  let bits: Map<string, number | null> | null = null;
  if (input.readings.some((r) => r.bit === undefined)) {
    const rows = await db.selectFrom('attractions').select(['id', 'bit']).where('park_id', '=', input.parkId).execute();
    bits = new Map(rows.map((r) => [r.id, r.bit ?? null]));
  }
  const readings = input.readings
    .map((r) => ({ ...r, bit: (r.bit === undefined ? bits?.get(r.rideId) : r.bit) ?? null }))
    .filter((r): r is BitReading => r.bit !== null);
  const qualifyingChange = (r: BitReading, top: number) => r.changed && r.qualifies && r.wait !== null && r.wait <= top;
  const read = readings.some((r) => qualifyingChange(r, THRESHOLD_MAX_MINUTES) && r.wait! > DEFAULT_THRESHOLD_MINUTES)
    ? await topThreshold(db, input.parkId)
    : undefined;
  const top = read ?? DEFAULT_THRESHOLD_MINUTES;
  const changed = readings.filter((r) => qualifyingChange(r, top) || (r.changed && r.backInService));
  return { readings, changed, since: new Date(input.now.getTime() - REALERT_MINUTES * 60_000), top: read };
}

/**
 * Statement 2 of the claim: whether a tick has anything to evaluate — a changed attraction, or a dirty or due
 * person of the park (docs/rules.md R7). A quiet tick (neither) costs this one index probe instead of the
 * evaluation.
 */
export async function hasWork(db: Executor, input: TickInput, plan: TickPlan): Promise<boolean> {
  if (plan.changed.length) return true;
  const { rows } = await sql<{ has_work: boolean }>`
    select exists (select 1 from alert_watchers where park_id = ${input.parkId} and (dirty or due_at <= ${input.now})) as has_work`.execute(
    db,
  );
  return rows[0]?.has_work === true;
}
