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
 * The `migrate` command (`npm run db:migrate`, `npm run db:status`): with `status` as the first argument prints
 * each migration's state and the applied/pending counts; otherwise creates the database when missing and applies
 * every pending migration. Reads DATABASE_URL (default DEFAULT_DATABASE_URL); never prints the password.
 * @throws the driver's or the failing migration's error.
 */
export async function runMigrateCli(args: string[]): Promise<void> {
  const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const shown = url.replace(/\/\/[^@]*@/, '//');
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
}

// `tsx db/src/migrate.ts [status]` runs the command. Only this source file counts as "main": in a bundle
// (npm run build) this module shares its file with the server or the worker, whose argv[1] is that file; the
// compiled command is db/src/migrateCli.ts (docs/decisions/041-build-and-retention.md).
const isMain =
  import.meta.url.endsWith('/migrate.ts') && process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) await runMigrateCli(process.argv.slice(2));
