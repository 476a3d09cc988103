import { refreshPark, runParkTick } from '@walkon/core';
import { catalogue, type Database, outbox, returnTimeAlerts, rides, subscriptions } from '@walkon/db';
import { gsm7Length, toGsm7 } from '@walkon/domain/messages/sms';
import { createOutboxNotifier } from '@walkon/integrations/providers/notify/index.ts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sendDelivery } from '../src/pipeline/send.ts';
import { EXPECTED_MK_ALERTS, MK, MK_OPEN, replayOf, TEST_PUBLIC_ORIGIN, useTestDb, watchAll } from './helpers.ts';

// Return-time alerts (docs/decisions/017) over the real Magic Kingdom recordings, with the clock at the recording instant
// (its newest lastUpdated), so the replay shifts nothing and the recorded return starts stay as they are.
const AT_OPEN = new Date('2026-04-14T22:27:18Z'); // 18:27 in Orlando
const MK_2023 = 'tpw_live_magic-kingdom_2023-02-01T1406Z.json';
const AT_2023 = new Date('2023-02-01T14:06:39Z'); // 09:06 in Orlando

const DUMBO = '890fa430-89c0-4a3f-96c9-11597888005e'; // RETURN_TIME AVAILABLE, returnStart 19:20 (fresh)
const PETER_PAN = '86a41273-5f15-4b54-93b6-829f140e5161'; // RETURN_TIME FINISHED, nulls (fresh)
const TRON = '5a43d1a7-ad53-4d25-abfe-25625f0da304'; // PAID_RETURN_TIME FINISHED $21.00
const SEVEN_DWARFS = '9d4d5229-7142-44b6-b4fb-528920969a2c'; // 2023: PAID_RETURN_TIME AVAILABLE 15:55, 1000 cents, no `formatted`

const FAN = 'fan@example.com';
let db: Kysely<Database>;
const notifier = createOutboxNotifier();
const publicOrigin = TEST_PUBLIC_ORIGIN;
useTestDb((created) => {
  db = created;
});

function alertOn(email: string, rideId: string, queueType: 'RETURN_TIME' | 'PAID_RETURN_TIME', beforeTime: string | null = null) {
  return returnTimeAlerts.upsert(db, { email, userId: null, parkId: MK, rideId, queueType, beforeTime });
}

/** One tick at `at`; returns the return-time deliveries it claimed, with their rows. */
async function tick(file: string, at: Date) {
  const now = () => at;
  const { claimed } = await runParkTick({ db, source: replayOf(file, now), now }, MK);
  const ids = claimed.map((c) => c.id);
  if (ids.length === 0) return [];
  return db.selectFrom('deliveries').selectAll().where('id', 'in', ids).where('kind', '=', 'return_time').orderBy('ride_name').execute();
}

