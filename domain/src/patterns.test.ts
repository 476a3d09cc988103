import { describe, expect, it } from 'vitest';
import { isAlertsPhone, isSignupPhone, normalisePromoCode } from './patterns.ts';

describe('phone rules (docs/spec/part-1.md §5)', () => {
  it('docs/spec/part-1.md §5: the signup card strips non-digits, then needs 1–15 digits with a non-zero leading digit (optional plus)', () => {
    for (const ok of ['+1 (407) 939-5277', '4079395277', '7', '+44 20 7946 0958', '123456789012345', '1.407.939.5277']) {
      expect(isSignupPhone(ok), ok).toBe(true);
    }
    for (const bad of ['', '   ', 'abc', '0407 939 5277', '+0 407', '1234567890123456', '+(0)1']) {
      expect(isSignupPhone(bad), bad).toBe(false);
    }
  });

  it('docs/spec/part-1.md §5: Get Alerts needs at least 10 digits and only digits, spaces, hyphens, parentheses and a leading plus', () => {
    for (const ok of ['(407) 939-5277', '+1 407 939 5277', '4079395277', ' 407-939-5277 ']) {
      expect(isAlertsPhone(ok), ok).toBe(true);
    }
    for (const bad of ['939-5277', '407.939.5277', '407 939 5277 ext 1', '1+4079395277', '++14079395277', '', '+']) {
      expect(isAlertsPhone(bad), bad).toBe(false);
    }
  });
});

describe('promo codes (docs/spec/part-1.md §5)', () => {
  it('docs/spec/part-1.md §5: promo codes are trimmed and upper-cased', () => {
    expect(normalisePromoCode('  save10 ')).toBe('SAVE10');
    expect(normalisePromoCode('Free-Day_1')).toBe('FREE-DAY_1');
    expect(normalisePromoCode('   ')).toBe('');
  });
});
