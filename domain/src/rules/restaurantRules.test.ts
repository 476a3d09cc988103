import { describe, expect, it } from 'vitest';
import { groupRestaurantAlerts, mealOf, restaurantMatchMessage, suitsPreferredTime } from './restaurantRules.ts';

describe('restaurant rules (docs/decisions/009)', () => {
  it.each([
    ['05:59', null],
    ['06:00', 'breakfast'],
    ['10:59', 'breakfast'],
    ['11:00', 'lunch'],
    ['15:59', 'lunch'],
    ['16:00', 'dinner'],
    ['22:59', 'dinner'],
    ['23:00', null],
  ])('the meal window of %s is %s', (time, meal) => {
    expect(mealOf(time)).toBe(meal);
  });

  it('preferred time: any always; otherwise the meal being served at the availability time', () => {
    expect(suitsPreferredTime('any', '03:00')).toBe(true);
    expect(suitsPreferredTime('dinner', '18:27')).toBe(true);
    expect(suitsPreferredTime('lunch', '18:27')).toBe(false);
    expect(suitsPreferredTime('breakfast', '08:00')).toBe(true);
    expect(suitsPreferredTime('dinner', '23:30')).toBe(false);
  });

  it('groups by (restaurant, date, party size), one group per date, duplicate dates once', () => {
    const a = (id: string, restaurantId: string, partySize: number, dates: string[]) => ({
      id,
      parkId: 'p',
      restaurantId,
      partySize,
      dates,
    });
    const groups = groupRestaurantAlerts([
      a('1', 'r1', 2, ['2026-01-01', '2026-01-02', '2026-01-01']),
      a('2', 'r1', 2, ['2026-01-01']),
      a('3', 'r1', 4, ['2026-01-01']),
      a('4', 'r2', 2, ['2026-01-01']),
    ]);
    expect(groups.map((g) => [g.query.restaurantId, g.query.date, g.query.partySize, g.alerts.map((x) => x.id)])).toEqual([
      ['r1', '2026-01-01', 2, ['1', '2']],
      ['r1', '2026-01-02', 2, ['1']],
      ['r1', '2026-01-01', 4, ['3']],
      ['r2', '2026-01-01', 2, ['4']],
    ]);
    const many = groupRestaurantAlerts(Array.from({ length: 100 }, (_, i) => a(String(i), 'r1', 2, ['2026-01-01'])));
    expect(many).toHaveLength(1);
    expect(many[0]!.alerts).toHaveLength(100);
  });

  it('the match summary says when the data is a sample', () => {
    const m = {
      restaurantName: 'Tony’s',
      parkName: 'Magic Kingdom Park',
      partySize: 2,
      date: '2026-01-01',
      time: '18:27',
      waitMinutes: null,
    };
    expect(restaurantMatchMessage({ ...m, sample: false })).toBe(
      'Tony’s (Magic Kingdom Park): a table for 2 on 2026-01-01, walk-up (seen at 18:27)',
    );
    expect(restaurantMatchMessage({ ...m, waitMinutes: 55, sample: true })).toBe(
      'Sample data: Tony’s (Magic Kingdom Park): a table for 2 on 2026-01-01, about 55 min wait (seen at 18:27)',
    );
  });
});
