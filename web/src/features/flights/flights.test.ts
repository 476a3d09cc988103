import { describe, expect, it } from 'vitest';
import {
  alertResolver,
  EMPTY_ALERT,
  EMPTY_SEARCH,
  FLIGHT_ALERT_REQUIRED,
  FLIGHT_SEARCH_REQUIRED,
  hasMissing,
  searchResolver,
  toAlertInput,
  toSearchInput,
  tripErrors,
} from './form.ts';
import {
  formatDuration,
  formatFlightTime,
  formatPrice,
  formatStops,
  mergeIdenticalOffers,
  normalizeAirportCode,
  parseLocalDateTime,
  searchSummary,
  todayYmd,
} from './format.ts';

const opts = { fields: {}, shouldUseNativeValidation: false } as never;

describe('flight result formatting (docs/spec/part-2.md §2 Flight Deals)', () => {
  it('reads provider local times as wall-clock times, without time-zone conversion', () => {
    const d = parseLocalDateTime('2026-12-07T23:45:00');
    expect([d?.getFullYear(), d?.getMonth(), d?.getDate(), d?.getHours(), d?.getMinutes()]).toEqual([2026, 11, 7, 23, 45]);
    expect(parseLocalDateTime('not a time')).toBeNull();
    expect(formatFlightTime('2026-12-07T09:05:00')).toEqual({ time: '9:05 AM', date: 'Mon, Dec 7' });
    expect(formatFlightTime('2026-12-07T21:30')).toEqual({ time: '9:30 PM', date: 'Mon, Dec 7' });
    expect(formatFlightTime('??')).toEqual({ time: '??', date: '' });
  });
  it('durations like 2h 26m', () => {
    expect([146, 45, 180, 0].map(formatDuration)).toEqual(['2h 26m', '45m', '3h 0m', '0m']);
  });
  it("stops: 'Direct' or N stop/stops", () => {
    expect([0, 1, 2].map(formatStops)).toEqual(['Direct', '1 stop', '2 stops']);
  });
  it('prices with a dollar sign; cents only when there are some; other currencies keep their code', () => {
    expect(formatPrice(12300, 'USD')).toBe('$123');
    expect(formatPrice(12345, 'USD')).toBe('$123.45');
    expect(formatPrice(123450, 'usd')).toBe('$1,234.50');
    expect(formatPrice(9840, 'EUR')).toBe('€98.40');
    expect(formatPrice(4500, 'GBP')).toBe('£45');
    expect(formatPrice(7962, 'AUD')).toBe('A$79.62');
    expect(formatPrice(12345, 'JPY')).toBe('¥12,345');
    expect(formatPrice(1230, 'XYZ1')).toBe('XYZ1 12.30');
  });
  it('merges the same flight at the same fare offered to several airports, keeping the airports it covers', () => {
    const base = {
      airline: 'British Airways',
      flightNumbers: ['BA1234'],
      departure: 'LHR',
      departureTime: '2026-12-07T16:38:02',
      arrivalTime: '2026-12-07T21:04:02',
      durationMinutes: 146,
      stops: 0,
      priceCents: 4500,
      currency: 'GBP',
    };
    const merged = mergeIdenticalOffers([
      { ...base, id: 'a_MCO', arrival: 'MCO' },
      { ...base, id: 'a_SFB', arrival: 'SFB' },
      { ...base, id: 'a_TPA', arrival: 'TPA' },
      { ...base, id: 'b_MCO', arrival: 'MCO', priceCents: 4600 },
      { ...base, id: 'c_MCO', arrival: 'MCO', flightNumbers: ['BA9'] },
      { ...base, id: 'd_MCO', arrival: 'MCO', flightNumbers: [] },
      { ...base, id: 'e_MCO', arrival: 'MCO', flightNumbers: [] },
    ]);
    expect(merged.map((f) => [f.id, f.arrivals])).toEqual([
      ['a_MCO', ['MCO', 'SFB', 'TPA']],
      ['b_MCO', ['MCO']],
      ['c_MCO', ['MCO']],
      ['d_MCO', ['MCO']],
      ['e_MCO', ['MCO']],
    ]);
  });
  it('home airport: letters only, upper case, at most three', () => {
    expect(['jfk', 'j f', 'lax1', 'abcd'].map(normalizeAirportCode)).toEqual(['JFK', 'JF', 'LAX', 'ABC']);
  });
  it('today as yyyy-MM-dd in the local calendar', () => {
    expect(todayYmd(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
  it('Search Complete text, with unresolved airports', () => {
    expect(searchSummary(4, [])).toBe('Found 4 flights');
    expect(searchSummary(0, [])).toBe('Found 0 flights');
    expect(searchSummary(1, ['SFB'])).toBe('Found 1 flight. The airport SFB could not be searched; the code may be unavailable.');
    expect(searchSummary(2, ['SFB', 'TPA'])).toContain('SFB, TPA could not be searched; those codes may be unavailable');
  });
});

describe('flight form values → API input', () => {
  it('empty airport = all airports, empty return = one way; the alert takes the trip of the search card', () => {
    const search = { ...EMPTY_SEARCH, origin: 'JFK', destinationId: 'disney-world', departureDate: '2026-12-07' };
    expect(toSearchInput(search)).toEqual({
      origin: 'JFK',
      destinationId: 'disney-world',
      airport: null,
      departureDate: '2026-12-07',
      returnDate: null,
    });
    expect(toAlertInput({ ...search, airport: 'MCO', returnDate: '2026-12-10' }, { email: 'a@example.com', maxPrice: '300' })).toEqual({
      homeAirport: 'JFK',
      destinationId: 'disney-world',
      airport: 'MCO',
      email: 'a@example.com',
      maxPrice: '300',
      departureDate: '2026-12-07',
      returnDate: '2026-12-10',
    });
  });
});

describe('flight form resolvers (the server schemas)', () => {
  it('search: missing fields are "required"; a bad code has its own message; valid values parse', async () => {
    const empty = await searchResolver(EMPTY_SEARCH, undefined, opts);
    expect(Object.keys(empty.errors).sort()).toEqual(['departureDate', 'destinationId', 'origin']);
    expect(hasMissing(empty.errors, FLIGHT_SEARCH_REQUIRED)).toBe(true);
    const bad = await searchResolver(
      { ...EMPTY_SEARCH, origin: 'JF', destinationId: 'disney-world', departureDate: '2026-12-07' },
      undefined,
      opts,
    );
    expect(bad.errors.origin?.message).toBe('Please enter a 3-letter airport code (e.g. JFK).');
    expect(hasMissing(bad.errors, FLIGHT_SEARCH_REQUIRED)).toBe(false);
    const ok = await searchResolver(
      { ...EMPTY_SEARCH, origin: 'JFK', destinationId: 'disney-world', departureDate: '2026-12-07' },
      undefined,
      opts,
    );
    expect(ok.values).toEqual({
      origin: 'JFK',
      destinationId: 'disney-world',
      airport: null,
      departureDate: '2026-12-07',
      returnDate: null,
    });
  });
  it('alert: trip errors map back to the search card fields; max price parses as an integer', async () => {
    const missing = await alertResolver(() => EMPTY_SEARCH)(EMPTY_ALERT, undefined, opts);
    expect(hasMissing(missing.errors, FLIGHT_ALERT_REQUIRED)).toBe(true);
    expect(tripErrors(missing.errors).map((e) => e.field)).toEqual(['origin', 'destinationId', 'departureDate']);
    const search = { ...EMPTY_SEARCH, origin: 'JFK', destinationId: 'disney-world', departureDate: '2026-12-07' };
    const ok = await alertResolver(() => search)({ email: 'a@example.com', maxPrice: '199.99' }, undefined, opts);
    expect(ok.values).toMatchObject({ homeAirport: 'JFK', maxPrice: 199, airport: null, returnDate: null });
  });
  it('alert: a negative or unreadable max price says what is wrong, never "fill in all fields"', async () => {
    const search = { ...EMPTY_SEARCH, origin: 'JFK', destinationId: 'disney-world', departureDate: '2026-12-07' };
    const priceError = async (maxPrice: string) =>
      (await alertResolver(() => search)({ email: 'a@example.com', maxPrice }, undefined, opts)).errors.maxPrice?.message;
    expect(await priceError('-50')).toBe('Please enter a maximum price of at least $1.');
    expect(await priceError('\u221250')).toBe('Please enter a maximum price of at least $1.');
    expect(await priceError('abc')).toBe('Please enter the maximum price as a whole number of US dollars, e.g. 300.');
    expect(await priceError('1e9')).toBe('Please enter the maximum price as a whole number of US dollars, e.g. 300.');
    expect(await priceError('')).toBe(FLIGHT_ALERT_REQUIRED);
    const ok = await alertResolver(() => search)({ email: 'a@example.com', maxPrice: '$1,250' }, undefined, opts);
    expect(ok.values).toMatchObject({ maxPrice: 1250 });
  });
});
