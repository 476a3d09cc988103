import { catalogue, type Database, pushDeliveries } from '@walkon/db';
import { type Kysely, sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { runMaintenance } from '../src/worker.ts';
import { useTestDb, useTestQueues } from './helpers.ts';

// docs/decisions/038-web-push-channel.md: the push half of the minute sweeper and of the hourly expiry task.
let db: Kysely<Database>;
const { queues } = useTestQueues();
const NOW = new Date('2026-04-16T12:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

useTestDb((created) => {
  db = created;
});
beforeEach(async () => {
  await catalogue.upsertDestinations(db, [{ id: 'd', name: 'Resort', parks: [{ id: 'p', name: 'Park' }] }]);
});

/** An account with one push subscription per `used` (minutes since last use), and a queued delivery for it. */
async function account(email: string, used: number[]) {
  const { id } = await db
    .insertInto('users')
    .values({ email, full_name: 'P', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [k, m] of used.entries())
    await db
      .insertInto('push_subscriptions')
      .values({ user_id: id, endpoint: `https://fcm.googleapis.com/fcm/send/${email}-${k}`, p256dh: 'k', auth: 'a', last_used_at: ago(m) })
      .execute();
  return id;
}
async function delivery(email: string, createdMinutesAgo: number) {
  const { id } = await db
    .insertInto('deliveries')
    .values({
      dedup_key: `${email}-${createdMinutesAgo}`,
      email,
      channel: 'email',
      address: email,
      park_id: 'p',
      ride_name: 'Ride',
      message: 'm',
      message_key: `${email}:email:p:${createdMinutesAgo}`,
      created_at: ago(createdMinutesAgo),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
const statuses = async () =>
  (
    await sql<{
      status: string;
      n: number;
    }>`select status, count(*)::int as n from push_deliveries group by status order by status`.execute(db)
  ).rows;

describe('push upkeep (decision 038)', () => {
  it('the minute sweep: expired leases back to queued and re-enqueued, stale queued re-enqueued, past the 15-minute TTL failed', async () => {
    await account('a@example.com', [0]);
    const fresh = await pushDeliveries.createForDeliveries(db, [await delivery('a@example.com', 0)], ago(0));
    const stale = await pushDeliveries.createForDeliveries(db, [await delivery('a@example.com', 5)], ago(5));
    const late = await pushDeliveries.createForDeliveries(db, [await delivery('a@example.com', 20)], ago(20));
    // A worker claimed the fresh one and died: its lease ended a second ago.
    expect(
      await pushDeliveries.pushDeliveryStore(900).claim(db, fresh, { owner: 'dead-worker', until: new Date(NOW.getTime() - 1000) }),
    ).toHaveLength(1);
    const out = await runMaintenance({ db, queues, now: () => NOW }, 'sweep-deliveries');
    expect(out).toMatchObject({ pushRequeued: 2 });
    expect(await statuses()).toEqual([
      { status: 'failed', n: 1 },
      { status: 'queued', n: 2 },
    ]);
    const failed = await db.selectFrom('push_deliveries').select(['id', 'error']).where('status', '=', 'failed').execute();
    expect(failed).toEqual([{ id: late[0], error: 'expired: not sent within its TTL' }]);
    const jobs = await queues.sendPush.getJobs(['waiting', 'delayed', 'prioritized']);
    expect(jobs.flatMap((j) => j.data.deliveryIds).sort()).toEqual([...fresh, ...stale].sort());
  });

  it('one push per message and device, only for queued deliveries; again is a no-op', async () => {
    await account('b@example.com', [0, 0]);
    await account('c@example.com', []);
    const d1 = await delivery('b@example.com', 1);
    const d2 = await delivery('c@example.com', 1);
    const capped = await delivery('b@example.com', 2);
    await db.updateTable('deliveries').set({ status: 'capped' }).where('id', '=', capped).execute();
    expect(await pushDeliveries.createForDeliveries(db, [d1, d2, capped], NOW)).toHaveLength(2);
    expect(await pushDeliveries.createForDeliveries(db, [d1], NOW)).toHaveLength(0);
  });

  it('the hourly expiry deletes subscriptions unused for 30 days (and past their expirationTime), keeps the rest', async () => {
    await account('d@example.com', [0, 29 * 24 * 60, 31 * 24 * 60]);
    await account('e@example.com', [60]);
    await db
      .updateTable('push_subscriptions')
      .set({ expiration_time: ago(1) })
      .where('endpoint', 'like', '%e@example.com%')
      .execute();
    const out = await runMaintenance({ db, queues, now: () => NOW }, 'expire-subscriptions');
    expect(out).toEqual({ deactivated: 0, pushSubscriptionsExpired: 2 });
    const left = await db.selectFrom('push_subscriptions').select('endpoint').orderBy('endpoint').execute();
    expect(left.map((l) => l.endpoint)).toEqual([
      'https://fcm.googleapis.com/fcm/send/d@example.com-0',
      'https://fcm.googleapis.com/fcm/send/d@example.com-1',
    ]);
  });
});
