import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './types.ts';

// `date` columns stay 'YYYY-MM-DD' strings: they are park-local calendar dates, not instants.
pg.types.setTypeParser(1082, (v: string) => v);
// `date[]` likewise: '{2026-11-22,2026-11-23}' → ['2026-11-22', '2026-11-23'] (dates never need quoting).
pg.types.setTypeParser(1182 as 1082, (v: string) => (v === '{}' ? [] : v.slice(1, -1).split(',')));
// bigint counts (count(*)) come back as JS numbers; our counts stay far below 2^53.
pg.types.setTypeParser(20, (v: string) => Number.parseInt(v, 10));

/** The default connection string when `DATABASE_URL` is not set (local trust-auth PostgreSQL). */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/walkon';

/** Kysely's client and transaction types, for the packages above db/ that hold a client (they never build queries). */
export type { Kysely, Transaction };

/** A Kysely instance or an open transaction: repositories take this first. */
export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The first line of a statement the connection prepares once and re-executes (a named prepared statement per
 * connection: parsed once, then PostgreSQL's plan cache decides when to re-plan). For the statements every park
 * tick runs (the alert evaluation, docs/DESIGN.md §2.3), where preparing them costs as much as running them.
 */
export const PREPARED = '/* prepared */';

/** A pg client that runs statements starting with `PREPARED` as named statements (name = hash of the text). */
class PreparingClient extends pg.Client {
  // `any` as in pg's own overloads of query(); only the (text, values) form is changed.
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && config.startsWith(PREPARED)) {
      const name = `w_${createHash('sha1').update(config).digest('hex').slice(0, 20)}`;
      return super.query({ name, text: config, values }, callback);
    }
    return super.query(config, values, callback);
  }
}

/**
 * Creates a Kysely client over a pg pool.
 * @param connectionString postgres URL (e.g. `DATABASE_URL`)
 * @param max pool size (default 10)
 */
export function createDb(connectionString: string, max = 10): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString, max, Client: PreparingClient }) }),
  });
}

/** One round trip to PostgreSQL (`select 1`), for health checks. @throws the driver's error when the database does not answer. */
export async function ping(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
