import { describe, expect, it } from 'vitest';
import { filterOptional, filterProfanity } from './profanity.ts';

describe('profanity filter (docs/spec/part-2.md §5)', () => {
  it('docs/spec/part-2.md §5: masks an offensive word with asterisks of equal length', () => {
    const out = filterProfanity('This ride is shit honestly');
    expect(out.filtered).toBe(true);
    expect(out.text).toBe('This ride is **** honestly');
  });
  it('docs/spec/part-2.md §5: catches letter-substitution variants', () => {
    const out = filterProfanity('what a fuuuck and sh1t queue');
    expect(out.filtered).toBe(true);
    expect(out.text).not.toMatch(/fu+ck|sh1t/);
    expect(out.text.length).toBe('what a fuuuck and sh1t queue'.length);
  });
  it('leaves clean text alone (including words that merely contain a bad substring)', () => {
    expect(filterProfanity('Great ride in Scunthorpe, classic assessment')).toEqual({
      text: 'Great ride in Scunthorpe, classic assessment',
      filtered: false,
    });
  });
  it('optional texts: blank becomes null', () => {
    expect(filterOptional('   ')).toEqual({ text: null, filtered: false });
  });
});
