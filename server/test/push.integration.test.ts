import { alertEngine, type Database } from '@walkon/db';
import { FIXTURES_DIR, TEST_REDIS_URL, truncateAll } from '@walkon/db/testing';
import { createOutboxNotifier, createPushSender, createReplaySource, generateVapidKeys } from '@walkon/integrations/providers';
import { createRedis } from '@walkon/integrations/redis';
import { buildWorker, type WalkOnWorker } from '@walkon/jobs';
import { createWorkerMetrics } from '@walkon/jobs/ops';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PushService, startPushService } from '../../jobs/test/fixtures/pushService.ts';
import { buildApp } from '../src/app.ts';
import { signUpUser, testDeps, trpcCall, watchWithPass, withTestServer } from './harness.ts';

// docs/decisions/038-web-push-channel.md: push.* over HTTP, then alerts through the real worker (poll → claim →
// send-push) to web-push-testing, a real local push service in its own process that checks the VAPID signature
// and decrypts each message; the recording front before it keeps the request headers and can answer 429.

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const AT = new Date('2026-04-14T22:27:18Z');
const now = () => AT;
const replay = () => createReplaySource({ dir: FIXTURES_DIR, files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'], now });
// Fresh, OPERATING standby waits of the 2026-04-14T2227Z recording (18:27 in Orlando), default threshold 15 min.
const DUMBO = '890fa430-89c0-4a3f-96c9-11597888005e'; // 15 min: alerts
const SPEEDWAY = 'f163ddcd-43e1-488d-8276-2381c1db0a39'; // 5 min: alerts, the shortest
const SPACE_MOUNTAIN = 'b2260923-9315-40fd-9c6b-44dd811dbe64'; // 20 min: above the threshold

const vapid = { ...generateVapidKeys(), subject: 'mailto:ops@walkon.test' };
/** A fixed DNS table for push hosts (no network in tests): one public, one pointing into a private network. */
const DNS: Record<string, string[]> = {
  'fcm.googleapis.com': ['142.250.74.10', '2a00:1450:4001:82b::200a'],
  'internal.push.apple.com': ['142.250.74.11', '10.1.2.3'],
  'metadata.notify.windows.com': ['169.254.169.254'],
};
const resolveTable = async (host: string) => {
  const a = DNS[host];
  if (!a) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return a;
};
const env = withTestServer({ source: replay, now: () => AT });
let app: FastifyInstance;
let push: PushService;
let db: Kysely<Database>;
let worker: WalkOnWorker | null = null;
const redis = createRedis(TEST_REDIS_URL, 'worker');

beforeAll(async () => {
  db = env.db;
  push = await startPushService();
  app = await buildApp({
    ...testDeps(env, false, replay(), null, now),
    push: { publicKey: vapid.publicKey, allowInsecureEndpoints: true, resolve: resolveTable },
  });
});
afterAll(async () => {
  await app?.close();
  await push?.close();
  redis.disconnect();
});
beforeEach(async () => truncateAll(env.db));
afterEach(async () => {
  await worker?.close();
  worker = null;
});

const call = (proc: string, input?: unknown, cookie?: string) => trpcCall(app, proc, input, cookie);
const count = async (q: string) => Number((await sql.raw<{ n: number }>(q).execute(db)).rows[0]!.n);
const unsettled = () => count(`select count(*)::int as n from push_deliveries where status in ('queued', 'sending')`);

/** The real worker (poll, send-email, send-push …) over the replay at AT, outbox e-mail, this VAPID key pair. */
async function startWorker(extra: Partial<Parameters<typeof buildWorker>[0]> = {}) {
  worker = await buildWorker({
    db,
    connection: redis,
    queues: env.queues,
    source: replay(),
    notifier: createOutboxNotifier(),
    logger: pino({ level: 'silent' }),
    now,
    publicOrigin: 'http://localhost:3000',
    schedules: false,
    senders: { push: createPushSender(vapid, { allowInsecureEndpoints: true }) },
    ...extra,
  });
}

let ticks = 0;
/** One real park tick: a poll-park job for MK handled by the worker; resolves when the job has completed. */
async function tick() {
  const job = await env.queues.poll.add('poll', { parkId: MK }, { jobId: `t-${++ticks}-${Date.now()}` });
  await expect.poll(async () => (await env.queues.poll.getJob(job.id!))?.getState(), { timeout: 30_000 }).toBe('completed');
}

/** A signed-up person with an MK pass for 2026-04-14 watching `rides`, and `devices` subscriptions at the mock. */
async function person(rides: string[], devices = 1) {
  const u = await signUpUser(app);
  await watchWithPass(app, db, u, { parkId: MK, rideIds: rides, startDate: '2026-04-14', endDate: '2026-04-15' });
  const subs = [];
  for (let k = 0; k < devices; k++) {
    const s = await push.subscribe(vapid.publicKey);
    const r = await call(
      'push.subscribe',
      { endpoint: s.endpoint, expirationTime: null, keys: s.keys, deviceLabel: `Phone ${k + 1}` },
      u.cookie,
    );
    expect(r.status).toBe(200);
    subs.push(s);
  }
  return { ...u, subs };
}

const rideName = async (id: string) =>
  (await db.selectFrom('attractions').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;

describe('push.* (decision 038)', () => {
  it('publicKey is public; subscribe, list, unsubscribe are the account’s own; bad input is a 400 sentence', async () => {
    expect(await call('push.publicKey')).toMatchObject({ status: 200, data: { publicKey: vapid.publicKey } });
    const s = await push.subscribe(vapid.publicKey);
    const input = { endpoint: s.endpoint, expirationTime: null, keys: s.keys };
    expect((await call('push.subscribe', input)).status).toBe(401);
    expect((await call('push.list')).status).toBe(401);
    const u = await signUpUser(app);
    const other = await signUpUser(app);
    for (const [bad, message] of [
      [{ ...input, keys: { ...s.keys, p256dh: 'abc' } }, /unusable push key/],
      [{ ...input, keys: { ...s.keys, auth: `${s.keys.auth}AAAA` } }, /unusable push secret/],
      [{ ...input, endpoint: 'not a url' }, /must be a URL/],
      [{ ...input, endpoint: 'http://push.example.com/x' }, /must be an https:\/\/ address/],
      [{ ...input, endpoint: 'https://push.example.com/x' }, /push service is not one WalkOn can send to/],
      [{ ...input, deviceLabel: 'x'.repeat(61) }, /60 characters/],
      [{ ...input, deviceLabel: 'Pocket\u0000' }, /contains a character that is not allowed/],
      [{ ...input, endpoint: 'https://fcm.googleapis.com/fcm/send/a\u0000b' }, /contains a character that is not allowed/],
      [{ ...input, endpoint: `https://fcm.googleapis.com/fcm/send/${'a'.repeat(100_000)}` }, /too long/],
    ] as const) {
      const r = await call('push.subscribe', bad, u.cookie);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.message).toMatch(message);
    }
    expect((await call('push.subscribe', { ...input, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }, u.cookie)).status).toBe(200);
    // The same browser again: one row (upsert by endpoint), the new label.
    expect((await call('push.subscribe', { ...input, deviceLabel: 'Kitchen' }, u.cookie)).status).toBe(200);
    expect((await call('push.subscribe', { ...input, deviceLabel: 'Pocket' }, u.cookie)).status).toBe(200);
    const list = (await call('push.list', undefined, u.cookie)).data as {
      id: string;
      deviceLabel: string | null;
      lastSuccessAt: string | null;
    }[];
    expect(list.map((l) => l.deviceLabel)).toHaveLength(2);
    expect(list.map((l) => l.deviceLabel)).toEqual(expect.arrayContaining([null, 'Pocket']));
    expect(list.every((l) => l.lastSuccessAt === null)).toBe(true);
    expect((await call('push.list', undefined, other.cookie)).data).toEqual([]);
    // Another account cannot remove it; the owner can.
    expect((await call('push.unsubscribe', { endpoint: s.endpoint }, other.cookie)).data).toEqual({ removed: false });
    expect((await call('push.unsubscribe', { endpoint: s.endpoint }, u.cookie)).data).toEqual({ removed: true });
    expect((await call('push.list', undefined, u.cookie)).data).toHaveLength(1);
  });

  it('push off on a server without keys: publicKey and subscribe answer 503 with a sentence', async () => {
    const off = await buildApp(testDeps(env, false, replay(), null, now));
    try {
      const r = await trpcCall(off, 'push.publicKey');
      expect(r.status).toBe(503);
      expect(r.message).toMatch(/Push alerts are not available/);
    } finally {
      await off.close();
    }
  });
});

describe('alerts by push through the real worker (decision 038, DESIGN §2.5 "Push")', () => {
  it('one tick: one push per person and device beside the e-mail, decrypted payload, TTL / Urgency / Topic headers', async () => {
    const a = await person([DUMBO, SPEEDWAY, SPACE_MOUNTAIN], 2);
    const b = await person([DUMBO], 0); // no device: e-mail only
    await startWorker();
    await tick();
    await expect.poll(unsettled, { timeout: 30_000 }).toBe(0);
    await expect.poll(() => count(`select count(*)::int as n from push_deliveries where status = 'sent'`), { timeout: 30_000 }).toBe(2);
    // By hand: A is alerted for Speedway (5 min) and Dumbo (15 min), one message; Space Mountain (20) is above 15.
    const speedway = await rideName(SPEEDWAY);
    const dumbo = await rideName(DUMBO);
    for (const s of a.subs) {
      const msgs = await push.messages(s.clientHash);
      expect(msgs).toHaveLength(1);
      const p = JSON.parse(msgs[0]!);
      expect(p).toEqual({
        title: `${speedway} 5 min +1 more`,
        body: expect.stringContaining(`${dumbo} 15 min`),
        url: `/live-wait-times/${MK}/${SPEEDWAY}`,
        tag: SPEEDWAY,
        parkId: MK,
        attractionId: SPEEDWAY,
        kind: 'alert',
      });
      expect(p.body).toMatch(/at 6:27 PM/);
      const req = push.requests.filter((r) => r.hash === s.clientHash);
      expect(req).toHaveLength(1);
      expect(req[0]!.headers).toMatchObject({
        ttl: '900',
        urgency: 'high',
        topic: SPEEDWAY.replace(/-/g, ''),
        'content-encoding': 'aes128gcm',
      });
      expect(req[0]!.headers.authorization).toMatch(/^vapid t=.+, k=/);
    }
    // The e-mail went as well, one per person (B too); push rides on A's e-mail message (same message key).
    await expect
      .poll(() => count(`select count(*)::int as n from outbox_messages where delivery_id is not null`), { timeout: 30_000 })
      .toBe(2);
    const outbox = await sql<{ to: string }>`select to_address as to from outbox_messages where delivery_id is not null`.execute(db);
    expect(outbox.rows.map((r) => r.to).sort()).toEqual([a.email, b.email].sort());
    expect(
      await count(
        `select count(distinct p.message_key)::int as n from push_deliveries p join deliveries d on d.message_key = p.message_key where d.email = '${a.email}'`,
      ),
    ).toBe(1);
    expect(await count(`select count(*)::int as n from push_deliveries where provider_message_id is null or lease_owner is not null`)).toBe(
      0,
    );
    // Each device shows its last accepted push in push.list.
    const list = (await call('push.list', undefined, a.cookie)).data as { lastSuccessAt: string | null }[];
    expect(list.map((l) => l.lastSuccessAt)).toEqual([AT.toISOString(), AT.toISOString()]);
  }, 90_000);

  it('the 60-minute rule and the daily cap hold push as they hold the e-mail', async () => {
    const a = await person([DUMBO, SPEEDWAY], 1);
    // C already had today's single e-mail (cap 1): its alert is recorded `capped`, and no push goes either.
    const c = await person([DUMBO], 1);
    await alertEngine.setDailyCaps(db, { email: 1 });
    await sql`insert into deliveries (dedup_key, kind, email, channel, address, park_id, ride_id, ride_name, wait_time, message, status, message_key, created_at)
              values ('earlier', 'ride_alert', ${c.email}, 'email', ${c.email}, ${MK}, ${DUMBO}, 'Dumbo', 10, 'x', 'sent', 'earlier-msg', ${new Date(AT.getTime() - 3_600_000)})`.execute(
      db,
    );
    await startWorker();
    await tick();
    await expect.poll(() => count(`select count(*)::int as n from push_deliveries where status = 'sent'`), { timeout: 30_000 }).toBe(1);
    expect(await count(`select count(*)::int as n from deliveries where email = '${c.email}' and status = 'capped'`)).toBe(1);
    expect(await push.messages(c.subs[0]!.clientHash)).toEqual([]);
    // A changes a setting (its audience row is dirty: evaluated again against every verdict) and the next poll
    // comes: both rides still short, but alerted less than 60 minutes ago — no delivery, so no push.
    await sql`update alert_watchers set dirty = true where email = ${a.email}`.execute(db);
    const before = await count(`select count(*)::int as n from deliveries`);
    await tick();
    await expect.poll(() => count(`select count(*)::int as n from alert_watchers where dirty`), { timeout: 30_000 }).toBe(0);
    expect(await count(`select count(*)::int as n from deliveries`)).toBe(before);
    expect(await push.messages(a.subs[0]!.clientHash)).toHaveLength(1);
    expect(await count(`select count(*)::int as n from push_deliveries`)).toBe(1);
  }, 90_000);

  it('410 Gone deletes the subscription; 429 waits Retry-After and resends once; the test alert pushes', async () => {
    const gone = await person([DUMBO], 1);
    const slow = await person([DUMBO], 1);
    await push.expire(gone.subs[0]!.clientHash);
    push.throttle(slow.subs[0]!.clientHash, 2, '1');
    await startWorker();
    await tick();
    await expect.poll(unsettled, { timeout: 30_000 }).toBe(0);
    // Gone: the row says so and the subscription is deleted (push.list is empty); nothing reached the mock. The
    // row is marked before its subscription is deleted (two statements), so wait for both.
    await expect
      .poll(() => count(`select count(*)::int as n from push_deliveries where status = 'gone' and push_subscription_id is null`), {
        timeout: 10_000,
      })
      .toBe(1);
    expect((await call('push.list', undefined, gone.cookie)).data).toEqual([]);
    // Throttled twice, then accepted: exactly one message, three requests.
    expect(push.requests.filter((r) => r.hash === slow.subs[0]!.clientHash).map((r) => r.status)).toEqual([429, 429, 201]);
    expect(await push.messages(slow.subs[0]!.clientHash)).toHaveLength(1);
    expect(await count(`select count(*)::int as n from push_deliveries where status = 'sent' and attempts = 1`)).toBe(1);

    // "Send test alert" pushes too (kind test) — to a third person who had no alert yet (the cooldown is per person).
    const t = await person([SPACE_MOUNTAIN], 1);
    const r = await call('alerts.testAlert', { parkId: MK }, t.cookie);
    expect(r.status).toBe(200);
    expect(r.data.message).toBe(`Test alert sent to ${t.email} and by push to 1 device.`);
    await expect.poll(async () => (await push.messages(t.subs[0]!.clientHash)).length, { timeout: 30_000 }).toBe(1);
    const p = JSON.parse((await push.messages(t.subs[0]!.clientHash))[0]!);
    expect(p).toMatchObject({ title: 'WalkOn test alert', kind: 'test', parkId: MK, url: `/live-wait-times?park=${MK}` });
    expect(p.body).toBe('Test alert: WalkOn alerts are working for Magic Kingdom Park.');
  }, 90_000);

  it('switching alerts on also pushes the confirmation to the person’s phones (R16b beside decision 038)', async () => {
    const u = await person([DUMBO, SPEEDWAY, SPACE_MOUNTAIN]);
    await startWorker();
    await tick();
    await db.deleteFrom('park_hours').where('park_id', '=', MK).execute();
    await db
      .insertInto('park_hours')
      .values({ park_id: MK, local_date: '2026-04-14', type: 'OPERATING', opens: '09:00', closes: '23:00', description: null })
      .execute();
    expect((await call('alerts.stop', { parkId: MK }, u.cookie)).status).toBe(200);
    expect((await call('alerts.activate', { parkId: MK, rideIds: [DUMBO, SPEEDWAY, SPACE_MOUNTAIN] }, u.cookie)).status).toBe(200);
    const confirmations = async () =>
      (await push.messages(u.subs[0]!.clientHash))
        .map((m) => JSON.parse(m) as { kind: string; title: string; body: string })
        .filter((m) => m.kind === 'confirmation');
    await expect.poll(async () => (await confirmations()).length, { timeout: 30_000 }).toBe(1);
    // 3 watched; Dumbo (15) and Speedway (5) are at most the default 15 minutes, Space Mountain (20) is not: 2 short.
    expect((await confirmations())[0]!.body).toContain(
      'Alerts on for 3 rides at Magic Kingdom Park until 11:00 PM park time; 2 are short right now.',
    );
  });
});

describe('devices stay with their owner; keys and endpoints checked where used (decision 047)', () => {
  it('another account presenting a device’s endpoint with other keys gets 409 and the owner keeps it; the same keys move it', async () => {
    const a = await signUpUser(app);
    const b = await signUpUser(app);
    const s = await push.subscribe(vapid.publicKey);
    const mine = await push.subscribe(vapid.publicKey);
    expect(
      (await call('push.subscribe', { endpoint: s.endpoint, expirationTime: null, keys: s.keys, deviceLabel: 'A phone' }, a.cookie)).status,
    ).toBe(200);
    const before = await sql`select user_id, p256dh, auth, device_label from push_subscriptions`.execute(db);
    // B presents A's endpoint with B's own keys: refused, A's row untouched, A's list unchanged.
    const r = await call('push.subscribe', { endpoint: s.endpoint, expirationTime: null, keys: mine.keys, deviceLabel: 'Taken' }, b.cookie);
    expect(r.status).toBe(409);
    expect(r.message).toBe(
      'This push subscription belongs to another account. Turn push alerts off and on again in this browser to get a new one.',
    );
    expect((await sql`select user_id, p256dh, auth, device_label from push_subscriptions`.execute(db)).rows).toEqual(before.rows);
    expect(((await call('push.list', undefined, a.cookie)).data as unknown[]).length).toBe(1);
    expect((await call('push.list', undefined, b.cookie)).data).toEqual([]);
    // The same browser (same keys) signed into B: the device moves to B.
    expect((await call('push.subscribe', { endpoint: s.endpoint, expirationTime: null, keys: s.keys }, b.cookie)).status).toBe(200);
    expect((await call('push.list', undefined, a.cookie)).data).toEqual([]);
    expect(((await call('push.list', undefined, b.cookie)).data as unknown[]).length).toBe(1);
  });

  it('p256dh must be a point on P-256 and auth 16 bytes; production endpoints are https on 443 to a public address', async () => {
    const u = await signUpUser(app);
    const s = await push.subscribe(vapid.publicKey);
    const input = { endpoint: s.endpoint, expirationTime: null, keys: s.keys };
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString('base64url');
    const offByOne = Buffer.from(s.keys.p256dh, 'base64url');
    offByOne[64] = offByOne[64]! ^ 1;
    const compressed = Buffer.concat([Buffer.from([2]), Buffer.from(s.keys.p256dh, 'base64url').subarray(1, 33), Buffer.alloc(32)]);
    for (const [bad, status, message] of [
      [{ ...input, keys: { ...s.keys, p256dh: notOnCurve } }, 400, /unusable push key/],
      [{ ...input, keys: { ...s.keys, p256dh: offByOne.toString('base64url') } }, 400, /unusable push key/],
      [{ ...input, keys: { ...s.keys, p256dh: compressed.toString('base64url') } }, 400, /unusable push key/],
      [{ ...input, keys: { ...s.keys, auth: Buffer.alloc(15).toString('base64url') } }, 400, /unusable push secret/],
      [{ ...input, endpoint: 'https://fcm.googleapis.com:6379/fcm/send/x' }, 400, /standard https port \(443\)/],
      [{ ...input, endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x' }, 400, /standard https port \(443\)/],
      [{ ...input, endpoint: 'https://internal.push.apple.com/3/device/x' }, 400, /not a public internet address/],
      [{ ...input, endpoint: 'https://metadata.notify.windows.com/w/?token=x' }, 400, /not a public internet address/],
      [{ ...input, endpoint: 'https://unknown.push.apple.com/3/device/x' }, 503, /could not be reached just now/],
    ] as const) {
      const r = await call('push.subscribe', bad, u.cookie);
      expect(r.status, JSON.stringify(bad)).toBe(status);
      expect(r.message).toMatch(message);
    }
    expect(await count('select count(*)::int as n from push_subscriptions')).toBe(0);
    // An explicit :443 is the standard port (URL drops it).
    expect((await call('push.subscribe', { ...input, endpoint: 'https://fcm.googleapis.com:443/fcm/send/x' }, u.cookie)).status).toBe(200);
  });

  it('the worker re-checks each endpoint and key before sending: what can never work (bad key, bad port, 400, 413) fails at once', async () => {
    const p = await person([DUMBO], 3);
    const [ok, badRequest, tooLarge] = p.subs;
    push.answer(badRequest!.clientHash, 400, 10);
    push.answer(tooLarge!.clientHash, 413, 10);
    // Two rows stored before today's checks: a key that is no P-256 point, a known host on another port.
    const stale = await push.subscribe(vapid.publicKey);
    const zeros = Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString('base64url');
    await sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at, updated_at, last_used_at)
              values (${p.id}, ${stale.endpoint}, ${zeros}, ${stale.keys.auth}, ${AT}, ${AT}, ${AT}),
                     (${p.id}, 'https://fcm.googleapis.com:6379/fcm/send/x', ${stale.keys.p256dh}, ${stale.keys.auth}, ${AT}, ${AT}, ${AT})`.execute(
      db,
    );
    await startWorker();
    await tick();
    await expect.poll(unsettled, { timeout: 30_000 }).toBe(0);
    const rows = await sql<{ endpoint: string; status: string; attempts: number; error: string | null }>`
      select s.endpoint, p.status, p.attempts, p.error from push_deliveries p join push_subscriptions s on s.id = p.push_subscription_id`.execute(
      db,
    );
    const of = (endpoint: string) => rows.rows.find((r) => r.endpoint === endpoint)!;
    expect(of(ok!.endpoint)).toMatchObject({ status: 'sent', attempts: 1 });
    for (const e of [badRequest!.endpoint, tooLarge!.endpoint, stale.endpoint, 'https://fcm.googleapis.com:6379/fcm/send/x'])
      expect(of(e), e).toMatchObject({ status: 'failed', attempts: 1 });
    expect(of(stale.endpoint).error).toMatch(/keys refused/);
    expect(of('https://fcm.googleapis.com:6379/fcm/send/x').error).toMatch(/endpoint refused: .*443/);
    // No request ever left for the bad key; one each for 400 and 413 (no resend).
    expect(push.requests.filter((r) => r.hash === stale.clientHash)).toEqual([]);
    expect(push.requests.filter((r) => r.hash === badRequest!.clientHash).map((r) => r.status)).toEqual([400]);
    expect(push.requests.filter((r) => r.hash === tooLarge!.clientHash).map((r) => r.status)).toEqual([413]);
  }, 90_000);

  it('403 is a configuration fault: the service is paused, the subscriptions kept, one log line, counted in a metric', async () => {
    const p = await person([DUMBO], 3);
    for (const s of p.subs) push.answer(s.clientHash, 403, 1);
    const lines: { level: number; msg: string; service?: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
    const metrics = createWorkerMetrics({ db, queues: env.queues, now, channels: ['email', 'sms', 'push'] });
    await startWorker({ logger, metrics });
    await tick();
    // Each push is back to `queued`, unleased, with the 403 (or the pause it started) as its reason.
    await expect
      .poll(
        () =>
          count(`select count(*)::int as n from push_deliveries where status = 'queued' and lease_owner is null and error like '%403%'`),
        {
          timeout: 30_000,
        },
      )
      .toBe(3);
    // The job logs and counts once its batch is done.
    await expect.poll(() => lines.filter((l) => /refused our VAPID key/.test(l.msg)).length, { timeout: 30_000 }).toBe(1);
    // Rows kept, nothing sent, no attempt spent; every device still listed.
    expect(await count('select count(*)::int as n from push_subscriptions')).toBe(3);
    expect(((await call('push.list', undefined, p.cookie)).data as unknown[]).length).toBe(3);
    expect(await count(`select count(*)::int as n from push_deliveries where attempts = 0`)).toBe(3);
    // Once the first 403 arrives the service is paused: at most the pushes already in flight were answered 403.
    const answered = push.requests.filter((r) => r.status === 403).length;
    expect(answered).toBeGreaterThanOrEqual(1);
    const refused = (await metrics.pushServiceRefused.get()).values;
    expect(refused).toEqual([{ labels: { service: push.origin }, value: answered }]);
    const logged = lines.filter((l) => /refused our VAPID key/.test(l.msg));
    expect(logged[0]).toMatchObject({ level: 50, service: push.origin });
  }, 90_000);
});
