import { promo } from '@walkon/db';
import { FIXTURES_DIR } from '@walkon/db/testing';
import { CLOCK_MATRIX, PARKS, parkLocalDay, shiftDay } from '@walkon/db/testing/clock';
import { createReplaySource } from '@walkon/integrations/providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayments } from '../src/payments/stripe.ts';
import { trpcCall, withTestServer } from './harness.ts';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, type StripeFake, startStripeFake } from './stripeFake.ts';

/**
 * The checkout rules that depend on the park-local date, at every instant of the clock matrix (db/src/testingClock.ts,
 * docs/decisions/045-time-as-an-input-of-the-tests.md), in one app whose clock is set to each instant: the pass
 * calendar's today (docs/spec/part-1.md §5), the park list's today, a card checkout of today accepted and of
 * yesterday refused, the free day granted for the park's today when no date is sent
 * (docs/decisions/044-the-park-today-is-the-servers.md), and the held day named in the refusal of a second purchase
 * (docs/rules.md held days). Expected dates are the matrix's hand-worked ones.
 */

let clock = new Date('2026-11-27T12:00:00Z');
let fake: StripeFake;
beforeAll(async () => {
  fake = await startStripeFake();
});
afterAll(async () => {
  await fake?.close();
});
const env = withTestServer({
  now: () => clock,
  source: () => createReplaySource({ dir: FIXTURES_DIR, files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'], now: () => clock }),
  payments: () => createPayments({ secretKey: FAKE_SECRET_KEY, webhookSecret: FAKE_WEBHOOK_SECRET, apiBase: fake.base }),
});

const CODE = 'CLOCK-MATRIX';
/** 'Fri, Nov 27' for '2026-11-27', from the platform's Intl (the product formats with its own helper). */
const dayText = (day: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

beforeAll(async () => {
  // The catalogue (site.parks loads it), then each matrix park's zone as its first live read would store it.
  expect((await trpcCall(env.app, 'site.parks')).status).toBe(200);
  for (const p of Object.values(PARKS)) await env.db.updateTable('parks').set({ timezone: p.timezone }).where('id', '=', p.id).execute();
  await promo.create(env.db, promo.freeEmailDayCode(CODE));
});

describe('checkout at every instant of the clock matrix', () => {
  CLOCK_MATRIX.forEach((c, i) => {
    it(`${c.label}: ${c.at} is ${c.day} ${c.time} at the park`, async () => {
      const park = PARKS[c.park];
      expect(parkLocalDay(new Date(c.at), park.timezone)).toEqual({ day: c.day, time: c.time });
      clock = new Date(c.at);
      const ip = `198.51.100.${(i % 250) + 1}`;
      const call = (proc: string, input?: unknown) => trpcCall(env.app, proc, input, { remoteAddress: ip });

      const calendar = (await call('checkout.passCalendar', { parkId: park.id })).body.result.data;
      expect(calendar).toMatchObject({ parkId: park.id, timezone: park.timezone, today: c.day });
      const listed = ((await call('site.parks')).body.result.data as { id: string; today: string }[]).find((p) => p.id === park.id);
      expect(listed?.today).toBe(c.day);

      const email = `matrix-${i}@example.com`;
      const card = (dates: string[], who = email) =>
        call('checkout.create', { from: 'landing', email: who, parkId: park.id, channel: 'email', dates });
      const yesterday = await card([shiftDay(c.day, -1)], `matrix-${i}-past@example.com`);
      expect(yesterday.status).toBe(400);
      expect(yesterday.body.error.message).toBe('Dates before today cannot be selected.');
      expect((await card([c.day], `matrix-${i}-today@example.com`)).status).toBe(200);

      // The free day without a date: the park's today; a purchase of it again is refused naming that day.
      const free = await call('checkout.redeemPromo', { email, parkId: park.id, code: CODE });
      expect(free.status, JSON.stringify(free.body)).toBe(200);
      expect(free.body.result.data.days).toEqual([c.day]);
      const again = await card([c.day, shiftDay(c.day, 1)]);
      expect(again.status).toBe(400);
      expect(again.body.error.message).toBe(
        `${email} already has alerts for ${park.name} on ${dayText(c.day)}. Remove that date to pay only for new days.`,
      );
      expect((await card([shiftDay(c.day, 1)])).status).toBe(200);
    });
  });
});
