import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createWorkerDatabase, REPO_ROOT } from '@walkon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgBouncer, startPgBouncer } from './components.ts';

// `npm run db:migrate` never needs the `postgres` database when the target exists. PgBouncer
// serving only the target database stands in for a least-privilege role that may connect to nothing else.
let pgb: PgBouncer;
let name: string;

beforeAll(async () => {
  // The scripts run the compiled command (dist/migrate/migrate.js, docs/decisions/041-build-and-retention.md).
  await promisify(execFile)(process.execPath, ['scripts/build.mjs'], { cwd: REPO_ROOT });
  name = new URL(await createWorkerDatabase(`mig${process.pid}`)).pathname.slice(1);
  pgb = await startPgBouncer({ only: name });
});
afterAll(async () => {
  await pgb?.stop();
});

describe('db:migrate and db:status on a database that exists', () => {
  it('connect to the target only; the postgres database is never needed', async () => {
    const env = { ...process.env, DATABASE_URL: pgb.url(name) };
    // The pooler really refuses the postgres database.
    await expect(promisify(execFile)('psql', [pgb.url('postgres'), '-c', 'select 1'], { env })).rejects.toThrow();
    const run = (script: string) => promisify(execFile)('npm', ['run', '-s', script], { cwd: REPO_ROOT, env });
    expect((await run('db:migrate')).stdout).toContain(`migrated postgres://127.0.0.1:${pgb.port}/${name}`);
    expect((await run('db:status')).stdout).toMatch(/: \d+ applied, 0 pending/);
  }, 120_000);
});
