import { formatClockTime } from '@walkon/domain/messages/returnTimes';
import { describe, expect, it } from 'vitest';
import { agoLabel, slotTime, sortRides } from './format.ts';

describe('live table helpers', () => {
  const rides = [
    { name: 'Space Mountain', status: 'OPERATING', waitMinutes: 45 },
    { name: 'Astro Orbiter', status: 'CLOSED', waitMinutes: null },
    { name: 'Jungle Cruise', status: 'DOWN', waitMinutes: 30 },
    { name: 'Dumbo', status: 'OPERATING', waitMinutes: 5 },
  ];
  it('sorts by wait (longest first, no wait last), name and status, and filters by name', () => {
    expect(sortRides(rides, 'wait', '').map((r) => r.name)).toEqual(['Space Mountain', 'Dumbo', 'Astro Orbiter', 'Jungle Cruise']);
    expect(sortRides(rides, 'name', '').map((r) => r.name)).toEqual(['Astro Orbiter', 'Dumbo', 'Jungle Cruise', 'Space Mountain']);
    expect(sortRides(rides, 'status', '').map((r) => r.name)).toEqual(['Space Mountain', 'Dumbo', 'Jungle Cruise', 'Astro Orbiter']);
    expect(sortRides(rides, 'wait', ' mountain ').map((r) => r.name)).toEqual(['Space Mountain']);
  });
  it('formats clock times, slots and ages', () => {
    expect(formatClockTime('09:00')).toBe('9:00 AM');
    expect(formatClockTime('22:30')).toBe('10:30 PM');
    expect(formatClockTime('00:15')).toBe('12:15 AM');
    expect(slotTime(37)).toBe('09:15');
    expect(agoLabel('2026-04-14T22:00:00Z', Date.parse('2026-04-14T22:07:00Z'))).toBe('updated 7 min ago');
    expect(agoLabel(null, 0)).toBe('no update time');
  });
});
