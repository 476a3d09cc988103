import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SNSClient } from '@aws-sdk/client-sns';
import { runParkTick } from '@walkon/core';
import { type Database, deliveries } from '@walkon/db';
import { createAwsNotifier, createNotifier, withSendRateLimits } from '@walkon/integrations/providers/notify/index.ts';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueDeliveries, sweepQueuedDeliveries } from '../src/channels/index.ts';
import { enqueueAccountEmail } from '../src/pipeline/accountEmails.ts';
import { enqueueConfirmation } from '../src/pipeline/fanout.ts';
import type { WalkOnWorker } from '../src/worker.ts';
import { type AwsFake, startAwsFake } from './fixtures/awsFake.ts';
import { addVisitors } from './fixtures/visitors.ts';
import { EXPECTED_MK_ALERTS, MK, MK_OPEN, replayOf, startTestWorker, useTestDb, useTestQueues, watchAll } from './helpers.ts';

// DESIGN §2.5 provider path, through the real SESv2 / SNS clients (endpoints from the SDK's standard
// AWS_ENDPOINT_URL_SESV2 / _SNS settings) against a local fake speaking their protocols, sent by the real worker.
let db: Kysely<Database>;
useTestDb((created) => {
  db = created;
});
const { redis, queues } = useTestQueues();
let fake: AwsFake;
const saved = { ...process.env };
let worker: WalkOnWorker | null = null;

beforeAll(async () => {
  fake = await startAwsFake();
  // The SDK's own retries off: the product's retry and throttling paths are what these tests watch.
  Object.assign(process.env, fake.env(), { AWS_MAX_ATTEMPTS: '1' });
});
afterAll(async () => {
  process.env = saved;
  await fake.close();
});
afterEach(async () => {
  await worker?.close();
  worker = null;
  fake.accepted.length = 0;
  Object.assign(fake.counts, { throttled: 0, rejected: 0, transient: 0, requests: 0 });
  fake.set({
    latencyMs: 0,
    sesPerSecond: Number.POSITIVE_INFINITY,
    snsPerSecond: Number.POSITIVE_INFINITY,
    transientRate: 0,
    rejectTo: null,
  });
  fake.set({ optedOut: new Set(), transientFor: new Map() });
  // The shared send budget lives in Redis under the queue prefix: a fresh window per test.
  for (const k of await redis.keys(`${queues.prefix}:send-rate*`)) await redis.del(k);
});

const now = () => new Date();
/**
 * The tick runs at the recording's own instant (18:27 in Orlando on 2026-04-14), so which rides alert does not
 * depend on the hour the test runs: PER_PERSON of them, counted by the independent script (db/src/testing.ts).
 */
const tickAt = () => new Date('2026-04-14T22:27:18Z');
const PER_PERSON = EXPECTED_MK_ALERTS.length;
const count = async (where: string) =>
  Number((await sql.raw<{ n: number }>(`select count(*)::int as n from deliveries where ${where}`).execute(db)).rows[0]!.n);

/** The real AWS notifier as main.ts builds it (createNotifier), inside the shared budget of `perSecond`. */
function awsNotifier(perSecond: { email: number; sms: number }) {
  return createNotifier(
    {
      NOTIFY_TRANSPORT: 'aws',
      AWS_REGION: 'us-east-1',
      SES_FROM_EMAIL: 'WalkOn Alerts <alerts@walkon.test>',
      SES_MAX_PER_SECOND: perSecond.email,
      SNS_SMS_MAX_PER_SECOND: perSecond.sms,
      QUEUE_PREFIX: queues.prefix,
    },
    redis,
  );
}

/** fan0 + `emails` e-mail visitors + `sms` SMS visitors, one tick: claimed deliveries fanned out to the queues. */
async function claimFor(emails: number, sms: number) {
  await watchAll(db, MK_OPEN, 'fan0@example.com', tickAt);
  const mail = await addVisitors(db, { n: emails, at: tickAt() });
  const phones = sms ? await addVisitors(db, { n: sms, prefix: 'sms', channel: 'sms', at: tickAt() }) : [];
  const { claimed } = await runParkTick({ db, source: replayOf(MK_OPEN, tickAt), now: tickAt }, MK);
  expect(claimed).toHaveLength((1 + emails + sms) * PER_PERSON);
  await enqueueDeliveries(queues, claimed, 'b', 70);
  return { mail: ['fan0@example.com', ...mail], phones, claimed };
}

