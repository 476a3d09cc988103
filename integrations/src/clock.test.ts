import { describe, expect, it } from 'vitest';
import { processClock } from './clock.ts';

describe('processClock (CLOCK_START, docs/decisions/045)', () => {
  it('is the real clock without a start', () => {
    let real = Date.parse('2026-06-01T12:00:00Z');
    const now = processClock(undefined, () => real);
    expect(now().toISOString()).toBe('2026-06-01T12:00:00.000Z');
    real += 1500;
    expect(now().toISOString()).toBe('2026-06-01T12:00:01.500Z');
    expect(processClock('', () => real)().toISOString()).toBe('2026-06-01T12:00:01.500Z');
  });

  it('starts at the instant and runs on at the real rate', () => {
    let real = Date.parse('2026-06-01T12:00:00Z');
    const now = processClock('2026-11-27T20:52:00-05:00', () => real, real);
    expect(now().toISOString()).toBe('2026-11-28T01:52:00.000Z');
    real += 8 * 60_000 + 250;
    expect(now().toISOString()).toBe('2026-11-28T02:00:00.250Z');
  });

  it('reads the start at the moment the process started, not when it is first asked', () => {
    const started = Date.parse('2026-06-01T12:00:00Z');
    const now = processClock('2026-11-28T01:52:00Z', () => started + 4_000, started);
    expect(now().toISOString()).toBe('2026-11-28T01:52:04.000Z');
  });

  it('refuses what is not an instant, naming the variable', () => {
    expect(() => processClock('tomorrow evening')).toThrow(/^CLOCK_START must be an ISO 8601 instant/);
  });
});
