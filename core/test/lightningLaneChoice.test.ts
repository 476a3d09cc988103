import { readFileSync } from 'node:fs';
import { buildAvailability, type LiveReturnRow } from '@walkon/core';
import { fixturePath } from '@walkon/db/testing';
import { parkLocalTime } from '@walkon/domain/dates';
import { LIVE_FRESH_MS } from '@walkon/domain/rules/lightningLane';
import {
  type AutoBookingPreference,
  chooseAutoBooking,
  type ExistingBooking,
  type LightningLaneAvailability,
} from '@walkon/domain/rules/lightningLaneChoice';
import { parseLive } from '@walkon/integrations/providers/waitTimes/schema.ts';
import { describe, expect, it } from 'vitest';

const TZ = 'America/New_York';
/** 18:27 in Orlando on 2026-04-14: the time of the recorded Magic Kingdom live data. */
const NOW = new Date('2026-04-14T22:27:00Z');
const TODAY = '2026-04-14';

function lane(id: string, over: Partial<LightningLaneAvailability> = {}): LightningLaneAvailability {
  return {
    id,
    name: id.toUpperCase(),
    parkId: 'mk',
    queueType: 'RETURN_TIME',
    state: 'AVAILABLE',
    status: 'OPERATING',
    returnTimeStart: '2026-04-14T19:00:00-04:00',
    returnTimeEnd: null,
    available: true,
    lastUpdated: NOW.toISOString(),
    polledAt: NOW.toISOString(),
    ...over,
  };
}
const pref = (attractionId: string, over: Partial<AutoBookingPreference> = {}): AutoBookingPreference => ({
  attractionId,
  priority: 1,
  windowStart: '09:00',
  windowEnd: '21:00',
  maxPriceCents: null,
  ...over,
});
const booking = (attractionId: string, status: ExistingBooking['status'], day = TODAY): ExistingBooking => ({ attractionId, day, status });

interface Case {
  name: string;
  lanes: LightningLaneAvailability[];
  prefs: AutoBookingPreference[];
  bookings?: ExistingBooking[];
  now?: Date;
  /** Expected attraction id, or null for no choice. */
  expected: string | null;
}

