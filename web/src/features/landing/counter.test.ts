import { describe, expect, it } from 'vitest';
import { counterFigures, tweenValue } from './counter.ts';

describe('landing counter (spec part 1 §9, DESIGN §6)', () => {
  it('spec part 1 §9: animates over 2 s — starts at the old value, ends exactly at the new one', () => {
    expect(tweenValue(100, 200, 0)).toBe(100);
    expect(tweenValue(100, 200, 2000)).toBe(200);
    expect(tweenValue(100, 200, 5000)).toBe(200);
    const mid = tweenValue(100, 200, 1000);
    expect(mid).toBeGreaterThan(150); // ease-out is past halfway at half time
    expect(mid).toBeLessThan(200);
  });
  it('DESIGN §6: zero or unknown figures are hidden, not faked', () => {
    expect(counterFigures(undefined)).toEqual([]);
    expect(counterFigures({ alertsSentToday: 0, topRides: [] })).toEqual([]);
    expect(counterFigures({ alertsSentToday: 3, topRides: [{ rideName: 'Dumbo', alerts: 12 }] })).toEqual([
      { label: 'walk-on alerts sent today', value: 3 },
      { label: 'alerts for Dumbo', value: 12 },
    ]);
  });
});
