import { type FlightSearcher, runFlightPriceCheck, runParkTick, runRestaurantCheck } from '@walkon/core';
import { features, flights, history, mutes, restaurantAlerts, rides } from '@walkon/db';
import { FIXTURES_DIR, truncateAll } from '@walkon/db/testing';
import { ALERT_KINDS, type AlertKind, BOUNDS, type Bound, RULE_BOOK } from '@walkon/domain/rules/ruleBook';
import { createReplaySource } from '@walkon/integrations/providers';
import { createThemeParksDiningProvider } from '@walkon/integrations/providers/dining/index.ts';
import { createOutboxNotifier } from '@walkon/integrations/providers/notify/index.ts';
import type { LiveParkData, WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { pino } from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { queueAlertsOn } from '../src/services/alertsOn.ts';
import { signUpUser, trpcCall, watchWithPass, withTestServer } from './harness.ts';

// docs/rules.md R56 — one rule book: every alert kind, through its real pipeline against PostgreSQL and Redis
// (the park tick, the restaurant check, the flight price check, the alerts-on confirmation, the test alert),
// against every bound: the park's published schedule (R3: an OPERATING entry closing 10 minutes after the
// instant, so the last 15 minutes hold), a mute of the park (R16a), quiet hours around the instant (R16a) and a
// reading that is not fresh (R2: every stamp of the live document 30 minutes old; for fares, a search that
// cannot answer). The expectations are written here from docs/rules.md, by hand, and the rule book of
// @walkon/domain must say the same.
const SENT = true;
const HELD = false;
const EXPECTED: Record<AlertKind, Record<'none' | Bound, boolean>> = {
  ride: { none: SENT, schedule: HELD, mutes: HELD, quietHours: HELD, freshness: HELD },
  reminder: { none: SENT, schedule: HELD, mutes: HELD, quietHours: HELD, freshness: HELD },
  back_in_service: { none: SENT, schedule: HELD, mutes: HELD, quietHours: HELD, freshness: HELD },
  return_time: { none: SENT, schedule: HELD, mutes: HELD, quietHours: HELD, freshness: HELD },
  restaurant: { none: SENT, schedule: HELD, mutes: HELD, quietHours: HELD, freshness: HELD },
  flight_price: { none: SENT, schedule: SENT, mutes: SENT, quietHours: SENT, freshness: HELD },
  // A stale feed does not hold the confirmation; its "N are short right now" counts none (checked below).
  alerts_on: { none: SENT, schedule: HELD, mutes: HELD, quietHours: HELD, freshness: SENT },
  test: { none: SENT, schedule: SENT, mutes: SENT, quietHours: SENT, freshness: SENT },
};

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const AT = new Date('2026-04-14T22:27:18Z'); // 18:27:18 park time (EDT, UTC−4)
const DUMBO = '890fa430-89c0-4a3f-96c9-11597888005e'; // 15 min standby; RETURN_TIME AVAILABLE 19:20
const SPEEDWAY = 'f163ddcd-43e1-488d-8276-2381c1db0a39'; // 5 min standby
const SPACE_MOUNTAIN = 'b2260923-9315-40fd-9c6b-44dd811dbe64'; // 20 min standby: not short at 15
const TONYS = '83201c33-ce99-45ae-a595-f47e61d73739'; // walk-up for 2: 55 min
const min = (m: number) => new Date(AT.getTime() + m * 60_000);
/** Park-local 'HH:MM' of `t` (EDT). */
const local = (t: Date, plus = 0) => {
  const m = (((Math.floor((t.getTime() - 4 * 3_600_000) / 60_000) + plus) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

let clock = AT;
/** The live document is 30 minutes old (every stamp), or Space Mountain is DOWN. */
const doc = { stale: false, down: false };
const replay = createReplaySource({ dir: FIXTURES_DIR, files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'], now: () => clock });
const age = (s: string | null) => (s ? new Date(Date.parse(s) - 30 * 60_000).toISOString() : s);
const source: WaitTimesSource = {
  ...replay,
  getLive: async (parkId) => {
    const live: LiveParkData = await replay.getLive(parkId);
    return {
      ...live,
      entries: live.entries.map((e) => ({
        ...e,
        lastUpdated: doc.stale ? age(e.lastUpdated) : e.lastUpdated,
        status: doc.down && e.id === SPACE_MOUNTAIN ? 'DOWN' : e.status,
      })),
    };
  },
};
const env = withTestServer({ source: () => source, now: () => clock });
const call = (proc: string, input?: unknown, cookie?: string) => trpcCall(env.app, proc, input, cookie);
const logger = pino({ level: 'silent' });
beforeEach(async () => {
  await truncateAll(env.db);
  clock = AT;
  doc.stale = false;
  doc.down = false;
});

type Fan = { id: string; email: string; cookie: string };

/** Puts `bound` in place for the instant `t` (the instant the kind's last step runs at). */
async function apply(bound: 'none' | Bound, fan: Fan, t: Date) {
  if (bound === 'schedule')
    await history.saveParkHours(
      env.db,
      MK,
      [{ localDate: '2026-04-14', type: 'OPERATING', opens: '09:00', closes: local(t, 10), description: null }],
      '2026-04-14',
    );
  if (bound === 'mutes')
    await mutes.setMute(env.db, { userId: fan.id, email: fan.email, parkId: MK, attractionId: null, until: min(600) }, t);
  if (bound === 'quietHours') {
    const m = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
    await mutes.setQuietHours(env.db, fan.id, fan.email, { startMinute: m(local(t, -30)), endMinute: m(local(t, 30)) }, t);
  }
  if (bound === 'freshness') doc.stale = true;
}

const tick = async (t: Date) => {
  clock = t;
  await runParkTick({ db: env.db, source, now: () => t }, MK);
};
const deliveriesOf = (email: string, kind: string, since = new Date(0)) =>
  env.db
    .selectFrom('deliveries')
    .select(['id', 'message'])
    .where('email', '=', email)
    .where('kind', '=', kind as never)
    .where('created_at', '>=', since)
    .execute();
const pass = (fan: Fan, rideIds: string[]) =>
  watchWithPass(env.app, env.db, fan, { parkId: MK, rideIds, startDate: '2026-04-14', endDate: '2026-04-15' });

/** Runs one kind's real pipeline with `bound` in place at its last step → whether a message of that kind was claimed or sent. */
const RUN: Record<AlertKind, (fan: Fan, bound: 'none' | Bound) => Promise<boolean>> = {
  ride: async (fan, bound) => {
    await pass(fan, [DUMBO, SPEEDWAY]);
    await apply(bound, fan, AT);
    await tick(AT);
    return (await deliveriesOf(fan.email, 'ride_alert')).length > 0;
  },
  reminder: async (fan, bound) => {
    await pass(fan, [SPEEDWAY]);
    await rides.upsertWatchSettings(env.db, fan.email, MK, SPEEDWAY, { thresholdMinutes: null, backInService: false, remindHourly: true });
    await tick(AT);
    expect((await deliveriesOf(fan.email, 'ride_alert')).length).toBe(1);
    const t = min(61);
    await apply(bound, fan, t);
    await tick(t);
    return (await deliveriesOf(fan.email, 'ride_alert', t)).length > 0;
  },
  back_in_service: async (fan, bound) => {
    clock = min(-3); // the page's live read stores a poll: before the ticks below
    await pass(fan, [SPACE_MOUNTAIN]);
    await rides.upsertWatchSettings(env.db, fan.email, MK, SPACE_MOUNTAIN, {
      thresholdMinutes: null,
      backInService: true,
      remindHourly: false,
    });
    doc.down = true;
    await tick(min(-2));
    doc.down = false;
    await tick(min(-1));
    await apply(bound, fan, AT);
    await tick(AT);
    return (await deliveriesOf(fan.email, 'back_in_service')).length > 0;
  },
  return_time: async (fan, bound) => {
    await pass(fan, [DUMBO]);
    expect(
      (await call('returnTimeAlerts.set', { parkId: MK, rideId: DUMBO, queueType: 'RETURN_TIME', beforeTime: null }, fan.cookie)).status,
    ).toBe(200);
    await apply(bound, fan, AT);
    await tick(AT);
    return (await deliveriesOf(fan.email, 'return_time')).length > 0;
  },
  restaurant: async (fan, bound) => {
    await features.setFlag(env.db, { key: 'restaurant_alerts', state: 'on', launchLabel: 'now', updatedBy: fan.id });
    await tick(min(-1)); // the park's live state (status, hours) as the poll stores it
    await restaurantAlerts.create(env.db, {
      userId: fan.id,
      email: fan.email,
      parkId: MK,
      restaurantId: TONYS,
      restaurantName: "Tony's Town Square Restaurant",
      dates: ['2026-04-14'],
      partySize: 2,
      preferredTime: 'dinner',
    });
    await apply(bound, fan, AT);
    clock = AT;
    await runRestaurantCheck({
      db: env.db,
      enqueue: async () => {},
      provider: createThemeParksDiningProvider({ source, now: () => AT }),
      logger,
      now: () => AT,
    });
    return (await deliveriesOf(fan.email, 'restaurant_alert')).length > 0;
  },
  flight_price: async (fan, bound) => {
    await flights.createAlert(env.db, {
      userId: fan.id,
      homeAirport: 'JFK',
      destination: 'disney-world',
      airport: null,
      email: fan.email,
      maxPrice: 200,
      departureDate: '2026-05-20',
      returnDate: '2026-05-27',
      confirmedAt: min(-600),
    });
    await pass(fan, [DUMBO]);
    await apply(bound, fan, AT);
    const searcher: FlightSearcher = {
      async search() {
        // A search that cannot answer is the fare's "not fresh": nothing is compared (R45).
        if (doc.stale) throw new Error('the flight search did not answer');
        return {
          unresolvedDestinations: [],
          flights: [
            {
              id: 'off_1',
              airline: 'JetBlue',
              airlineCode: 'B6',
              airlineLogo: null,
              departureTime: '2026-05-20T08:15:00',
              arrivalTime: '2026-05-20T11:02:00',
              departure: 'JFK',
              arrival: 'MCO',
              durationMinutes: 167,
              stops: 0,
              flightNumbers: ['B61'],
              priceCents: 12_300,
              currency: 'USD',
              bookingLink: 'https://book.example.com/offer?id=1',
            },
          ],
        };
      },
    };
    const r = await runFlightPriceCheck({
      db: env.db,
      notifier: createOutboxNotifier(),
      flights: searcher,
      logger,
      now: () => AT,
      publicOrigin: 'http://localhost:3000',
    });
    return r.notified > 0;
  },
  alerts_on: async (fan, bound) => {
    clock = min(-2);
    await pass(fan, [DUMBO, SPEEDWAY, SPACE_MOUNTAIN]);
    await apply(bound, fan, AT);
    await tick(min(-1)); // the last poll's verdicts the sentence counts from (ride alerts of the fan are not this kind)
    clock = AT;
    await queueAlertsOn(env.deps, fan.email, MK, 'activate:rule-book');
    const sent = await deliveriesOf(fan.email, 'alerts_on');
    if (bound === 'freshness' && sent.length) expect(sent[0]!.message).toContain('none is short right now');
    if (bound === 'none' && sent.length) expect(sent[0]!.message).toContain('2 are short right now');
    return sent.length > 0;
  },
  test: async (fan, bound) => {
    await pass(fan, [DUMBO]);
    await apply(bound, fan, AT);
    clock = AT;
    const r = await call('alerts.testAlert', { parkId: MK }, fan.cookie);
    expect(r.status).toBe(200);
    return (await deliveriesOf(fan.email, 'test_alert')).length > 0;
  },
};

describe('docs/rules.md R56: every alert kind against every bound (table-driven)', () => {
  it('the rule book of @walkon/domain says what docs/rules.md says', () => {
    for (const kind of ALERT_KINDS)
      for (const bound of BOUNDS) expect(RULE_BOOK[kind][bound].applies, `${kind} × ${bound}`).toBe(EXPECTED[kind][bound] === HELD);
  });

  for (const kind of ALERT_KINDS)
    for (const bound of ['none', ...BOUNDS] as const)
      it(`${kind} × ${bound}: ${EXPECTED[kind][bound] ? 'sent' : 'held'}`, async () => {
        const fan = await signUpUser(env.app);
        expect(await RUN[kind](fan, bound)).toBe(EXPECTED[kind][bound]);
      });
});
