import { describe, expect, it } from 'vitest';
import { datesSummary, dateToYmd, formatPassDate, formatPassDateList, parkNowTime, parkToday, ymdToDate } from './dates.ts';

// 2026-11-22 03:30 UTC: still the 21st in Orlando and Anaheim, already the 22nd in Paris and Tokyo.
const NOW = new Date('2026-11-22T03:30:00Z');

describe('park-local dates (docs/spec/part-1.md §5: dates before the park-local today are disabled)', () => {
  it('today comes from the park time zone, not the browser', () => {
    expect(parkToday('America/New_York', NOW)).toBe('2026-11-21');
    expect(parkToday('America/Los_Angeles', NOW)).toBe('2026-11-21');
    expect(parkToday('Europe/Paris', NOW)).toBe('2026-11-22');
    expect(parkToday('Asia/Tokyo', NOW)).toBe('2026-11-22');
  });
  it('a park without a known zone uses UTC, as the server does; an unknown zone does not throw', () => {
    expect(parkToday(null, NOW)).toBe('2026-11-22');
    expect(parkToday('', NOW)).toBe('2026-11-22');
    expect(parkToday('Not/AZone', NOW)).toBe('2026-11-22');
  });
  it('park-local time now, 24 h', () => {
    expect(parkNowTime('America/New_York', NOW)).toBe('22:30');
    expect(parkNowTime(null, NOW)).toBe('03:30');
  });
  it('calendar Dates and yyyy-MM-dd round-trip on the local calendar day', () => {
    const d = ymdToDate('2026-03-08');
    expect([d.getFullYear(), d.getMonth(), d.getDate()]).toEqual([2026, 2, 8]);
    expect(dateToYmd(d)).toBe('2026-03-08');
  });
  it('formats pass days for people, whatever the browser zone', () => {
    expect(formatPassDate('2026-11-22')).toBe('Sun, Nov 22');
    expect(formatPassDateList(['2026-11-23', '2026-11-22'])).toBe('Nov 22 and Nov 23');
    expect(formatPassDateList(['2026-11-22', '2026-11-23', '2026-12-01'])).toBe('Nov 22, Nov 23, and Dec 1');
  });
  it('the dates button text and chip toggling', () => {
    expect(datesSummary(0)).toBe('Select dates');
    expect(datesSummary(1)).toBe('1 date selected');
    expect(datesSummary(3)).toBe('3 dates selected');
  });
});
