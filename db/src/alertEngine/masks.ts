import { THRESHOLD_MAX_MINUTES } from '@walkon/domain/rules/alerts';
import { type RawBuilder, sql } from 'kysely';

/**
 * The audience masks of the alert engine (docs/DESIGN.md §2.3 "The audience"): every per-attraction fact of a person —
 * watched, on the default threshold, on a custom threshold, hourly, back in service, armed, alerted in the last
 * hour — is a `bit(256)` over the park's attraction bits (`attractions.bit`, 0–255). A tick's verdicts are masks
 * too, so a person's alerts are a few bit operations on one `alert_watchers` row.
 *
 * Masks travel to PostgreSQL as text in its hex input form: 'x' + 64 hex digits, attraction bit b = bit
 * (7 − b mod 8) of byte ⌊b / 8⌋, the order PostgreSQL's `get_bit(mask, b)` reads.
 */

/** Attractions per park an audience mask can hold (`bit(256)`, docs/DESIGN.md §2.3 "The audience"). */
export const MASK_BITS = 256;

/** SQL: the mask with no attraction (a person row's "nothing"). */
export const EMPTY_MASK: RawBuilder<unknown> = sql.raw(`B'0'::bit(256)`);
/** SQL: the mask with every attraction (the armed state a person starts each park-local day with, R4). */
export const FULL_MASK: RawBuilder<unknown> = sql.raw(`~B'0'::bit(256)`);

/** SQL: the mask holding attraction bit `bit` alone (a SQL integer expression, e.g. `attraction.bit`). */
export const maskOfBit = (bit: RawBuilder<unknown>): RawBuilder<unknown> => sql`set_bit(${EMPTY_MASK}, ${bit}, 1)`;

/** A mask under construction: 32 bytes, attraction bit b in byte b >> 3 at 0x80 >> (b & 7). */
type MaskBytes = Uint8Array;

const emptyBytes = (): MaskBytes => new Uint8Array(MASK_BITS / 8);

/** PostgreSQL's hex input form of a mask ('x' + 64 hex digits), to be cast `::bit(256)`. */
function toLiteral(m: MaskBytes): string {
  return `x${Buffer.from(m).toString('hex')}`;
}

/** Sets attraction bit `b` in `m`; false when it was set already or lies outside 0–255 (then ignored). */
function addBit(m: MaskBytes, b: number): boolean {
  if (!Number.isInteger(b) || b < 0 || b >= MASK_BITS || m[b >> 3]! & (0x80 >> (b & 7))) return false;
  m[b >> 3]! |= 0x80 >> (b & 7);
  return true;
}

/**
 * The mask of the given attraction bits, as a `bit(256)` literal ('x' + 64 hex digits). Bits outside 0–255 are
 * ignored (an attraction without a bit cannot alert).
 */
export function maskOf(bits: Iterable<number>): string {
  const m = emptyBytes();
  for (const b of bits) addBit(m, b);
  return toLiteral(m);
}

/** An attraction's bit with a wait in minutes (an attraction's reading, or a wait turned into an offset). */
export interface BitWait {
  bit: number;
  /** Minutes. */
  wait: number;
}

/**
 * Per threshold t = 0…THRESHOLD_MAX_MINUTES (array index t, SQL index t + 1), the mask of the attractions that
 * are short for a person on threshold t (docs/rules.md R1): every bit of `always`, and each of `waits` whose
 * wait is at most t. A literal is encoded only where the mask changes (at most once per distinct wait), so a
 * tick encodes a few masks, not 61.
 * @returns THRESHOLD_MAX_MINUTES + 1 `bit(256)` literals.
 */
export function shortMasksByThreshold(always: Iterable<number>, waits: readonly BitWait[]): string[] {
  const m = emptyBytes();
  for (const b of always) addBit(m, b);
  const byWait = [...waits].sort((a, b) => a.wait - b.wait);
  const out: string[] = [];
  let next = 0;
  let literal = '';
  for (let t = 0; t <= THRESHOLD_MAX_MINUTES; t++) {
    let grew = t === 0;
    for (; next < byWait.length && byWait[next]!.wait <= t; next++) grew = addBit(m, byWait[next]!.bit) || grew;
    if (grew) literal = toLiteral(m);
    out.push(literal);
  }
  return out;
}

/**
 * Per threshold t = 0…THRESHOLD_MAX_MINUTES (array index t), the mask of the attractions that are NOT short for a
 * person on threshold t (docs/rules.md R4, the re-arm): every bit of `always` (not OPERATING), and each of
 * `waits` whose wait is above t. Built as `shortMasksByThreshold` over u = THRESHOLD_MAX_MINUTES − t, where a
 * wait w counts from u = THRESHOLD_MAX_MINUTES + 1 − w, then reversed.
 * @returns THRESHOLD_MAX_MINUTES + 1 `bit(256)` literals.
 */
export function aboveMasksByThreshold(always: Iterable<number>, waits: readonly BitWait[]): string[] {
  return shortMasksByThreshold(
    always,
    waits.map((r) => ({ bit: r.bit, wait: THRESHOLD_MAX_MINUTES + 1 - r.wait })),
  ).reverse();
}

/**
 * SQL: the attractions of person row `row` (an `alert_watchers` alias) that a per-threshold verdict holds for,
 * each watch at its own threshold (docs/rules.md R1): the default-threshold watches (`plain`) against
 * `atDefaultThreshold` (a `bit(256)` expression), each custom threshold's watches (`custom_t[k]` → `custom_m[k]`)
 * against its entry of `byThreshold` (a `bit(256)[]` expression, SQL index t + 1). The common person with no
 * custom threshold costs no subquery.
 */
export function atOwnThresholds(
  row: string,
  atDefaultThreshold: RawBuilder<unknown>,
  byThreshold: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const w = sql.raw(row);
  return sql`(${w}.plain & ${atDefaultThreshold}) | case when cardinality(${w}.custom_t) = 0 then ${EMPTY_MASK}
     else (select bit_or(custom_mask & (${byThreshold})[custom_threshold + 1])
           from unnest(${w}.custom_t, ${w}.custom_m) u(custom_threshold, custom_mask)) end`;
}
