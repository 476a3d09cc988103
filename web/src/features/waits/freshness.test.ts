import { describe, expect, it } from 'vitest';
import { feedView } from './freshness.ts';

// docs/rules.md R2–R3 as the pages show them. 18:27 in Orlando (EDT, UTC−4) = 22:27Z.
const NOW = Date.parse('2026-04-14T22:27:00Z');
const park = { timezone: 'America/New_York' };
const schedule = [
  { localDate: '2026-04-14', type: 'TICKETED_EVENT', opens: '08:30', closes: '09:00' },
  { localDate: '2026-04-14', type: 'OPERATING', opens: '09:00', closes: '22:00' },
];

describe('feedView: the live table and ride page judge readings by the alert rule', () => {
  it('a feed updated 3 min ago is live; a ride last changed hours ago today is fresh; one from yesterday is not confirmed today', () => {
    const v = feedView({ feedUpdatedAt: '2026-04-14T22:24:00Z', schedule, park }, NOW);
    expect([v.live, v.label, v.closed]).toEqual([true, 'updated 3 min ago', false]);
    expect(v.reading('2026-04-14T13:11:00Z')).toEqual({ fresh: true, confirmedToday: true });
    expect(v.reading('2026-04-14T03:59:00Z')).toEqual({ fresh: false, confirmedToday: false });
  });
  it('a feed 16 min old is stale: no reading is fresh', () => {
    const v = feedView({ feedUpdatedAt: '2026-04-14T22:11:00Z', schedule, park }, NOW);
    expect(v.live).toBe(false);
    expect(v.reading('2026-04-14T22:11:00Z').fresh).toBe(false);
  });
  it('"Closed" outside the OPERATING schedule (Early Entry does not count); unknown hours are not closed', () => {
    expect(feedView({ feedUpdatedAt: null, schedule, park }, Date.parse('2026-04-14T12:45:00Z')).closed).toBe(true); // 08:45
    expect(feedView({ feedUpdatedAt: null, schedule, park }, Date.parse('2026-04-15T02:30:00Z')).closed).toBe(true); // 22:30
    expect(feedView({ feedUpdatedAt: null, schedule: [], park }, NOW).closed).toBe(false);
  });
});
