import { describe, expect, it } from 'vitest';
import type { FlightResult } from '../flights.ts';
import { cheapestMatch, groupAlerts, type NotifyInput, shouldNotify } from './flightRules.ts';

const NOW = new Date('2026-12-01T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

describe('shouldNotify (docs/decisions/019, docs/spec/part-2.md §3)', () => {
  const base: NotifyInput = { maxPriceDollars: 200, cheapestCents: 15_000, lastNotifiedAt: null, lastNotifiedPriceCents: null, now: NOW };
  it.each<[string, Partial<NotifyInput>, boolean]>([
    ['below the limit, never mailed', {}, true],
    ['exactly the limit ($200.00 = 20000 cents)', { cheapestCents: 20_000 }, true],
    ['one cent above the limit', { cheapestCents: 20_001 }, false],
    ['well above the limit', { cheapestCents: 45_000 }, false],
    ['no fare found', { cheapestCents: null }, false],
    ['mailed 1 h ago, cheaper now: once a day', { lastNotifiedAt: hoursAgo(1), lastNotifiedPriceCents: 18_000 }, false],
    [
      'mailed 23 h 59 min ago, cheaper now',
      { lastNotifiedAt: new Date(NOW.getTime() - 86_340_000), lastNotifiedPriceCents: 18_000 },
      false,
    ],
    ['mailed exactly 24 h ago, cheaper now', { lastNotifiedAt: hoursAgo(24), lastNotifiedPriceCents: 18_000 }, true],
    ['mailed 25 h ago, further drop', { lastNotifiedAt: hoursAgo(25), lastNotifiedPriceCents: 15_001 }, true],
    ['mailed 25 h ago, same price: no re-send', { lastNotifiedAt: hoursAgo(25), lastNotifiedPriceCents: 15_000 }, false],
    ['mailed 25 h ago, price went up', { lastNotifiedAt: hoursAgo(25), lastNotifiedPriceCents: 12_000 }, false],
    ['mailed a week ago, same price', { lastNotifiedAt: hoursAgo(168), lastNotifiedPriceCents: 15_000 }, false],
    [
      'mailed 25 h ago, further drop but now above the limit',
      { maxPriceDollars: 100, lastNotifiedAt: hoursAgo(25), lastNotifiedPriceCents: 16_000 },
      false,
    ],
    ['mailed 25 h ago, last price unknown', { lastNotifiedAt: hoursAgo(25), lastNotifiedPriceCents: null }, true],
  ])('%s → %s', (_name, patch, expected) => {
    expect(shouldNotify({ ...base, ...patch })).toBe(expected);
  });
});

const fare = (id: string, priceCents: number, currency = 'USD'): FlightResult => ({
  id,
  airline: 'Test Air',
  airlineCode: 'TA',
  airlineLogo: null,
  departureTime: '2026-12-20T08:00:00',
  arrivalTime: '2026-12-20T11:00:00',
  departure: 'JFK',
  arrival: 'MCO',
  durationMinutes: 180,
  stops: 0,
  flightNumbers: ['XX1'],
  priceCents,
  currency,
  bookingLink: 'https://example.com/book',
});

describe('cheapestMatch: the cheapest USD fare, other currencies ignored', () => {
  it.each<[string, FlightResult[], string | null]>([
    ['no flights', [], null],
    ['the cheapest USD fare wins, whatever the order', [fare('a', 30_000), fare('b', 12_300), fare('c', 20_000)], 'b'],
    ['a cheaper EUR fare is ignored', [fare('eur', 5_000, 'EUR'), fare('usd', 12_300)], 'usd'],
    ['only non-USD fares → null', [fare('eur', 5_000, 'EUR'), fare('gbp', 4_000, 'GBP')], null],
    ['lower-case currency code still counts', [fare('a', 9_900, 'usd')], 'a'],
    ['on a tie the provider order wins', [fare('first', 10_000), fare('second', 10_000)], 'first'],
  ])('%s', (_name, flights, expected) => {
    expect(cheapestMatch({ flights })?.id ?? null).toBe(expected);
  });
});

const alert = (
  patch: Partial<{ id: string; homeAirport: string; destinationPark: string; airport: string | null; dep: string; ret: string | null }>,
) => ({
  id: patch.id ?? 'x',
  homeAirport: patch.homeAirport ?? 'JFK',
  destinationPark: patch.destinationPark ?? 'disney-world',
  airport: patch.airport === undefined ? null : patch.airport,
  departureDateStart: patch.dep ?? '2026-12-20',
  returnDateStart: patch.ret === undefined ? '2026-12-27' : patch.ret,
});

describe('groupAlerts: one search per distinct (origin, destinations, departure, return)', () => {
  it('3 alerts with the same search → 1 group carrying its FlightSearch', () => {
    const groups = groupAlerts([alert({ id: 'a' }), alert({ id: 'b' }), alert({ id: 'c' })]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.alerts.map((a) => a.id)).toEqual(['a', 'b', 'c']);
    expect(groups[0]!.search).toEqual({
      origin: 'JFK',
      destinations: ['MCO', 'SFB', 'TPA'],
      departureDate: '2026-12-20',
      returnDate: '2026-12-27',
    });
  });

  it.each<[string, ReturnType<typeof alert>[], number]>([
    ['a specific airport vs all airports of the destination', [alert({ airport: 'MCO' }), alert({ airport: null })], 2],
    ['two different specific airports', [alert({ airport: 'MCO' }), alert({ airport: 'TPA' })], 2],
    ['the same specific airport', [alert({ airport: 'MCO' }), alert({ airport: 'MCO' })], 1],
    ['different home airports', [alert({ homeAirport: 'JFK' }), alert({ homeAirport: 'EWR' })], 2],
    ['different departure dates', [alert({ dep: '2026-12-20' }), alert({ dep: '2026-12-21' })], 2],
    ['round trip vs one way', [alert({ ret: '2026-12-27' }), alert({ ret: null })], 2],
    ['different destinations', [alert({ destinationPark: 'disney-world' }), alert({ destinationPark: 'disneyland' })], 2],
  ])('%s → %d group(s)', (_name, alerts, n) => {
    expect(groupAlerts(alerts)).toHaveLength(n);
  });

  it('a specific airport searches only that airport; "all" searches every airport of the destination, sorted', () => {
    const [one, all] = groupAlerts([alert({ airport: 'TPA' }), alert({ destinationPark: 'disneyland' })]);
    expect(one!.search.destinations).toEqual(['TPA']);
    expect(all!.search.destinations).toEqual(['BUR', 'LAX', 'LGB', 'ONT', 'SNA']);
  });

  it('an alert with an unknown destination or a foreign airport is left out and reported', () => {
    const invalid: string[] = [];
    const groups = groupAlerts(
      [alert({ id: 'ok' }), alert({ id: 'nowhere', destinationPark: 'atlantis' }), alert({ id: 'foreign', airport: 'LAX' })],
      (a) => invalid.push(a.id),
    );
    expect(groups.flatMap((g) => g.alerts.map((a) => a.id))).toEqual(['ok']);
    expect(invalid).toEqual(['nowhere', 'foreign']);
  });
});
