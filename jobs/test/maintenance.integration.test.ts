import { catalogue, type Database, liveStatus, subscriptions } from '@walkon/db';
import type { Kysely } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { runMaintenance } from '../src/worker.ts';
import { useTestDb, useTestQueues } from './helpers.ts';

let db: Kysely<Database>;
const { queues } = useTestQueues();
const NOW = new Date('2026-04-16T12:00:00Z'); // 08:00 in Orlando, 2026-04-16

useTestDb((created) => {
  db = created;
});
beforeEach(async () => {
  await catalogue.upsertDestinations(db, [{ id: 'd', name: 'Resort', parks: [{ id: 'p', name: 'Park' }] }]);
  await catalogue.setParkTimezone(db, 'p', 'America/New_York');
  await catalogue.upsertAttractions(db, [{ id: 'r', parkId: 'p', name: 'Ride', entityType: 'ATTRACTION' }]);
});

describe('maintenance jobs (DESIGN §2 other jobs)', () => {
  it('docs/spec/part-1.md §4: the expiry sweep deactivates passes with no pass day left on or after the park-local today, and keeps the rest', async () => {
    const pass = (email: string, start: string, end: string) =>
      subscriptions.upsertActivePass(db, { email, parkId: 'p', userId: null, alertType: 'email', startDate: start, endDate: end });
    await pass('old@example.com', '2026-04-14', '2026-04-15');
    await pass('yesterday@example.com', '2026-04-15', '2026-04-16'); // end_date = today: its only day was yesterday
    await pass('today@example.com', '2026-04-16', '2026-04-17');
    await pass('future@example.com', '2026-04-20', '2026-04-21');
    expect(await runMaintenance({ db, queues, now: () => NOW }, 'expire-subscriptions')).toEqual({
      deactivated: 2,
      pushSubscriptionsExpired: 0,
    });
    const rows = await db.selectFrom('subscriptions').select(['email', 'active']).orderBy('email').execute();
    expect(rows).toEqual([
      { email: 'future@example.com', active: true },
      { email: 'old@example.com', active: false },
      { email: 'today@example.com', active: true },
      { email: 'yesterday@example.com', active: false },
    ]);
  });

  it('prunes wait samples older than the retention by dropping their monthly partition, keeps recent ones and creates the next months ahead', async () => {
    const sample = (daysAgo: number) =>
      liveStatus.saveLiveStatus(
        db,
        [
          {
            attractionId: 'r',
            parkId: 'p',
            status: 'OPERATING',
            standbyWait: 10,
            queue: null,
            operatingHours: null,
            lastUpdated: new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString(),
          },
        ],
        new Date(NOW.getTime() - daysAgo * 86_400_000),
      );
    await sample(120);
    await sample(2);
    expect(await runMaintenance({ db, queues, now: () => NOW }, 'prune-samples')).toEqual({ dropped: 1, created: 3 });
    expect(await db.selectFrom('wait_samples').select('id').execute()).toHaveLength(1);
  });
});

describe('sweep-retention (docs/OPERATIONS.md "Retention")', () => {
  it('deletes expired sessions, tokens 30 days past expiry, Stripe event ids and outbox rows older than 30 days; keeps the rest', async () => {
    const NOW = new Date('2026-11-26T12:00:00Z');
    const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
    const user = await db
      .insertInto('users')
      .values({ email: 'a@example.com', full_name: 'A', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sessions')
      .values([
        { id: 'old', user_id: user.id, expires_at: ago(1) },
        { id: 'live', user_id: user.id, expires_at: ago(-1) },
      ])
      .execute();
    await db
      .insertInto('account_tokens')
      .values([
        { token_hash: 'h1', purpose: 'verify_email', user_id: user.id, email: 'a@example.com', expires_at: ago(31) },
        { token_hash: 'h2', purpose: 'verify_email', user_id: user.id, email: 'a@example.com', expires_at: ago(29) },
      ])
      .execute();
    await db
      .insertInto('stripe_events')
      .values([
        { id: 'evt_old', type: 'x', processed_at: ago(31) },
        { id: 'evt_new', type: 'x', processed_at: ago(2) },
      ])
      .execute();
    await db
      .insertInto('outbox_messages')
      .values([
        { channel: 'email', to_address: 'a@example.com', subject: 's', body_text: 'old', created_at: ago(31) },
        { channel: 'email', to_address: 'a@example.com', subject: 's', body_text: 'new', created_at: ago(1) },
      ])
      .execute();
    // Push deliveries (decision 038) have no foreign key to the partitioned deliveries: kept 30 days.
    await db
      .insertInto('push_deliveries')
      .values([
        { message_key: 'old', delivery_id: '00000000-0000-4000-8000-000000000001', status: 'sent', created_at: ago(31) },
        { message_key: 'new', delivery_id: '00000000-0000-4000-8000-000000000002', status: 'sent', created_at: ago(1) },
      ])
      .execute();
    expect(await runMaintenance({ db, queues, now: () => NOW }, 'sweep-retention')).toMatchObject({
      sessions: 1,
      accountTokens: 1,
      stripeEvents: 1,
      outbox: 1,
      pushDeliveries: 1,
    });
    expect((await db.selectFrom('sessions').select('id').execute()).map((r) => r.id)).toEqual(['live']);
    expect((await db.selectFrom('account_tokens').select('token_hash').execute()).map((r) => r.token_hash)).toEqual(['h2']);
    expect((await db.selectFrom('stripe_events').select('id').execute()).map((r) => r.id)).toEqual(['evt_new']);
    expect((await db.selectFrom('outbox_messages').select('body_text').execute()).map((r) => r.body_text)).toEqual(['new']);
    expect((await db.selectFrom('push_deliveries').select('message_key').execute()).map((r) => r.message_key)).toEqual(['new']);
    // Idempotent: a second run deletes nothing.
    expect(await runMaintenance({ db, queues, now: () => NOW }, 'sweep-retention')).toMatchObject({
      sessions: 0,
      accountTokens: 0,
      stripeEvents: 0,
      outbox: 0,
      pushDeliveries: 0,
    });
  });
});
