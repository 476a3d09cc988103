import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../client.ts';
import { TEST_ADMIN_URL } from '../testing.ts';
import type { Database } from '../types.ts';
import { atOwnThresholds, EMPTY_MASK, FULL_MASK, maskOf, shortMasksByThreshold } from './masks.ts';

let db: Kysely<Database>;
beforeAll(() => {
  db = createDb(TEST_ADMIN_URL, 1);
});
afterAll(async () => db.destroy());

/** The bits PostgreSQL reads as set in a `bit(256)` expression. */
async function bitsOf(mask: ReturnType<typeof sql>): Promise<number[]> {
  const { rows } = await sql<{ b: number }>`
    select b from generate_series(0, 255) b where get_bit((${mask})::bit(256), b) = 1 order by b`.execute(db);
  return rows.map((r) => r.b);
}

describe('the masks as PostgreSQL reads them (docs/DESIGN.md §2.3 "The audience")', () => {
  it('get_bit(maskOf(bits), b) is 1 exactly for the given bits', async () => {
    expect(await bitsOf(sql`${maskOf([0, 7, 8, 130, 255])}`)).toEqual([0, 7, 8, 130, 255]);
    expect(await bitsOf(EMPTY_MASK)).toEqual([]);
    expect(await bitsOf(FULL_MASK)).toHaveLength(256);
  });
  it('atOwnThresholds judges default-threshold watches at 15 and each custom watch at its own threshold', async () => {
    // Readings: bit 1 at 5 min, bit 2 at 20 min, bit 3 at 45 min. The person watches bits 1 and 2 on the default
    // threshold (15), bit 3 at 50 and bit 4 (no reading) at 30: short for them are bits 1 and 3.
    const byThreshold = shortMasksByThreshold(
      [],
      [
        { bit: 1, wait: 5 },
        { bit: 2, wait: 20 },
        { bit: 3, wait: 45 },
      ],
    );
    const row = sql`(select ${maskOf([1, 2])}::bit(256) as plain, ${[30, 50]}::int[] as custom_t,
                            ${[maskOf([4]), maskOf([3])]}::bit(256)[] as custom_m) w`;
    const short = atOwnThresholds('w', sql`${byThreshold[15]}::bit(256)`, sql`${byThreshold}::bit(256)[]`);
    expect(await bitsOf(sql`select ${short} from ${row}`)).toEqual([1, 3]);
    const plainOnly = sql`(select ${maskOf([1, 2])}::bit(256) as plain, '{}'::int[] as custom_t, '{}'::bit(256)[] as custom_m) w`;
    expect(await bitsOf(sql`select ${short} from ${plainOnly}`)).toEqual([1]);
  });
});
