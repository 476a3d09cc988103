/** The landing counter's timing (spec part 1 §9): rotate every 4 s, animate over 2 s. */
export const ROTATE_MS = 4000;
export const ANIMATE_MS = 2000;

/** Ease-out cubic: fast start, gentle landing. */
const easeOut = (t: number) => 1 - (1 - t) ** 3;

/** The value shown `elapsedMs` into an animation from `from` to `to` (whole numbers; exact at the end). */
export function tweenValue(from: number, to: number, elapsedMs: number, durationMs = ANIMATE_MS): number {
  if (elapsedMs <= 0) return from;
  if (elapsedMs >= durationMs) return to;
  return Math.round(from + (to - from) * easeOut(elapsedMs / durationMs));
}

/** One figure the counter can show. */
export interface CounterFigure {
  label: string;
  value: number;
}

/**
 * The figures worth showing (DESIGN §6: a figure that is zero or unknown is hidden, never faked): alerts
 * sent today, then the per-ride totals.
 */
export function counterFigures(
  stats: { alertsSentToday: number; topRides: { rideName: string; alerts: number }[] } | undefined,
): CounterFigure[] {
  if (!stats) return [];
  const out: CounterFigure[] = [];
  if (stats.alertsSentToday > 0) out.push({ label: 'walk-on alerts sent today', value: stats.alertsSentToday });
  for (const r of stats.topRides) if (r.alerts > 0) out.push({ label: `alerts for ${r.rideName}`, value: r.alerts });
  return out;
}
