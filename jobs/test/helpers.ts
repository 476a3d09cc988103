import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogue, type Database, rides, subscriptions } from '@walkon/db';
import { createTestDb, FIXTURES_DIR, TEST_REDIS_URL, truncateAll } from '@walkon/db/testing';
import { addDaysToDate, parkLocalDate } from '@walkon/domain/dates';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { refreshPark } from '../src/pipeline/poll.ts';
import { createReplaySource } from '../src/providers/waitTimes/index.ts';
import { createQueues, type Queues } from '../src/queues.ts';
import { createRedis } from '../src/redis.ts';

export { EXPECTED_MK_ALERTS } from '@walkon/db/testing';
export { openParkEntry } from './fixtures/liveFeed.ts';
export { startTestWorker, TEST_PUBLIC_ORIGIN, type TestWorkerDeps } from './fixtures/testWorker.ts';

/** The recorded data (`WALKON_FIXTURES_DIR`, see db/src/testing.ts). */
export const FIXTURES = FIXTURES_DIR;
export const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
export const MK_OPEN = 'tpw_live_magic-kingdom_2026-04-14T2227Z.json';
export const MK_PREOPEN = 'tpw_live_magic-kingdom_2026-04-15T1036Z.json';
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
 * A `worker`-role Redis connection and the queues under a fresh `test-<uuid>` prefix, for one test file.
 * Registers its own afterAll: obliterates every queue, closes them and disconnects.
 */
export function useTestQueues(): { redis: Redis; queues: Queues } {
  const redis = createRedis(TEST_REDIS_URL, 'worker');
  const queues = createQueues({ connection: redis, prefix: `test-${randomUUID()}` });
  afterAll(async () => {
    for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
    await queues.close();
    redis.disconnect();
  });
  return { redis, queues };
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

/**
 * The rides one tick over a recording should alert a visitor watching every ride when the clock stands at the
 * recording instant, worked out from the raw JSON by the rule as docs/rules.md R2–R3 write it — an independent
 * script, no product code: an ATTRACTION OPERATING with 1 ≤ standby ≤ 15, the document's newest stamp (future
 * ignored) ≤ 15 min before `at`, the ride's own stamp on the park-local date of `at` and not > 2 min ahead,
 * inside the ride's embedded hours (when both ends are given) and not in their last 15 min. Names sorted.
 * (The park's schedule is checked by the caller's choice of `at`.)
 */
export function expectedByRule(file: string, at: Date, timeZone: string): string[] {
  const doc = JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as {
    liveData: {
      name: string;
      entityType: string;
      status?: string;
      lastUpdated?: string;
      queue?: { STANDBY?: { waitTime?: number | null } };
      operatingHours?: { startTime?: string | null; endTime?: string | null }[] | null;
    }[];
  };
  const day = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(t);
  const now = at.getTime();
  const stamps = doc.liveData.map((e) => Date.parse(e.lastUpdated ?? '')).filter((t) => Number.isFinite(t) && t <= now + 120_000);
  const feedLive = stamps.length > 0 && now - Math.max(...stamps) <= 15 * 60_000;
  if (!feedLive) return [];
  return doc.liveData
    .filter((e) => {
      const wait = e.queue?.STANDBY?.waitTime;
      const t = Date.parse(e.lastUpdated ?? '');
      const hours = (e.operatingHours ?? []).filter((h) => h.startTime && h.endTime);
      const inHours =
        hours.length === 0 || hours.some((h) => Date.parse(h.startTime!) <= now && Date.parse(h.endTime!) - 15 * 60_000 > now);
      return (
        e.entityType === 'ATTRACTION' &&
        e.status === 'OPERATING' &&
        typeof wait === 'number' &&
        wait >= 1 &&
        wait <= 15 &&
        Number.isFinite(t) &&
        t <= now + 120_000 &&
        day(t) === day(now) &&
        inHours
      );
    })
    .map((e) => e.name)
    .sort();
}
