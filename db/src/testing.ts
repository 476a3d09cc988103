import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENV_DEFAULTS } from '@walkon/domain/env';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { createDb, type Executor } from './client.ts';
import { ensureDatabase, migrateToLatest } from './migrate.ts';
import type { Database } from './types.ts';

/**
 * Test support (docs/DESIGN.md §4 Tests): one template database migrated once per run, one clone per vitest
 * worker, tables truncated between tests. Only test files import this module.
 */
export const TEST_ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The repository root (the folder holding db/, jobs/, server/, web/). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The folder of recorded data every test, bench and e2e run reads (README "Configuration"):
 * `WALKON_FIXTURES_DIR`, relative to the repository root, default `../shared/fixtures`. The one place tests
 * find fixtures; `fixturePath('tpw_live_….json')` names a file in it.
 */
export const FIXTURES_DIR = path.resolve(REPO_ROOT, process.env.WALKON_FIXTURES_DIR ?? ENV_DEFAULTS.WALKON_FIXTURES_DIR);

/** The absolute path of a file (or folder) under FIXTURES_DIR. */
export function fixturePath(...parts: string[]): string {
  return path.join(FIXTURES_DIR, ...parts);
}

/**
 * The thirteen OPERATING attractions with a 1–15 min standby wait in the Magic Kingdom recording
 * `tpw_live_magic-kingdom_2026-04-14T2227Z.json` (under FIXTURES_DIR), sorted by name: the rides one tick over
 * that recording alerts a visitor watching every ride when the clock stands at the recording instant (18:27 in
 * Orlando, inside the 9:00–22:00 schedule and every ride's hours; docs/rules.md R2: the feed's newest stamp is
 * 22:27:18Z, so it is live, and every stamp is of 2026-04-14 in Orlando — six of them 16–586 minutes old, which
 * the old "at most 15 minutes old" rule wrongly held back). Listed by an independent script over the JSON (not
 * by the product). Jobs tests and the e2e run check against this one list.
 */
export const EXPECTED_MK_ALERTS: readonly string[] = [
  'Astro Orbiter',
  'Country Bear Musical Jamboree',
  'Dumbo the Flying Elephant',
  'Mad Tea Party',
  "Mickey's PhilharMagic",
  'Monsters Inc. Laugh Floor',
  'Prince Charming Regal Carrousel',
  'The Hall of Presidents',
  'The Magic Carpets of Aladdin',
  'Tomorrowland Speedway',
  'Tomorrowland Transit Authority PeopleMover',
  'Under the Sea - Journey of The Little Mermaid',
  "Walt Disney's Carousel of Progress",
];

/**
 * The rides one tick over a recording should alert a visitor watching every ride when the clock stands at the
 * recording instant, worked out from the raw JSON by the rule as docs/rules.md R2–R3 write it — an independent
 * script, no product code: an ATTRACTION OPERATING with 1 ≤ standby ≤ 15, the document's newest stamp (future
 * ignored) ≤ 15 min before `at`, the ride's own stamp on the park-local date of `at` and not > 2 min ahead,
 * inside the ride's embedded hours (when both ends are given) and not in their last 15 min. Names sorted.
 * (The park's schedule is checked by the caller's choice of `at`.) `shifted`: every instant of the recording
 * moved by `at` − its newest stamp, as the replay source serves it at the real clock (the e2e run).
 * `thresholdOf`: a ride's own threshold in minutes (docs/rules.md, per-ride settings), default 15.
 */
