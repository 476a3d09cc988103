import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import {
  EMAIL_PRICE_CENTS,
  formatCents,
  isAlertsPhone,
  isSignupPhone,
  MAX_DAYS_AHEAD,
  normalisePromoCode,
  quote,
  SMS_PRICE_CENTS,
} from './pricing.ts';
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

describe('pass prices in cents (spec part 1 §1, §9; DESIGN §6)', () => {
  it('spec part 1 §9: SMS costs $5 per selected date', () => {
    expect(SMS_PRICE_CENTS).toBe(500);
    expect(quote('sms', 1)).toEqual({ listUnitAmount: 500, unitAmount: 500, quantity: 1, discount: 0, total: 500 });
    expect(quote('sms', 3)).toEqual({ listUnitAmount: 500, unitAmount: 500, quantity: 3, discount: 0, total: 1500 });
  });

  it('spec part 1 §9, DESIGN §6: e-mail costs $1 per day', () => {
    expect(EMAIL_PRICE_CENTS).toBe(100);
    expect(quote('email', 4)).toEqual({ listUnitAmount: 100, unitAmount: 100, quantity: 4, discount: 0, total: 400 });
  });

  it('spec part 1 §2 price box: a percent-off code lowers the price per date, whole cents, discount over the order', () => {
    expect(quote('sms', 3, 15)).toEqual({ listUnitAmount: 500, unitAmount: 425, quantity: 3, discount: 225, total: 1275 });
    expect(quote('email', 2, 33)).toEqual({ listUnitAmount: 100, unitAmount: 67, quantity: 2, discount: 66, total: 134 });
    expect(quote('sms', 1, 99).unitAmount).toBe(5);
    for (let p = 1; p <= 99; p++) {
      for (const channel of ['sms', 'email'] as const) {
        const q = quote(channel, 7, p);
        expect(Number.isInteger(q.unitAmount), `${channel} ${p}%`).toBe(true);
        expect(q.total + q.discount).toBe(q.listUnitAmount * 7);
      }
    }
  });

  it('spec part 1 §2: no code (null or 0) means the list price; quantities are whole and never negative', () => {
    expect(quote('sms', 2, null).unitAmount).toBe(500);
    expect(quote('sms', 2, 0).unitAmount).toBe(500);
    expect(quote('email', 2.9).quantity).toBe(2);
    expect(quote('email', -1)).toMatchObject({ quantity: 0, total: 0, discount: 0 });
  });

  it('spec part 1 §1: prices are shown as "$5" for whole dollars and "$4.50" otherwise', () => {
    expect(formatCents(500)).toBe('$5');
    expect(formatCents(1500)).toBe('$15');
    expect(formatCents(0)).toBe('$0');
    expect(formatCents(450)).toBe('$4.50');
    expect(formatCents(1275)).toBe('$12.75');
    expect(formatCents(5)).toBe('$0.05');
  });
});

describe('phone rules (spec part 1 §5)', () => {
  it('spec part 1 §5: the signup card strips non-digits, then needs 1–15 digits with a non-zero leading digit (optional plus)', () => {
    for (const ok of ['+1 (407) 939-5277', '4079395277', '7', '+44 20 7946 0958', '123456789012345', '1.407.939.5277']) {
      expect(isSignupPhone(ok), ok).toBe(true);
    }
    for (const bad of ['', '   ', 'abc', '0407 939 5277', '+0 407', '1234567890123456', '+(0)1']) {
      expect(isSignupPhone(bad), bad).toBe(false);
    }
  });

  it('spec part 1 §5: Get Alerts needs at least 10 digits and only digits, spaces, hyphens, parentheses and a leading plus', () => {
    for (const ok of ['(407) 939-5277', '+1 407 939 5277', '4079395277', ' 407-939-5277 ']) {
      expect(isAlertsPhone(ok), ok).toBe(true);
    }
    for (const bad of ['939-5277', '407.939.5277', '407 939 5277 ext 1', '1+4079395277', '++14079395277', '', '+']) {
      expect(isAlertsPhone(bad), bad).toBe(false);
    }
  });

  it('spec part 1 §5: the server normalises phone numbers to E.164 (US/Canada without a country code)', () => {
    expect(toE164('+1 407 939 5277')).toBe('+14079395277');
    expect(toE164('(407) 939-5277')).toBe('+14079395277');
    expect(toE164(' 407-939-5277 ')).toBe('+14079395277');
    expect(toE164('1-800-275-2273')).toBe('+18002752273');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('spec part 1 §5: an invalid phone number says "Please enter a valid phone number (+ symbol optional)"', () => {
    for (const bad of ['', 'abc', '123', '555-1234', '+1 000 000 0000']) {
      const err = appError(() => toE164(bad));
      expect(err.code, bad).toBe('BAD_REQUEST');
      expect(err.message).toBe('Please enter a valid phone number (+ symbol optional)');
    }
  });
});

describe('promo codes and pass dates (spec part 1 §5)', () => {
  it('spec part 1 §5: promo codes are trimmed and upper-cased', () => {
    expect(normalisePromoCode('  save10 ')).toBe('SAVE10');
    expect(normalisePromoCode('Free-Day_1')).toBe('FREE-DAY_1');
    expect(normalisePromoCode('   ')).toBe('');
  });

  it('spec part 1 §5: pass dates come back sorted without duplicates; today is allowed', () => {
    expect(validatePassDates(['2026-05-03', '2026-05-01', '2026-05-03', '2026-05-02'], '2026-05-01')).toEqual([
      '2026-05-01',
      '2026-05-02',
      '2026-05-03',
    ]);
  });

  it('spec part 1 §5: at least one date ("Please select at least one date.")', () => {
    const err = appError(() => validatePassDates([], '2026-05-01'));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: 'Please select at least one date.' });
  });

  it('spec part 1 §5: dates before the park-local today are refused ("Dates before today cannot be selected.")', () => {
    const err = appError(() => validatePassDates(['2026-05-02', '2026-04-30'], '2026-05-01'));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: 'Dates before today cannot be selected.' });
    // Across a month and a year boundary the comparison is still by calendar date.
    expect(appError(() => validatePassDates(['2025-12-31'], '2026-01-01')).message).toBe('Dates before today cannot be selected.');
  });

  it('issue 3: dates at most a year ahead', () => {
    expect(MAX_DAYS_AHEAD).toBe(365);
    expect(validatePassDates(['2027-05-01'], '2026-05-01')).toEqual(['2027-05-01']);
    const err = appError(() => validatePassDates(['2026-05-01', '2027-05-02'], '2026-05-01'));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: 'Dates can be at most a year ahead.' });
  });
});
