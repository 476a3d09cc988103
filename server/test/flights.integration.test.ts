import { flights } from '@walkon/db';
import { createOutboxNotifier, FlightProviderError, type FlightResult, type FlightSearch } from '@walkon/integrations/providers';
import { sendConfirmation } from '@walkon/jobs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FlightSearchService } from '../src/services/flights.ts';
import { buildTestApp, legacyUnverifiedUser, ORIGIN, signUpUser, trpcCall, withTestServer } from './harness.ts';

/** 03:00 UTC on 23 Nov 2026: still the 22nd in New York, already the 23rd in Paris. */
const NOW = new Date('2026-11-23T03:00:00Z');

const FLIGHT: FlightResult = {
  id: 'off_1',
  airline: 'Duffel Airways',
  airlineCode: 'ZZ',
  airlineLogo: null,
  departureTime: '2026-12-01T08:00:00',
  arrivalTime: '2026-12-01T10:45:00',
  departure: 'JFK',
  arrival: 'MCO',
  durationMinutes: 165,
  stops: 0,
  flightNumbers: ['B6123'],
  priceCents: 12900,
  currency: 'USD',
  bookingLink: 'https://www.google.com/travel/flights?q=x',
};

/** A flight service that records its queries; `fail` makes the next searches throw like a provider outage. */
const fake = {
  kind: 'replay' as const,
  calls: [] as FlightSearch[],
  fail: false,
  search: async (q: FlightSearch) => {
    fake.calls.push(q);
    if (fake.fail) throw new FlightProviderError('upstream 500', 500);
    return { flights: [FLIGHT], unresolvedDestinations: q.destinations.includes('SFB') ? ['SFB'] : [] };
  },
};
const service: FlightSearchService = fake;

const env = withTestServer();
let app: Awaited<ReturnType<typeof buildTestApp>>;
let off: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp(env, false, undefined, null, () => NOW, service);
  off = await buildTestApp(env, false, undefined, null, () => NOW, null);
});
afterAll(async () => {
  await app?.close();
  await off?.close();
});
beforeEach(async () => {
  fake.calls = [];
  fake.fail = false;
  await env.db.deleteFrom('flight_alerts').execute();
});

const trip = { origin: 'jfk', destinationId: 'disney-world', airport: null, departureDate: '2026-12-01', returnDate: null };

