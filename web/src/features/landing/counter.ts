/** The landing counter's timing (docs/spec/part-1.md §9): rotate every 4 s, animate over 2 s. */
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

/** The English plural rules (the platform's CLDR data), made on first use: not while the page's modules load. */
let plurals: Intl.PluralRules | undefined;

/**
 * "1 walk-on alert" / "2 walk-on alerts": the `one` or `other` wording for `count` by Intl.PluralRules (en-US),
 * so a figure of 1 never reads "1 alerts".
 */
export function pluralLabel(count: number, forms: { one: string; other: string }): string {
  plurals ??= new Intl.PluralRules('en-US');
  return plurals.select(count) === 'one' ? forms.one : forms.other;
}

/** One figure the counter can show: a whole number and the words after it, singular and plural. */
export interface CounterFigure {
  value: number;
  one: string;
  other: string;
}

/** The words shown under a figure's number, agreeing with the figure's own value. */
export function figureLabel(f: CounterFigure): string {
  return pluralLabel(f.value, f);
}

/**
 * The figures worth showing (docs/DESIGN.md §6: a figure that is zero or unknown is hidden, never faked): alerts
 * sent today, then the per-ride totals.
 */
export function counterFigures(
  stats: { alertsSentToday: number; topRides: { rideName: string; alerts: number }[] } | undefined,
): CounterFigure[] {
  if (!stats) return [];
  const out: CounterFigure[] = [];
  if (stats.alertsSentToday > 0)
    out.push({ value: stats.alertsSentToday, one: 'walk-on alert sent today', other: 'walk-on alerts sent today' });
  for (const r of stats.topRides)
    if (r.alerts > 0) out.push({ value: r.alerts, one: `alert for ${r.rideName}`, other: `alerts for ${r.rideName}` });
  return out;
}
