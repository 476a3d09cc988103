import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogue, type Executor, history, type SampleInput } from '@walkon/db';
import { addDaysToDate, parkLocalInstant } from '@walkon/domain/dates';

/** A recorded wait-time series to load into the history tables (docs/DESIGN.md §2.2 history, docs/fixtures-sources.md §4). */
export interface HistoryDataset {
  /** File name inside the fixtures folder. */
  file: string;
  /** `roguemew`: name,waitTime,currentStatus,date(MM-DD-YYYY),time(HH:MM),isRide, one park's rides.
   *  `touringplans`: date,datetime,SPOSTMIN/SACTMIN (either order), one ride; -999 = unexpectedly DOWN. */
  format: 'roguemew' | 'touringplans';
  parkId: string;
  /** The ride of a `touringplans` file (ThemeParks.wiki name). */
  attractionName?: string;
  /** The park's IANA zone: the series' times are park-local wall-clock times. */
  timezone: string;
}

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const AK = '1c84a229-8862-4648-9c71-378ddd2c7693';
const EASTERN = 'America/New_York';

/** The recorded series `make dev` / `make demo` load, with their real dates (docs/fixtures-sources.md §4). */
export const DEMO_HISTORY: HistoryDataset[] = [
  { file: 'roguemew_tpw-derived_magic-kingdom_2026-04-01_15min.csv', format: 'roguemew', parkId: MK, timezone: EASTERN },
  {
    file: 'touringplans_MK_peoplemover_posted-actual_2015-2021.csv',
    format: 'touringplans',
    parkId: MK,
    attractionName: 'Tomorrowland Transit Authority PeopleMover',
    timezone: EASTERN,
  },
  {
    file: 'touringplans_MK_carousel-of-progress_posted-actual_2015-2021.csv',
    format: 'touringplans',
    parkId: MK,
    attractionName: "Walt Disney's Carousel of Progress",
    timezone: EASTERN,
  },
  {
    file: 'touringplans_AK85_navi-river-journey_posted-actual_2017-2019.csv',
    format: 'touringplans',
    parkId: AK,
    attractionName: "Na'vi River Journey",
    timezone: EASTERN,
  },
  {
    file: 'touringplans_AK86_flight-of-passage_posted-actual_2017-2019.csv',
    format: 'touringplans',
    parkId: AK,
    attractionName: 'Avatar Flight of Passage',
    timezone: EASTERN,
  },
];

/** Splits one CSV line (RFC 4180 quotes, "" escapes). */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/** One parsed observation: ride name, park-local date and time, status and standby wait (minutes). */
export interface SeriesRow {
  name: string;
  localDate: string;
  /** 'HH:MM:SS' */
  localTime: string;
  status: string;
  wait: number | null;
}

/**
 * Parses a recorded series file into observations (rows without a posted wait in a TouringPlans file, i.e.
 * the users' timed actual waits, are skipped; -999 becomes DOWN).
 */
export function parseSeries(text: string, ds: HistoryDataset): SeriesRow[] {
  const lines = text.split('\n').filter((l) => l.trim());
  const header = splitCsvLine(lines[0] ?? '');
  const rows: SeriesRow[] = [];
  if (ds.format === 'roguemew') {
    for (const line of lines.slice(1)) {
      const [name, wait, status, date, time] = splitCsvLine(line);
      const md = /^(\d{2})-(\d{2})-(\d{4})$/.exec(date ?? '');
      if (!name || !md || !/^\d{2}:\d{2}$/.test(time ?? '')) continue;
      rows.push({
        name,
        localDate: `${md[3]}-${md[1]}-${md[2]}`,
        localTime: `${time}:00`,
        status: status || 'CLOSED',
        wait: wait ? Number(wait) : null,
      });
    }
    return rows;
  }
  const posted = header.indexOf('SPOSTMIN');
  const at = header.indexOf('datetime');
  for (const line of lines.slice(1)) {
    const cols = splitCsvLine(line);
    const v = cols[posted];
    const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(cols[at] ?? '');
    if (!v || !m) continue;
    const n = Number(v);
    if (!Number.isFinite(n)) continue;
    rows.push({
      name: ds.attractionName ?? '',
      localDate: m[1]!,
      localTime: m[2]!,
      status: n === -999 ? 'DOWN' : 'OPERATING',
      wait: n === -999 ? null : n,
    });
  }
  return rows;
}

