import { catalogue, type Database, history, liveStatus } from '@walkon/db';
import { createReplaySource, type WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { Worker } from 'bullmq';
import type { Kysely } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_HISTORY, importHistory } from '../src/history/import.ts';
import { collectHistory, HISTORY_EVERY_MS, historySchedulerId, reconcileHistorySchedulers } from '../src/pipeline/history.ts';
import { QUEUE } from '../src/queues.ts';
import { FIXTURES, MK, MK_OPEN, useTestDb, useTestQueues, watchAll } from './helpers.ts';

let db: Kysely<Database>;
const { redis, queues } = useTestQueues();
const AK = '1c84a229-8862-4648-9c71-378ddd2c7693';
const NAVI = '7a5af3b7-9bc1-4962-92d0-3ea9c9ce35f0';

useTestDb((created) => {
  db = created;
});
beforeEach(async () => {
  const source = createReplaySource({ dir: FIXTURES, files: [MK_OPEN], now: () => new Date() });
  await catalogue.upsertDestinations(db, await source.getDestinations());
});

describe('history rollup (DESIGN §2.2 history)', () => {
  it("rolls a recorded day (Na'vi River Journey, 2018-02-28) into the 15-minute medians, quartiles and DOWN minutes a hand count gives", async () => {
    const navi = DEMO_HISTORY.filter((d) => d.file.includes('AK85'));
    const out = await importHistory(
      { db, now: () => new Date('2018-03-01T12:00:00Z') },
      { dir: FIXTURES, datasets: navi, dates: ['2018-02-28'] },
    );
    // 118 posted rows that day, one duplicate (13:52) ignored: 117 samples, 79 OPERATING and 38 DOWN.
    expect(out).toMatchObject({ samples: 117, days: 1, dropped: 0, skipped: [] });
    const slots = await history.rollupDay(db, NAVI, '2018-02-28');
    const at = (hhmm: string) => {
      const [h, m] = hhmm.split(':').map(Number) as [number, number];
      const s = slots.find((x) => x.slot === h * 4 + m / 15);
      return s ? [s.median, s.p25, s.p75, s.samples, Math.round(s.downMinutes * 100) / 100] : undefined;
    };
    // Expected values computed independently by a short Python script over the CSV (linear-interpolated
    // quartiles; a DOWN sample holds until the next sample, at most 60 min, the last one 15 min).
    expect(at('07:45')).toEqual([15, 12.5, 17.5, 2, 0]);
    expect(at('08:30')).toEqual([25, 22.5, 27.5, 2, 0]);
    expect(at('09:45')).toEqual([60, 60, 60, 2, 1]);
    expect(at('10:00')).toEqual([null, null, null, 0, 15]);
    expect(at('13:30')).toEqual([null, null, null, 0, 15]);
    expect(at('13:45')).toEqual([90, 90, 90, 2, 7]);
    expect(at('14:45')).toEqual([105, 97.5, 112.5, 3, 0]);
    expect(at('16:45')).toEqual([150, 150, 160, 3, 0]);
    expect(at('19:00')).toEqual([122.5, 118.75, 126.25, 2, 0]);
    expect(at('19:30')).toEqual([62.5, 51.25, 73.75, 2, 0]);
    expect(at('20:00')).toEqual([null, null, null, 0, 12]);
    expect(at('20:15')).toEqual([null, null, null, 0, 3]);
    expect(slots).toHaveLength(51);
    expect(slots.reduce((n, s) => n + s.samples, 0)).toBe(79);
    expect(slots.reduce((n, s) => n + s.downMinutes, 0)).toBeCloseTo(248, 5);
  });

  it('rewrites only the window it is given (incremental) and keeps rollups when the raw partition is dropped', async () => {
    const navi = DEMO_HISTORY.filter((d) => d.file.includes('AK85'));
    const now = () => new Date('2018-03-01T12:00:00Z');
    await importHistory({ db, now }, { dir: FIXTURES, datasets: navi, dates: ['2018-02-27', '2018-02-28'] });
    const before = await history.rollupDay(db, NAVI, '2018-02-27');
    expect(before.length).toBeGreaterThan(30);
    // Recomputing one hour of 02-28 leaves 02-27 alone; dropping the raw month keeps both days' rollups.
    await history.rollupPark(db, AK, new Date('2018-02-28T15:00:00Z'), new Date('2018-02-28T16:00:00Z'));
    expect(await history.dropSamplePartitionsBefore(db, new Date('2018-03-01T00:00:00Z'))).toEqual(['wait_samples_y2018m02']);
    expect(await history.rollupDay(db, NAVI, '2018-02-27')).toEqual(before);
    expect(await history.rollupDay(db, NAVI, '2018-02-28')).toHaveLength(51);
  });

  it('typical day: median and p25–p75 of the last N same-weekday days, and the dates behind it', async () => {
    const navi = DEMO_HISTORY.filter((d) => d.file.includes('AK85'));
    // Three Wednesdays and a Tuesday.
    await importHistory(
      { db, now: () => new Date('2018-03-01T12:00:00Z') },
      { dir: FIXTURES, datasets: navi, dates: ['2018-02-14', '2018-02-21', '2018-02-27', '2018-02-28'], retentionDays: 100_000 },
    );
    const t = await history.typicalDay(db, NAVI, 3, '2018-03-07', 8);
    expect(t.dates).toEqual(['2018-02-28', '2018-02-21', '2018-02-14']);
    const days = await Promise.all(t.dates.map((d) => history.rollupDay(db, NAVI, d)));
    const s60 = t.slots.find((s) => s.slot === 60)!;
    const medians = days.map((d) => d.find((s) => s.slot === 60)?.median).filter((m): m is number => m !== null && m !== undefined);
    expect(s60.days).toBe(medians.length);
    expect(s60.median).toBe([...medians].sort((a, b) => a - b)[Math.floor(medians.length / 2)]);
  });
});

