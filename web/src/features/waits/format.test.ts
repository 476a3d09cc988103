import { formatClockTime } from '@walkon/domain/messages/returnTimes';
import { describe, expect, it } from 'vitest';
import { agoLabel, slotTime, sortRides, timeAxis, waitAxis } from './format.ts';

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

describe('ride chart axes come from the data', () => {
  it('the minutes axis ends on a labelled tick above the largest wait', () => {
    expect(waitAxis(65)).toEqual({ top: 80, step: 20, ticks: [0, 20, 40, 60, 80] });
    expect(waitAxis(60)).toEqual({ top: 80, step: 20, ticks: [0, 20, 40, 60, 80] });
    expect(waitAxis(0)).toEqual({ top: 20, step: 5, ticks: [0, 5, 10, 15, 20] });
    expect(waitAxis(45).top).toBe(50);
    expect(waitAxis(130)).toMatchObject({ top: 150, step: 30 });
  });
  it('the time axis shows whole hours around the readings, also for a single reading', () => {
    expect(timeAxis(9 * 60 + 10, 9 * 60 + 10)).toEqual({ from: 540, to: 600, ticks: [540, 600] });
    expect(timeAxis(9 * 60, 21 * 60 + 30)).toEqual({ from: 540, to: 1320, ticks: [540, 720, 900, 1080, 1260] });
    expect(timeAxis(14 * 60 + 5, 16 * 60 + 50)).toEqual({ from: 840, to: 1020, ticks: [840, 900, 960, 1020] });
  });
});
