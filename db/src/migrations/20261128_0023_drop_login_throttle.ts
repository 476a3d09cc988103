import type { Kysely } from 'kysely';

/**
 * `login_throttle` held the promo-guess lock (a read-then-write per client, cleared by a valid code), the last
 * abuse counter in PostgreSQL. Every limit now lives in Redis (server/src/security/, docs/decisions/023), so the table
 * goes. Its rows were short-lived locks: nothing is carried over.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttle').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();
}
