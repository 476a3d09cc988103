import { describe, expect, it } from 'vitest';
import { formatDay, formatDayList, formatTime } from './timeFormat.ts';

// Expected values written by hand from the calendar and the zone rules (EST = UTC−5, PST = UTC−8 in late November).
describe('one formatter: every time carries its zone', () => {
  it('writes a park-local date the same in every viewer zone', () => {
    expect(formatDay('2026-11-26')).toBe('Thu, Nov 26');
    expect(formatDayList(['2026-11-27', '2026-11-26'])).toBe('Thu, Nov 26 and Fri, Nov 27');
  });

  it('labels park-local times "park time" and viewer times with the zone name', () => {
    const at = '2026-11-26T14:30:00Z';
    expect(formatTime(at, { park: 'America/New_York' })).toBe('9:30 AM park time');
    expect(formatTime(at, { park: 'America/New_York' }, { date: true })).toBe('Thu, Nov 26, 9:30 AM park time');
    expect(formatTime(at, { viewer: 'America/Los_Angeles' })).toBe('6:30 AM PST');
    expect(formatTime(at, { viewer: 'America/Los_Angeles' }, { date: true })).toBe('Thu, Nov 26, 6:30 AM PST');
  });
});
