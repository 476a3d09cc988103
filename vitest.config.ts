import { defineConfig } from 'vitest/config';

// Unit (`*.test.ts`) and integration (`*.integration.test.ts`) tests of db, jobs, server and web logic.
// Integration tests use the real PostgreSQL (template DB migrated once in globalSetup, one clone per
// worker) and the real Redis (a unique queue prefix per test). End-to-end tests have their own config.
export default defineConfig({
  test: {
    include: ['{db,jobs,server,web}/src/**/*.test.ts', '{db,jobs,server,web}/test/**/*.test.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
