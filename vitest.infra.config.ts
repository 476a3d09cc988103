import { defineConfig } from 'vitest/config';

// Infrastructure tests (`make test-infra`, docs/OPERATIONS.md): they start real components — Debian's PgBouncer
// in transaction mode, a local Redis Cluster of Debian's redis-server, worker processes — and run for minutes,
// so they are kept out of `make test`'s budget. One file at a time: each starts its own components.
export default defineConfig({
  test: {
    include: ['{db,jobs,server}/test/infra/**/*.infra.test.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
