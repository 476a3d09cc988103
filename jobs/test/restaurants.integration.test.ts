import { randomUUID } from 'node:crypto';
import { refreshPark, runRestaurantCheck } from '@walkon/core';
import { catalogue, type Database, features, restaurantAlerts, users } from '@walkon/db';
import { addDaysToDate } from '@walkon/domain/dates';
import { createReplayDiningProvider, createThemeParksDiningProvider } from '@walkon/integrations/providers/dining/index.ts';
import type { DiningAvailabilityProvider, DiningQuery } from '@walkon/integrations/providers/dining/types.ts';
import { createOutboxNotifier } from '@walkon/integrations/providers/notify/index.ts';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { enqueueDeliveries } from '../src/channels/index.ts';
import { sendDelivery } from '../src/pipeline/send.ts';
import { MAINTENANCE_SCHEDULES, runMaintenance } from '../src/worker.ts';
import { FIXTURES, MK, MK_OPEN, replayOf, TEST_PUBLIC_ORIGIN, useTestDb, useTestQueues } from './helpers.ts';

/** 18:00 in Orlando on 2026-12-01 (EST, UTC−5): dinner time. */
const DINNER = new Date('2026-12-01T23:00:00Z');
/** 12:00 in Orlando: lunch time. */
const LUNCH = new Date('2026-12-01T17:00:00Z');
const TODAY = '2026-12-01';
/** Liberty Tree Tavern publishes walk-up availability for parties of 1–8 in the recording. */
const LIBERTY = 'ae9a4a79-ccf1-4561-9a95-cf83d3007b98';
/** Be Our Guest Restaurant: a RESTAURANT that publishes no availability. */
const BE_OUR_GUEST = 'e847a8bd-7d21-432b-a7a1-f483517a22b5';

let db: Kysely<Database>;
const { queues } = useTestQueues();
const logger = pino({ level: 'silent' });
const notifier = createOutboxNotifier();
const publicOrigin = TEST_PUBLIC_ORIGIN;

useTestDb((created) => {
  db = created;
});
beforeEach(async () => {
  await queues.sendEmail.obliterate({ force: true });
  // The real catalogue and Magic Kingdom's entities (RESTAURANTs included) from the recording; time zone set.
  const source = replayOf(MK_OPEN, () => DINNER);
  await catalogue.upsertDestinations(db, await source.getDestinations());
  await refreshPark({ db, source, now: () => DINNER }, MK);
});

/** The real `themeparks` provider over the replayed recording, wrapped to count checks. */
function counting(
  now: () => Date,
  inner: DiningAvailabilityProvider = createThemeParksDiningProvider({ source: replayOf(MK_OPEN, now), now }),
) {
  const calls: DiningQuery[] = [];
  const provider: DiningAvailabilityProvider = {
    kind: inner.kind,
    label: inner.label,
    check: async (q) => {
      calls.push(q);
      return inner.check(q);
    },
  };
  return { provider, calls };
}

/** An account let into restaurant alerts in early access (the default gate state). */
async function user(email = `u${randomUUID().slice(0, 8)}@example.com`, granted = true) {
  const u = await users.createUser(db, { email, fullName: 'U', passwordHash: 'x' });
  if (granted) await features.grant(db, 'restaurant_alerts', u.id, u.id);
  return u;
}

async function alert(
  userId: string,
  patch: Partial<restaurantAlerts.NewRestaurantAlert> = {},
): Promise<restaurantAlerts.RestaurantAlertView> {
  return restaurantAlerts.create(db, {
    userId,
    email: 'fan@example.com',
    parkId: MK,
    restaurantId: LIBERTY,
    restaurantName: 'Liberty Tree Tavern',
    dates: [TODAY],
    partySize: 2,
    preferredTime: 'dinner',
    ...patch,
  });
}

const run = (provider: DiningAvailabilityProvider | null, now: Date, opts = {}) =>
  runRestaurantCheck({ db, enqueue: (claimed) => enqueueDeliveries(queues, claimed), provider, logger, now: () => now }, opts);
