import { describe, expect, it } from 'vitest';
import { formatUsd, groupDigits } from './money.ts';
import { EMAIL_PRICE_CENTS, quote, SMS_PRICE_CENTS } from './pricing.ts';

describe('pass prices in cents (docs/spec/part-1.md §1, §9; docs/DESIGN.md §6)', () => {
  it('docs/spec/part-1.md §9: SMS costs $5 per selected date', () => {
    expect(SMS_PRICE_CENTS).toBe(500);
    expect(quote('sms', 1)).toEqual({ listUnitAmount: 500, unitAmount: 500, quantity: 1, discount: 0, total: 500 });
    expect(quote('sms', 3)).toEqual({ listUnitAmount: 500, unitAmount: 500, quantity: 3, discount: 0, total: 1500 });
  });

  it('docs/spec/part-1.md §9, docs/DESIGN.md §6: e-mail costs $1 per day', () => {
    expect(EMAIL_PRICE_CENTS).toBe(100);
    expect(quote('email', 4)).toEqual({ listUnitAmount: 100, unitAmount: 100, quantity: 4, discount: 0, total: 400 });
  });

  it('docs/spec/part-1.md §2 price box: a percent-off code lowers the price per date, whole cents, discount over the order', () => {
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

  it('docs/spec/part-1.md §2: no code (null or 0) means the list price; quantities are whole and never negative', () => {
    expect(quote('sms', 2, null).unitAmount).toBe(500);
    expect(quote('sms', 2, 0).unitAmount).toBe(500);
    expect(quote('email', 2.9).quantity).toBe(2);
    expect(quote('email', -1)).toMatchObject({ quantity: 0, total: 0, discount: 0 });
  });

  it('docs/spec/part-1.md §1: prices are shown as "$5" for whole dollars and "$4.50" otherwise', () => {
    expect(formatUsd(500)).toBe('$5');
    expect(formatUsd(1500)).toBe('$15');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(450)).toBe('$4.50');
    expect(formatUsd(1275)).toBe('$12.75');
    expect(formatUsd(5)).toBe('$0.05');
  });

  it('formatUsd writes what Intl.NumberFormat (en-US, USD) writes, grouping and sign included', () => {
    const intl = (cents: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
        maximumFractionDigits: cents % 100 === 0 ? 0 : 2,
      }).format(cents / 100);
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 450, 99_999, 100_000, 123_456, 100_000_000, 123_456_789, -5, -450, -100_000]) {
      expect(formatUsd(cents)).toBe(intl(cents));
    }
  });

  it('groupDigits writes what toLocaleString (en-US) writes for whole numbers', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 1_234_567_890, -1, -1500, -1_234_567]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});
