import { randomUUID } from 'node:crypto';
import { type FlightSearcher, runFlightPriceCheck } from '@walkon/core';
import { type Database, flights, outbox } from '@walkon/db';
import { TEST_REDIS_URL } from '@walkon/db/testing';
import type { FlightResult, FlightSearch, FlightSearchOutcome } from '@walkon/integrations/providers/flights/types.ts';
import { createOutboxNotifier } from '@walkon/integrations/providers/notify/index.ts';
import { createRedis } from '@walkon/integrations/redis';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createQueues } from '../src/queues.ts';
import { buildWorker, MAINTENANCE_SCHEDULES, runMaintenance } from '../src/worker.ts';
import { MK_OPEN, replayOf, TEST_PUBLIC_ORIGIN, useTestDb } from './helpers.ts';

let db: Kysely<Database>;
const notifier = createOutboxNotifier();
const logger = pino({ level: 'silent' });
const publicOrigin = TEST_PUBLIC_ORIGIN;
const NOW = new Date('2026-12-01T12:00:00Z');
const at = (hoursLater: number) => () => new Date(NOW.getTime() + hoursLater * 3_600_000);

useTestDb((created) => {
  db = created;
});

const fare = (priceCents: number, patch: Partial<FlightResult> = {}): FlightResult => ({
  id: `off_${priceCents}`,
  airline: 'JetBlue',
  airlineCode: 'B6',
  airlineLogo: null,
  departureTime: '2026-12-20T08:15:00',
  arrivalTime: '2026-12-20T11:02:00',
  departure: 'JFK',
  arrival: 'MCO',
  durationMinutes: 167,
  stops: 0,
  flightNumbers: ['XX1'],
  priceCents,
  currency: 'USD',
  bookingLink: 'https://book.example.com/offer?id=1&x=2',
  ...patch,
});

/** A hand-written fake provider: records every search; `answer` decides the outcome (or throws). */
function fakeProvider(answer: (q: FlightSearch) => FlightSearchOutcome) {
  const calls: FlightSearch[] = [];
  const provider: FlightSearcher = {
    async search(q) {
      calls.push(q);
      return answer(q);
    },
  };
  return { provider, calls };
}
const fixed = (...fares: FlightResult[]) => fakeProvider(() => ({ flights: fares, unresolvedDestinations: [] }));

const alertInput = (patch: Partial<flights.FlightAlertInput> = {}): flights.FlightAlertInput => ({
  userId: null,
  homeAirport: 'JFK',
  destination: 'disney-world',
  airport: null,
  email: 'fan@example.com',
  maxPrice: 200,
  departureDate: '2026-12-20',
  returnDate: '2026-12-27',
  // Confirmed (double opt-in, decision 027): the price check reads only confirmed alerts.
  confirmedAt: new Date('2026-11-20T12:00:00Z'),
  ...patch,
});

const check = (provider: FlightSearcher | null, now = at(0)) =>
  runFlightPriceCheck({ db, notifier, flights: provider, logger, now, publicOrigin });
const mails = () => db.selectFrom('outbox_messages').selectAll().orderBy('to_address').execute();

