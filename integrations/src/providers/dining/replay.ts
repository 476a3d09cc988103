import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parkLocalDateTime } from '@walkon/domain/dates';
import { parseLive } from '../waitTimes/schema.ts';
import type { LiveParkData } from '../waitTimes/types.ts';
import type { DiningAvailabilityProvider } from './types.ts';

interface DiningRecording {
  file: string;
  data: LiveParkData;
  /** Park-local date and time of day the recording was made (its newest `lastUpdated`). */
  recordedDate: string;
  recordedTime: string;
}

/**
 * The `replay` provider (DINING_SOURCE=replay, docs/DESIGN.md §5; development and tests only): the recorded
 * ThemeParks.wiki live responses in `dir` that contain `diningAvailability` (e.g.
 * tpw_live_magic-kingdom_2026-04-14T2227Z.json; `*_EDITED*` files excluded unless named in `files`), re-targeted
 * onto the requested date: a restaurant and party size with a recorded entry is `available` at the recording's
 * park-local time of day with the recorded wait, on any date asked; everything else is `none`. A park without
 * such a recording is `unknown`. Its label says the data is a recorded sample.
 */
export function createReplayDiningProvider(opts: { dir: string; files?: string[] }): DiningAvailabilityProvider & {
  files(): Record<string, string>;
} {
  const names = opts.files ?? readdirSync(opts.dir).filter((n) => /^tpw_live_.*\.json$/.test(n) && !n.includes('EDITED'));
  const byPark = new Map<string, DiningRecording>();
  for (const name of names) {
    const { data } = parseLive(JSON.parse(readFileSync(path.join(opts.dir, name), 'utf8')));
    if (!data.entries.some((e) => e.diningAvailability && e.diningAvailability.length > 0)) continue;
    const instants = data.entries.map((e) => (e.lastUpdated ? Date.parse(e.lastUpdated) : Number.NaN)).filter(Number.isFinite);
    const [recordedDate, recordedTime] = parkLocalDateTime(new Date(Math.max(0, ...instants)), data.timezone);
    const current = byPark.get(data.parkId);
    if (!current || `${recordedDate} ${recordedTime}` > `${current.recordedDate} ${current.recordedTime}`)
      byPark.set(data.parkId, { file: name, data, recordedDate, recordedTime });
  }
  const recorded = [...byPark.values()].map((r) => `${r.data.name} ${r.recordedDate} ${r.recordedTime}`).join('; ');
  return {
    kind: 'replay',
    label: `Sample data: walk-up availability recorded from ThemeParks.wiki (${recorded || 'no recording'}), replayed onto your dates`,
    files: () => Object.fromEntries([...byPark].map(([id, r]) => [id, r.file])),
    async check(q) {
      const rec = byPark.get(q.parkId);
      if (!rec) return { status: 'unknown', reason: 'no recorded dining availability for this park' };
      const entry = rec.data.entries.find((e) => e.id === q.restaurantId);
      const slot = entry?.diningAvailability?.find((d) => d.partySize === q.partySize);
      if (entry?.status !== 'OPERATING' || !slot) return { status: 'none', reason: 'no recorded availability for this party size' };
      return { status: 'available', time: rec.recordedTime, waitMinutes: slot.waitTime };
    },
  };
}
