import { describe, expect, it } from 'vitest';
import { formatDay, formatDayList, formatShortDay } from './days.ts';

describe('one day format everywhere', () => {
  it('writes a park-local day as en-US does ("Thu, Nov 26"), whatever the zone', () => {
    // 2026-11-26 is a Thursday (calendar); 2024-02-29 a Thursday; 2027-01-01 a Friday.
    expect(formatDay('2026-11-26')).toBe('Thu, Nov 26');
    expect(formatDay('2024-02-29')).toBe('Thu, Feb 29');
    expect(formatDay('2027-01-01')).toBe('Fri, Jan 1');
    expect(formatShortDay('2026-11-05')).toBe('Nov 5');
    expect(() => formatDay('26/11/2026')).toThrow(RangeError);
  });
  it('lists several days sorted, "and" before the last', () => {
    expect(formatDayList([])).toBe('');
    expect(formatDayList(['2026-11-27', '2026-11-26'])).toBe('Thu, Nov 26 and Fri, Nov 27');
    expect(formatDayList(['2026-11-28', '2026-11-26', '2026-11-27'])).toBe('Thu, Nov 26, Fri, Nov 27 and Sat, Nov 28');
  });
});