describe('wait_samples partitions (DESIGN §2.2 history)', () => {
  it('creates monthly partitions ahead, stores samples in them and drops whole old months', async () => {
    await catalogue.upsertAttractions(db, [{ id: 'ride-x', parkId: MK, name: 'X', entityType: 'ATTRACTION' }]);
    const created = await history.ensureSamplePartitions(db, new Date('2030-01-15T00:00:00Z'), new Date('2030-03-01T00:00:00Z'));
    expect(created).toEqual(['wait_samples_y2030m01', 'wait_samples_y2030m02', 'wait_samples_y2030m03']);
    expect(await history.ensureSamplePartitions(db, new Date('2030-01-15T00:00:00Z'), new Date('2030-03-01T00:00:00Z'))).toEqual([]);
    const save = (iso: string) =>
      liveStatus.saveLiveStatus(
        db,
        [{ attractionId: 'ride-x', parkId: MK, status: 'OPERATING', standbyWait: 5, queue: null, operatingHours: null, lastUpdated: iso }],
        new Date(iso),
      );
    await save('2030-01-20T10:00:00Z');
    await save('2030-02-20T10:00:00Z');
    // A month with no partition yet (a clock or upstream outside the window) gets one on demand.
    await save('2031-06-01T10:00:00Z');
    expect((await history.listSamplePartitions(db)).map((p) => p.name)).toContain('wait_samples_y2031m06');
    const { rows } = await (await import('kysely')).sql<{ n: number }>`select count(*)::int as n from wait_samples_y2030m01`.execute(db);
    expect(rows[0]?.n).toBe(1);
    const dropped = await history.dropSamplePartitionsBefore(db, new Date('2030-02-10T00:00:00Z'));
    expect(dropped).toContain('wait_samples_y2030m01');
    expect(dropped).not.toContain('wait_samples_y2030m02');
    const left = await db.selectFrom('wait_samples').select('last_updated').orderBy('last_updated').execute();
    expect(left.map((r) => r.last_updated.toISOString())).toEqual(['2030-02-20T10:00:00.000Z', '2031-06-01T10:00:00.000Z']);
  });
});

