// Loads the recorded wait-time series of ../shared/fixtures (docs/fixtures-sources.md §4: the ThemeParks.wiki-derived
// Magic Kingdom day of 2026-04-01 and the TouringPlans posted waits) into the history tables with their real
// dates, for `make dev` / `make demo`, so ride pages show real typical days at once. Idempotent.
// HISTORY_IMPORT_WEEKS (default 10) keeps each file's last N weeks.

import { ensureCatalogue } from '@walkon/core';
import { createDb } from '@walkon/db';
import { ENV_DEFAULTS } from '@walkon/domain/env';
import { loadIntegrationsEnv } from '@walkon/integrations/env';
import { createReplaySource } from '@walkon/integrations/providers';
import { importHistory } from '@walkon/jobs';

// WAIT_TIMES_REPLAY_DIR, default WALKON_FIXTURES_DIR (README "Configuration").
const dir = loadIntegrationsEnv().WAIT_TIMES_REPLAY_DIR;
const db = createDb(process.env.DATABASE_URL ?? ENV_DEFAULTS.DATABASE_URL, 2);
try {
  const now = () => new Date();
  await ensureCatalogue({ db, source: createReplaySource({ dir, now }) });
  const out = await importHistory({ db, now }, { dir, weeks: Number(process.env.HISTORY_IMPORT_WEEKS ?? 10) });
  console.log(`history loaded: ${out.samples} recorded samples, ${out.days} park days, ${out.slots} 15-minute slots`);
} finally {
  await db.destroy();
}
