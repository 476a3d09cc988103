import { describe, expect, it } from 'vitest';
import { shiftInstants } from './replay.ts';
import { parseLive } from './schema.ts';

describe('ThemeParks.wiki live parsing (docs/DESIGN.md §2.2: tolerant of nulls and missing queue)', () => {
  it('reads STANDBY waits, keeps null waits null, survives a missing queue and skips junk entries', () => {
    const { data, skipped } = parseLive({
      id: 'p',
      name: 'Park',
      timezone: 'America/New_York',
      liveData: [
        {
          id: 'a',
          name: 'A',
          entityType: 'ATTRACTION',
          status: 'OPERATING',
          queue: { STANDBY: { waitTime: 10 } },
          lastUpdated: '2026-04-14T22:00:00Z',
        },
        { id: 'b', name: 'B', entityType: 'ATTRACTION', status: 'OPERATING', queue: { STANDBY: { waitTime: null } } },
        { id: 'c', name: 'C', entityType: 'ATTRACTION', status: 'REFURBISHMENT' },
        { id: 'd', name: 'D', entityType: 'ATTRACTION', status: 'OPERATING', queue: null, operatingHours: null },
        'garbage',
        { name: 'no id' },
      ],
    });
    expect(skipped).toBe(2);
    expect(data.entries.map((e) => [e.id, e.standbyWait])).toEqual([
      ['a', 10],
      ['b', null],
      ['c', null],
      ['d', null],
    ]);
    expect(data.timezone).toBe('America/New_York');
  });
  it('a document without a park id is rejected', () => {
    expect(() => parseLive({ liveData: [] })).toThrow();
  });
  it('docs/decisions/011: the replay shifts every ISO instant, keeping relative times', () => {
    const out = shiftInstants({ a: '2026-04-14T22:27:18Z', b: ['2026-04-14T09:00:00-04:00'], c: 'Dumbo', d: 5 }, 60_000);
    expect(out).toEqual({ a: '2026-04-14T22:28:18.000Z', b: ['2026-04-14T13:01:00.000Z'], c: 'Dumbo', d: 5 });
  });
});

describe('docs/decisions/011: the replay steps through the RogueMew day, one snapshot per tick', () => {
  it('serves consecutive snapshots of the series for Magic Kingdom, stamped now', async () => {
    const path = await import('node:path');
    const { FIXTURES_DIR: dir } = await import('@walkon/db/testing');
    const { createReplaySource } = await import('./replay.ts');
    const now = new Date('2030-06-01T15:00:00Z');
    const src = createReplaySource({
      dir,
      now: () => now,
      seriesFile: path.join(dir, 'roguemew_tpw-derived_magic-kingdom_2026-04-01_15min.csv'),
    });
    const mk = '75ea578a-adc8-4116-a54d-dccb60765ef9';
    const barnstormer = async () => (await src.getLive(mk)).entries.find((e) => e.name === 'The Barnstormer')!;
    const first = await barnstormer(); // 08:00 snapshot: OPERATING, 5 min
    expect([first.status, first.standbyWait, first.lastUpdated]).toEqual(['OPERATING', 5, now.toISOString()]);
    const tiki = (await src.getLive(mk)).entries.find((e) => e.name === "Walt Disney's Enchanted Tiki Room")!; // 08:15
    expect(tiki.lastUpdated).toBe(now.toISOString());
  });
});

describe('the demo lists only parks with a live recording (WAIT_TIMES_REPLAY_PARKS=recorded)', () => {
  it('drops parks without a recording and destinations left empty; the default lists every park', async () => {
    const { FIXTURES_DIR: dir } = await import('@walkon/db/testing');
    const { createReplaySource } = await import('./replay.ts');
    const now = () => new Date('2030-06-01T15:00:00Z');
    const all = await createReplaySource({ dir, now }).getDestinations();
    const recordedSource = createReplaySource({ dir, now, onlyRecordedParks: true });
    const recorded = await recordedSource.getDestinations();
    const withData = new Set(Object.keys(recordedSource.files()));
    const offered = recorded.flatMap((d) => d.parks.map((p) => p.id));
    // Every offered park has data, and every park with data (that the destination list names) is offered.
    expect(offered.every((id) => withData.has(id))).toBe(true);
    expect(new Set(offered)).toEqual(new Set(all.flatMap((d) => d.parks.map((p) => p.id)).filter((id) => withData.has(id))));
    expect(offered).toContain('75ea578a-adc8-4116-a54d-dccb60765ef9'); // Magic Kingdom
    expect(recorded.every((d) => d.parks.length > 0)).toBe(true);
    expect(all.flatMap((d) => d.parks).length).toBeGreaterThan(offered.length);
  });
});