export function expectedByRule(
  file: string,
  at: Date,
  timeZone: string,
  shifted = false,
  thresholdOf: (rideName: string) => number = () => 15,
): string[] {
  const doc = JSON.parse(readFileSync(path.join(FIXTURES_DIR, file), 'utf8')) as {
    liveData: {
      name: string;
      entityType: string;
      status?: string;
      lastUpdated?: string;
      queue?: { STANDBY?: { waitTime?: number | null } };
      operatingHours?: { startTime?: string | null; endTime?: string | null }[] | null;
    }[];
  };
  const newest = Math.max(...doc.liveData.map((e) => Date.parse(e.lastUpdated ?? '')).filter(Number.isFinite));
  const shift = shifted ? at.getTime() - newest : 0;
  const ms = (s: string | null | undefined) => Date.parse(s ?? '') + shift;
  const day = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(t);
  const now = at.getTime();
  const stamps = doc.liveData.map((e) => ms(e.lastUpdated)).filter((t) => Number.isFinite(t) && t <= now + 120_000);
  const feedLive = stamps.length > 0 && now - Math.max(...stamps) <= 15 * 60_000;
  if (!feedLive) return [];
  return doc.liveData
    .filter((e) => {
      const wait = e.queue?.STANDBY?.waitTime;
      const t = ms(e.lastUpdated);
      const hours = (e.operatingHours ?? []).filter((h) => h.startTime && h.endTime);
      const inHours = hours.length === 0 || hours.some((h) => ms(h.startTime) <= now && ms(h.endTime) - 15 * 60_000 > now);
      return (
        e.entityType === 'ATTRACTION' &&
        e.status === 'OPERATING' &&
        typeof wait === 'number' &&
        wait >= 1 &&
        wait <= thresholdOf(e.name) &&
        Number.isFinite(t) &&
        t <= now + 120_000 &&
        day(t) === day(now) &&
        inHours
      );
    })
    .map((e) => e.name)
    .sort();
}

/**
 * The Redis tests connect to (queues under a unique prefix per test, limits, caches): `REDIS_URL`, default
 * `ENV_DEFAULTS.REDIS_URL` of @walkon/domain/env, as every process. The one place tests read it.
 */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? ENV_DEFAULTS.REDIS_URL;
/** Each run has its own databases so parallel runs never drop each other's (name carries the start time). */
function runId(): string {
  const existing = process.env.WALKON_TEST_RUN;
  if (existing) return existing;
  const id = `${Date.now().toString(36)}_${process.pid}`;
  process.env.WALKON_TEST_RUN = id;
  return id;
}
function templateName(): string {
  return `walkon_test_${runId()}_tpl`;
}

function urlFor(name: string): string {
  const u = new URL(TEST_ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function dropDatabases(filter: (name: string) => boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'walkon_test_%'`);
    for (const { datname } of rows.filter((r) => filter(r.datname))) {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [datname]);
      await admin.query(`drop database if exists "${datname}"`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Vitest globalSetup body: migrates this run's template database (and drops test databases left behind
 * by runs that started more than three hours ago). Returns the teardown that drops this run's databases.
 */
export async function prepareTemplate(): Promise<() => Promise<void>> {
  const id = runId();
  const cutoff = Date.now() - 3 * 3600_000;
  await dropDatabases((name) => {
    const started = Number.parseInt(name.split('_')[2] ?? '', 36);
    return Number.isFinite(started) && started < cutoff;
  });
  const url = urlFor(templateName());
  await ensureDatabase(url);
  const db = createDb(url, 1);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return () => dropDatabases((name) => name.startsWith(`walkon_test_${id}_`));
}

/**
 * Creates (once per worker) a clone of the template database and returns its URL.
 * The name carries the vitest pool id so workers never share a database.
 */
export async function createWorkerDatabase(tag = process.env.VITEST_POOL_ID ?? '0'): Promise<string> {
  const name = `walkon_test_${runId()}_w${tag}_${process.pid}`;
  const admin = new pg.Client({ connectionString: TEST_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}" template "${templateName()}"`);
  } finally {
    await admin.end();
  }
  return urlFor(name);
}

/** Truncates every application table (keeps the migration bookkeeping). */
export async function truncateAll(db: Executor): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%'`.execute(db);
  if (rows.length === 0) return;
  const list = rows.map((r) => `"${r.tablename}"`).join(', ');
  await sql.raw(`truncate ${list} restart identity cascade`).execute(db);
}

/** Convenience for integration tests: a migrated, private database and its Kysely client. */
export async function createTestDb(): Promise<{ url: string; db: Kysely<Database> }> {
  const url = await createWorkerDatabase();
  return { url, db: createDb(url, 5) };
}
