import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createReplayFlightProvider } from './replay.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../server/fixtures/flights');
const tmp = mkdtempSync(path.join(tmpdir(), 'walkon-flights-replay-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('replay flight provider', () => {
  const provider = createReplayFlightProvider({ dir: FIXTURES });

  it('re-targets the recorded offers onto the origin, one destination each and the departure date', async () => {
    const out = await provider.search({ origin: 'JFK', destinations: ['MCO', 'TPA'], departureDate: '2026-12-05', returnDate: null });
    expect(out.unresolvedDestinations).toEqual([]);
    // 3 recorded one-way offers, each landing at one airport (round-robin over MCO, TPA), cheapest first.
    expect(out.flights).toHaveLength(3);
    expect(out.flights.map((f) => f.priceCents)).toEqual([4500, 7962, 62700]);
    expect(new Set(out.flights.map((f) => f.arrival))).toEqual(new Set(['MCO', 'TPA']));
    for (const f of out.flights) {
      expect(f.departure).toBe('JFK');
      expect(['MCO', 'TPA']).toContain(f.arrival);
      expect(f.departureTime.slice(0, 10)).toBe('2026-12-05');
      expect(f.id.endsWith(`_${f.arrival}`)).toBe(true);
      expect(decodeURIComponent(f.bookingLink)).toContain(`Flights from JFK to ${f.arrival} on 2026-12-05 one way`);
    }
    const ba = out.flights.find((f) => f.id.startsWith('off_00009htYpSCXrwaB9DnUm0_'))!;
    // Recorded departure clock time and duration kept; the arrival follows in the new airports' zones (JFK → MCO: same zone).
    expect(ba).toMatchObject({
      departureTime: '2026-12-05T16:38:02',
      arrivalTime: '2026-12-05T19:04:02',
      durationMinutes: 146,
      stops: 0,
      airline: 'British Airways',
      currency: 'GBP',
    });
    const qf = out.flights.find((f) => f.id.startsWith('off_0000AEatBx6ZLWxYKbJYHm_'))!;
    expect(qf).toMatchObject({ departureTime: '2026-12-05T12:00:00', arrivalTime: '2026-12-05T13:35:00', durationMinutes: 95 });
    expect(new Set(out.flights.map((f) => f.id)).size).toBe(3);
  });

  it('arrivals are local to the destination airport (JFK 12:00 + 95 min = 10:35 in Los Angeles, three hours behind)', async () => {
    const out = await provider.search({ origin: 'JFK', destinations: ['LAX'], departureDate: '2026-12-05', returnDate: null });
    const qf = out.flights.find((f) => f.id === 'off_0000AEatBx6ZLWxYKbJYHm_LAX')!;
    // Recorded 12:00 + 95 min; Los Angeles is 3 hours behind New York in December.
    expect(qf).toMatchObject({ departureTime: '2026-12-05T12:00:00', arrivalTime: '2026-12-05T10:35:00', durationMinutes: 95 });
  });

  it('is deterministic', async () => {
    const q = { origin: 'LAX', destinations: ['HND', 'NRT'], departureDate: '2027-01-10', returnDate: '2027-01-20' };
    const a = await provider.search(q);
    const b = await createReplayFlightProvider({ dir: FIXTURES }).search(q);
    expect(b).toEqual(a);
    expect(decodeURIComponent(a.flights[0]!.bookingLink)).toContain('returning 2027-01-20');
  });

  it('shifts a recorded return slice to the return date', async () => {
    const raw = JSON.parse(readFileSync(path.join(FIXTURES, 'duffel_docs_offer_request_lhr_jfk.json'), 'utf8'));
    const offer = raw.data.offers[0];
    const back = structuredClone(offer.slices[0]);
    back.segments[0].departing_at = '2020-06-20T09:15:00';
    back.segments[0].arriving_at = '2020-06-20T21:05:00';
    offer.slices.push(back);
    const dir = mkdtempSync(path.join(tmp, 'rt-'));
    writeFileSync(path.join(dir, 'round_trip.json'), JSON.stringify(raw));
    copyFileSync(path.join(FIXTURES, 'duffel_sdk_offer_request_syd_mel.json'), path.join(dir, 'one_way.json'));
    const p = createReplayFlightProvider({ dir });
    const rt = await p.search({ origin: 'BOS', destinations: ['SNA'], departureDate: '2026-03-01', returnDate: '2026-03-09' });
    // Round trips use the recorded round-trip offer only.
    expect(rt.flights.map((f) => f.id)).toEqual(['off_00009htYpSCXrwaB9DnUm0_SNA']);
    expect(rt.flights[0]!.departureTime).toBe('2026-03-01T16:38:02');
    expect(decodeURIComponent(rt.flights[0]!.bookingLink)).toContain('Flights from BOS to SNA on 2026-03-01 returning 2026-03-09');
    const ow = await p.search({ origin: 'BOS', destinations: ['SNA'], departureDate: '2026-03-01', returnDate: null });
    expect(ow.flights.map((f) => f.id)).toEqual(['off_0000AEatBx6ZLWxYKbJYHm_SNA', 'off_0000AEatBxAp5iMWXnIwuf_SNA']);
  });

  it('answers the airports listed in unresolved.json as unresolved', async () => {
    const dir = mkdtempSync(path.join(tmp, 'unres-'));
    copyFileSync(path.join(FIXTURES, 'duffel_docs_offer_request_lhr_jfk.json'), path.join(dir, 'a.json'));
    writeFileSync(path.join(dir, 'unresolved.json'), JSON.stringify(['SFB']));
    const p = createReplayFlightProvider({ dir });
    const out = await p.search({ origin: 'ORD', destinations: ['MCO', 'SFB', 'TPA'], departureDate: '2026-05-01', returnDate: null });
    expect(out.unresolvedDestinations).toEqual(['SFB']);
    expect(out.flights.map((f) => f.arrival).sort()).toEqual(['MCO', 'TPA']);
  });

  it('refuses a folder without recorded offers', () => {
    const dir = mkdtempSync(path.join(tmp, 'empty-'));
    expect(() => createReplayFlightProvider({ dir })).toThrow(/no recorded flight offers/);
  });
});
