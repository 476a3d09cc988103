import { readFileSync } from 'node:fs';
import { fixturePath } from '@walkon/db/testing';
import { describe, expect, it } from 'vitest';
import { parseReturnTimes } from './returnTimes.ts';
import { parseLive } from './schema.ts';

const live = (name: string) => parseLive(JSON.parse(readFileSync(fixturePath(name), 'utf8'))).data;
const byName = (name: string, file: string) => {
  const e = live(file).entries.find((x) => x.name === name);
  if (!e) throw new Error(`${name} not in ${file}`);
  return parseReturnTimes(e.queue);
};

describe('return-time parsing on the recorded live data (docs/decisions/008)', () => {
  const mk2026 = 'tpw_live_magic-kingdom_2026-04-14T2227Z.json';

  it('RETURN_TIME AVAILABLE with a start and a null end', () => {
    const entries = live(mk2026)
      .entries.map((e) => parseReturnTimes(e.queue).RETURN_TIME)
      .filter((q) => q !== undefined);
    expect(entries.length).toBe(17); // docs/fixtures-sources.md: RETURN_TIME 17, PAID_RETURN_TIME 2
    const available = entries.filter((q) => q.available);
    expect(available.length).toBeGreaterThan(0);
    for (const q of available) {
      expect(q.state).toBe('AVAILABLE');
      expect(Date.parse(q.returnStart ?? '')).not.toBeNaN();
      expect(q.returnEnd).toBeNull();
      expect(q.priceCents).toBeNull();
    }
    expect(available.some((q) => q.returnStart === '2026-04-14T19:20:00-04:00')).toBe(true);
  });

  it('RETURN_TIME FINISHED with null start and end is not available', () => {
    const finished = live(mk2026)
      .entries.map((e) => parseReturnTimes(e.queue).RETURN_TIME)
      .filter((q) => q?.state === 'FINISHED');
    expect(finished.length).toBeGreaterThan(0);
    for (const q of finished) expect(q).toMatchObject({ available: false, returnStart: null, returnEnd: null });
  });

  it('PAID_RETURN_TIME with `formatted` (2026): price in cents, display text kept', () => {
    expect(byName('TRON Lightcycle / Run', mk2026).PAID_RETURN_TIME).toEqual({
      type: 'PAID_RETURN_TIME',
      state: 'FINISHED',
      available: false,
      returnStart: null,
      returnEnd: null,
      priceCents: 2100,
      currency: 'USD',
      priceFormatted: '$21.00',
    });
    expect(byName('Seven Dwarfs Mine Train', mk2026).PAID_RETURN_TIME?.priceCents).toBe(1300);
  });

  it('PAID_RETURN_TIME without `formatted` (EPCOT 2023): available with a start, formatted null', () => {
    const paid = live('tpw_live_epcot_2023-02-15T1556Z.json')
      .entries.map((e) => parseReturnTimes(e.queue).PAID_RETURN_TIME)
      .filter((q) => q !== undefined);
    expect(paid).toEqual([
      {
        type: 'PAID_RETURN_TIME',
        state: 'AVAILABLE',
        available: true,
        returnStart: '2023-02-15T13:40:00-05:00',
        returnEnd: null,
        priceCents: 1400,
        currency: 'USD',
        priceFormatted: null,
      },
    ]);
  });

  it('survives nulls, junk and missing queues', () => {
    expect(parseReturnTimes(null)).toEqual({});
    expect(parseReturnTimes({ STANDBY: { waitTime: 5 } })).toEqual({});
    expect(parseReturnTimes({ RETURN_TIME: null, PAID_RETURN_TIME: 'x' })).toEqual({});
    expect(parseReturnTimes({ RETURN_TIME: { state: 'AVAILABLE', returnStart: 'not a date' } }).RETURN_TIME).toMatchObject({
      available: false,
      returnStart: null,
    });
    const edited = live('tpw_live_magic-kingdom_2026-04-14T2227Z_EDITED-null-queue-variant.json');
    expect(() => edited.entries.map((e) => parseReturnTimes(e.queue))).not.toThrow();
  });
});
