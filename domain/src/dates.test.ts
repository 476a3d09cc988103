import { describe, expect, it } from 'vitest';
import { parkLocalInstant } from './dates.ts';

// Expected instants worked out by hand from the zone's offsets (America/New_York: EST = UTC−5, EDT = UTC−4;
// 2026 DST starts Sunday 2026-03-08 at 02:00 EST → 03:00 EDT and ends Sunday 2026-11-01 at 02:00 EDT → 01:00 EST).
const NY = 'America/New_York';
const at = (iso: string) => new Date(iso).getTime();

describe('parkLocalInstant (docs/DESIGN.md §2 Time: the one park-local wall clock → instant conversion)', () => {
  it('an ordinary day: 09:00 EST on 2026-01-15 is 14:00Z, 09:00 EDT on 2026-07-04 is 13:00Z', () => {
    expect(parkLocalInstant('2026-01-15', '09:00', NY).getTime()).toBe(at('2026-01-15T14:00:00Z'));
    expect(parkLocalInstant('2026-07-04', '09:00', NY).getTime()).toBe(at('2026-07-04T13:00:00Z'));
  });

  it('takes seconds, and null as UTC', () => {
    expect(parkLocalInstant('2026-07-04', '09:00:30', NY).getTime()).toBe(at('2026-07-04T13:00:30Z'));
    expect(parkLocalInstant('2026-07-04', '09:00', null).getTime()).toBe(at('2026-07-04T09:00:00Z'));
  });

  it('spring forward, 2026-03-08: the day is 23 hours; before the gap EST, after it EDT', () => {
    const start = parkLocalInstant('2026-03-08', '00:00', NY).getTime();
    const next = parkLocalInstant('2026-03-09', '00:00', NY).getTime();
    expect(start).toBe(at('2026-03-08T05:00:00Z')); // 00:00 EST
    expect(next).toBe(at('2026-03-09T04:00:00Z')); // 00:00 EDT
    expect((next - start) / 3_600_000).toBe(23);
    expect(parkLocalInstant('2026-03-08', '01:59', NY).getTime()).toBe(at('2026-03-08T06:59:00Z')); // EST
    expect(parkLocalInstant('2026-03-08', '03:00', NY).getTime()).toBe(at('2026-03-08T07:00:00Z')); // EDT
  });

  it('spring forward: 02:30 does not exist; it is read with the offset before the gap (02:30 EST = 03:30 EDT)', () => {
    expect(parkLocalInstant('2026-03-08', '02:30', NY).getTime()).toBe(at('2026-03-08T07:30:00Z'));
  });

  it('fall back, 2026-11-01: the day is 25 hours; 01:30 happens twice and the first (EDT) is taken', () => {
    const start = parkLocalInstant('2026-11-01', '00:00', NY).getTime();
    const next = parkLocalInstant('2026-11-02', '00:00', NY).getTime();
    expect(start).toBe(at('2026-11-01T04:00:00Z')); // 00:00 EDT
    expect(next).toBe(at('2026-11-02T05:00:00Z')); // 00:00 EST
    expect((next - start) / 3_600_000).toBe(25);
    expect(parkLocalInstant('2026-11-01', '01:30', NY).getTime()).toBe(at('2026-11-01T05:30:00Z')); // 01:30 EDT
    expect(parkLocalInstant('2026-11-01', '02:00', NY).getTime()).toBe(at('2026-11-01T07:00:00Z')); // 02:00 EST
    expect(parkLocalInstant('2026-11-01', '12:00', NY).getTime()).toBe(at('2026-11-01T17:00:00Z')); // noon EST
  });

  it('a malformed date or time gives an Invalid Date', () => {
    expect(Number.isNaN(parkLocalInstant('2026-13-xx', '09:00', NY).getTime())).toBe(true);
    expect(Number.isNaN(parkLocalInstant('2026-07-04', 'noon', NY).getTime())).toBe(true);
  });
});