const deliveryRows = () => db.selectFrom('deliveries').selectAll().orderBy('email').execute();

describe('restaurant-check: grouping, preferred time, dedup, expiry', () => {
  it('100 alerts on the same restaurant, date and party size → exactly ONE provider check; the preferred time filters', async () => {
    const u = await user();
    for (let i = 0; i < 100; i++) {
      const preferredTime = i < 60 ? 'dinner' : i < 80 ? 'any' : 'breakfast';
      await alert(u.id, { email: `fan${String(i).padStart(3, '0')}@example.com`, preferredTime });
    }
    const { provider, calls } = counting(() => DINNER);
    const out = await run(provider, DINNER);
    expect(calls).toEqual([{ parkId: MK, restaurantId: LIBERTY, date: TODAY, partySize: 2 }]);
    expect(out).toEqual({
      expired: 0,
      alerts: 100,
      groups: 1,
      checks: 1,
      skipped: 0,
      unknown: 0,
      matched: 80,
      queued: 80,
      duplicates: 0,
      held: 0,
    });
    const rows = await deliveryRows();
    expect(rows).toHaveLength(80);
    expect(rows.every((r) => r.kind === 'restaurant_alert' && r.channel === 'email' && r.ride_name === 'Liberty Tree Tavern')).toBe(true);
    expect(rows[0]!.wait_time).toBe(60);
    expect(rows[0]!.message).toBe(
      'Liberty Tree Tavern (Magic Kingdom Park): a table for 2 on 2026-12-01, about 60 min wait (seen at 18:00)',
    );
    // Alert engine v2: send jobs carry batches (up to 500 deliveries): one job with the 80 (was 80 jobs of one).
    expect(await queues.sendEmail.getJobCountByTypes('waiting', 'delayed', 'prioritized')).toBe(1);
    const [job] = await queues.sendEmail.getJobs(['waiting', 'delayed', 'prioritized']);
    expect(((job?.data ?? {}) as { deliveryIds?: string[] }).deliveryIds?.length).toBe(80);
  });

  it('groups by (restaurant, date, party size): different party sizes and dates are separate checks', async () => {
    const u = await user();
    await alert(u.id, { partySize: 2, dates: [TODAY, addDaysToDate(TODAY, 1)] });
    await alert(u.id, { partySize: 2, dates: [TODAY] });
    await alert(u.id, { partySize: 4, dates: [TODAY] });
    await alert(u.id, { partySize: 9, dates: [TODAY] }); // Liberty Tree publishes 1–8 only
    await alert(u.id, { restaurantId: BE_OUR_GUEST, restaurantName: 'Be Our Guest Restaurant' });
    const { provider, calls } = counting(() => DINNER);
    const out = await run(provider, DINNER);
    expect(calls.map((c) => `${c.restaurantId === LIBERTY ? 'liberty' : 'bog'} ${c.date} ${c.partySize}`).sort()).toEqual([
      'bog 2026-12-01 2',
      'liberty 2026-12-01 2',
      'liberty 2026-12-01 4',
      'liberty 2026-12-01 9',
      'liberty 2026-12-02 2',
    ]);
    // Tomorrow is not published (walk-up availability is today's only): unknown, never a match.
    expect(out).toMatchObject({ alerts: 5, groups: 5, checks: 5, unknown: 1, matched: 3, queued: 3 });
    expect((await deliveryRows()).map((r) => r.wait_time).sort()).toEqual([45, 60, 60]);
  });

  it('running twice never mails twice: dedup per alert and date (and a recent check is skipped unless forced)', async () => {
    const u = await user();
    await alert(u.id);
    const { provider, calls } = counting(() => DINNER);
    expect((await run(provider, DINNER)).queued).toBe(1);
    const later = new Date(DINNER.getTime() + 60_000);
    expect(await run(provider, later)).toMatchObject({ checks: 0, skipped: 1, queued: 0 });
    expect(calls).toHaveLength(1);
    expect(await run(provider, later, { force: true })).toMatchObject({ checks: 1, matched: 1, queued: 0, duplicates: 1 });
    expect(await run(provider, new Date(DINNER.getTime() + 20 * 60_000))).toMatchObject({ checks: 1, queued: 0, duplicates: 1 });
    expect(await deliveryRows()).toHaveLength(1);
  });

  it("a manual test restricted to some dates does not make the next run skip the alert's other dates", async () => {
    const u = await user();
    await alert(u.id, { dates: [TODAY, addDaysToDate(TODAY, 1)] });
    const { provider, calls } = counting(() => DINNER);
    expect(await run(provider, DINNER, { force: true, dates: [addDaysToDate(TODAY, 1)] })).toMatchObject({ groups: 1, checks: 1 });
    const next = await run(provider, new Date(DINNER.getTime() + 60_000));
    expect(next).toMatchObject({ groups: 2, checks: 2, skipped: 0, matched: 1, queued: 1 });
    expect(calls.map((c) => c.date)).toEqual([addDaysToDate(TODAY, 1), TODAY, addDaysToDate(TODAY, 1)]);
  });

  it('preferred time: at lunch time a dinner alert does not match, a lunch alert does', async () => {
    const u = await user();
    const dinner = await alert(u.id, { email: 'dinner@example.com', preferredTime: 'dinner' });
    const lunch = await alert(u.id, { email: 'lunch@example.com', preferredTime: 'lunch' });
    const out = await run(counting(() => LUNCH).provider, LUNCH);
    expect(out).toMatchObject({ checks: 1, matched: 1, queued: 1 });
    expect((await deliveryRows()).map((r) => r.dedup_key)).toEqual([`restaurant:${lunch.id}:${TODAY}`]);
    expect(dinner.active).toBe(true);
  });

  it('expiry: alerts whose last date is before the park-local today are deactivated and not checked', async () => {
    const u = await user();
    // 02:00 UTC on Dec 2 is still Dec 1 in Orlando: an alert for Dec 1 is not expired yet.
    const lateNight = new Date('2026-12-02T02:00:00Z');
    const past = await alert(u.id, { dates: ['2026-11-29', '2026-11-30'] });
    const current = await alert(u.id, { dates: ['2026-11-30', TODAY] });
    const { provider, calls } = counting(() => lateNight);
    const out = await run(provider, lateNight);
    expect(out).toMatchObject({ expired: 1, alerts: 1, groups: 1 });
    expect(calls.map((c) => c.date)).toEqual([TODAY]);
    const rows = await db.selectFrom('restaurant_alerts').select(['id', 'active']).execute();
    expect(rows.find((r) => r.id === past.id)?.active).toBe(false);
    expect(rows.find((r) => r.id === current.id)?.active).toBe(true);
    // 02:00 UTC is 21:00 in Orlando: still inside the dinner window (16:00–23:00).
    expect(out.matched).toBe(1);
  });

  it('without a provider (DINING_SOURCE=off) it only expires alerts', async () => {
    const u = await user();
    await alert(u.id, { dates: ['2026-11-01'] });
    await alert(u.id);
    expect(await run(null, DINNER)).toMatchObject({ expired: 1, alerts: 0, checks: 0, queued: 0 });
  });

  it('the send path e-mails the match with the restaurant details and a one-click unsubscribe that stops the alert', async () => {
    const u = await user();
    const a = await alert(u.id, { partySize: 4 });
    await run(counting(() => DINNER).provider, DINNER);
    const [d] = await deliveryRows();
    const out = await sendDelivery({ db, notifier, now: () => DINNER, publicOrigin }, d!.id);
    expect(out.status).toBe('sent');
    const mail = await db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('fan@example.com');
    expect(mail.subject).toBe('Table available: Liberty Tree Tavern for 4 on 2026-12-01');
    const token = (await db.selectFrom('restaurant_alerts').select('unsubscribe_token').executeTakeFirstOrThrow()).unsubscribe_token;
    expect(mail.body_text).toContain(`Stop this alert: ${publicOrigin}/unsubscribe?token=${token}`);
    expect(mail.body_text).toContain('about 45 min');
    expect(mail.body_text).toContain(`${publicOrigin}/manage-restaurant-alerts`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${publicOrigin}/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await restaurantAlerts.deactivateByToken(db, token)).toEqual({
      email: 'fan@example.com',
      restaurantName: 'Liberty Tree Tavern',
    });
    expect((await restaurantAlerts.getOwned(db, a.id, u.id))?.active).toBe(false);
  });

  it('runs as the 15-minute `restaurant-check` maintenance task with the worker’s provider', async () => {
    expect(MAINTENANCE_SCHEDULES).toContainEqual({ id: 'restaurant-check', every: 900_000, task: 'restaurant-check' });
    const u = await user();
    await alert(u.id, { dates: ['2026-12-05'] });
    const dining = createReplayDiningProvider({ dir: FIXTURES });
    const out = await runMaintenance({ db, queues, now: () => DINNER, dining }, 'restaurant-check');
    // The replay provider re-targets the recorded sample (18:27, dinner) onto any date.
    expect(out).toMatchObject({ alerts: 1, checks: 1, matched: 1, queued: 1 });
    expect((await deliveryRows())[0]!.message).toMatch(/^Sample data: Liberty Tree Tavern/);
  });
});

