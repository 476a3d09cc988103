import { createHash } from 'node:crypto';
import { ENV_DEFAULTS } from '@walkon/domain/env';
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
export const DEFAULT_DATABASE_URL: string = ENV_DEFAULTS.DATABASE_URL;

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

/**
 * The sentence an operator reads when the connection's pooler loses prepared statements (docs/OPERATIONS.md
 * "PostgreSQL and PgBouncer"): names the setting to change.
 */
export const PREPARED_UNSUPPORTED =
  'DATABASE_URL goes through a pooler that cannot keep prepared statements (PgBouncer in transaction mode before 1.21, or max_prepared_statements = 0): set PG_PREPARED=off, or max_prepared_statements = 200 in PgBouncer 1.21+; until then this process runs without them (docs/OPERATIONS.md "PostgreSQL and PgBouncer").';

/**
 * Whether `err` is what a transaction-mode pooler without prepared-statement support makes of a named statement:
 * prepared on one server connection, then missing (SQLSTATE 26000) or already there (42P05) on the next.
 */
export function isPoolerPreparedError(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '42P05' || code === '26000';
}

/**
 * A pg client class that runs statements starting with `PREPARED` as named statements (name = hash of the text)
 * while `state.named` holds. The first pooler error (isPoolerPreparedError) turns `state.named` off for the whole
 * pool — every later statement runs unnamed, as with PG_PREPARED=off — and calls `onUnsupported` once with
 * PREPARED_UNSUPPORTED; the failing statement's error is still thrown (its transaction is aborted; its job retries).
 */
function preparingClient(state: { named: boolean }, onUnsupported: (sentence: string) => void): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    // `any` as in pg's own overloads of query(); only the (text, values) form is changed.
    override query(config: any, values?: any, callback?: any): any {
      if (state.named && typeof config === 'string' && config.startsWith(PREPARED) && typeof callback !== 'function') {
        const name = `w_${createHash('sha1').update(config).digest('hex').slice(0, 20)}`;
        return (super.query({ name, text: config, values }) as Promise<unknown>).catch((err: unknown) => {
          if (isPoolerPreparedError(err) && state.named) {
            state.named = false;
            onUnsupported(PREPARED_UNSUPPORTED);
          }
          throw err;
        });
      }
      return super.query(config, values, callback);
    }
  };
}

/** How `createDb` builds its pool (settings DB_POOL_MAX and PG_PREPARED, docs/OPERATIONS.md "PgBouncer"). */
export interface DbOptions {
  /** Connections in the pool (default 10). */
  max?: number;
  /**
   * Whether `PREPARED` statements run as named prepared statements (default true). False behind a
   * transaction-mode pooler without prepared-statement support (PgBouncer < 1.21, or `max_prepared_statements`
   * = 0): a named statement prepared on one server connection would be missing, or already exist, on the next.
   */
  prepared?: boolean;
  /**
   * Told once, with PREPARED_UNSUPPORTED, when the pooler turns out not to keep prepared statements (the pool then
   * runs without them); default: a line on stderr.
   */
  onPreparedUnsupported?: (sentence: string) => void;
  /** Told about an idle connection's error (the connection is dropped; nothing else to do but log it). */
  onIdleError?: (err: Error) => void;
}

/** The pools `createDb` built, by client, for the pool gauges (total, idle, waiting). */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The pg pool under a client built by `createDb` (undefined for others), for metrics: totalCount, idleCount, waitingCount. */
export function poolOf(db: Kysely<Database>): pg.Pool | undefined {
  return pools.get(db);
}

/**
 * Creates a Kysely client over a pg pool.
 * @param connectionString postgres URL (e.g. `DATABASE_URL`)
 * @param options pool size and prepared statements (a number = pool size, as before); behind a pooler that loses
 *   named statements the pool falls back to unnamed ones after the first error (onPreparedUnsupported)
 */
export function createDb(connectionString: string, options: DbOptions | number = {}): Kysely<Database> {
  const o = typeof options === 'number' ? { max: options } : options;
  const onUnsupported = o.onPreparedUnsupported ?? ((sentence: string) => process.stderr.write(`walkon: ${sentence}\n`));
  const pool = new pg.Pool({
    connectionString,
    max: o.max ?? 10,
    ...(o.prepared === false ? {} : { Client: preparingClient({ named: true }, onUnsupported) }),
  });
  // An idle connection the server (or a pooler) closes emits 'error' on the pool: the pool drops that connection
  // and the next query opens another. Unhandled, the event would end the process (pg's documentation).
  pool.on('error', (err) => o.onIdleError?.(err));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/**
 * Runs `fn` inside a savepoint of the open transaction `tx`: when it throws, only its own writes are rolled back
 * (the transaction stays usable) and the error is rethrown. Savepoints stay on the transaction's one server
 * connection, so they are safe behind a transaction-mode pooler.
 */
export async function inSavepoint<T>(tx: Transaction<Database>, name: string, fn: () => Promise<T>): Promise<T> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad savepoint name ${name}`);
  await sql.raw(`savepoint ${name}`).execute(tx);
  try {
    const out = await fn();
    await sql.raw(`release savepoint ${name}`).execute(tx);
    return out;
  } catch (err) {
    await sql.raw(`rollback to savepoint ${name}`).execute(tx);
    throw err;
  }
}

/** One round trip to PostgreSQL (`select 1`), for health checks. @throws the driver's error when the database does not answer. */
export async function ping(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
