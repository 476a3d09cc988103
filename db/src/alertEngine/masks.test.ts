import { describe, expect, it } from 'vitest';
import { aboveMasksByThreshold, MASK_BITS, maskOf, shortMasksByThreshold } from './masks.ts';

/** The literal of a mask with the given bits, written out by hand: 64 hex digits, bit b = bit 7 − b % 8 of byte b / 8. */
function literal(bits: number[]): string {
  const digits = Array.from({ length: 64 }, () => 0);
  for (const b of bits) digits[b >> 2]! |= 8 >> (b & 3);
  return `x${digits.map((d) => d.toString(16)).join('')}`;
}

describe('maskOf (the audience masks, docs/DESIGN.md §2.3)', () => {
  it('writes bit 0 as the first hex digit’s high bit and bit 255 as the last digit’s low bit', () => {
    expect(maskOf([0])).toBe(`x8${'0'.repeat(63)}`);
    expect(maskOf([255])).toBe(`x${'0'.repeat(63)}1`);
    expect(maskOf([3, 4, 9])).toBe(`x1840${'0'.repeat(60)}`);
    expect(maskOf([])).toBe(`x${'0'.repeat(64)}`);
    expect(MASK_BITS).toBe(256);
  });
  it('ignores repeated bits and bits outside 0–255', () => {
    expect(maskOf([7, 7, -1, 256, 1.5])).toBe(maskOf([7]));
  });
});

describe('shortMasksByThreshold (docs/rules.md R1: wait ≤ the person’s threshold)', () => {
  it('holds, at threshold t, the always bits and every wait of at most t', () => {
    const masks = shortMasksByThreshold(
      [9],
      [
        { bit: 1, wait: 5 },
        { bit: 2, wait: 20 },
        { bit: 3, wait: 20 },
        { bit: 4, wait: 61 },
      ],
    );
    expect(masks).toHaveLength(61);
    expect(masks[0]).toBe(literal([9]));
    expect(masks[4]).toBe(literal([9]));
    expect(masks[5]).toBe(literal([1, 9]));
    expect(masks[19]).toBe(literal([1, 9]));
    expect(masks[20]).toBe(literal([1, 2, 3, 9]));
    expect(masks[60]).toBe(literal([1, 2, 3, 9]));
  });
  it('is empty at every threshold without readings', () => {
    expect(new Set(shortMasksByThreshold([], []))).toEqual(new Set([literal([])]));
  });
});

describe('aboveMasksByThreshold (docs/rules.md R4: re-armed by a wait above the threshold or not OPERATING)', () => {
  it('holds, at threshold t, the always bits and every wait above t', () => {
    const masks = aboveMasksByThreshold(
      [200],
      [
        { bit: 1, wait: 5 },
        { bit: 2, wait: 60 },
        { bit: 3, wait: 75 },
      ],
    );
    expect(masks).toHaveLength(61);
    expect(masks[0]).toBe(literal([1, 2, 3, 200]));
    expect(masks[4]).toBe(literal([1, 2, 3, 200]));
    expect(masks[5]).toBe(literal([2, 3, 200]));
    expect(masks[15]).toBe(literal([2, 3, 200]));
    expect(masks[59]).toBe(literal([2, 3, 200]));
    expect(masks[60]).toBe(literal([3, 200]));
  });
});
