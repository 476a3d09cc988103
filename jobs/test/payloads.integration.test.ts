import type { Database } from '@walkon/db';
import { createTestDb } from '@walkon/db/testing';
import type { Job, Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSchemas, parseJobData } from '../src/queues.ts';
import type { WalkOnWorker } from '../src/worker.ts';
import { MK_OPEN, replayOf, startTestWorker, useTestQueues } from './helpers.ts';

let db: Kysely<Database>;
const { redis: connection, queues } = useTestQueues();
let worker: WalkOnWorker;
const now = () => new Date('2026-04-14T22:27:18Z');

beforeAll(async () => {
  ({ db } = await createTestDb());
  worker = await startTestWorker({ db, connection, queues, source: replayOf(MK_OPEN, now), now, schedules: false });
});
afterAll(async () => {
  await worker?.close();
  await db?.destroy();
});

/** Adds a job with an untyped payload (as a stray producer or an old release might) and waits until it fails. */
async function failedJob(queue: Queue, data: unknown): Promise<Job> {
  const job = await queue.add('bad', data, { attempts: 3, backoff: { type: 'fixed', delay: 50 } });
  await expect.poll(async () => (await queue.getJob(job.id as string))?.failedReason ?? null, { timeout: 10_000 }).not.toBeNull();
  return (await queue.getJob(job.id as string)) as Job;
}

/** Rows of the tables a processor writes to: all must stay empty. */
async function sideEffects() {
  const count = async (table: 'deliveries' | 'outbox_messages' | 'ride_status' | 'parks') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    deliveries: await count('deliveries'),
    outbox: await count('outbox_messages'),
    rideStatus: await count('ride_status'),
    parks: await count('parks'),
  };
}

describe('job payloads are parsed before any work (DESIGN §2)', () => {
  it('parseJobData names the queue, the job and the field', () => {
    expect(() => parseJobData(jobSchemas.poll, { id: '12', queueName: 'poll-park', data: {} })).toThrow(
      /^Bad payload for poll-park job 12: parkId: /,
    );
    expect(parseJobData(jobSchemas.maintenance, { id: '1', queueName: 'maintenance', data: { task: 'prune-samples' } })).toEqual({
      task: 'prune-samples',
    });
  });

  it('a malformed payload on every queue fails its job at once, with a clear reason, no retry and no side effects', async () => {
    const cases: [Queue, unknown, RegExp][] = [
      [queues.poll, {}, /^Bad payload for poll-park job \S+: parkId: /],
      [queues.poll, { parkId: 42 }, /^Bad payload for poll-park job \S+: parkId: /],
      [queues.history, { park: 'x' }, /^Bad payload for history job \S+: parkId: /],
      [queues.sendEmail, { deliveryIds: 'not-a-list' }, /^Bad payload for send-email job \S+: expected \{ deliveryIds/],
      [queues.sendSms, { deliveryIds: ['1; drop table deliveries'] }, /^Bad payload for send-sms job \S+: /],
      [queues.sendEmail, { confirmation: 'spam', id: 'x' }, /^Bad payload for send-email job \S+: /],
      [queues.sendEmail, { account: 'verify_email', to: 'a@example.com' }, /^Bad payload for send-email job \S+: /],
      [queues.sendEmail, { account: 'send_anything', to: 'a@example.com', token: 't' }, /^Bad payload for send-email job \S+: /],
      [queues.maintenance, { task: 'drop-everything' }, /^Bad payload for maintenance job \S+: task: /],
    ];
    for (const [queue, data, reason] of cases) {
      const job = await failedJob(queue, data);
      expect(job.failedReason, JSON.stringify(data)).toMatch(reason);
      expect(job.attemptsMade, 'an unrecoverable failure is not retried').toBe(1);
    }
    expect(await sideEffects()).toEqual({ deliveries: 0, outbox: 0, rideStatus: 0, parks: 0 });

    // The worker goes on: a valid job on the same queue still runs.
    const ok = await queues.maintenance.add('prune-samples', { task: 'prune-samples' });
    await expect
      .poll(async () => (await queues.maintenance.getJob(ok.id as string))?.finishedOn ?? null, { timeout: 10_000 })
      .not.toBeNull();
    expect((await queues.maintenance.getJob(ok.id as string))?.failedReason).toBeUndefined();
  });
});
