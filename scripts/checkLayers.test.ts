import { describe, expect, it } from 'vitest';
import { probeWriter, restrictedImports } from './lintProbes.ts';

// The package layers (README "Architecture"; docs/decisions/042-one-application-core.md: web → server →
// jobs/producers; server and jobs → core → integrations → db → domain) are enforced by
// Biome's noRestrictedImports overrides in biome.json, which `make lint` runs. These tests write wrong-way
// imports into probe files inside the tree, lint them, and expect each to fail naming its rule; the tree
// itself must pass.

const probe = probeWriter();

const id = `${process.pid}`;
const wrongWay: [string, string, string][] = [
  [`domain/src/__layers_${id}_a.ts`, "import { createDb } from '@walkon/db';\nvoid createDb;", 'domain rule'],
  [`domain/src/__layers_${id}_b.ts`, "import pg from 'pg';\nvoid pg;", 'domain rule'],
  [`domain/src/__layers_${id}_c.ts`, "import { sql } from 'kysely';\nvoid sql;", 'domain rule'],
  [`domain/src/__layers_${id}_d.ts`, "import { refreshPark } from '@walkon/core';\nvoid refreshPark;", 'domain rule'],
  [`db/src/__layers_${id}_a.ts`, "import { createQueues } from '@walkon/jobs/producers';\nvoid createQueues;", 'db rule'],
  [`db/src/__layers_${id}_b.ts`, "import { createLogger } from '@walkon/integrations/logger';\nvoid createLogger;", 'db rule'],
  [`integrations/src/__layers_${id}_a.ts`, "import { refreshPark } from '@walkon/core';\nvoid refreshPark;", 'integrations rule'],
  [
    `integrations/src/__layers_${id}_b.ts`,
    "import { createQueues } from '@walkon/jobs/producers';\nvoid createQueues;",
    'integrations rule',
  ],
  [`integrations/src/__layers_${id}_c.ts`, "import { sql } from 'kysely';\nvoid sql;", 'kysely rule'],
  [`core/src/__layers_${id}_a.ts`, "import { enqueueDeliveries } from '@walkon/jobs/producers';\nvoid enqueueDeliveries;", 'core rule'],
  [`core/src/__layers_${id}_b.ts`, "import { QUEUE } from '../../jobs/src/queues.ts';\nvoid QUEUE;", 'core rule'],
  [`core/src/__layers_${id}_c.ts`, "import { buildApp } from '@walkon/server';\nvoid buildApp;", 'core rule'],
  [`core/src/__layers_${id}_d.ts`, "import { sql } from 'kysely';\nvoid sql;", 'kysely rule'],
  [`jobs/src/__layers_${id}_a.ts`, "import { buildApp } from '@walkon/server';\nvoid buildApp;", 'jobs rule'],
  [`jobs/src/__layers_${id}_b.ts`, "import { sql } from 'kysely';\nvoid sql;", 'kysely rule'],
  [`server/src/__layers_${id}_a.ts`, "import * as web from '@walkon/web';\nvoid web;", 'server rule'],
  [`server/src/__layers_${id}_b.ts`, "import { sql } from 'kysely';\nvoid sql;", 'kysely rule'],
  [`server/src/__layers_${id}_c.ts`, "import { createQueues } from '@walkon/jobs';\nvoid createQueues;", 'server-jobs rule'],
  [`server/src/__layers_${id}_d.ts`, "import { buildWorker } from '@walkon/jobs/worker';\nvoid buildWorker;", 'server-jobs rule'],
  [
    `server/src/__layers_${id}_e.ts`,
    "import { createWorkerMetrics } from '@walkon/jobs/ops';\nvoid createWorkerMetrics;",
    'server-jobs rule',
  ],
  [
    `server/src/services/__layers_${id}.ts`,
    "import { sendDelivery } from '../../../jobs/src/pipeline/send.ts';\nvoid sendDelivery;",
    'server-jobs rule',
  ],
  [`server/src/trpc/routers/__layers_${id}_a.ts`, "import { users } from '@walkon/db';\nvoid users;", 'router rule'],
  [`server/src/trpc/routers/__layers_${id}_b.ts`, "import { refreshPark } from '@walkon/core';\nvoid refreshPark;", 'router rule'],
  [`web/src/__layers_${id}_a.ts`, "import { users } from '@walkon/db';\nvoid users;", 'web rule'],
  [`web/src/__layers_${id}_b.ts`, "import { createQueues } from '@walkon/jobs/producers';\nvoid createQueues;", 'web rule'],
  [`web/src/__layers_${id}_c.ts`, "import { buildApp } from '@walkon/server';\nvoid buildApp;", 'web rule'],
  [`web/src/__layers_${id}_d.ts`, "import { refreshPark } from '@walkon/core';\nvoid refreshPark;", 'web rule'],
];

describe('package layers (biome.json noRestrictedImports)', () => {
  it('fails every wrong-way import, naming the rule it breaks', () => {
    const files = wrongWay.map(([rel, source]) => probe(rel, source));
    const found = restrictedImports(files);
    for (const [rel, , rule] of wrongWay) {
      const mine = found.filter((d) => d.location.path === rel);
      expect(mine.length, `${rel} should break the ${rule}`).toBeGreaterThan(0);
      expect(mine.map((d) => d.message).join('\n'), rel).toContain(rule);
    }
  });

  it('lets the allowed directions through', () => {
    const ok = [
      probe(
        `web/src/__layers_${id}_ok.ts`,
        "import { formatUsd } from '@walkon/domain/money';\nimport type { AppRouter } from '@walkon/server';\nvoid formatUsd;\nexport type R = AppRouter;",
      ),
      probe(
        `server/src/services/__layers_${id}_ok.ts`,
        "import { enqueueConfirmation } from '@walkon/jobs/producers';\nimport { users } from '@walkon/db';\nvoid [enqueueConfirmation, users];",
      ),
      probe(
        `server/src/services/__layers_${id}_ok2.ts`,
        "import { refreshPark } from '@walkon/core';\nimport { createLogger } from '@walkon/integrations/logger';\nvoid [refreshPark, createLogger];",
      ),
      probe(
        `core/src/__layers_${id}_ok.ts`,
        "import { users } from '@walkon/db';\nimport { parkLocalDate } from '@walkon/domain/dates';\nimport type { WaitTimesSource } from '@walkon/integrations/providers';\nvoid [users, parkLocalDate];\nexport type S = WaitTimesSource;",
      ),
      probe(
        `integrations/src/__layers_${id}_ok.ts`,
        "import { users } from '@walkon/db';\nimport { parkLocalDate } from '@walkon/domain/dates';\nvoid [users, parkLocalDate];",
      ),
      probe(
        `jobs/src/__layers_${id}_ok2.ts`,
        "import { runParkTick } from '@walkon/core';\nimport { createRedis } from '@walkon/integrations/redis';\nvoid [runParkTick, createRedis];",
      ),
      probe(
        `jobs/src/__layers_${id}_ok.ts`,
        "import type { Kysely } from '@walkon/db';\nimport { gateAllows } from '@walkon/domain/rules/features';\nvoid gateAllows;\nexport type K = Kysely<never>;",
      ),
    ];
    expect(restrictedImports(ok)).toEqual([]);
  });

  it('the tree as committed follows the layers', () => {
    const found = restrictedImports(['domain', 'db', 'integrations', 'core', 'jobs', 'server', 'web']).filter(
      (d) => !d.location.path.includes('__layers_'),
    );
    expect(found.map((d) => `${d.location.path}: ${d.message}`)).toEqual([]);
  });
});
