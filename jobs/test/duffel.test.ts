import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  createDuffelProvider,
  currencyExponent,
  type DuffelOffer,
  googleFlightsLink,
  offerToFlightResult,
  parseIsoDurationMinutes,
  parseOfferRequestResponse,
  toMinorUnits,
} from '@walkon/integrations/providers/flights/index.ts';
import { FlightProviderError } from '@walkon/integrations/providers/flights/types.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/fixtures/flights');
const docsFixture = readFileSync(path.join(FIXTURES, 'duffel_docs_offer_request_lhr_jfk.json'), 'utf8');
const sdkFixture = readFileSync(path.join(FIXTURES, 'duffel_sdk_offer_request_syd_mel.json'), 'utf8');

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: any;
}

/** What the fake answers for a destination: a fixture body (201, gzipped when asked) or an HTTP status. */
type Reply = { fixture: string } | { status: number; body?: string };

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let replies: Record<string, Reply> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const destination: string = body?.data?.slices?.[0]?.destination;
      const reply = replies[destination] ?? { status: 422, body: '{"errors":[{"code":"airport_not_found","message":"not found"}]}' };
      if ('fixture' in reply) {
        const gzip = String(req.headers['accept-encoding'] ?? '').includes('gzip');
        const payload = gzip ? gzipSync(reply.fixture) : Buffer.from(reply.fixture);
        res.writeHead(201, { 'content-type': 'application/json', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
        res.end(payload);
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body ?? '{"errors":[{"message":"boom"}]}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  replies = {};
});

const provider = () => createDuffelProvider({ baseUrl: `${baseUrl}/`, accessToken: 'duffel_test_abc', supplierTimeoutMs: 5000 });

describe('Duffel HTTP contract', () => {
  it('POSTs one offer request per destination with the documented path, query, headers and one-way body', async () => {
    replies = { JFK: { fixture: docsFixture }, MEL: { fixture: sdkFixture } };
    await provider().search({ origin: 'LHR', destinations: ['JFK', 'MEL'], departureDate: '2026-06-13', returnDate: null });
    expect(seen).toHaveLength(2);
    for (const req of seen) {
      expect(req.method).toBe('POST');
      const url = new URL(req.url, baseUrl);
      expect(url.pathname).toBe('/air/offer_requests');
      expect(url.searchParams.get('return_offers')).toBe('true');
      expect(url.searchParams.get('supplier_timeout')).toBe('5000');
      expect(req.headers.authorization).toBe('Bearer duffel_test_abc');
      expect(req.headers['duffel-version']).toBe('v2');
      expect(req.headers.accept).toBe('application/json');
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers['accept-encoding']).toContain('gzip');
      expect(req.body.data.passengers).toEqual([{ type: 'adult' }]);
      expect(req.body.data.cabin_class).toBe('economy');
    }
    const slices = seen.map((s) => s.body.data.slices).sort((a, b) => a[0].destination.localeCompare(b[0].destination));
    expect(slices).toEqual([
      [{ origin: 'LHR', destination: 'JFK', departure_date: '2026-06-13' }],
      [{ origin: 'LHR', destination: 'MEL', departure_date: '2026-06-13' }],
    ]);
  });

  it('sends a return slice for a round trip', async () => {
    replies = { JFK: { fixture: docsFixture } };
    await provider().search({ origin: 'LHR', destinations: ['JFK'], departureDate: '2026-06-13', returnDate: '2026-06-20' });
    expect(seen[0]!.body.data.slices).toEqual([
      { origin: 'LHR', destination: 'JFK', departure_date: '2026-06-13' },
      { origin: 'JFK', destination: 'LHR', departure_date: '2026-06-20' },
    ]);
  });

  it('runs at most 4 offer requests at once', async () => {
    let open = 0;
    let peak = 0;
    const fetchImpl: typeof fetch = async () => {
      open++;
      peak = Math.max(peak, open);
      await new Promise((r) => setTimeout(r, 20));
      open--;
      return new Response(docsFixture, { status: 201 });
    };
    const p = createDuffelProvider({ baseUrl, accessToken: 't', fetchImpl });
    await p.search({
      origin: 'LHR',
      destinations: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9'],
      departureDate: '2026-06-13',
      returnDate: null,
    });
    expect(peak).toBe(4);
  });
});

