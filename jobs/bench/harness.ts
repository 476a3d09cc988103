// The benches' shared harness (docs/benchmarks.md "How a bench runs"): the BENCH line, `uptime` notes, the smoke
// switch, deadlines per part, and the child processes a bench starts. A child that exits before the bench stops it,
// or never becomes ready, fails the bench at once with its last stderr lines; a part that outlives its deadline
// fails the bench naming the part. Every child is killed when the bench process ends, however it ends.

import { type ChildProcess, execSync, fork } from 'node:child_process';
import { ENV_DEFAULTS } from '@walkon/domain/env';

/**
 * BENCH_SMOKE=1: every part runs with tiny sizes and short deadlines (seconds), so `make bench-smoke` (called by
 * `make test`) proves each bench still starts and prints its figures; its numbers mean nothing.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** `full` in a measuring run, `smoke` under BENCH_SMOKE=1 (sizes, runs, seconds). */
export const size = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

/** Prints a comment line (`# …`) of the bench's output. */
export const note = (s: string): void => console.log(`# ${s}`);

/** Prints `uptime` (the load average the following figures ran at), labelled `when`. */
export const uptime = (when: string): void => note(`uptime (${when}): ${execSync('uptime').toString().trim()}`);

const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Prints one figure: `BENCH {"figure","value","unit","anchor","ratio"}` (ratio = value ÷ anchor, 0 without an
 * anchor; numbers rounded to 3 decimals). Under BENCH_SMOKE=1 the line also carries `"smoke":true`.
 */
export function bench(figure: string, value: number, unit: string, anchor: number): void {
  const line: Record<string, unknown> = {
    figure,
    value: round(value),
    unit,
    anchor: round(anchor),
    ratio: round(anchor ? value / anchor : 0),
  };
  if (SMOKE) line.smoke = true;
  console.log(`BENCH ${JSON.stringify(line)}`);
}

/** Fails the bench now: the sentence on stderr, every child killed, exit code 1. */
export function fail(sentence: string): never {
  process.stderr.write(`BENCH FAILED: ${sentence}\n`);
  killChildren();
  process.exit(1);
}

