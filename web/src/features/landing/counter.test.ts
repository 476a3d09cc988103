import { describe, expect, it } from 'vitest';
import { counterFigures, figureLabel, pluralLabel, tweenValue } from './counter.ts';

describe('landing counter (docs/spec/part-1.md §9, docs/DESIGN.md §6)', () => {
  it('docs/spec/part-1.md §9: animates over 2 s — starts at the old value, ends exactly at the new one', () => {
    expect(tweenValue(100, 200, 0)).toBe(100);
    expect(tweenValue(100, 200, 2000)).toBe(200);
    expect(tweenValue(100, 200, 5000)).toBe(200);
    const mid = tweenValue(100, 200, 1000);
    expect(mid).toBeGreaterThan(150); // ease-out is past halfway at half time
    expect(mid).toBeLessThan(200);
  });
  it('docs/DESIGN.md §6: zero or unknown figures are hidden, not faked', () => {
    expect(counterFigures(undefined)).toEqual([]);
    expect(counterFigures({ alertsSentToday: 0, topRides: [] })).toEqual([]);
    const figures = counterFigures({ alertsSentToday: 3, topRides: [{ rideName: 'Dumbo', alerts: 12 }] });
    expect(figures.map((f) => [f.value, figureLabel(f)])).toEqual([
      [3, 'walk-on alerts sent today'],
      [12, 'alerts for Dumbo'],
    ]);
  });
  it('plural rules: one alert, two alerts, zero alerts (never "1 alerts")', () => {
    const forms = { one: 'alert', other: 'alerts' };
    expect(pluralLabel(1, forms)).toBe('alert');
    expect(pluralLabel(0, forms)).toBe('alerts');
    expect(pluralLabel(2, forms)).toBe('alerts');
    expect(pluralLabel(1_001, forms)).toBe('alerts');
    const [today, ride] = counterFigures({ alertsSentToday: 1, topRides: [{ rideName: 'Dumbo', alerts: 1 }] });
    expect(figureLabel(today!)).toBe('walk-on alert sent today');
    expect(figureLabel(ride!)).toBe('alert for Dumbo');
  });
});
