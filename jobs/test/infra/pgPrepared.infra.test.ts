import { createDb, PREPARED, PREPARED_UNSUPPORTED } from '@walkon/db';
import { createWorkerDatabase } from '@walkon/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgBouncer, startPgBouncer } from './components.ts';

// docs/OPERATIONS.md "PostgreSQL and PgBouncer": the default PG_PREPARED=on behind Debian's PgBouncer 1.18 in
// transaction mode (no prepared-statement support). The pool names the problem once, with the setting to change,
// and then runs without named statements instead of failing statement after statement.
let pgb: PgBouncer;
let dbName: string;

beforeAll(async () => {
  const url = await createWorkerDatabase(`pgprep${process.pid}`);
  dbName = new URL(url).pathname.slice(1);
  pgb = await startPgBouncer({ poolSize: 3 });
}, 120_000);

afterAll(async () => {
  await pgb?.stop();
});

/** One transaction on its own pool connection running a named statement and holding its server connection briefly. */
const tick = (db: ReturnType<typeof createDb>, k: number) =>
  db.transaction().execute(async (tx) => {
    await sql.raw(`${PREPARED}\nselect ${k % 3}::int + 1 as n, pg_sleep(0.01)`).execute(tx);
    await sql`${sql.raw(PREPARED)} select 1 as one`.execute(tx);
  });

describe('PG_PREPARED=on behind a pooler that cannot keep prepared statements', () => {
  it('is named once in one sentence with the setting to change, and the pool then works without named statements', async () => {
    const told: string[] = [];
    const db = createDb(pgb.url(dbName), { max: 8, prepared: true, onPreparedUnsupported: (s) => told.push(s) });
    try {
      // Concurrent transactions over 3 server connections: a statement prepared on one is missing on (or already on)
      // another. Rounds until the pooler shows it; each round's failures are what the old pool produced every tick.
      let failures = 0;
      for (let round = 0; round < 20 && told.length === 0; round++) {
        const results = await Promise.allSettled(Array.from({ length: 16 }, (_, k) => tick(db, k)));
        failures += results.filter((r) => r.status === 'rejected').length;
      }
      expect(told).toEqual([PREPARED_UNSUPPORTED]);
      expect(failures).toBeGreaterThan(0);
      expect(PREPARED_UNSUPPORTED).toMatch(/set PG_PREPARED=off/);
      // From then on: 5 rounds of the same load, nothing fails, nothing more is said.
      for (let round = 0; round < 5; round++) {
        const results = await Promise.allSettled(Array.from({ length: 16 }, (_, k) => tick(db, k)));
        expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      }
      expect(told).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
