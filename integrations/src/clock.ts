/**
 * The processes' clock (docs/decisions/045). In production `now()` is the real
 * time. Outside production `CLOCK_START` (an ISO 8601 instant with its offset, e.g. 2026-11-28T01:52:00Z) is the
 * time the process's clock read when the process started (`performance.timeOrigin`), running on at the real rate,
 * so the end-to-end harness can start the API, the worker and the CLI "at 20:52 in Orlando" whatever the hour of
 * the run, each from the instant it spawned it at (no drift by the seconds a process takes to boot).
 * Only what reads `deps.now()` moves: timestamps PostgreSQL writes with its own now() stay real.
 * productionProblem (./env.ts) refuses CLOCK_START with NODE_ENV=production.
 * @param start the CLOCK_START value, or undefined/'' for the real clock.
 * @param real the real clock in milliseconds (tests pass their own).
 * @param startedAt the real time (ms) at which `start` held; default the process's start.
 * @returns `() => Date`, the process's `now`.
 * @throws Error when `start` is not a valid instant.
 */
export function processClock(
  start: string | undefined,
  real: () => number = Date.now,
  startedAt: number = performance.timeOrigin,
): () => Date {
  if (!start) return () => new Date(real());
  const at = Date.parse(start);
  if (Number.isNaN(at)) throw new Error(`CLOCK_START must be an ISO 8601 instant such as 2026-11-28T01:52:00Z (it is "${start}").`);
  const offset = at - startedAt;
  return () => new Date(real() + offset);
}
