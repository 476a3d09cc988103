import { describe, expect, it } from 'vitest';
import { spotsLeft, startOfSiteDay } from './site.ts';

describe('landing figures (docs/decisions/010, docs/DESIGN.md §6: no invented numbers)', () => {
  it('docs/DESIGN.md §6: spots left = daily SMS capacity − passes sold, never negative', () => {
    expect(spotsLeft(200, 37)).toBe(163);
    expect(spotsLeft(10, 12)).toBe(0);
  });
  it('docs/DESIGN.md §6: no configured capacity hides the figure (null), it is never faked', () => {
    expect(spotsLeft(null, 0)).toBeNull();
    expect(spotsLeft(undefined, 0)).toBeNull();
    expect(spotsLeft(0, 0)).toBeNull();
  });
  it('"today" starts at midnight in the site time zone (America/New_York)', () => {
    expect(startOfSiteDay(new Date('2026-04-15T03:30:00Z')).toISOString()).toBe('2026-04-14T04:00:00.000Z');
    expect(startOfSiteDay(new Date('2026-12-15T12:00:00Z')).toISOString()).toBe('2026-12-15T05:00:00.000Z');
  });
});