describe('flight search (docs/spec/part-2.md §2 Flight Deals, §3 catalogue, §5, §7 search-flights)', () => {
  it('docs/spec/part-2.md §3: the fixed destination catalogue, and whether search is available', async () => {
    const r = await trpcCall(app, 'flights.destinations');
    expect(r.data.available).toBe(true);
    expect(r.data.source).toBe('replay');
    expect(r.data.destinations.map((d: { name: string }) => d.name)).toEqual([
      'Disney World (Florida)',
      'Disneyland (California)',
      'Disneyland Paris',
      'Tokyo Disney',
      'Hong Kong Disney',
      'Shanghai Disney',
    ]);
    expect(r.data.destinations[0].airports.map((a: { code: string }) => a.code)).toEqual(['MCO', 'SFB', 'TPA']);
    const none = await trpcCall(off, 'flights.destinations');
    expect(none.data).toMatchObject({ available: false, source: null });
  });

  it('docs/spec/part-2.md §7: all airports of the destination, upper-cased origin; unresolved destinations passed on', async () => {
    const r = await trpcCall(app, 'flights.search', trip);
    expect(r.status).toBe(200);
    expect(fake.calls).toEqual([{ origin: 'JFK', destinations: ['MCO', 'SFB', 'TPA'], departureDate: '2026-12-01', returnDate: null }]);
    expect(r.data).toEqual({ flights: [FLIGHT], unresolvedDestinations: ['SFB'], source: 'replay' });
  });

  it('a chosen airport is searched alone; a home airport inside the destination is left out', async () => {
    await trpcCall(app, 'flights.search', { ...trip, airport: 'tpa', returnDate: '2026-12-08' });
    await trpcCall(app, 'flights.search', { ...trip, origin: 'MCO' });
    expect(fake.calls.map((c) => [c.origin, c.destinations, c.returnDate])).toEqual([
      ['JFK', ['TPA'], '2026-12-08'],
      ['MCO', ['SFB', 'TPA'], null],
    ]);
    const same = await trpcCall(app, 'flights.search', { ...trip, origin: 'HKG', destinationId: 'hong-kong-disney' });
    expect(same).toMatchObject({ status: 400, message: 'Your home airport is the destination airport.' });
  });

  it('docs/spec/part-2.md §5: missing fields, a bad code, an unknown airport, a foreign airport and dates are refused with a message', async () => {
    expect(await trpcCall(app, 'flights.search', { ...trip, origin: '' })).toMatchObject({
      status: 400,
      message: 'Please fill in all required fields',
    });
    expect(await trpcCall(app, 'flights.search', { ...trip, departureDate: '' })).toMatchObject({
      status: 400,
      message: 'Please fill in all required fields',
    });
    expect((await trpcCall(app, 'flights.search', { ...trip, origin: 'JFKX' })).message).toBe(
      'Please enter a 3-letter airport code (e.g. JFK).',
    );
    expect((await trpcCall(app, 'flights.search', { ...trip, origin: 'XQX' })).message).toMatch(/could not find the airport code XQX/);
    expect((await trpcCall(app, 'flights.search', { ...trip, airport: 'LAX' })).message).toBe(
      'LAX is not an airport for Disney World (Florida).',
    );
    expect((await trpcCall(app, 'flights.search', { ...trip, destinationId: 'atlantis' })).message).toBe(
      'Please choose a Disney destination from the list.',
    );
    expect((await trpcCall(app, 'flights.search', { ...trip, returnDate: '2026-11-30' })).message).toBe(
      'The return date cannot be before the departure date.',
    );
    expect(fake.calls).toEqual([]);
  });

  it('docs/spec/part-2.md §5: "not before today" is the home airport\'s today (New York still on the 22nd, Paris on the 23rd)', async () => {
    expect((await trpcCall(app, 'flights.search', { ...trip, departureDate: '2026-11-22' })).status).toBe(200);
    const paris = await trpcCall(app, 'flights.search', { ...trip, origin: 'CDG', departureDate: '2026-11-22' });
    expect(paris).toMatchObject({ status: 400, message: 'The departure date cannot be in the past.' });
  });

  it('docs/spec/part-2.md §8: a provider failure is a 503 "Unable to search flights"; no provider is a 503 that says so', async () => {
    fake.fail = true;
    expect(await trpcCall(app, 'flights.search', trip)).toMatchObject({
      status: 503,
      message: 'Unable to search flights. Please try again.',
    });
    expect(await trpcCall(off, 'flights.search', trip)).toMatchObject({ status: 503, message: 'Flight search is unavailable right now.' });
  });
});

