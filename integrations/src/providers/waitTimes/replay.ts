import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parkLocalDate } from '@walkon/domain/dates';
import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import { parseDestinations, parseLive, parseSchedule } from './schema.ts';
import { type Destination, type LiveEntry, type LiveParkData, NotFoundError, type ScheduleEntry, type WaitTimesSource } from './types.ts';

/** Options of the replay source (`WAIT_TIMES_SOURCE=replay`, docs/DESIGN.md §5). */
export interface ReplaySourceOptions {
  /** Folder of recordings (`WAIT_TIMES_REPLAY_DIR`, default `WALKON_FIXTURES_DIR`). */
  dir: string;
  /** The clock the recordings are shifted to (injected for tests). */
  now: () => Date;
  /**
   * Which recording serves a park that has several: `busiest` (default: the one with the most OPERATING
   * attractions publishing a standby wait, i.e. a park day) or `newest`. Ignored for files in `files`.
   */
  pick?: 'busiest' | 'newest';
  /** Only these file names (inside `dir`) are indexed as live recordings; default every `tpw_live_*.json`. */
  files?: string[];
  /** Optional RogueMew day CSV (`name,waitTime,currentStatus,date,time,isRide`): one snapshot per getLive call. */
  seriesFile?: string;
  /**
   * List only the parks that have a live recording (destinations left without a park are dropped): the demo then
   * offers no park whose ride list cannot load (`WAIT_TIMES_REPLAY_PARKS=recorded`). Default: every listed park.
   */
  onlyRecordedParks?: boolean;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Shifts every ISO instant inside `value` by `ms` milliseconds (returned as UTC ISO strings). */
export function shiftInstants<T>(value: T, ms: number): T {
  if (typeof value === 'string') return (ISO_INSTANT.test(value) ? new Date(Date.parse(value) + ms).toISOString() : value) as T;
  if (Array.isArray(value)) return value.map((v) => shiftInstants(v, ms)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = shiftInstants(v, ms);
    return out as T;
  }
  return value;
}

interface Recording {
  file: string;
  data: LiveParkData;
  /** Newest `lastUpdated` in the file: the moment it was recorded. */
  instant: number;
  busyness: number;
}

function loadRecording(file: string): Recording {
  const { data } = parseLive(JSON.parse(readFileSync(file, 'utf8')));
  const instants = data.entries.map((e) => (e.lastUpdated ? Date.parse(e.lastUpdated) : Number.NaN)).filter(Number.isFinite);
  const busyness = data.entries.filter((e) => e.entityType === 'ATTRACTION' && e.status === 'OPERATING' && e.standbyWait !== null).length;
  return { file: path.basename(file), data, instant: instants.length ? Math.max(...instants) : 0, busyness };
}

interface Snapshot {
  rows: { name: string; wait: number | null; status: string }[];
}

function loadSeries(file: string): Snapshot[] {
  const lines = readFileSync(file, 'utf8').split('\n').slice(1).filter(Boolean);
  const byKey = new Map<string, Snapshot>();
  for (const line of lines) {
    // The attraction names contain no commas in this source; the last five columns are fixed.
    const parts = line.split(',');
    const [wait, status, date, time] = parts.slice(-5, -1);
    const name = parts.slice(0, -5).join(',');
    const key = `${date} ${time}`;
    let snap = byKey.get(key);
    if (!snap) {
      snap = { rows: [] };
      byKey.set(key, snap);
    }
    snap.rows.push({ name, wait: wait ? Number(wait) : null, status: status ?? 'CLOSED' });
  }
  return [...byKey.values()];
}

/**
 * The replay source (docs/DESIGN.md §5, docs/decisions/011): serves the recorded ThemeParks.wiki responses in `dir`.
 * It indexes every `tpw_live_*.json` by the park id inside it (`*_EDITED*` files are edited test data, not
 * recordings, and are only served when named in `files`) and the newest `tpw_destinations_*.json`. A
 * recording's instant is its newest `lastUpdated`; every timestamp is shifted by (now − instant), so
 * relative freshness and operating hours are kept. With `seriesFile`, the park whose recording matches the
 * series' attraction names is served one snapshot of the day per call, stamped `now`. Schedules come from
 * `tpw_schedule_*.json`, their dates moved by whole weeks (weekdays kept) so that today is covered.
 */
export function createReplaySource(opts: ReplaySourceOptions): WaitTimesSource & { files(): Record<string, string> } {
  const names = readdirSync(opts.dir);
  const liveFiles = opts.files ?? names.filter((n) => /^tpw_live_.*\.json$/.test(n) && !n.includes('EDITED'));
  const byPark = new Map<string, Recording>();
  for (const name of liveFiles) {
    const rec = loadRecording(path.join(opts.dir, name));
    const current = byPark.get(rec.data.parkId);
    const better =
      !current ||
      (opts.pick === 'newest'
        ? rec.instant > current.instant
        : rec.busyness > current.busyness || (rec.busyness === current.busyness && rec.instant > current.instant));
    if (better) byPark.set(rec.data.parkId, rec);
  }
  const destinationFile = names
    .filter((n) => /^tpw_destinations_.*\.json$/.test(n))
    .sort()
    .at(-1);
  const listed = destinationFile ? parseDestinations(JSON.parse(readFileSync(path.join(opts.dir, destinationFile), 'utf8'))) : [];
  const destinations = opts.onlyRecordedParks
    ? listed.map((d) => ({ ...d, parks: d.parks.filter((p) => byPark.has(p.id)) })).filter((d) => d.parks.length > 0)
    : listed;

  // Schedules (`tpw_schedule_*.json`): the newest file per park, moved by whole weeks so today falls inside it.
  const schedules = new Map<string, { timezone: string; entries: ScheduleEntry[] }>();
  for (const name of names.filter((n) => /^tpw_schedule_.*\.json$/.test(n)).sort()) {
    const raw = JSON.parse(readFileSync(path.join(opts.dir, name), 'utf8')) as { id?: string; timezone?: string };
    if (typeof raw.id === 'string') schedules.set(raw.id, { timezone: raw.timezone ?? 'UTC', entries: parseSchedule(raw) });
  }

  let series: { parkId: string; snapshots: Snapshot[]; next: number } | undefined;
  if (opts.seriesFile) {
    const snapshots = loadSeries(opts.seriesFile);
    const seriesNames = new Set(snapshots.flatMap((s) => s.rows.map((r) => r.name)));
    let best: { parkId: string; matches: number } | undefined;
    for (const [parkId, rec] of byPark) {
      const matches = rec.data.entries.filter((e) => seriesNames.has(e.name)).length;
      if (!best || matches > best.matches) best = { parkId, matches };
    }
    if (best && best.matches > 0) series = { parkId: best.parkId, snapshots, next: 0 };
  }

  return {
    kind: 'replay',
    files: () => Object.fromEntries([...byPark].map(([id, r]) => [id, r.file])),
    async getDestinations(): Promise<Destination[]> {
      return destinations;
    },
    async getSchedule(parkId: string): Promise<ScheduleEntry[]> {
      const sched = schedules.get(parkId);
      if (!sched) throw new NotFoundError(`no schedule recording for park ${parkId}`);
      const first = sched.entries.map((e) => e.date).sort()[0];
      if (!first) return [];
      const today = parkLocalDate(opts.now(), sched.timezone);
      const days = Math.floor(differenceInCalendarDays(parseISO(today), parseISO(first)) / 7) * 7;
      return sched.entries.map((e) => ({ ...e, date: format(addDays(parseISO(e.date), days), 'yyyy-MM-dd') }));
    },
    async getLive(parkId: string): Promise<LiveParkData> {
      const rec = byPark.get(parkId);
      if (!rec) throw new NotFoundError(`no recording for park ${parkId}`);
      const now = opts.now().getTime();
      const shifted = shiftInstants(rec.data, now - rec.instant);
      if (series && series.parkId === parkId && series.snapshots.length > 0) {
        const snap = series.snapshots[series.next % series.snapshots.length]!;
        series.next++;
        const rows = new Map(snap.rows.map((r) => [r.name, r]));
        const stamp = new Date(now).toISOString();
        shifted.entries = shifted.entries.map((e): LiveEntry => {
          const row = rows.get(e.name);
          if (!row) return e;
          return { ...e, status: row.status, standbyWait: row.wait, lastUpdated: stamp };
        });
      }
      return shifted;
    },
  };
}
