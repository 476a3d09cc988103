import { describe, expect, it } from 'vitest';
import { parkSearch } from './parkSearch.ts';

describe('parkSearch (the park picker search of Ride Checklist)', () => {
  it('keeps a destination and a park id', () => {
    expect(parkSearch({ destination: 'wdw', park: 'mk' })).toEqual({ destination: 'wdw', park: 'mk' });
  });
  it('drops missing, empty, non-string and over-long values instead of failing the page', () => {
    expect(parkSearch({})).toEqual({});
    expect(parkSearch({ destination: '', park: 42 })).toEqual({});
    expect(parkSearch({ park: 'x'.repeat(101), destination: ['a'] })).toEqual({});
  });
});