describe('restaurant alerts repository: ownership and listing', () => {
  it('lists a user’s alerts active first then newest first; delete only by the owner', async () => {
    const owner = await user();
    const other = await user();
    const old = await alert(owner.id, { dates: ['2026-11-01'] });
    const a1 = await alert(owner.id);
    const a2 = await alert(owner.id, { dates: ['2026-12-03', '2026-12-02', '2026-12-03'] });
    await restaurantAlerts.expirePast(db, DINNER);
    const list = await restaurantAlerts.listByUser(db, owner.id);
    expect(list.map((a) => [a.id, a.active])).toEqual([
      [a2.id, true],
      [a1.id, true],
      [old.id, false],
    ]);
    expect(a2.dates).toEqual(['2026-12-02', '2026-12-03']);
    expect(a2.parkName).toBe('Magic Kingdom Park');
    expect(await restaurantAlerts.listByUser(db, other.id)).toEqual([]);
    expect(await restaurantAlerts.deleteOwned(db, a1.id, other.id)).toBe(false);
    expect(await restaurantAlerts.deleteOwned(db, a1.id, owner.id)).toBe(true);
    expect(await restaurantAlerts.deleteOwned(db, a1.id, owner.id)).toBe(false);
  });
});

describe('restaurant check and the feature gate (DESIGN §6)', () => {
  it('mails only owners the gate lets in: a revoked grant or a gate turned off stops the e-mails', async () => {
    const granted = await user();
    const notGranted = await user(undefined, false);
    const admin = await user(undefined, false);
    await users.grantRole(db, admin.id, 'admin');
    for (const u of [granted, notGranted, admin]) await alert(u.id, { email: u.email });

    const run = () =>
      runRestaurantCheck(
        {
          db,
          enqueue: (claimed) => enqueueDeliveries(queues, claimed),
          provider: counting(() => DINNER).provider,
          logger,
          now: () => DINNER,
        },
        { force: true },
      );
    const first = await run();
    expect(first).toMatchObject({ alerts: 2, queued: 2 });
    const mailed = await db.selectFrom('deliveries').select('email').where('kind', '=', 'restaurant_alert').execute();
    expect(mailed.map((d) => d.email).sort()).toEqual([granted.email, admin.email].sort());

    await features.setFlag(db, { key: 'restaurant_alerts', state: 'off', launchLabel: 'Q1 2025', updatedBy: admin.id });
    await db.deleteFrom('deliveries').execute();
    expect(await run()).toMatchObject({ alerts: 1, queued: 1 }); // the admin only

    await features.setFlag(db, { key: 'restaurant_alerts', state: 'on', launchLabel: 'Q1 2025', updatedBy: admin.id });
    await db.deleteFrom('deliveries').execute();
    expect(await run()).toMatchObject({ alerts: 3, queued: 3 });
  });
});