const cases: Case[] = [
  { name: 'nothing available → null', lanes: [], prefs: [pref('a')], expected: null },
  { name: 'no preferences → null (only lanes with a preference count)', lanes: [lane('a')], prefs: [], expected: null },
  { name: 'one available lane with a default preference → chosen', lanes: [lane('a')], prefs: [pref('a')], expected: 'a' },
  {
    name: 'unavailable lane is skipped even with the highest priority',
    lanes: [lane('a', { available: false, state: 'FINISHED', returnTimeStart: null }), lane('b')],
    prefs: [pref('a', { priority: 10 }), pref('b', { priority: 1 })],
    expected: 'b',
  },
  {
    name: 'available flag false (e.g. stale data) is skipped even with a start time',
    lanes: [lane('a', { available: false })],
    prefs: [pref('a')],
    expected: null,
  },
  {
    name: 'higher priority number wins (10 beats 1)',
    lanes: [lane('a'), lane('b'), lane('c')],
    prefs: [pref('a', { priority: 3 }), pref('b', { priority: 10 }), pref('c', { priority: 7 })],
    expected: 'b',
  },
  {
    name: 'tie on priority → earliest return start',
    lanes: [lane('a', { returnTimeStart: '2026-04-14T20:00:00-04:00' }), lane('b', { returnTimeStart: '2026-04-14T19:15:00-04:00' })],
    prefs: [pref('a', { priority: 5 }), pref('b', { priority: 5 })],
    expected: 'b',
  },
  {
    name: 'tie on priority and start → name',
    lanes: [lane('z', { name: 'Zeta' }), lane('y', { name: 'Alpha' })],
    prefs: [pref('z'), pref('y')],
    expected: 'y',
  },
  {
    name: 'tie on priority, start and name → id',
    lanes: [lane('b2', { name: 'Same' }), lane('b1', { name: 'Same' })],
    prefs: [pref('b2'), pref('b1')],
    expected: 'b1',
  },
  {
    name: 'a confirmed booking today skips the attraction',
    lanes: [lane('a'), lane('b')],
    prefs: [pref('a', { priority: 9 }), pref('b', { priority: 2 })],
    bookings: [booking('a', 'confirmed')],
    expected: 'b',
  },
  {
    name: 'a pending booking today skips the attraction (one live booking per attraction and day)',
    lanes: [lane('a')],
    prefs: [pref('a')],
    bookings: [booking('a', 'pending')],
    expected: null,
  },
  {
    name: 'a booking the user cancelled today skips the attraction (no automatic re-booking)',
    lanes: [lane('a'), lane('b')],
    prefs: [pref('a', { priority: 9 }), pref('b')],
    bookings: [booking('a', 'cancelled')],
    expected: 'b',
  },
  {
    name: 'a confirmed booking on another day does not count',
    lanes: [lane('a')],
    prefs: [pref('a')],
    bookings: [booking('a', 'confirmed', '2026-04-13')],
    expected: 'a',
  },
  {
    name: 'a booking of another attraction does not count',
    lanes: [lane('a')],
    prefs: [pref('a')],
    bookings: [booking('b', 'confirmed')],
    expected: 'a',
  },
  {
    name: 'price above max is skipped',
    lanes: [lane('a', { queueType: 'PAID_RETURN_TIME', price: 2100 }), lane('b')],
    prefs: [pref('a', { priority: 10, maxPriceCents: 2000 }), pref('b')],
    expected: 'b',
  },
  {
    name: 'price equal to max is within',
    lanes: [lane('a', { queueType: 'PAID_RETURN_TIME', price: 2000 })],
    prefs: [pref('a', { maxPriceCents: 2000 })],
    expected: 'a',
  },
  {
    name: 'max price 0 still allows free lanes',
    lanes: [lane('a')],
    prefs: [pref('a', { maxPriceCents: 0 })],
    expected: 'a',
  },
  {
    name: 'max price 0 refuses any paid lane',
    lanes: [lane('a', { queueType: 'PAID_RETURN_TIME', price: 100 })],
    prefs: [pref('a', { maxPriceCents: 0 })],
    expected: null,
  },
  {
    name: 'no max price: any price is fine',
    lanes: [lane('a', { queueType: 'PAID_RETURN_TIME', price: 3400 })],
    prefs: [pref('a')],
    expected: 'a',
  },
  {
    name: 'return start before the window is skipped',
    lanes: [lane('a', { returnTimeStart: '2026-04-14T19:20:00-04:00' })],
    prefs: [pref('a', { windowStart: '19:30', windowEnd: '21:00' })],
    expected: null,
  },
  {
    name: 'return start after the window is skipped',
    lanes: [lane('a', { returnTimeStart: '2026-04-14T20:50:00-04:00' })],
    prefs: [pref('a', { windowStart: '09:00', windowEnd: '20:00' })],
    expected: null,
  },
  {
    name: 'window bounds are inclusive (start)',
    lanes: [lane('a', { returnTimeStart: '2026-04-14T19:30:00-04:00' })],
    prefs: [pref('a', { windowStart: '19:30', windowEnd: '20:00' })],
    expected: 'a',
  },
  {
    name: 'window bounds are inclusive (end)',
    lanes: [lane('a', { returnTimeStart: '2026-04-14T20:00:00-04:00' })],
    prefs: [pref('a', { windowStart: '19:30', windowEnd: '20:00' })],
    expected: 'a',
  },
  {
    name: 'window is compared in park-local time, not UTC (23:20Z = 19:20 in Orlando)',
    lanes: [lane('a', { returnTimeStart: '2026-04-14T23:20:00Z' })],
    prefs: [pref('a', { windowStart: '19:00', windowEnd: '19:30' })],
    expected: 'a',
  },
  {
    name: 'the default window 09:00–21:00 excludes a 21:30 return',
    lanes: [lane('a', { returnTimeStart: '2026-04-14T21:30:00-04:00' })],
    prefs: [pref('a')],
    expected: null,
  },
  {
    name: 'a lane whose return start is on another park-local day is skipped',
    lanes: [lane('a', { returnTimeStart: '2026-04-15T10:00:00-04:00' })],
    prefs: [pref('a')],
    expected: null,
  },
  {
    name: 'the best lane is ineligible for price, the next-best by priority wins',
    lanes: [lane('a', { price: 3000 }), lane('b', { price: 1500 }), lane('c')],
    prefs: [pref('a', { priority: 10, maxPriceCents: 2000 }), pref('b', { priority: 8, maxPriceCents: 2000 }), pref('c', { priority: 9 })],
    expected: 'c',
  },
  {
    name: 'priority beats an earlier return start',
    lanes: [
      lane('early', { returnTimeStart: '2026-04-14T18:30:00-04:00' }),
      lane('late', { returnTimeStart: '2026-04-14T20:50:00-04:00' }),
    ],
    prefs: [pref('early', { priority: 2 }), pref('late', { priority: 3 })],
    expected: 'late',
  },
];