describe('parsing the recorded responses', () => {
  it('maps the documented example (gzip-decoded) to a FlightResult', async () => {
    replies = { JFK: { fixture: docsFixture } };
    const out = await provider().search({ origin: 'LHR', destinations: ['JFK'], departureDate: '2020-06-13', returnDate: null });
    expect(out.unresolvedDestinations).toEqual([]);
    expect(out.flights).toEqual([
      {
        id: 'off_00009htYpSCXrwaB9DnUm0',
        airline: 'British Airways',
        airlineCode: 'BA',
        airlineLogo: null,
        departureTime: '2020-06-13T16:38:02',
        arrivalTime: '2020-06-13T16:38:02',
        departure: 'LHR',
        arrival: 'JFK',
        durationMinutes: 146,
        stops: 0,
        flightNumbers: ['BA1234'],
        priceCents: 4500,
        currency: 'GBP',
        bookingLink: 'https://www.google.com/travel/flights?q=Flights%20from%20LHR%20to%20JFK%20on%202020-06-13%20one%20way',
      },
    ]);
  });

  it('merges destinations cheapest first and drops duplicate offer ids', async () => {
    replies = { JFK: { fixture: docsFixture }, MEL: { fixture: sdkFixture }, SYD: { fixture: sdkFixture } };
    const out = await provider().search({
      origin: 'LHR',
      destinations: ['JFK', 'MEL', 'SYD'],
      departureDate: '2022-04-16',
      returnDate: null,
    });
    expect(out.flights.map((f) => [f.id, f.priceCents])).toEqual([
      ['off_00009htYpSCXrwaB9DnUm0', 4500],
      ['off_0000AEatBx6ZLWxYKbJYHm', 7962],
      ['off_0000AEatBxAp5iMWXnIwuf', 62700],
    ]);
    const qf = out.flights[1]!;
    expect(qf).toMatchObject({
      airline: 'Qantas',
      airlineCode: 'QF',
      departure: 'SYD',
      arrival: 'MEL',
      departureTime: '2022-04-16T12:00:00',
      arrivalTime: '2022-04-16T13:35:00',
      durationMinutes: 95,
      stops: 0,
      flightNumbers: ['QF441'],
    });
  });

  it('reads logos, connections, durations without an ISO value, return dates and zero-decimal currencies', () => {
    const base = parseOfferRequestResponse(JSON.parse(docsFixture)).offers[0]!;
    const seg = base.slices[0]!.segments[0]!;
    const offer: DuffelOffer = {
      ...base,
      total_amount: '12345',
      total_currency: 'JPY',
      owner: { ...base.owner!, logo_symbol_url: 'https://assets.duffel.com/img/airlines/for-light-background/full-color-logo/BA.svg' },
      slices: [
        {
          origin: { iata_code: 'LHR', time_zone: 'Europe/London' },
          destination: { iata_code: 'HND', time_zone: 'Asia/Tokyo' },
          duration: null,
          segments: [
            {
              ...seg,
              departing_at: '2026-07-01T10:00:00',
              arriving_at: '2026-07-01T18:30:00',
              destination: { iata_code: 'HKG', time_zone: 'Asia/Hong_Kong' },
            },
            {
              ...seg,
              departing_at: '2026-07-01T20:00:00',
              arriving_at: '2026-07-02T01:00:00',
              origin: { iata_code: 'HKG', time_zone: 'Asia/Hong_Kong' },
              destination: { iata_code: 'HND', time_zone: 'Asia/Tokyo' },
            },
          ],
        },
        base.slices[0]!,
      ],
    };
    const r = offerToFlightResult(offer)!;
    expect(r.airlineLogo).toBe('https://assets.duffel.com/img/airlines/for-light-background/full-color-logo/BA.svg');
    expect(r.stops).toBe(1);
    expect(r.arrival).toBe('HND');
    expect(r.arrivalTime).toBe('2026-07-02T01:00:00');
    // 10:00 BST (09:00Z) → 01:00 JST next day (16:00Z) = 7 h.
    expect(r.durationMinutes).toBe(7 * 60);
    expect(r.priceCents).toBe(12345);
    expect(r.currency).toBe('JPY');
    expect(r.bookingLink).toBe(googleFlightsLink('LHR', 'HND', '2026-07-01', '2020-06-13'));
    expect(decodeURIComponent(r.bookingLink)).toContain('Flights from LHR to HND on 2026-07-01 returning 2020-06-13');
  });

  it('parses ISO-8601 durations and minor units', () => {
    expect(parseIsoDurationMinutes('PT2H26M')).toBe(146);
    expect(parseIsoDurationMinutes('PT02H26M')).toBe(146);
    expect(parseIsoDurationMinutes('P1DT2H')).toBe(26 * 60);
    expect(parseIsoDurationMinutes('PT45M')).toBe(45);
    expect(parseIsoDurationMinutes(null)).toBeNull();
    expect(parseIsoDurationMinutes('P1M')).toBeNull();
    expect(parseIsoDurationMinutes('garbage')).toBeNull();
    expect(currencyExponent('GBP')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(toMinorUnits('79.62', 'GBP')).toBe(7962);
    expect(toMinorUnits('45.00', 'USD')).toBe(4500);
    expect(toMinorUnits('12345', 'JPY')).toBe(12345);
  });

  it('skips offers missing needed fields and keeps the rest', () => {
    const raw = JSON.parse(sdkFixture);
    delete raw.data.offers[0].total_amount;
    const parsed = parseOfferRequestResponse(raw);
    expect(parsed.offers.map((o) => o.id)).toEqual(['off_0000AEatBx6ZLWxYKbJYHm']);
    expect(parsed.skipped).toBe(1);
    expect(() => parseOfferRequestResponse({ data: { offers: 'nope' } })).toThrow();
  });
});

describe('errors', () => {
  it('lists a destination answered 422 as unresolved', async () => {
    replies = { JFK: { fixture: docsFixture } };
    const out = await provider().search({ origin: 'LHR', destinations: ['JFK', 'XXX'], departureDate: '2020-06-13', returnDate: null });
    expect(out.unresolvedDestinations).toEqual(['XXX']);
    expect(out.flights).toHaveLength(1);
  });

  it('answers all-unresolved (no throw) when every destination is a validation error', async () => {
    const out = await provider().search({ origin: 'LHR', destinations: ['XXX', 'YYY'], departureDate: '2020-06-13', returnDate: null });
    expect(out).toEqual({ flights: [], unresolvedDestinations: ['XXX', 'YYY'] });
  });

  it.each([401, 403, 429, 500, 503])('throws FlightProviderError with status %i', async (status) => {
    replies = { JFK: { status } };
    const err = await provider()
      .search({ origin: 'LHR', destinations: ['JFK'], departureDate: '2020-06-13', returnDate: null })
      .catch((e) => e);
    expect(err).toBeInstanceOf(FlightProviderError);
    expect(err.status).toBe(status);
  });

  it('throws on 401 even when another destination succeeded', async () => {
    replies = { JFK: { fixture: docsFixture }, MEL: { status: 401 } };
    await expect(
      provider().search({ origin: 'LHR', destinations: ['JFK', 'MEL'], departureDate: '2020-06-13', returnDate: null }),
    ).rejects.toMatchObject({
      name: 'FlightProviderError',
      status: 401,
    });
  });

  it('lists a destination that failed with 500 as unresolved when another succeeded', async () => {
    replies = { JFK: { fixture: docsFixture }, MEL: { status: 500 } };
    const out = await provider().search({ origin: 'LHR', destinations: ['JFK', 'MEL'], departureDate: '2020-06-13', returnDate: null });
    expect(out.unresolvedDestinations).toEqual(['MEL']);
    expect(out.flights).toHaveLength(1);
  });

  it('throws FlightProviderError on a malformed body', async () => {
    replies = { JFK: { fixture: '{"data": 42}' } };
    await expect(
      provider().search({ origin: 'LHR', destinations: ['JFK'], departureDate: '2020-06-13', returnDate: null }),
    ).rejects.toBeInstanceOf(FlightProviderError);
  });

  it('throws FlightProviderError (no status) when the connection is refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const p = createDuffelProvider({ baseUrl: `http://127.0.0.1:${port}`, accessToken: 't' });
    const err = await p
      .search({ origin: 'LHR', destinations: ['JFK', 'MEL'], departureDate: '2020-06-13', returnDate: null })
      .catch((e) => e);
    expect(err).toBeInstanceOf(FlightProviderError);
    expect(err.status).toBeUndefined();
  });
});
