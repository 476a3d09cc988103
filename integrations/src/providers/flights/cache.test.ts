import { randomUUID } from 'node:crypto';
import { TEST_REDIS_URL } from '@walkon/db/testing';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createFlightSearchService, flightSearchCacheKey } from './cache.ts';
import { FlightProviderError, type FlightSearch, type FlightSearchOutcome, type FlightSearchProvider } from './types.ts';

const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
const prefix = `test-flights-${randomUUID()}`;

afterEach(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
});
afterAll(async () => {
  await redis.quit();
});

const outcome: FlightSearchOutcome = {
  flights: [
    {
      id: 'off_1',
      airline: 'British Airways',
      airlineCode: 'BA',
      airlineLogo: null,
      departureTime: '2026-06-13T16:38:02',
      arrivalTime: '2026-06-13T19:04:02',
      departure: 'LHR',
      arrival: 'MCO',
      durationMinutes: 146,
      stops: 0,
      flightNumbers: ['XX1'],
      priceCents: 4500,
      currency: 'GBP',
      bookingLink: 'https://www.google.com/travel/flights?q=x',
    },
  ],
  unresolvedDestinations: ['SFB'],
};

function fakeProvider(impl?: (q: FlightSearch) => Promise<FlightSearchOutcome>) {
  const calls: FlightSearch[] = [];
  const provider: FlightSearchProvider = {
    kind: 'replay',
    async search(q) {
      calls.push(q);
      await new Promise((r) => setTimeout(r, 20));
      return impl ? impl(q) : outcome;
    },
  };
  return { provider, calls };
}

const q: FlightSearch = { origin: 'LHR', destinations: ['MCO', 'SFB'], departureDate: '2026-06-13', returnDate: null };

describe('cached flight search', () => {
  it('serves a repeat within the TTL from Redis without calling the provider', async () => {
    const { provider, calls } = fakeProvider();
    const svc = createFlightSearchService({ provider, redis, prefix });
    expect(svc.kind).toBe('replay');
    expect(await svc.search(q)).toEqual({ ...outcome, cached: false });
    expect(await svc.search({ ...q, destinations: ['SFB', 'MCO'] })).toEqual({ ...outcome, cached: true });
    expect(calls).toHaveLength(1);
    const key = flightSearchCacheKey(prefix, 'replay', q);
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(890);
    expect(ttl).toBeLessThanOrEqual(900);
  });

  it('runs the provider once for 20 concurrent identical searches', async () => {
    const { provider, calls } = fakeProvider();
    const svc = createFlightSearchService({ provider, redis, prefix });
    const results = await Promise.all(Array.from({ length: 20 }, () => svc.search(q)));
    expect(calls).toHaveLength(1);
    for (const r of results) expect(r.flights).toEqual(outcome.flights);
  });

  it('keys by date (a different date or return date is a different search)', async () => {
    const { provider, calls } = fakeProvider();
    const svc = createFlightSearchService({ provider, redis, prefix });
    await svc.search(q);
    expect((await svc.search({ ...q, departureDate: '2026-06-14' })).cached).toBe(false);
    expect((await svc.search({ ...q, returnDate: '2026-06-20' })).cached).toBe(false);
    expect(calls).toHaveLength(3);
  });

  it('does not cache a provider error', async () => {
    let fail = true;
    const { provider, calls } = fakeProvider(async () => {
      if (fail) throw new FlightProviderError('Duffel offer request: HTTP 503', 503);
      return outcome;
    });
    const svc = createFlightSearchService({ provider, redis, prefix });
    const errors = await Promise.all([svc.search(q).catch((e) => e), svc.search(q).catch((e) => e)]);
    for (const e of errors) expect(e).toBeInstanceOf(FlightProviderError);
    expect(calls).toHaveLength(1);
    expect(await redis.exists(flightSearchCacheKey(prefix, 'replay', q))).toBe(0);
    fail = false;
    expect((await svc.search(q)).cached).toBe(false);
    expect(calls).toHaveLength(2);
  });
});