describe('chooseAutoBooking (docs/spec/part-2.md §4: available, a preference, no booking today, price ≤ max, highest priority)', () => {
  it.each(cases)('$name', ({ lanes, prefs, bookings = [], now = NOW, expected }) => {
    const choice = chooseAutoBooking(lanes, prefs, bookings, now, TZ);
    expect(choice?.lane.id ?? null).toBe(expected);
    if (choice) expect(choice.preference.attractionId).toBe(choice.lane.id);
  });

  it('does not depend on the input order', () => {
    const lanes = [lane('a'), lane('b', { returnTimeStart: '2026-04-14T18:45:00-04:00' }), lane('c')];
    const prefs = [pref('a', { priority: 4 }), pref('b', { priority: 4 }), pref('c', { priority: 4 })];
    for (const order of [lanes, [...lanes].reverse(), [lanes[1]!, lanes[2]!, lanes[0]!]]) {
      expect(chooseAutoBooking(order, [...prefs].reverse(), [], NOW, TZ)?.lane.id).toBe('b');
    }
  });

  it('is pure: the same inputs always give the same answer, inputs untouched', () => {
    const lanes = Object.freeze([lane('a'), lane('b')]);
    const prefs = Object.freeze([pref('a'), pref('b', { priority: 2 })]);
    const first = chooseAutoBooking(lanes, prefs, [], NOW, TZ);
    for (let i = 0; i < 20; i++) expect(chooseAutoBooking(lanes, prefs, [], NOW, TZ)).toEqual(first);
    expect(first?.lane.id).toBe('b');
  });
});