/** Finds (or adds from the recorded `tpw_children_*` documents of the park) the attraction ids of these names. */
async function resolveAttractions(db: Executor, dir: string, parkId: string, names: string[]): Promise<Map<string, string>> {
  const known = new Map((await catalogue.listAttractions(db, parkId, ['ATTRACTION', 'SHOW'])).map((a) => [a.name, a.id]));
  const missing = names.filter((n) => !known.has(n));
  if (missing.length === 0) return known;
  for (const file of readdirSync(dir).filter((f) => /^tpw_children_.*\.json$/.test(f))) {
    const doc = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
      id?: string;
      children?: { id: string; name: string; entityType: string }[];
    };
    if (doc.id !== parkId) continue;
    const found = (doc.children ?? []).filter((c) => missing.includes(c.name) && !known.has(c.name));
    await catalogue.upsertAttractions(
      db,
      found.map((c) => ({ id: c.id, parkId, name: c.name, entityType: c.entityType })),
    );
    for (const c of found) known.set(c.name, c.id);
  }
  return known;
}

/** What an import wrote. */
export interface ImportResult {
  samples: number;
  /** Park-local days rolled up. */
  days: number;
  slots: number;
  /** Raw-sample partitions dropped again after the rollup (older than the retention). */
  dropped: number;
  /** Datasets skipped because their park is not in the catalogue. */
  skipped: string[];
}

/**
 * Loads recorded series into the history tables with their real dates (docs/DESIGN.md §2.2 history; `make dev` /
 * `make demo`): the raw samples go into their monthly partitions, every touched park-local day is rolled up
 * with the same rollup as live data, and raw partitions past the retention are dropped again (rollups stay).
 * `weeks` keeps only each file's last N weeks (default 10); `dates` only those park-local dates.
 * The park must be in the catalogue; its rides are found by name (or added from the recorded children).
 */
export async function importHistory(
  deps: { db: Executor; now: () => Date },
  opts: { dir: string; datasets?: HistoryDataset[]; weeks?: number; dates?: string[]; retentionDays?: number },
): Promise<ImportResult> {
  const out: ImportResult = { samples: 0, days: 0, slots: 0, dropped: 0, skipped: [] };
  const days = new Map<string, { parkId: string; date: string; tz: string }>();
  for (const ds of opts.datasets ?? DEMO_HISTORY) {
    const park = await catalogue.getPark(deps.db, ds.parkId);
    if (!park) {
      out.skipped.push(ds.file);
      continue;
    }
    if (!park.timezone) await catalogue.setParkTimezone(deps.db, ds.parkId, ds.timezone);
    let rows = parseSeries(readFileSync(path.join(opts.dir, ds.file), 'utf8'), ds);
    if (opts.dates) rows = rows.filter((r) => opts.dates!.includes(r.localDate));
    else {
      const last =
        rows
          .map((r) => r.localDate)
          .sort()
          .at(-1) ?? '';
      const first = addDaysToDate(last, -7 * (opts.weeks ?? 10));
      rows = rows.filter((r) => r.localDate > first);
    }
    const ids = await resolveAttractions(deps.db, opts.dir, ds.parkId, [...new Set(rows.map((r) => r.name))]);
    const samples: SampleInput[] = [];
    for (const r of rows) {
      const attractionId = ids.get(r.name);
      if (!attractionId) continue;
      samples.push({
        attractionId,
        parkId: ds.parkId,
        status: r.status,
        standbyWait: r.wait,
        lastUpdated: parkLocalInstant(r.localDate, r.localTime, ds.timezone),
      });
      days.set(`${ds.parkId} ${r.localDate}`, { parkId: ds.parkId, date: r.localDate, tz: ds.timezone });
    }
    if (samples.length === 0) continue;
    const times = samples.map((s) => s.lastUpdated.getTime());
    await history.ensureSamplePartitions(deps.db, new Date(Math.min(...times)), new Date(Math.max(...times)));
    out.samples += await history.insertSamples(deps.db, samples, deps.now());
  }
  for (const { parkId, date, tz } of days.values()) {
    out.slots += await history.rollupPark(
      deps.db,
      parkId,
      parkLocalInstant(date, '00:00:00', tz),
      parkLocalInstant(addDaysToDate(date, 1), '00:00:00', tz),
    );
    out.days++;
  }
  const retention = (opts.retentionDays ?? 90) * 86_400_000;
  out.dropped = (await history.dropSamplePartitionsBefore(deps.db, new Date(deps.now().getTime() - retention))).length;
  return out;
}