describe('flight price alerts (docs/spec/part-2.md §3 flight_alerts, §5, §9)', () => {
  const alert = {
    homeAirport: 'jfk',
    destinationId: 'disney-world',
    airport: null,
    email: ' Fan@Example.com ',
    maxPrice: '199.99',
    departureDate: '2026-12-01',
    returnDate: '2026-12-08',
  };

  it('docs/spec/part-2.md §3: economy, 1 passenger, active, the departure and return windows are the chosen dates, max price parsed as an integer', async () => {
    const r = await trpcCall(app, 'flights.createAlert', alert);
    expect(r.status).toBe(200);
    const row = await env.db.selectFrom('flight_alerts').selectAll().where('id', '=', r.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      home_airport: 'JFK',
      destination_park: 'disney-world',
      airport: null,
      email: 'fan@example.com',
      max_price: 199,
      departure_date_start: '2026-12-01',
      departure_date_end: '2026-12-01',
      return_date_start: '2026-12-08',
      return_date_end: '2026-12-08',
      cabin_class: 'ECONOMY',
      passengers: 1,
      active: true,
    });
  });

  it('docs/spec/part-2.md §5: every field is required ("Please fill in all fields to set up an alert"); alerts work without a provider', async () => {
    for (const missing of ['homeAirport', 'destinationId', 'email', 'maxPrice', 'departureDate']) {
      const r = await trpcCall(app, 'flights.createAlert', { ...alert, [missing]: '' });
      expect([missing, r.status, r.message]).toEqual([missing, 400, 'Please fill in all fields to set up an alert']);
    }
    expect((await trpcCall(app, 'flights.createAlert', { ...alert, maxPrice: 0 })).message).toBe(
      'Please enter a maximum price of at least $1.',
    );
    expect((await trpcCall(off, 'flights.createAlert', alert)).status).toBe(200);
    expect(await env.db.selectFrom('flight_alerts').select('id').execute()).toHaveLength(1);
  });

  it('double opt-in: a new alert waits for its e-mailed link; the price check reads only confirmed alerts', async () => {
    const r = await trpcCall(app, 'flights.createAlert', alert);
    expect(r.data.confirmed).toBe(false);
    const row = await env.db.selectFrom('flight_alerts').select(['id', 'confirm_token', 'confirmed_at']).executeTakeFirstOrThrow();
    expect(row.confirmed_at).toBeNull();
    expect((await env.queues.sendEmail.getJob(`flight_alert-${row.id}`))?.data).toEqual({ confirmation: 'flight_alert', id: row.id });
    // The worker's e-mail: the trip, the budget and the link.
    const deps = { db: env.db, notifier: createOutboxNotifier(), now: () => NOW, publicOrigin: ORIGIN };
    expect(await sendConfirmation(deps, 'flight_alert', row.id)).toBe(true);
    expect(await sendConfirmation(deps, 'flight_alert', row.id)).toBe(false);
    const mail = await env.db
      .selectFrom('outbox_messages')
      .select(['subject', 'body_text'])
      .where('to_address', '=', 'fan@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Confirm your flight price alert: JFK to Disney World (Florida)');
    expect(mail.body_text).toContain('Trip: JFK to Disney World (Florida), departing Tue, Dec 1, back Tue, Dec 8, up to $199.');
    expect(mail.body_text).toContain(`Confirm the alert: ${ORIGIN}/confirm?token=${row.confirm_token}`);
    expect(await flights.activeAlerts(env.db, '2026-11-23')).toEqual([]);
    const yes = await app.inject({ method: 'POST', url: `/confirm?token=${row.confirm_token}`, headers: { origin: ORIGIN } });
    expect(yes.body).toContain('Flight alert confirmed');
    expect((await flights.activeAlerts(env.db, '2026-11-23')).map((a) => a.id)).toEqual([row.id]);
  });

  it('double opt-in: the signed-in owner of the verified address needs no confirmation; anyone else does', async () => {
    // An account made before sign-up by link (docs/decisions/046-sign-up-by-link.md) may be unverified.
    const person = await legacyUnverifiedUser(env, undefined, undefined, NOW);
    const mine = await trpcCall(app, 'flights.createAlert', { ...alert, email: person.email }, person.cookie);
    // Not verified yet: the link still goes out.
    expect(mine.data.confirmed).toBe(false);
    await env.db.updateTable('users').set({ email_verified_at: NOW }).where('id', '=', person.id).execute();
    const verified = await trpcCall(app, 'flights.createAlert', { ...alert, email: person.email }, person.cookie);
    expect(verified.data.confirmed).toBe(true);
    expect((await env.queues.sendEmail.getJob(`flight_alert-${verified.data.id}`)) ?? null).toBeNull();
    const other = await trpcCall(app, 'flights.createAlert', { ...alert, email: 'someone-else@example.com' }, person.cookie);
    expect(other.data.confirmed).toBe(false);
    // Signed up through the e-mailed link, the address is verified from the start.
    const linked = await signUpUser(app);
    expect((await trpcCall(app, 'flights.createAlert', { ...alert, email: linked.email }, linked.cookie)).data.confirmed).toBe(true);
  });

  it('the one-click unsubscribe link stops a flight alert', async () => {
    await trpcCall(app, 'flights.createAlert', alert);
    const { unsubscribe_token } = await env.db.selectFrom('flight_alerts').select('unsubscribe_token').executeTakeFirstOrThrow();
    const res = await app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${unsubscribe_token}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Flight alert stopped');
    const row = await env.db.selectFrom('flight_alerts').select('active').executeTakeFirstOrThrow();
    expect(row.active).toBe(false);
  });
});