describe('buildAvailability on the recorded live data (RETURN_TIME / PAID_RETURN_TIME, no random numbers)', () => {
  const rowsOf = (file: string, parkId: string, polledAt: Date): LiveReturnRow[] =>
    parseLive(JSON.parse(readFileSync(fixturePath(file), 'utf8'))).data.entries.map((e) => ({
      id: e.id,
      name: e.name,
      parkId,
      status: e.status ?? 'CLOSED',
      queue: e.queue,
      lastUpdated: e.lastUpdated ? new Date(e.lastUpdated) : null,
      polledAt,
    }));

  it('Magic Kingdom 2026-04-14 18:27: 19 lanes, the AVAILABLE RETURN_TIME ones bookable, paid FINISHED ones with price', () => {
    const lanes = buildAvailability(rowsOf('tpw_live_magic-kingdom_2026-04-14T2227Z.json', 'mk', NOW), { now: NOW, timezone: TZ });
    expect(lanes).toHaveLength(19); // docs/fixtures-sources.md: RETURN_TIME 17, PAID_RETURN_TIME 2
    expect(lanes.map((l) => l.name)).toEqual([...lanes.map((l) => l.name)].sort((a, b) => a.localeCompare(b)));
    const available = lanes.filter((l) => l.available);
    expect(available.map((l) => l.name).sort()).toEqual(
      [
        '"it\'s a small world"',
        'Dumbo the Flying Elephant',
        'Haunted Mansion',
        'Mad Tea Party',
        'Monsters Inc. Laugh Floor',
        'Pirates of the Caribbean',
        'Space Mountain',
        'The Barnstormer',
        'The Magic Carpets of Aladdin',
        'Tomorrowland Speedway',
        'Under the Sea - Journey of The Little Mermaid',
      ].sort(),
    );
    expect(lanes.find((l) => l.name === 'Haunted Mansion')).toMatchObject({
      queueType: 'RETURN_TIME',
      state: 'AVAILABLE',
      returnTimeStart: '2026-04-14T20:50:00-04:00',
      returnTimeEnd: null,
      available: true,
      lastUpdated: '2026-04-14T22:27:02.000Z',
      polledAt: NOW.toISOString(),
    });
    expect(lanes.find((l) => l.name === 'Haunted Mansion')).not.toHaveProperty('price');
    expect(lanes.find((l) => l.name === 'TRON Lightcycle / Run')).toMatchObject({
      queueType: 'PAID_RETURN_TIME',
      state: 'FINISHED',
      available: false,
      returnTimeStart: null,
      price: 2100,
      priceFormatted: '$21.00',
    });
    expect(lanes.find((l) => l.name === "Peter Pan's Flight")).toMatchObject({
      state: 'FINISHED',
      available: false,
      returnTimeStart: null,
    });
  });

  it('EPCOT 2023: PAID_RETURN_TIME without `formatted` is available with a price in cents', () => {
    const now = new Date('2023-02-15T15:57:00Z');
    const lanes = buildAvailability(rowsOf('tpw_live_epcot_2023-02-15T1556Z.json', 'epcot', now), { now, timezone: TZ });
    expect(lanes.find((l) => l.queueType === 'PAID_RETURN_TIME')).toMatchObject({
      name: 'Guardians of the Galaxy: Cosmic Rewind - New!',
      available: true,
      price: 1400,
      priceFormatted: null,
      returnTimeStart: '2023-02-15T13:40:00-05:00',
    });
  });

  it('stale data (polled more than 5 minutes ago) is listed but nothing is available', () => {
    const polled = new Date(NOW.getTime() - LIVE_FRESH_MS - 1000);
    const lanes = buildAvailability(rowsOf('tpw_live_magic-kingdom_2026-04-14T2227Z.json', 'mk', polled), { now: NOW, timezone: TZ });
    expect(lanes).toHaveLength(19);
    expect(lanes.some((l) => l.available)).toBe(false);
    expect(lanes.filter((l) => l.state === 'AVAILABLE')).toHaveLength(11);
  });

  it("yesterday's return times are not available today", () => {
    const nextDay = new Date('2026-04-15T12:00:00Z');
    const lanes = buildAvailability(rowsOf('tpw_live_magic-kingdom_2026-04-14T2227Z.json', 'mk', nextDay), { now: nextDay, timezone: TZ });
    expect(lanes.some((l) => l.available)).toBe(false);
  });

  it('an attraction with both queues yields one entry: the available one, else RETURN_TIME', () => {
    const row = (queue: unknown): LiveReturnRow => ({
      id: 'x',
      name: 'X',
      parkId: 'mk',
      status: 'OPERATING',
      queue,
      lastUpdated: null,
      polledAt: NOW,
    });
    const paidOpen = buildAvailability(
      [
        row({
          RETURN_TIME: { state: 'FINISHED' },
          PAID_RETURN_TIME: { state: 'AVAILABLE', returnStart: '2026-04-14T19:00:00-04:00', price: { amount: 1500, currency: 'USD' } },
        }),
      ],
      { now: NOW, timezone: TZ },
    );
    expect(paidOpen).toHaveLength(1);
    expect(paidOpen[0]).toMatchObject({ queueType: 'PAID_RETURN_TIME', available: true, price: 1500, lastUpdated: NOW.toISOString() });
    const neither = buildAvailability([row({ RETURN_TIME: { state: 'FINISHED' }, PAID_RETURN_TIME: { state: 'FINISHED' } })], {
      now: NOW,
      timezone: TZ,
    });
    expect(neither[0]).toMatchObject({ queueType: 'RETURN_TIME', available: false });
    expect(buildAvailability([row({ STANDBY: { waitTime: 5 } }), row(null)], { now: NOW, timezone: TZ })).toEqual([]);
  });

  it('auto-booking on the recorded data: the highest-priority available lane within the window', () => {
    const lanes = buildAvailability(rowsOf('tpw_live_magic-kingdom_2026-04-14T2227Z.json', 'mk', NOW), { now: NOW, timezone: TZ });
    const id = (name: string) => lanes.find((l) => l.name === name)!.id;
    const prefs = [
      pref(id('TRON Lightcycle / Run'), { priority: 10 }), // FINISHED
      pref(id('Haunted Mansion'), { priority: 8, windowEnd: '20:00' }), // 20:50 is outside
      pref(id('Space Mountain'), { priority: 6 }), // 18:45
      pref(id('Pirates of the Caribbean'), { priority: 6 }), // 19:15
    ];
    expect(chooseAutoBooking(lanes, prefs, [], NOW, TZ)?.lane.name).toBe('Space Mountain');
    expect(chooseAutoBooking(lanes, prefs, [booking(id('Space Mountain'), 'confirmed')], NOW, TZ)?.lane.name).toBe(
      'Pirates of the Caribbean',
    );
  });

  it('parkLocalTime reads an instant in the park time zone', () => {
    expect(parkLocalTime('2026-04-14T23:20:00Z', TZ)).toBe('19:20');
    expect(parkLocalTime('2026-04-14T19:20:00-04:00', TZ)).toBe('19:20');
    expect(parkLocalTime('2026-04-14T19:20:00-04:00', null)).toBe('23:20');
  });
});
