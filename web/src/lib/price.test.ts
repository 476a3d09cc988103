import { describe, expect, it } from 'vitest';
import { payLabel, priceSummary, promoAppliedText, promoDiscounts } from './price.ts';

const SAVE20 = { code: 'SAVE20', kind: 'percent_off' as const, channel: 'any' as const, days: 1, percentOff: 20 };
const SMS50 = { code: 'SMS50', kind: 'percent_off' as const, channel: 'sms' as const, days: 1, percentOff: 50 };
const FREE = { code: 'FREEDAY', kind: 'free_days' as const, channel: 'email' as const, days: 1, percentOff: null };

describe('price box (docs/spec/part-1.md §1, §2, §9: $5 SMS / $1 e-mail per date)', () => {
  it('dates × price = total', () => {
    expect(priceSummary('sms', 3)).toEqual({ line: '3 dates × $5 = $15', discountLine: null, total: 1500, totalLine: null });
    expect(priceSummary('email', 1).line).toBe('1 date × $1 = $1');
    expect(priceSummary('sms', 0).line).toBe('0 dates × $5 = $0');
  });
  it('a percent-off code shows the discount and the total it charges', () => {
    expect(priceSummary('sms', 3, SAVE20)).toEqual({
      line: '3 dates × $5 = $15',
      discountLine: '20% off (SAVE20): −$3',
      total: 1200,
      totalLine: 'Total: $12',
    });
    expect(priceSummary('email', 3, SAVE20).totalLine).toBe('Total: $2.40');
  });
  it('a code for another channel or a free-days code does not change the price', () => {
    expect(promoDiscounts(SMS50, 'email')).toBe(false);
    expect(priceSummary('email', 2, SMS50).total).toBe(200);
    expect(promoDiscounts(FREE, 'email')).toBe(false);
    expect(promoDiscounts(null, 'sms')).toBe(false);
  });
  it('the line under the promo field says what the code does for this channel', () => {
    expect(promoAppliedText(SAVE20, 'email')).toBe('20% off applied');
    expect(promoAppliedText(SMS50, 'email')).toBe('SMS50 applies to SMS alerts only');
    expect(promoAppliedText(null, 'sms')).toBeNull();
  });
  it('pay button text', () => {
    expect(payLabel(1500)).toBe('Pay $15 with card');
    expect(payLabel(450)).toBe('Pay $4.50 with card');
    expect(payLabel(0)).toBe('Pay with card');
  });
});