async function startWorker(
  perSecond: { email: number; sms: number },
  opts: { sendConcurrency?: number; providerConcurrency?: number } = {},
) {
  worker = await startTestWorker({
    db,
    connection: redis,
    queues,
    source: replayOf(MK_OPEN, now),
    now,
    schedules: false,
    notifier: awsNotifier(perSecond),
    sendConcurrency: opts.sendConcurrency ?? 2,
    providerConcurrency: opts.providerConcurrency ?? 4,
  });
}

const settled = () => count(`status in ('queued', 'sending')`);

describe('DESIGN §2.5 provider path: SESv2 + SNS through the local fake', () => {
  it('a batch through the real notifier and senders: one message per person, marked sent with the provider id', async () => {
    const { mail, phones } = await claimFor(40, 10);
    await startWorker({ email: 1000, sms: 1000 });
    await expect.poll(settled, { timeout: 60_000, interval: 200 }).toBe(0);

    // One message per person and tick (R9): 41 e-mails and 10 SMS, each to its person, none twice.
    const ses = fake.accepted.filter((m) => m.service === 'ses');
    const sns = fake.accepted.filter((m) => m.service === 'sns');
    expect(ses.map((m) => m.to).sort()).toEqual([...mail].sort());
    expect(sns.map((m) => m.to).sort()).toEqual([...phones].sort());
    expect(await count(`status = 'sent'`)).toBe(51 * PER_PERSON);
    // Every delivery carries the id the provider gave its message.
    const ids = await sql<{ address: string; ids: string[] }>`
      select address, array_agg(distinct provider_message_id) as ids from deliveries group by address`.execute(db);
    const byTo = new Map(fake.accepted.map((m) => [m.to, m.messageId]));
    for (const r of ids.rows) expect(r.ids).toEqual([byTo.get(r.address)]);
    // The e-mail: text + HTML, RFC 8058 one-click unsubscribe, encoded From display name; the SMS ends with STOP.
    const one = ses[0]!.body.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ') + ses[0]!.body;
    expect(one).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/.+>$/m);
    expect(one).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(one).toContain('multipart/alternative');
    expect(one).toMatch(/Content-Type: text\/plain/);
    expect(one).toMatch(/Content-Type: text\/html/);
    expect(one).toMatch(/^From: WalkOn Alerts <alerts@walkon\.test>$/m);
    expect(sns[0]!.body).toMatch(/STOP to opt out\.?$/);
    // Nothing is left leased.
    expect(await count(`lease_owner is not null or lease_expires_at is not null`)).toBe(0);
  }, 90_000);

  it('throttling slows the sender down and never fails a delivery nor spends an attempt', async () => {
    // The account really allows 10/s but the setting claims 40/s: the provider answers 429s.
    fake.set({ sesPerSecond: 10, latencyMs: 5 });
    const { mail } = await claimFor(39, 0);
    const t0 = Date.now();
    await startWorker({ email: 40, sms: 20 });
    await expect.poll(settled, { timeout: 60_000, interval: 200 }).toBe(0);
    const seconds = (Date.now() - t0) / 1000;
    expect(fake.counts.throttled).toBeGreaterThan(0);
    expect(await count(`status = 'failed'`)).toBe(0);
    expect(await count(`status = 'sent' and attempts = 1`)).toBe(40 * PER_PERSON);
    expect(fake.accepted.map((m) => m.to).sort()).toEqual([...mail].sort());
    // 40 messages at 10/s with a bucket of one second: at least 3 s.
    expect(seconds).toBeGreaterThanOrEqual(3);
  }, 90_000);

  it('at the configured rate the shared budget keeps two workers under the quota together', async () => {
    fake.set({ sesPerSecond: 20, latencyMs: 5 });
    await claimFor(59, 0);
    // Two workers on the same queues and Redis budget.
    await startWorker({ email: 20, sms: 20 }, { sendConcurrency: 2, providerConcurrency: 8 });
    const second = await startTestWorker({
      db,
      connection: redis,
      queues,
      source: replayOf(MK_OPEN, now),
      now,
      schedules: false,
      notifier: awsNotifier({ email: 20, sms: 20 }),
      sendConcurrency: 2,
      providerConcurrency: 8,
    });
    try {
      await expect.poll(settled, { timeout: 60_000, interval: 200 }).toBe(0);
    } finally {
      await second.close();
    }
    expect(fake.accepted).toHaveLength(60);
    expect(await count(`status = 'failed'`)).toBe(0);
    // The budget's 1-second windows meet the fake's continuous bucket at their edges: a few throttling answers
    // can happen there (and are resent), more when a loaded machine delays a window's sends into the next one.
    // Two workers each with a budget of their own would offer 40/s against 20/s and be refused about half the
    // time (some 30 of 60); shared, they stay far below that.
    expect(fake.counts.throttled).toBeLessThanOrEqual(10);
    // Never more than 20 in any second (plus the bucket's one second of credit at the start).
    const at = fake.accepted.map((m) => m.at).sort((a, b) => a - b);
    for (let i = 0; i + 40 < at.length; i++) expect(at[i + 40]! - at[i]!).toBeGreaterThanOrEqual(1000);
  }, 90_000);

  it('permanent errors mark the delivery failed with the reason; transient ones retry with backoff and leave once', async () => {
    fake.set({ rejectTo: /^fan(3|4)@/, optedOut: new Set(['+14075550002']) });
    const { mail, phones } = await claimFor(9, 3);
    // fan5's first send and fan6's first two fail transiently (500), as does +14075550001's first.
    fake.set({
      transientFor: new Map([
        ['fan5@example.com', 1],
        ['fan6@example.com', 2],
        ['+14075550001', 1],
      ]),
    });
    await startWorker({ email: 1000, sms: 1000 });
    await expect.poll(settled, { timeout: 80_000, interval: 250 }).toBe(0);
    const failed = await sql<{ address: string; error: string }>`
      select distinct address, error from deliveries where status = 'failed' order by address`.execute(db);
    expect(failed.rows.map((r) => r.address)).toEqual(['+14075550002', 'fan3@example.com', 'fan4@example.com']);
    expect(failed.rows[0]!.error).toMatch(/opted out/);
    expect(failed.rows[1]!.error).toMatch(/MessageRejected/);
    expect(fake.counts.transient).toBe(4);
    // Every other person got exactly one message; some needed more than one attempt.
    const expected = [...mail, ...phones].filter((a) => !['fan3@example.com', 'fan4@example.com', '+14075550002'].includes(a));
    expect(fake.accepted.map((m) => m.to).sort()).toEqual(expected.sort());
    expect(await count(`status = 'sent'`)).toBe(expected.length * PER_PERSON);
    // The attempts recorded: 1 + the transient failures (fan6's two took two retries of its job, 5 s and 10 s).
    const attempts = await sql<{ address: string; attempts: number }>`
      select distinct address, attempts from deliveries where status = 'sent' and attempts > 1 order by address`.execute(db);
    expect(attempts.rows).toEqual([
      { address: '+14075550001', attempts: 2 },
      { address: 'fan5@example.com', attempts: 2 },
      { address: 'fan6@example.com', attempts: 3 },
    ]);
  }, 120_000);

  it('the sweeper re-queues only the sending deliveries whose lease expired', async () => {
    const { claimed } = await claimFor(1, 0);
    const ids = claimed.map((c) => c.id);
    const t = Date.now();
    const mine = await deliveries
      .deliveryStore('email')
      .claim(db, ids.slice(0, PER_PERSON), { owner: 'worker-a', until: new Date(t + 60_000) });
    const theirs = await deliveries
      .deliveryStore('email')
      .claim(db, ids.slice(PER_PERSON), { owner: 'worker-b', until: new Date(t + 10_000) });
    expect([mine.length, theirs.length]).toEqual([PER_PERSON, PER_PERSON]);
    // A second claim of held rows gets nothing.
    expect(await deliveries.deliveryStore('email').claim(db, ids, { owner: 'worker-c', until: new Date(t + 60_000) })).toEqual([]);
    // 30 s later: worker-b's lease is over, worker-a's is not.
    const requeued = await sweepQueuedDeliveries({ db, queues, now: () => new Date(t + 30_000) });
    expect(requeued).toBe(PER_PERSON);
    expect(await count(`status = 'sending' and lease_owner = 'worker-a'`)).toBe(PER_PERSON);
    expect(await count(`status = 'queued' and lease_owner is null and attempts = 0`)).toBe(PER_PERSON);
  });

  it('alerts leave before receipts and newsletters when the budget is short (job priority)', async () => {
    fake.set({ sesPerSecond: 2 });
    const { rows } = await sql<{ id: string }>`
      insert into newsletter_subscriptions (email) values ('news@example.com') returning id`.execute(db);
    // The newsletter welcome is queued first, the tick's alerts after it.
    await enqueueConfirmation(queues, 'newsletter', rows[0]!.id);
    const { mail } = await claimFor(3, 0);
    // One batch job at a time, 2 messages a second.
    await startWorker({ email: 2, sms: 20 }, { sendConcurrency: 1, providerConcurrency: 1 });
    await expect.poll(() => fake.accepted.length, { timeout: 30_000, interval: 200 }).toBe(5);
    const order = fake.accepted.map((m) => m.to);
    expect(order.slice(0, 4).sort()).toEqual([...mail].sort());
    expect(order[4]).toBe('news@example.com');
  });
  it('throttling never fails an account e-mail or a confirmation: no attempt spent while the provider says slow down (decision 047)', async () => {
    // SES refuses everything (0/s) for a while; the budget believes 1000/s and gives up waiting after 200 ms, so
    // each send job meets ThrottledNotifyError many times before SES opens again.
    fake.set({ sesPerSecond: 0 });
    const notifier = withSendRateLimits(
      createAwsNotifier({
        ses: new SESv2Client({ region: 'us-east-1' }),
        sns: new SNSClient({ region: 'us-east-1' }),
        from: 'WalkOn <alerts@walkon.test>',
      }),
      { redis, prefix: queues.prefix, perSecond: { email: 1000, sms: 1000 }, maxThrottleWaitMs: 200 },
    );
    const { rows } = await sql<{ id: string }>`
      insert into newsletter_subscriptions (email) values ('news@example.com') returning id`.execute(db);
    await enqueueConfirmation(queues, 'newsletter', rows[0]!.id);
    await enqueueAccountEmail(queues, { account: 'reset_password', to: 'reset@example.com', token: 't-reset' });
    await enqueueAccountEmail(queues, { account: 'verify_email', to: 'verify@example.com', token: 't-verify' });
    worker = await startTestWorker({ db, connection: redis, queues, source: replayOf(MK_OPEN, now), now, schedules: false, notifier });
    const failures: string[] = [];
    for (const w of worker.workers) w.on('failed', (job, err) => failures.push(`${job?.name}: ${err.message}`));
    // About two refusals per job per round (each round gives up after 200 ms): 15 means every job has been put
    // off more than once (resumed after THROTTLED_RESUME_MS each time) — an attempt per round would have failed it.
    await expect.poll(() => fake.counts.throttled, { timeout: 45_000, interval: 250 }).toBeGreaterThanOrEqual(15);
    expect(failures).toEqual([]);
    fake.set({ sesPerSecond: Number.POSITIVE_INFINITY });
    await expect
      .poll(() => fake.accepted.map((m) => m.to).sort(), { timeout: 30_000 })
      .toEqual(['news@example.com', 'reset@example.com', 'verify@example.com']);
    expect(failures).toEqual([]);
    expect(await queues.sendEmail.getJobCounts('failed')).toEqual({ failed: 0 });
  }, 90_000);
});
