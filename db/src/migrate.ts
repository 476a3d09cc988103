import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, Migrator } from 'kysely';
import pg from 'pg';
import { createDb, DEFAULT_DATABASE_URL } from './client.ts';

import { migrations } from './migrations/index.ts';

/**
 * Applies every pending migration (timestamped files in `db/src/migrations`, listed in its index).
 * @throws Error when a migration fails (the failing migration's error is rethrown).
 */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === 'Error') console.error(`migration ${r.migrationName} failed`);
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * Creates the database named in `connectionString` when it does not exist yet. It first connects to the target
 * itself: when that works nothing else is needed, so a least-privilege role without access to the `postgres`
 * database migrates fine (docs/OPERATIONS.md "Processes"). Only a missing database (SQLSTATE 3D000) makes it
 * connect to `postgres` to create it.
 * @throws the driver's error when the target cannot be reached for another reason.
 */
export async function ensureDatabase(connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) return;
  const target = new pg.Client({ connectionString });
  try {
    await target.connect();
    await target.end();
    return;
  } catch (err) {
    await target.end().catch(() => {});
    if ((err as { code?: string }).code !== '3D000') throw err;
  }
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/** Drops the database named in `connectionString` (disconnecting its sessions). For test and e2e clean-up. */
export async function dropDatabase(connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * Each migration with its state (`applied` + when, or pending), in order: `npm run db:status`.
 * @throws the driver's error when the database cannot be reached.
 */
export async function migrationStatus(db: Kysely<any>): Promise<{ name: string; executedAt: Date | null }[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  return (await migrator.getMigrations()).map((m) => ({ name: m.name, executedAt: m.executedAt ?? null }));
}

/**
 * The database the migrate command works on (docs/OPERATIONS.md "First start"): DATABASE_URL, or outside
 * production (NODE_ENV≠production) the local default DEFAULT_DATABASE_URL, said aloud on stderr. In production an
 * unset or unreadable DATABASE_URL is a refusal: `{ problem }`, one sentence; migrate never guesses a database.
 */
export function migrateTarget(source: NodeJS.ProcessEnv = process.env): { url: string } | { problem: string } {
  const given = (source.DATABASE_URL ?? '').trim();
  if (!given) {
    if (source.NODE_ENV === 'production')
      return { problem: 'DATABASE_URL must be set in production: migrate does not guess which database to change.' };
    process.stderr.write(`walkon migrate: DATABASE_URL is not set, so the development default ${DEFAULT_DATABASE_URL} is used.\n`);
    return { url: DEFAULT_DATABASE_URL };
  }
  try {
    const u = new URL(given);
    if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') throw new Error('not postgres');
  } catch {
    return { problem: 'DATABASE_URL must be a postgres:// connection string such as postgres://walkon:secret@db.internal:5432/walkon.' };
  }
  return { url: given };
}

/**
 * One sentence for a failure to reach or use the database at `url` (no stack, no password): a missing database,
 * a refused connection, an unknown host, a refused login or missing rights; null for other errors.
 */
export function databaseProblem(err: unknown, url: string): string | null {
  const e = err as { code?: string; message?: string };
  const u = new URL(url);
  const where = `${u.hostname}:${u.port || '5432'}`;
  const name = decodeURIComponent(u.pathname.replace(/^\//, '')) || '(none)';
  switch (e?.code) {
    case '3D000':
      return `The database "${name}" does not exist on ${where}: npm run db:migrate creates it (with a role allowed to create databases).`;
    case 'ECONNREFUSED':
      return `PostgreSQL does not answer at ${where} (connection refused): start it, or fix the host and port in DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host "${u.hostname}" in DATABASE_URL is not found: fix the host name.`;
    case 'ETIMEDOUT':
      return `PostgreSQL at ${where} did not answer in time: check the network path and the host in DATABASE_URL.`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${where} refused the login of role "${decodeURIComponent(u.username) || '(none)'}": fix the user and password in DATABASE_URL.`;
    case '42501':
      return `The role "${decodeURIComponent(u.username) || '(none)'}" lacks a right migrate needs (${e.message}): it must own the database and its tables (docs/OPERATIONS.md "Database role").`;
    default:
      return null;
  }
}

/**
 * The `migrate` command (`npm run db:migrate`, `npm run db:status`): with `status` as the first argument prints
 * each migration's state and the applied/pending counts; otherwise creates the database when missing and applies
 * every pending migration. The database: migrateTarget (DATABASE_URL; refused when unset in production). Never
 * prints the password. Returns the exit code: 0, or 1 after one sentence on stderr (a refused setting, a database
 * that cannot be reached: databaseProblem).
 * @throws the failing migration's error (and any error databaseProblem does not name).
 */
export async function runMigrateCli(args: string[], source: NodeJS.ProcessEnv = process.env): Promise<number> {
  const target = migrateTarget(source);
  if ('problem' in target) {
    process.stderr.write(`walkon migrate: refusing to start (1 setting to fix): ${target.problem}\n`);
    return 1;
  }
  const url = target.url;
  const shown = url.replace(/\/\/[^@]*@/, '//');
  try {
    if (args[0] === 'status') {
      const db = createDb(url, 1);
      try {
        const list = await migrationStatus(db);
        for (const m of list) console.log(`${m.executedAt ? `applied ${m.executedAt.toISOString()}` : 'pending'.padEnd(32)}  ${m.name}`);
        const pending = list.filter((m) => !m.executedAt).length;
        console.log(`${shown}: ${list.length - pending} applied, ${pending} pending`);
      } finally {
        await db.destroy();
      }
    } else {
      await ensureDatabase(url);
      const db = createDb(url, 1);
      try {
        await migrateToLatest(db);
        console.log(`migrated ${shown}`);
      } finally {
        await db.destroy();
      }
    }
  } catch (err) {
    const problem = databaseProblem(err, url);
    if (!problem) throw err;
    process.stderr.write(`walkon migrate: ${problem}\n`);
    return 1;
  }
  return 0;
}

// `tsx db/src/migrate.ts [status]` runs the command. Only this source file counts as "main": in a bundle
// (npm run build) this module shares its file with the server or the worker, whose argv[1] is that file; the
// compiled command is db/src/migrateCli.ts (docs/decisions/041).
const isMain =
  import.meta.url.endsWith('/migrate.ts') && process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) process.exitCode = await runMigrateCli(process.argv.slice(2));