describe('return-time alerts in the park tick', () => {
  it('claims an alert when the return time is AVAILABLE, sends it through the e-mail path with one-click unsubscribe, once per day', async () => {
    const now = () => AT_OPEN;
    await watchAll(db, MK_OPEN, FAN, now);
    await alertOn(FAN, DUMBO, 'RETURN_TIME');
    const first = await tick(MK_OPEN, AT_OPEN);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      email: FAN,
      channel: 'email',
      address: FAN,
      ride_id: DUMBO,
      wait_time: null,
      dedup_key: `rt:${FAN}:${DUMBO}:RETURN_TIME:2026-04-14:any`,
      message: 'Lightning Lane for Dumbo the Flying Elephant: return from 7:20 PM (Magic Kingdom Park).',
    });
    const sent = await sendDelivery({ db, notifier, now, publicOrigin }, first[0]!.id);
    expect(sent.status).toBe('sent');
    const [mail] = await outbox.listOutbox(db, { to: FAN });
    expect(mail?.subject).toBe('Lightning Lane return time: Dumbo the Flying Elephant');
    expect(mail?.bodyText).toContain('return from 7:20 PM');
    expect(mail?.bodyText).toContain(`${publicOrigin}/unsubscribe?token=`);
    expect((mail?.headers as Record<string, string> | undefined)?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Dedup: the next tick (same data, a minute later) and one an hour later claim nothing more today.
    expect(await tick(MK_OPEN, new Date(AT_OPEN.getTime() + 60_000))).toEqual([]);
    expect(await tick(MK_OPEN, new Date(AT_OPEN.getTime() + 3_600_000))).toEqual([]);
    expect(await db.selectFrom('deliveries').select('id').where('kind', '=', 'return_time').execute()).toHaveLength(1);
  });

  it('never alerts on a FINISHED return time (free or paid)', async () => {
    await watchAll(db, MK_OPEN, FAN, () => AT_OPEN);
    await alertOn(FAN, PETER_PAN, 'RETURN_TIME');
    await alertOn(FAN, TRON, 'PAID_RETURN_TIME');
    // An alert on a queue type the attraction does not publish (Dumbo has no Single Pass) never fires either.
    await alertOn(FAN, DUMBO, 'PAID_RETURN_TIME');
    expect(await tick(MK_OPEN, AT_OPEN)).toEqual([]);
  });

  it('before_time: 19:30 lets the 19:20 return through; 19:20 (not strictly earlier) and 19:00 do not', async () => {
    await watchAll(db, MK_OPEN, FAN, () => AT_OPEN);
    const other = 'early@example.com';
    await watchAll(db, MK_OPEN, other, () => AT_OPEN);
    const third = 'earlier@example.com';
    await watchAll(db, MK_OPEN, third, () => AT_OPEN);
    await alertOn(FAN, DUMBO, 'RETURN_TIME', '19:30');
    await alertOn(other, DUMBO, 'RETURN_TIME', '19:20');
    await alertOn(third, DUMBO, 'RETURN_TIME', '19:00');
    const claimed = await tick(MK_OPEN, AT_OPEN);
    expect(claimed.map((d) => d.email)).toEqual([FAN]);
    expect(claimed[0]?.dedup_key).toBe(`rt:${FAN}:${DUMBO}:RETURN_TIME:2026-04-14:19:30`);
  });

  it('a changed before time arms the alert again for the day (new dedup key), once', async () => {
    await watchAll(db, MK_OPEN, FAN, () => AT_OPEN);
    await alertOn(FAN, DUMBO, 'RETURN_TIME');
    expect(await tick(MK_OPEN, AT_OPEN)).toHaveLength(1);
    await alertOn(FAN, DUMBO, 'RETURN_TIME', '20:00');
    expect(await tick(MK_OPEN, new Date(AT_OPEN.getTime() + 60_000))).toHaveLength(1);
    expect(await tick(MK_OPEN, new Date(AT_OPEN.getTime() + 120_000))).toEqual([]);
  });

  it('no pass for the park-local today → nothing; a pass for tomorrow only → nothing; watch switched off → nothing', async () => {
    const now = () => AT_OPEN;
    const source = replayOf(MK_OPEN, now);
    await catalogue.upsertDestinations(db, await source.getDestinations());
    await refreshPark({ db, source, now }, MK);
    // Watches every ride and sets the alert, but holds no pass at all.
    await rides.watchAllRides(db, 'nopass@example.com', MK);
    await alertOn('nopass@example.com', DUMBO, 'RETURN_TIME');
    // A pass for tomorrow only.
    await rides.watchAllRides(db, 'tomorrow@example.com', MK);
    await subscriptions.upsertActivePass(db, {
      email: 'tomorrow@example.com',
      parkId: MK,
      userId: null,
      alertType: 'email',
      startDate: '2026-04-15',
      endDate: '2026-04-16',
    });
    await alertOn('tomorrow@example.com', DUMBO, 'RETURN_TIME');
    // A pass today, but the watch on Dumbo is off.
    await watchAll(db, MK_OPEN, 'off@example.com', now);
    await rides.setRidesActive(db, 'off@example.com', MK, [{ rideId: DUMBO, active: false }]);
    await alertOn('off@example.com', DUMBO, 'RETURN_TIME');
    expect(await tick(MK_OPEN, AT_OPEN)).toEqual([]);
  });

  it('PAID_RETURN_TIME (real 2023 recording): the Single Pass price is in the e-mail and in a one-segment GSM-7 SMS', async () => {
    const now = () => AT_2023;
    const source = replayOf(MK_2023, now);
    await catalogue.upsertDestinations(db, await source.getDestinations());
    await refreshPark({ db, source, now }, MK);
    await rides.watchAllRides(db, FAN, MK);
    await subscriptions.upsertActivePass(db, {
      email: FAN,
      parkId: MK,
      userId: null,
      alertType: 'email',
      startDate: '2023-02-01',
      endDate: '2023-02-02',
    });
    await rides.watchAllRides(db, 'text@example.com', MK);
    await subscriptions.upsertActivePass(db, {
      email: 'text@example.com',
      parkId: MK,
      userId: null,
      alertType: 'sms',
      phoneNumber: '+14075550123',
      startDate: '2023-02-01',
      endDate: '2023-02-02',
    });
    await alertOn(FAN, SEVEN_DWARFS, 'PAID_RETURN_TIME', '16:00');
    await alertOn('text@example.com', SEVEN_DWARFS, 'PAID_RETURN_TIME');
    const claimed = await tick(MK_2023, AT_2023);
    const headline = 'Lightning Lane Single Pass for Seven Dwarfs Mine Train: return from 3:55 PM, $10 (Magic Kingdom Park).';
    expect(claimed.map((d) => [d.email, d.channel, d.message])).toEqual([
      [FAN, 'email', headline],
      ['text@example.com', 'sms', headline],
    ]);
    for (const d of claimed) expect((await sendDelivery({ db, notifier, now, publicOrigin }, d.id)).status).toBe('sent');
    const [mail] = await outbox.listOutbox(db, { to: FAN });
    expect(mail?.bodyText).toContain('$10');
    const [sms] = await outbox.listOutbox(db, { to: '+14075550123' });
    expect(sms?.channel).toBe('sms');
    expect(sms?.bodyText).toBe(`WalkOn: ${headline} Reply STOP to opt out.`);
    expect(gsm7Length(sms!.bodyText)).toBeLessThanOrEqual(160);
    expect(toGsm7(sms!.bodyText)).toBe(sms!.bodyText);
  });

  it('ride alerts of the same tick are unchanged (the walk-on rides still go out alongside)', async () => {
    const now = () => AT_OPEN;
    await watchAll(db, MK_OPEN, FAN, now);
    await alertOn(FAN, DUMBO, 'RETURN_TIME');
    const { claimed } = await runParkTick({ db, source: replayOf(MK_OPEN, now), now }, MK);
    const kinds = await db
      .selectFrom('deliveries')
      .select(['kind'])
      .where(
        'id',
        'in',
        claimed.map((c) => c.id),
      )
      .execute();
    expect(kinds.filter((k) => k.kind === 'ride_alert')).toHaveLength(EXPECTED_MK_ALERTS.length);
    expect(kinds.filter((k) => k.kind === 'return_time')).toHaveLength(1);
  });
});

