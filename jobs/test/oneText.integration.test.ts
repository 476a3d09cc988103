import { alertsOn, catalogue, type Database, subscriptions } from '@walkon/db';
import { createOutboxNotifier } from '@walkon/integrations/providers/notify/index.ts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sendConfirmation } from '../src/pipeline/confirmations.ts';
import { TEST_PUBLIC_ORIGIN, useTestDb } from './helpers.ts';

// docs/rules.md R24, R16b: buying an SMS pass that includes today sends ONE text. When the purchase's "alerts on"
// confirmation was claimed as an SMS (its activation `checkout:<id>`), the receipt goes by e-mail only; when it
// was not (outside the park's hours, quiet hours, no rides …), the receipt's own text goes. Real PostgreSQL,
// the real receipt job (`sendConfirmation`), the outbox transport.
const P = 'park-1';
const NOW = new Date('2026-04-14T22:00:00Z');
const PHONE = '+14079395277';
let db: Kysely<Database>;
useTestDb((created) => {
  db = created;
});

async function smsPurchase(id: string, email: string) {
  await catalogue.upsertDestinations(db, [{ id: 'd', name: 'Resort', parks: [{ id: P, name: 'Magic Kingdom Park' }] }]);
  await db
    .insertInto('checkout_sessions')
    .values({
      id,
      email,
      park_id: P,
      channel: 'sms',
      phone_number: PHONE,
      days: ['2026-04-14'],
      unit_amount: 500,
      amount_total: 500,
      promo_code: null,
      user_id: null,
      status: 'fulfilled',
      payment_intent: `pi_${id}`,
      stripe_customer_id: null,
      confirmation_sent_at: null,
      fulfilled_at: NOW,
    })
    .execute();
  return subscriptions.upsertActivePass(db, {
    email,
    parkId: P,
    userId: null,
    alertType: 'sms',
    phoneNumber: PHONE,
    startDate: '2026-04-14',
    endDate: '2026-04-15',
    startsAt: null,
  });
}

const deps = () => ({ db, notifier: createOutboxNotifier(), now: () => NOW, publicOrigin: TEST_PUBLIC_ORIGIN });
const outbox = (to: string[]) =>
  db
    .selectFrom('outbox_messages')
    .select(['channel', 'to_address', 'body_text'])
    .where('to_address', 'in', to)
    .orderBy('channel')
    .execute();

describe('docs/rules.md R24: one text per SMS purchase', () => {
  it('the alerts-on confirmation went as an SMS: the receipt is an e-mail only (one text in all)', async () => {
    const email = 'buyer@example.com';
    await smsPurchase('cs_one', email);
    const sub = await subscriptions.findByEmailAndPark(db, email, P);
    const claimed = await alertsOn.insertAlertsOn(
      db,
      {
        activation: 'checkout:cs_one',
        subscriptionId: sub!.id,
        email,
        channel: 'sms',
        address: PHONE,
        parkId: P,
        message: 'Alerts on for 2 rides at Magic Kingdom Park until 11:00 PM park time; none is short right now.',
      },
      NOW,
    );
    expect(claimed).toBeDefined();
    expect(await sendConfirmation(deps(), 'checkout', 'cs_one')).toBe(true);
    const sent = await outbox([email, PHONE]);
    // The receipt e-mail; no receipt text (the alerts-on text is the delivery the send queue writes).
    expect(sent.map((m) => `${m.channel}:${m.to_address}`)).toEqual([`email:${email}`]);
  });

  it('no alerts-on text for this purchase (e.g. outside the park’s hours): the receipt’s own text goes', async () => {
    const email = 'later@example.com';
    await smsPurchase('cs_two', email);
    expect(await sendConfirmation(deps(), 'checkout', 'cs_two')).toBe(true);
    const sent = await outbox([email, PHONE]);
    expect(sent.map((m) => `${m.channel}:${m.to_address}`)).toEqual([`email:${email}`, `sms:${PHONE}`]);
    expect(sent[1]!.body_text).toContain('SMS alerts are set for Magic Kingdom Park on Tue, Apr 14.');
  });
});
