import { describe, expect, it } from 'vitest';
import { affiliateApplicationInput } from './index.ts';

const valid = {
  fullName: 'Ana Creator',
  email: 'Ana@Example.com',
  primaryPlatform: 'instagram',
  instagramFollowers: '1200',
  whyJoin: 'I post park guides every week.',
};
const issues = (v: unknown) => {
  const r = affiliateApplicationInput.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('affiliate application rules (docs/spec/part-2.md §5)', () => {
  it('docs/spec/part-2.md §5: a valid application parses; counts are coerced to numbers, blanks to 0, e-mail lower-cased', () => {
    const r = affiliateApplicationInput.parse({ ...valid, tiktokFollowers: '', youtubeSubscribers: undefined });
    expect(r).toMatchObject({
      email: 'ana@example.com',
      instagramFollowers: 1200,
      tiktokFollowers: 0,
      youtubeSubscribers: 0,
      twitterFollowers: 0,
      phone: null,
    });
  });
  it('docs/spec/part-2.md §5: name at least 2 characters', () =>
    expect(issues({ ...valid, fullName: 'A' })).toEqual(['fullName: Name must be at least 2 characters']));
  it('docs/spec/part-2.md §5: a valid e-mail', () =>
    expect(issues({ ...valid, email: 'ana@example' })).toEqual(['email: Invalid email address']));
  it('docs/spec/part-2.md §5: primary platform required', () =>
    expect(issues({ ...valid, primaryPlatform: '' })).toEqual(['primaryPlatform: Please select your primary platform']));
  it('docs/spec/part-2.md §5: why-join at least 10 characters', () =>
    expect(issues({ ...valid, whyJoin: 'short' })).toEqual(['whyJoin: Please tell us more (at least 10 characters)']));
  it('docs/spec/part-2.md §5: at least one follower count above 0, reported on the primary platform field', () =>
    expect(issues({ ...valid, instagramFollowers: '0' })).toEqual([
      'primaryPlatform: Please provide at least one social media handle with follower count',
    ]));
  it('follower counts must be whole, non-negative numbers', () => {
    expect(issues({ ...valid, tiktokFollowers: 'lots' })[0]).toMatch(/^tiktokFollowers:/);
    expect(issues({ ...valid, tiktokFollowers: -5 })[0]).toBe('tiktokFollowers: Cannot be negative');
  });
});
