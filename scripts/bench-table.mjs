#!/usr/bin/env node
// Turns the output of one `make bench` (its log file) into the figures table of docs/benchmarks.md "Latest run":
// one row per `BENCH` line, in the order printed, with the part that printed it and that part's load average
// (1 min) from the harness's `# uptime (<part> start|end)` lines, and the verdict of the value against the target
// of docs/benchmarks.md "What each figure times" — met or missed by this run's number, nothing else. A figure the
// log does not hold is not in the table. Usage: node scripts/bench-table.mjs bench.log > table.md
import { readFileSync } from 'node:fs';

/** Targets of docs/benchmarks.md "What each figure times": on the ratio unless `on: 'value'`. */
const TARGETS = {
  tick_quiet_ms_50k: { max: 1.5 },
  tick_restamp_ms_50k: { max: 2 },
  tick_drop_ms_50k: { max: 2 },
  tick_rise_ms_50k: { max: 2 },
  tick_drop_ms_10parks: { max: 2 },
  send_outbox_messages_per_s: { min: 0.25 },
  day_tick_p99_ms_50k: { max: 250, on: 'value', unit: 'ms' },
  live_rps: { min: 0.8 },
  live_p99_ms: { max: 50, on: 'value', unit: 'ms' },
  live_rebuild_ms: { max: 3 },
  ride_page_rps: { min: 0.5 },
  ride_page_rebuild_ms: { max: 3 },
  upstream_reads_per_park_minute: { exactly: 1, on: 'value' },
  upstream_reads_per_watched_park_minute_min: { exactly: 1, on: 'value' },
  signup_registered_ms: { min: 0.9, max: 1.1 },
  send_messages_per_s_provider: { min: 0.8 },
  send_quota_utilisation: { min: 0.9 },
  tick_to_last_message_s_provider: { max: 1.3 },
  push_per_s: { min: 0.5 },
  tick_to_last_push_s: { max: 1 },
};

const num = (x) =>
  Math.abs(x) >= 100
    ? Math.round(x).toLocaleString('en-US')
    : Number(x.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 3 });

/** "≤ 2 × — met" for a figure's target and this run's line; "—" where the figure has no target. */
function verdict(figure, line) {
  const t = TARGETS[figure];
  if (!t) return '—';
  const x = t.on === 'value' ? line.value : line.ratio;
  const suffix = t.on === 'value' ? ` ${t.unit ?? ''} absolute`.trimEnd() : ' ×';
  let text;
  let ok;
  if (t.exactly !== undefined) [text, ok] = [`exactly ${t.exactly}`, x === t.exactly];
  else if (t.min !== undefined && t.max !== undefined) [text, ok] = [`${t.min}–${t.max}${suffix}`, x >= t.min && x <= t.max];
  else if (t.max !== undefined) [text, ok] = [`≤ ${t.max}${suffix}`, x <= t.max];
  else [text, ok] = [`≥ ${t.min}${suffix}`, x >= t.min];
  return `${text} — ${ok ? 'met' : 'missed'}`;
}

const log = readFileSync(process.argv[2] ?? '/dev/stdin', 'utf8').split('\n');
const rows = [];
const loads = new Map(); // part → { start, end }
let part = null;
for (const l of log) {
  const u = l.match(/^# uptime \((.+) (start|end)\): .*load average: ([\d.]+)/);
  if (u) {
    const [, name, edge, load] = u;
    if (name === 'start' || name === 'end') continue; // a bench file's own start and end, not a part's
    const entry = loads.get(name) ?? {};
    entry[edge] = load;
    loads.set(name, entry);
    part = edge === 'start' ? name : null;
    continue;
  }
  const b = l.match(/^BENCH (\{.*\})$/);
  if (b) {
    const line = JSON.parse(b[1]);
    if (!line.smoke) rows.push({ line, part });
  }
}
console.log('| figure | value | anchor (same run) | ratio | target — this run | part | load (start → end) |');
console.log('|---|---|---|---|---|---|---|');
for (const { line, part } of rows) {
  const load = loads.get(part) ?? {};
  console.log(
    `| \`${line.figure}\` | ${num(line.value)} ${line.unit} | ${num(line.anchor)} | ${line.ratio} | ${verdict(line.figure, line)} | ${part ?? '?'} | ${load.start ?? '?'} → ${load.end ?? '?'} |`,
  );
}