describe('flight-price-check (docs/spec/part-2.md §3)', () => {
  it('100 alerts on the same search make exactly one provider call; alerts whose limit is below the fare get nothing', async () => {
    for (let i = 0; i < 100; i++) {
      await flights.createAlert(db, alertInput({ email: `fan${String(i).padStart(3, '0')}@example.com`, maxPrice: i < 60 ? 200 : 100 }));
    }
    const { provider, calls } = fixed(fare(12_300));
    expect(await check(provider)).toEqual({ deactivated: 0, groups: 1, searches: 1, notified: 60, failedGroups: 0 });
    expect(calls).toEqual([{ origin: 'JFK', destinations: ['MCO', 'SFB', 'TPA'], departureDate: '2026-12-20', returnDate: '2026-12-27' }]);
    const sent = await mails();
    expect(sent).toHaveLength(60);
    expect(new Set(sent.map((m) => m.to_address)).size).toBe(60);
    expect(sent.every((m) => Number(m.to_address.slice(3, 6)) < 60)).toBe(true);
  });

  it('one e-mail; the same day nothing more; 25 h later the same fare sends nothing, a cheaper fare sends again', async () => {
    const id = await flights.createAlert(db, alertInput());
    expect((await check(fixed(fare(12_300)).provider, at(0))).notified).toBe(1);
    expect((await check(fixed(fare(12_300)).provider, at(1))).notified).toBe(0);
    expect((await check(fixed(fare(9_900)).provider, at(6))).notified).toBe(0); // cheaper, but within 24 h
    expect((await check(fixed(fare(12_300)).provider, at(25))).notified).toBe(0); // same fare after 24 h
    expect(await mails()).toHaveLength(1);
    expect((await check(fixed(fare(9_900)).provider, at(25))).notified).toBe(1);
    const sent = await mails();
    expect(sent.map((m) => m.subject).sort()).toEqual(['Flight deal: JFK → MCO from $123', 'Flight deal: JFK → MCO from $99']);
    const row = await db.selectFrom('flight_alerts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.last_notified_price_cents).toBe(9_900);
    expect(row.last_notified_at).toEqual(at(25)());
  });

  it('an alert nobody confirmed (double opt-in) is neither searched nor e-mailed', async () => {
    await flights.createAlert(db, alertInput({ email: 'unconfirmed@example.com', confirmedAt: null }));
    const provider = fixed(fare(12_300));
    expect((await check(provider.provider, at(0))).notified).toBe(0);
    expect(provider.calls).toHaveLength(0);
    expect(await mails()).toEqual([]);
  });

  it('an alert whose departure date passed is deactivated and not searched', async () => {
    const past = await flights.createAlert(db, alertInput({ email: 'late@example.com', departureDate: '2026-11-30', returnDate: null }));
    await flights.createAlert(db, alertInput({ email: 'today@example.com', departureDate: '2026-12-01', returnDate: null }));
    const { provider, calls } = fixed(fare(12_300));
    expect(await check(provider)).toEqual({ deactivated: 1, groups: 1, searches: 1, notified: 1, failedGroups: 0 });
    expect(calls.map((c) => c.departureDate)).toEqual(['2026-12-01']);
    const row = await db
      .selectFrom('flight_alerts')
      .select(['active', 'last_notified_at'])
      .where('id', '=', past)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ active: false, last_notified_at: null });
    expect((await mails()).map((m) => m.to_address)).toEqual(['today@example.com']);
  });

  it('the e-mail has text + HTML, the flight details, the one-click unsubscribe link and RFC 8058 headers', async () => {
    const id = await flights.createAlert(db, alertInput({ airport: 'MCO', maxPrice: 150 }));
    await check(fixed(fare(12_345, { stops: 1 })).provider);
    const { unsubscribe_token } = await db
      .selectFrom('flight_alerts')
      .select('unsubscribe_token')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const url = `${TEST_PUBLIC_ORIGIN}/unsubscribe?token=${unsubscribe_token}`;
    const [m] = await outbox.listOutbox(db, { to: 'fan@example.com' });
    expect(m!.subject).toBe('Flight deal: JFK → MCO from $123.45');
    expect(m!.headers).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    for (const s of [
      'JetBlue',
      '2026-12-20 08:15',
      '2026-12-20 11:02',
      '1 stop',
      '$123.45',
      'https://book.example.com/offer?id=1&x=2',
      '2026-12-27',
      '$150',
      url,
    ]) {
      expect(m!.bodyText).toContain(s);
    }
    expect(m!.bodyHtml).toContain('href="https://book.example.com/offer?id=1&amp;x=2"');
    expect(m!.bodyHtml).toContain('Book Now');
    expect(m!.bodyHtml).toContain(`href="${url}"`);
  });

  it('two checks running at once never send two e-mails for one alert', async () => {
    for (let i = 0; i < 10; i++) await flights.createAlert(db, alertInput({ email: `fan${i}@example.com` }));
    const { provider } = fixed(fare(12_300));
    const [a, b] = await Promise.all([check(provider), check(provider)]);
    expect(a.notified + b.notified).toBe(10);
    expect(await mails()).toHaveLength(10);
  });

  it('a failing group is logged and skipped; the other groups continue; non-USD fares are ignored', async () => {
    await flights.createAlert(db, alertInput({ email: 'ewr@example.com', homeAirport: 'EWR' }));
    await flights.createAlert(db, alertInput({ email: 'jfk@example.com' }));
    await flights.createAlert(db, alertInput({ email: 'bos@example.com', homeAirport: 'BOS' }));
    const { provider, calls } = fakeProvider((q) => {
      if (q.origin === 'EWR') throw new Error('provider 503');
      if (q.origin === 'BOS') return { flights: [fare(5_000, { currency: 'EUR', departure: 'BOS' })], unresolvedDestinations: ['SFB'] };
      return { flights: [fare(12_300)], unresolvedDestinations: [] };
    });
    expect(await check(provider)).toEqual({ deactivated: 0, groups: 3, searches: 3, notified: 1, failedGroups: 1 });
    expect(calls).toHaveLength(3);
    expect((await mails()).map((m) => m.to_address)).toEqual(['jfk@example.com']);
  });

  it('an unsubscribed alert is neither searched nor mailed', async () => {
    await flights.createAlert(db, alertInput());
    const { unsubscribe_token } = await db.selectFrom('flight_alerts').select('unsubscribe_token').executeTakeFirstOrThrow();
    await flights.deactivateByToken(db, unsubscribe_token);
    const { provider, calls } = fixed(fare(12_300));
    expect(await check(provider)).toEqual({ deactivated: 0, groups: 0, searches: 0, notified: 0, failedGroups: 0 });
    expect(calls).toEqual([]);
  });

  it('without a flight search the task only deactivates past alerts (maintenance task)', async () => {
    await flights.createAlert(db, alertInput({ departureDate: '2026-11-01', returnDate: null }));
    await flights.createAlert(db, alertInput());
    const queues = { prefix: 'unused' } as never;
    const out = await runMaintenance({ db, queues, now: at(0), notifier, publicOrigin, flights: null }, 'flight-price-check');
    expect(out).toEqual({ deactivated: 1, groups: 0, searches: 0, notified: 0, failedGroups: 0 });
    expect(await mails()).toEqual([]);
  });

  it('the worker registers the flight-price-check job scheduler every 6 hours on the maintenance queue', async () => {
    expect(MAINTENANCE_SCHEDULES).toContainEqual({ id: 'flight-price-check', every: 21_600_000, task: 'flight-price-check' });
    const redis = createRedis(TEST_REDIS_URL, 'worker');
    const queues = createQueues({ connection: redis, prefix: `test-${randomUUID()}` });
    const connection = createRedis(TEST_REDIS_URL, 'worker');
    const now = () => new Date();
    const { provider } = fixed();
    const worker = await buildWorker({
      db,
      connection,
      queues,
      source: replayOf(MK_OPEN, now),
      notifier,
      logger,
      now,
      publicOrigin,
      flights: provider,
    });
    try {
      const schedulers = await queues.maintenance.getJobSchedulers(0, -1);
      const s = schedulers.find((j) => (j.id ?? j.key) === 'flight-price-check');
      expect(s?.every).toBe(6 * 3_600_000);
      expect(s?.name).toBe('flight-price-check');
    } finally {
      await worker.close();
      for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
      await queues.close();
      connection.disconnect();
      redis.disconnect();
    }
  });
});
