import { ANALYZE_AFTER_CLAIMS } from '@walkon/core';
import { openParkEntry } from '@walkon/core/testing/liveFeed';
import { catalogue, type Database } from '@walkon/db';
import type { LiveEntry, WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { requestStatisticsRefresh } from '../src/jobs/maintenance.ts';
import type { WalkOnWorker } from '../src/worker.ts';
import { startTestWorker, useTestDb, useTestQueues } from './helpers.ts';

// docs/DESIGN.md §2.4, docs/decisions/067: a large tick asks for the planner statistics refresh as a maintenance
// job; the poll job itself runs no ANALYZE or VACUUM.
let db: Kysely<Database>;
useTestDb((created) => {
  db = created;
});
const { redis, queues } = useTestQueues();
let worker: WalkOnWorker | null = null;
afterEach(async () => {
  await worker?.close();
  worker = null;
  await queues.maintenance.obliterate({ force: true });
});

const PARK = 'stats-park';
const AT = new Date('2026-11-24T15:00:00Z'); // 10:00 in Orlando
const rides = (wait: number): LiveEntry[] =>
  Array.from({ length: 3 }, (_, j) => ({
    id: `${PARK}-a${j}`,
    name: `Attraction ${j}`,
    entityType: 'ATTRACTION',
    status: 'OPERATING',
    standbyWait: wait,
    queue: null,
    operatingHours: null,
    lastUpdated: AT.toISOString(),
  }));
let feed = rides(40);
const source: WaitTimesSource = {
  kind: 'replay',
  getDestinations: async () => [],
  getLive: async (parkId) => ({ parkId, name: parkId, timezone: 'America/New_York', entries: [openParkEntry(parkId, parkId), ...feed] }),
};

const lastVacuum = async () =>
  (
    await sql<{
      at: Date | null;
    }>`select coalesce(last_vacuum, last_autovacuum) as at from pg_stat_user_tables where relname = 'alert_watchers'`.execute(db)
  ).rows[0]?.at ?? null;

describe('the planner statistics refresh after a large tick', () => {
  it('is asked once however many ticks ask (BullMQ deduplication), as a refresh-statistics maintenance job', async () => {
    for (let i = 0; i < 3; i++) await requestStatisticsRefresh(queues);
    const jobs = await queues.maintenance.getJobs(['waiting', 'delayed', 'active']);
    expect(jobs.map((j) => [j.name, j.data.task])).toEqual([['refresh-statistics', 'refresh-statistics']]);
  });

  it(`a tick of ${ANALYZE_AFTER_CLAIMS.toLocaleString()} claims through the real worker: the poll job asks, the maintenance job vacuums and analyzes`, async () => {
    await catalogue.upsertDestinations(db, [{ id: 'stats-d', name: 'D', parks: [{ id: PARK, name: 'Stats Park' }] }]);
    await catalogue.setParkTimezone(db, PARK, 'America/New_York');
    await catalogue.upsertAttractions(
      db,
      feed.map((e) => ({ id: e.id, parkId: PARK, name: e.name, entityType: 'ATTRACTION' })),
    );
    await sql`
      insert into subscriptions (email, park_id, active, start_date, end_date, alert_type)
      select 'v' || g || '@stats.test', ${PARK}, true, '2026-11-24', '2026-11-25', 'email' from generate_series(1, ${ANALYZE_AFTER_CLAIMS}) g`.execute(
      db,
    );
    await sql`insert into pass_days (subscription_id, day, channel, source, reference)
      select id, '2026-11-24', 'email', 'grant', 'stats' from subscriptions where park_id = ${PARK}`.execute(db);
    await sql`insert into user_rides (email, park_id, ride_id, active)
      select email, ${PARK}, ${`${PARK}-a0`}, true from subscriptions where park_id = ${PARK}`.execute(db);
    const before = await lastVacuum();
    worker = await startTestWorker({ db, connection: redis, queues, source, now: () => AT, schedules: false });
    feed = rides(5); // every visitor's ride is short: one delivery each
    const job = await queues.poll.add('poll', { parkId: PARK });
    await expect
      .poll(async () => (await queues.poll.getJob(job.id as string))?.returnvalue ?? null, { timeout: 30_000 })
      .toEqual({
        claimed: ANALYZE_AFTER_CLAIMS,
      });
    await expect
      .poll(
        async () =>
          (await queues.maintenance.getJobs(['completed'])).filter((j) => j.name === 'refresh-statistics').map((j) => j.returnvalue),
        { timeout: 30_000 },
      )
      .toEqual([{ refreshed: 1 }]);
    // Statistics are reported by the backend that ran the VACUUM; they reach other sessions within about a second.
    await expect.poll(async () => (await lastVacuum())?.getTime() ?? 0, { timeout: 5_000 }).toBeGreaterThan(before?.getTime() ?? 0);
  });
});
