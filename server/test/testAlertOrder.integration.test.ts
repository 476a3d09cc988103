import { subscriptions } from '@walkon/db';
import { FIXTURES_DIR, truncateAll } from '@walkon/db/testing';
import { parkLocalDate } from '@walkon/domain/dates';
import { createReplaySource } from '@walkon/integrations/providers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signUpUser, trpcCall, withTestServer } from './harness.ts';

// The test alert's send job may be taken by a worker the instant it is queued. The worker claims only rows it can
// see, so the delivery must be committed by then (web/e2e/worker.e2e.test.ts once waited a minute for it).
const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const env = withTestServer({
  source: () => createReplaySource({ dir: FIXTURES_DIR, files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'], now: () => new Date() }),
});

beforeEach(async () => truncateAll(env.db));
afterEach(() => vi.restoreAllMocks());

async function subscribed() {
  const a = await signUpUser(env.app);
  const rides = (await trpcCall(env.app, 'waitTimes.live', { parkId: MK })).body.result.data.rides.map((r: { id: string }) => r.id);
  await subscriptions.grantPassDays(env.db, {
    email: a.email,
    parkId: MK,
    userId: a.id,
    channel: 'email',
    days: [parkLocalDate(new Date(), 'America/New_York')],
    source: 'stripe',
    reference: 'cs_test_fixture',
  });
  await trpcCall(env.app, 'alerts.activate', { parkId: MK, rideIds: rides }, a.cookie);
  return a;
}

describe('test alert: the delivery is committed before its send job is queued (docs/spec/part-1.md §7 test-alert)', () => {
  it('when the job reaches the queue, another connection already sees the queued delivery', async () => {
    const a = await subscribed();
    const add = env.queues.sendEmail.addBulk.bind(env.queues.sendEmail);
    const seenAtEnqueue: string[][] = [];
    vi.spyOn(env.queues.sendEmail, 'addBulk').mockImplementation(async (jobs) => {
      // env.db is a separate pool from the request's transaction, so it sees committed rows only.
      const rows = await env.db.selectFrom('deliveries').select(['id', 'status']).where('email', '=', a.email).execute();
      seenAtEnqueue.push(rows.map((r) => `${r.id}:${r.status}`));
      return add(jobs);
    });
    const ok = await trpcCall(env.app, 'alerts.testAlert', { parkId: MK }, a.cookie);
    expect(ok.status).toBe(200);
    const d = await env.db.selectFrom('deliveries').select('id').where('email', '=', a.email).executeTakeFirstOrThrow();
    expect(seenAtEnqueue).toEqual([[`${d.id}:queued`]]);
    expect((await env.queues.sendEmail.getJob(`b-${d.id}`))?.data).toEqual({ deliveryIds: [d.id] });
  });

  it('a refused enqueue (Redis down) answers 503-class UNAVAILABLE and leaves no delivery, so no cooldown starts', async () => {
    const a = await subscribed();
    vi.spyOn(env.queues.sendEmail, 'addBulk').mockRejectedValue(new Error('Connection is closed.'));
    const refused = await trpcCall(env.app, 'alerts.testAlert', { parkId: MK }, a.cookie);
    expect(refused.body.error.message).toBe('Alerts are temporarily unavailable. Please try again in a minute.');
    expect(await env.db.selectFrom('deliveries').select('id').where('email', '=', a.email).execute()).toEqual([]);
    const st = (await trpcCall(env.app, 'alerts.state', { parkId: MK }, a.cookie)).body.result.data;
    expect(st.cooldownMinutesRemaining).toBe(0);
  });
});