/** Minutes and seconds, e.g. `12 min 05 s` (for wall times and deadlines given in seconds). */
export function minSec(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/**
 * Runs one part of a bench under a deadline (seconds; `smokeSeconds` under BENCH_SMOKE=1). Prints `uptime` and the
 * deadline at the part's start, `uptime` and the part's wall time (`# part <name>: wall time …`) at its end. A part
 * still running at its deadline fails the bench: "part <name> ran out of its deadline of N s (after …)"; an error
 * thrown by the part fails it naming the part. Deadlines are in docs/benchmarks.md "Deadlines".
 */
export async function part<T>(name: string, seconds: number, smokeSeconds: number, f: () => Promise<T>): Promise<T> {
  const limit = SMOKE ? smokeSeconds : seconds;
  uptime(`${name} start`);
  note(`part ${name}: started ${new Date().toISOString()}, deadline ${minSec(limit)}`);
  const t0 = Date.now();
  const timer = setTimeout(() => fail(`part ${name} ran out of its deadline of ${limit} s (${minSec(limit)})`), limit * 1000);
  try {
    const out = await f();
    uptime(`${name} end`);
    note(`part ${name}: wall time ${minSec((Date.now() - t0) / 1000)} (deadline ${minSec(limit)}), ended ${new Date().toISOString()}`);
    return out;
  } catch (err) {
    fail(`part ${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `promise`'s value, or the bench fails when it has not settled within `seconds`: "<what> ran longer than N s" (a
 * stall inside a part, caught before the part's own deadline).
 */
export async function within<T>(seconds: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stall = new Promise<never>(() => {
    timer = setTimeout(() => fail(`${what} ran longer than ${seconds} s`), seconds * 1000);
  });
  try {
    return await Promise.race([promise, stall]);
  } finally {
    clearTimeout(timer);
  }
}

/** A child process the bench started (startChild). */
export interface BenchChild {
  name: string;
  process: ChildProcess;
  /** The last stderr lines the child wrote (at most 20). */
  stderrTail(): string;
  /**
   * Ends the child; its exit is then expected, not a failure. With `message`, sends it over IPC first and gives the
   * child 10 s to exit by itself; then SIGTERM, and SIGKILL 10 s later.
   */
  stop(message?: string): Promise<void>;
}

const children = new Set<BenchChild>();
function killChildren() {
  for (const c of children) if (c.process.exitCode === null && c.process.signalCode === null) c.process.kill('SIGKILL');
}
process.on('exit', killChildren);

/**
 * Forks `file` (a TypeScript module, run as this process runs: same execArgv, i.e. tsx) as child `name` with `env`,
 * stdout inherited, stderr piped through (and its last 20 lines kept), an IPC channel. Exiting before `stop()` fails
 * the bench at once with the child's exit code and last stderr lines.
 */
export function startChild(name: string, file: string, env: NodeJS.ProcessEnv, args: string[] = []): BenchChild {
  const proc = fork(file, args, { env, execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
  const tail: string[] = [];
  let partial = '';
  proc.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    tail.push(...lines);
    tail.splice(0, Math.max(0, tail.length - 20));
  });
  let stopping = false;
  const child: BenchChild = {
    name,
    process: proc,
    stderrTail: () => [...tail, partial].filter(Boolean).join('\n'),
    async stop(message) {
      stopping = true;
      if (proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise<void>((r) => proc.once('exit', () => r()));
        if (message !== undefined) proc.send(message);
        const term = setTimeout(() => proc.kill('SIGTERM'), message !== undefined ? 10_000 : 0);
        const kill = setTimeout(() => proc.kill('SIGKILL'), message !== undefined ? 20_000 : 10_000);
        await exited;
        clearTimeout(term);
        clearTimeout(kill);
      }
      children.delete(child);
    },
  };
  proc.once('exit', (code, signal) => {
    if (stopping) return;
    fail(
      `child ${name} (${file}) exited (${signal ?? `code ${code}`}) while the bench needed it; its last stderr lines:\n${child.stderrTail()}`,
    );
  });
  children.add(child);
  return child;
}

/**
 * Waits until `ready()` answers true (polled every 250 ms), at most `seconds` (smokeSeconds under BENCH_SMOKE=1);
 * otherwise fails the bench naming `what` with the last stderr lines of `of` (the children it waits for).
 */
export async function waitReady(what: string, of: BenchChild[], seconds: number, smokeSeconds: number, ready: () => Promise<boolean>) {
  const limit = (SMOKE ? smokeSeconds : seconds) * 1000;
  const t0 = Date.now();
  while (!(await ready().catch(() => false))) {
    if (Date.now() - t0 > limit)
      fail(
        `${what} not ready within ${limit / 1000} s; last stderr lines:\n${of.map((c) => `[${c.name}]\n${c.stderrTail() || '(none)'}`).join('\n')}`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The child's first IPC message (e.g. a listening address), at most `seconds` (smokeSeconds in a smoke). */
export function firstMessage<T>(child: BenchChild, seconds: number, smokeSeconds: number): Promise<T> {
  const limit = SMOKE ? smokeSeconds : seconds;
  return new Promise<T>((resolve) => {
    const timer = setTimeout(
      () => fail(`child ${child.name} sent nothing within ${limit} s; its last stderr lines:\n${child.stderrTail() || '(none)'}`),
      limit * 1000,
    );
    child.process.once('message', (m) => {
      clearTimeout(timer);
      resolve(m as T);
    });
  });
}

/**
 * The bench's own database: `<DATABASE_URL's name>_<suffix>` (e.g. walkon_alerts_bench), with `_smoke` appended under
 * BENCH_SMOKE=1 so a smoke never drops the database of a measuring run. Returns the URL and the name.
 */
export function benchDatabase(suffix: string): { url: string; name: string } {
  const base = new URL(process.env.DATABASE_URL ?? ENV_DEFAULTS.DATABASE_URL);
  const name = `${decodeURIComponent(base.pathname.replace(/^\//, '')) || 'walkon'}_${suffix}${SMOKE ? '_smoke' : ''}`;
  base.pathname = `/${name}`;
  return { url: base.toString(), name };
}
