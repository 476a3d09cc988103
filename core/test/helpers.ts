import { refreshPark } from '@walkon/core';
import { catalogue, type Database, rides, subscriptions } from '@walkon/db';
import { createTestDb, FIXTURES_DIR, truncateAll } from '@walkon/db/testing';
import { addDaysToDate, parkLocalDate } from '@walkon/domain/dates';
import { createReplaySource } from '@walkon/integrations/providers/waitTimes/index.ts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/**
 * Test support of @walkon/core (`@walkon/core/testing`; DESIGN §4 Tests): a test database per file, the Magic
 * Kingdom recordings, a replay source and "watch every ride". The core tests (core/test/) and the worker's
 * (jobs/test/helpers.ts re-exports these) share them. Only test files import this module.
 */

export { EXPECTED_MK_ALERTS, expectedByRule } from '@walkon/db/testing';
export { openParkEntry } from './fixtures/liveFeed.ts';

/** The recorded data (`WALKON_FIXTURES_DIR`, see db/src/testing.ts). */
export const FIXTURES = FIXTURES_DIR;
/** The Magic Kingdom's park id in the recordings. */
export const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
/** Magic Kingdom open, 18:27 in Orlando (EXPECTED_MK_ALERTS lists its short rides). */
export const MK_OPEN = 'tpw_live_magic-kingdom_2026-04-14T2227Z.json';
/** Magic Kingdom before opening, 06:36 in Orlando. */
export const MK_PREOPEN = 'tpw_live_magic-kingdom_2026-04-15T1036Z.json';
/** MK_OPEN with null queues (an edited variant of the recording). */
export const MK_EDITED = 'tpw_live_magic-kingdom_2026-04-14T2227Z_EDITED-null-queue-variant.json';

/** A replay source over one recording file at a fixed clock. */
export function replayOf(file: string, now: () => Date) {
  return createReplaySource({ dir: FIXTURES, files: [file], now });
}

/** Loads the catalogue + the park, gives `email` a valid e-mail pass for today and watches every ride. */
export async function watchAll(db: Kysely<Database>, file: string, email: string, now: () => Date, parkId = MK) {
  const source = replayOf(file, now);
  await catalogue.upsertDestinations(db, await source.getDestinations());
  await refreshPark({ db, source, now }, parkId);
  const today = parkLocalDate(now(), 'America/New_York');
  await subscriptions.upsertActivePass(db, {
    email,
    parkId,
    userId: null,
    alertType: 'email',
    startDate: today,
    endDate: addDaysToDate(today, 1),
  });
  await rides.watchAllRides(db, email, parkId);
  return source;
}

/**
 * A fresh migrated test database for one test file (db/src/testing.ts `createTestDb`), handed to `onCreate`
 * in beforeAll, emptied (`truncateAll`) before each test and destroyed in afterAll.
 */
export function useTestDb(onCreate: (db: Kysely<Database>) => void): void {
  let db: Kysely<Database> | undefined;
  beforeAll(async () => {
    ({ db } = await createTestDb());
    onCreate(db);
  });
  afterAll(async () => db?.destroy());
  beforeEach(async () => {
    if (db) await truncateAll(db);
  });
}