describe('return-time alerts honour the ride-alert rules (shared alertAudience)', () => {
  it('a feed not live (every stamp 16 min old at the tick) never alerts; live again → alerts (docs/rules.md R2)', async () => {
    await watchAll(db, MK_OPEN, FAN, () => AT_OPEN);
    await alertOn(FAN, DUMBO, 'RETURN_TIME');
    const late = new Date(AT_OPEN.getTime() + 16 * 60_000);
    const { claimed } = await runParkTick({ db, source: replayOf(MK_OPEN, () => AT_OPEN), now: () => late }, MK);
    expect(claimed).toEqual([]);
    expect(await tick(MK_OPEN, new Date(AT_OPEN.getTime() + 17 * 60_000))).toHaveLength(1);
  });

  it('an SMS day without a phone number sends nothing; a subscription switched off sends nothing', async () => {
    await watchAll(db, MK_OPEN, FAN, () => AT_OPEN);
    await alertOn(FAN, DUMBO, 'RETURN_TIME');
    await subscriptions.setActive(db, FAN, MK, false);
    expect(await tick(MK_OPEN, AT_OPEN)).toEqual([]);
    await subscriptions.setActive(db, FAN, MK, true);
    await db.updateTable('pass_days').set({ channel: 'sms' }).execute();
    expect(await tick(MK_OPEN, AT_OPEN)).toEqual([]);
  });
});