describe('5-minute history collection (DESIGN §2.2 history)', () => {
  it('one job scheduler per catalogue park, every 5 minutes, offsets spread over the interval', async () => {
    const now = () => new Date('2026-04-14T22:30:00Z');
    const parks = await reconcileHistorySchedulers({ db, queues, now });
    expect(parks.length).toBeGreaterThan(100);
    const schedulers = await queues.history.getJobSchedulers(0, -1);
    expect(schedulers).toHaveLength(parks.length);
    const mk = schedulers.find((s) => (s.id ?? s.key) === historySchedulerId(MK))!;
    expect(Number(mk.every)).toBe(HISTORY_EVERY_MS);
    const offsets = new Set(schedulers.map((s) => Number(s.offset ?? 0)));
    expect(Math.max(...offsets)).toBeLessThan(HISTORY_EVERY_MS);
    expect(offsets.size).toBeGreaterThan(parks.length / 2);
    // A park the source said has no live data drops out for a day.
    await history.markNoLiveData(db, parks[0]!, now());
    expect(await reconcileHistorySchedulers({ db, queues, now })).toHaveLength(parks.length - 1);
  });

  it('two workers: one upstream read per park per interval, samples only where lastUpdated changed, the schedule once a day', async () => {
    let clock = new Date('2026-04-14T22:30:00Z');
    const replay = createReplaySource({ dir: FIXTURES, files: [MK_OPEN], now: () => clock });
    const reads = new Map<string, number>();
    let scheduleReads = 0;
    const source: WaitTimesSource = {
      ...replay,
      getLive: async (id) => {
        reads.set(id, (reads.get(id) ?? 0) + 1);
        return replay.getLive(id);
      },
      getSchedule: async (id) => {
        scheduleReads++;
        return replay.getSchedule!(id);
      },
    };
    const parks = (await history.collectableParks(db, clock)).map((p) => p.id);
    const processor = async (job: { data: { parkId: string } }) => collectHistory({ db, source, now: () => clock }, job.data.parkId);
    const common = { connection: redis, prefix: queues.prefix, concurrency: 2 };
    const workers = [new Worker(QUEUE.history, processor, common), new Worker(QUEUE.history, processor, common)];
    const runInterval = async () => {
      // Every park's job delivered twice (a late scheduler, a retry): the claim keeps it to one read.
      const jobs = await queues.history.addBulk(parks.flatMap((parkId) => [0, 1].map(() => ({ name: 'collect', data: { parkId } }))));
      // Every job has ended (completed or failed): the event that proves no other read will come.
      await expect
        .poll(
          async () => {
            const counts = await queues.history.getJobCounts('completed', 'failed');
            return (counts.completed ?? 0) + (counts.failed ?? 0);
          },
          { timeout: 20_000, interval: 50 },
        )
        .toBeGreaterThanOrEqual(jobs.length);
      await queues.history.clean(0, 10_000, 'completed');
    };
    try {
      await runInterval();
      expect(reads.size).toBe(parks.length);
      expect([...reads.values()].every((n) => n === 1)).toBe(true);
      const mkSamples = await db.selectFrom('wait_samples').select('id').where('park_id', '=', MK).execute();
      expect(mkSamples.length).toBeGreaterThan(30);
      expect(scheduleReads).toBe(1); // only MK has a schedule recording; the others answered "no live data"
      expect(await history.parkHours(db, MK, '2026-04-14')).toContainEqual({
        type: 'OPERATING',
        opens: '09:00',
        closes: '22:00',
        description: null,
      });
      expect(await history.rollupDay(db, (await catalogue.listAttractions(db, MK))[0]!.id, '2026-04-14')).not.toEqual([]);

      // The next interval: MK is read again (the others publish no live data and are skipped for a day).
      clock = new Date(clock.getTime() + HISTORY_EVERY_MS);
      await runInterval();
      expect(reads.get(MK)).toBe(2);
      expect(scheduleReads).toBe(1);
      // Replay lastUpdated moved with the clock: one more sample per attraction with a lastUpdated.
      expect((await db.selectFrom('wait_samples').select('id').where('park_id', '=', MK).execute()).length).toBe(mkSamples.length * 2);

      // The next interval, with MK's last poll `ago` ms before it: the collection, which must not read MK.
      const collectPolledAgo = async (ago: number) => {
        clock = new Date(clock.getTime() + HISTORY_EVERY_MS);
        await db
          .updateTable('ride_status')
          .set({ polled_at: new Date(clock.getTime() - ago) })
          .where('park_id', '=', MK)
          .execute();
        expect(await collectHistory({ db, source, now: () => clock }, MK)).toMatchObject({ claimed: true, read: false });
        expect(reads.get(MK)).toBe(2);
      };
      // A park polled 30 s ago shares that read: no upstream read, only the rollup.
      await collectPolledAgo(30_000);
      // A watched park whose tick is late (last poll 10 minutes ago) is still not read: its tick owns the reads.
      await watchAll(db, MK_OPEN, 'late-tick@example.com', () => clock);
      await collectPolledAgo(600_000);
    } finally {
      await Promise.all(workers.map((w) => w.close()));
    }
  });
});
