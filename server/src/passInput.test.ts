import { MAX_DAYS_AHEAD } from '@walkon/domain/pricing';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { toE164, validatePassDates } from './services/checkout/index.ts';

/** The AppError a call throws (fails the test when it throws nothing or something else). */
function appError(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected an AppError, nothing was thrown');
}

describe('phone numbers on the server (docs/spec/part-1.md §5)', () => {
  it('docs/spec/part-1.md §5: the server normalises phone numbers to E.164 (US/Canada without a country code)', () => {
    expect(toE164('+1 407 939 5277')).toBe('+14079395277');
    expect(toE164('(407) 939-5277')).toBe('+14079395277');
    expect(toE164(' 407-939-5277 ')).toBe('+14079395277');
    expect(toE164('1-800-275-2273')).toBe('+18002752273');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('docs/spec/part-1.md §5: an invalid phone number says "Please enter a valid phone number (+ symbol optional)"', () => {
    for (const bad of ['', 'abc', '123', '555-1234', '+1 000 000 0000']) {
      const err = appError(() => toE164(bad));
      expect(err.code, bad).toBe('BAD_REQUEST');
      expect(err.message).toBe('Please enter a valid phone number (+ symbol optional)');
    }
  });
});

describe('pass dates (docs/spec/part-1.md §5)', () => {
  it('docs/spec/part-1.md §5: pass dates come back sorted without duplicates; today is allowed', () => {
    expect(validatePassDates(['2026-05-03', '2026-05-01', '2026-05-03', '2026-05-02'], '2026-05-01')).toEqual([
      '2026-05-01',
      '2026-05-02',
      '2026-05-03',
    ]);
  });

  it('docs/spec/part-1.md §5: at least one date ("Please select at least one date.")', () => {
    const err = appError(() => validatePassDates([], '2026-05-01'));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: 'Please select at least one date.' });
  });

  it('docs/spec/part-1.md §5: dates before the park-local today are refused ("Dates before today cannot be selected.")', () => {
    const err = appError(() => validatePassDates(['2026-05-02', '2026-04-30'], '2026-05-01'));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: 'Dates before today cannot be selected.' });
    // Across a month and a year boundary the comparison is still by calendar date.
    expect(appError(() => validatePassDates(['2025-12-31'], '2026-01-01')).message).toBe('Dates before today cannot be selected.');
  });

  it('docs/rules.md R19: dates at most a year ahead', () => {
    expect(MAX_DAYS_AHEAD).toBe(365);
    expect(validatePassDates(['2027-05-01'], '2026-05-01')).toEqual(['2027-05-01']);
    const err = appError(() => validatePassDates(['2026-05-01', '2027-05-02'], '2026-05-01'));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: 'Dates can be at most a year ahead.' });
  });
});
