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
 * Creates the database named in `connectionString` when it does not exist yet (connects to `postgres`).
 */
export async function ensureDatabase(connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) return;
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

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) {
  const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  await ensureDatabase(url);
  const db = createDb(url, 1);
  try {
    await migrateToLatest(db);
    console.log(`migrated ${url.replace(/\/\/[^@]*@/, '//')}`);
  } finally {
    await db.destroy();
  }
}
