import { describe, expect, it } from 'vitest';
import { weakPromoCodeReason } from './promoGuesses.ts';

// docs/decisions/047: admin-created promo codes are flagged when easy to guess (short, or words, years, patterns).
describe('weakPromoCodeReason', () => {
  it('flags short codes and codes made of words, dates or keyboard patterns; random ones pass', async () => {
    for (const code of ['FREE', 'SUMMER2026', 'DISNEYWORLD2026', 'BLACKFRIDAY50', 'WALKONSUMMERFUN', 'QWERTYUIOP12', 'ABCDEFGHIJKL'])
      expect(await weakPromoCodeReason(code), code).toMatch(/^Easy to guess: /);
    expect(await weakPromoCodeReason('SUMMER')).toBe('Easy to guess: shorter than 10 characters.');
    for (const code of ['K7QX9M2WPD4R', 'WALKON-7F3K9Q2M']) expect(await weakPromoCodeReason(code), code).toBeNull();
  });
});
