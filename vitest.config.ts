import { defineConfig } from 'vitest/config';

// Unit (`*.test.ts`) and integration (`*.integration.test.ts`) tests of domain, db, integrations, core, jobs, server
// and web logic,
// and the layer check of scripts/checkLayers.test.ts.
// Integration tests use the real PostgreSQL (template DB migrated once in globalSetup, one clone per
// worker) and the real Redis (a unique queue prefix per test). End-to-end tests have their own config.
export default defineConfig({
  test: {
    include: [
      '{domain,db,integrations,core,jobs,server,web}/src/**/*.test.ts',
      '{domain,db,integrations,core,jobs,server,web}/test/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // The infra tests start real components for minutes: `make test-infra` (vitest.infra.config.ts).
    exclude: ['**/node_modules/**', '**/*.infra.test.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
