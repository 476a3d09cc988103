import { describe, expect, it } from 'vitest';
import { embeddedHoursAllow, feedClock, newestStamp, readingFreshness, scheduleAllows } from './liveData.ts';

// docs/rules.md R2–R3. Orlando is UTC−4 in April (EDT): 18:27 local = 22:27Z; local midnight = 04:00Z.
const NY = 'America/New_York';
const POLL = new Date('2026-04-14T22:27:18Z');

describe('docs/rules.md R2: freshness as upstream means it (ThemeParks/parksapi PR #301)', () => {
  it('a ride that has not changed for 586 minutes is fresh while the feed is live and the stamp is of today', () => {
    const clock = feedClock(POLL, NY, ['2026-04-14T22:27:18Z', '2026-04-14T12:41:00Z']);
    expect(clock.feedLive).toBe(true);
    expect(readingFreshness('2026-04-14T12:41:00Z', clock)).toEqual({ fresh: true, future: false, confirmedToday: true });
  });

  it('a stamp of the park-local day before is not confirmed today, even 20 minutes old (23:59 → 00:19 local)', () => {
    const at = new Date('2026-04-15T04:19:00Z'); // 00:19 on the 15th in Orlando
    const clock = feedClock(at, NY, ['2026-04-15T04:18:00Z', '2026-04-15T03:59:00Z']);
    expect(readingFreshness('2026-04-15T03:59:00Z', clock)).toEqual({ fresh: false, future: false, confirmedToday: false });
    expect(readingFreshness('2026-04-15T04:00:00Z', clock).fresh).toBe(true); // 00:00 local: today
  });

  it('the feed is live only when its newest stamp is at most 15 minutes old; future stamps do not make it live', () => {
    expect(feedClock(POLL, NY, ['2026-04-14T22:12:18Z']).feedLive).toBe(true); // exactly 15 min
    expect(feedClock(POLL, NY, ['2026-04-14T22:12:17Z']).feedLive).toBe(false); // 15 min 1 s
    const future = feedClock(POLL, NY, ['2026-04-14T22:29:19Z', '2026-04-14T21:00:00Z']); // +2 min 1 s is ignored
    expect(future.feedUpdatedAt?.toISOString()).toBe('2026-04-14T21:00:00.000Z');
    expect(future.feedLive).toBe(false);
    expect(readingFreshness('2026-04-14T21:00:00Z', future).fresh).toBe(false); // a stale feed alerts no one
    expect(newestStamp(['2026-04-14T22:29:18Z'], POLL)?.toISOString()).toBe('2026-04-14T22:29:18.000Z'); // +2 min: kept
    expect(feedClock(POLL, NY, []).feedLive).toBe(false);
  });

  it('a reading more than 2 minutes in the future is not fresh (and is reported as future); missing stamps never are', () => {
    const clock = feedClock(POLL, NY, ['2026-04-14T22:27:18Z']);
    expect(readingFreshness('2026-04-14T22:29:19Z', clock)).toEqual({ fresh: false, future: true, confirmedToday: false });
    expect(readingFreshness('2026-04-14T22:29:18Z', clock).fresh).toBe(true);
    expect(readingFreshness(null, clock).fresh).toBe(false);
    expect(readingFreshness('not a date', clock).fresh).toBe(false);
  });
});

describe('docs/rules.md R3: the published schedule bounds every alert', () => {
  const day = [
    { localDate: '2026-04-14', type: 'TICKETED_EVENT', opens: '08:30', closes: '09:00' },
    { localDate: '2026-04-14', type: 'OPERATING', opens: '09:00', closes: '22:00' },
  ];
  const at = (hhmm: string) => new Date(`2026-04-14T${hhmm}:00-04:00`);
  it('inside OPERATING hours and not in their last 15 minutes; Early Entry does not open the park', () => {
    expect(scheduleAllows(day, NY, at('08:45'))).toBe(false);
    expect(scheduleAllows(day, NY, at('09:00'))).toBe(true);
    expect(scheduleAllows(day, NY, at('21:44'))).toBe(true);
    expect(scheduleAllows(day, NY, at('21:45'))).toBe(false);
    expect(scheduleAllows(day, NY, at('23:59'))).toBe(false);
    expect(scheduleAllows(day, NY, new Date('2026-04-14T04:00:00Z'))).toBe(false); // 00:00 local
  });
  it('no OPERATING entry for the date: nothing bounds; an opening past midnight belongs to the day before', () => {
    expect(scheduleAllows([], NY, at('03:00'))).toBe(true);
    expect(scheduleAllows([day[0]!], NY, at('03:00'))).toBe(true);
    const late = [
      { localDate: '2026-04-13', type: 'OPERATING', opens: '09:00', closes: '01:00' },
      { localDate: '2026-04-14', type: 'OPERATING', opens: '09:00', closes: '01:00' },
    ];
    expect(scheduleAllows(late, NY, at('00:30'))).toBe(true); // 09:00 on the 13th → 01:00 on the 14th
    expect(scheduleAllows(late, NY, at('00:46'))).toBe(false); // its last 15 minutes
    expect(scheduleAllows(late, NY, at('05:00'))).toBe(false);
  });
  it('hours embedded in the feed: unknown never block, known bound the same way', () => {
    expect(embeddedHoursAllow(null, at('03:00'))).toBe(true);
    expect(embeddedHoursAllow([{ startTime: null, endTime: null }], at('03:00'))).toBe(true);
    const h = [{ startTime: '2026-04-14T09:00:00-04:00', endTime: '2026-04-14T22:00:00-04:00' }];
    expect(embeddedHoursAllow(h, at('21:44'))).toBe(true);
    expect(embeddedHoursAllow(h, at('21:45'))).toBe(false);
  });
});
