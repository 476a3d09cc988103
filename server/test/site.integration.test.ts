import { users } from '@walkon/db';
import { createOutboxNotifier } from '@walkon/integrations/providers';
import { sendConfirmation } from '@walkon/jobs';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestCaller, ORIGIN, signUpUser, trpcCall, withTestServer } from './harness.ts';

const env = withTestServer();
const now = () => new Date();

beforeEach(async () => {
  await env.db.deleteFrom('newsletter_subscriptions').execute();
  await env.db.deleteFrom('outbox_messages').execute();
  await env.db.deleteFrom('deliveries').execute();
  await env.db.deleteFrom('settings').execute();
  await env.db.deleteFrom('users').execute();
});

const post = (proc: string, input: unknown, cookie?: string) => trpcCall(env.app, proc, input, cookie);
const get = (proc: string, cookie?: string) => trpcCall(env.app, proc, undefined, cookie);

describe('newsletter (docs/spec/part-1.md §8)', () => {
  it('docs/spec/part-1.md §8: success, then the very same answer for the same e-mail in another case (no membership leak)', async () => {
    const first = await post('site.subscribeNewsletter', { email: '  Fan@Example.com ' });
    expect(first.status).toBe(200);
    const again = await post('site.subscribeNewsletter', { email: 'fan@example.com' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const rows = await env.db.selectFrom('newsletter_subscriptions').select(['email', 'user_id']).execute();
    expect(rows).toEqual([{ email: 'fan@example.com', user_id: null }]);
  });

  it('docs/spec/part-1.md §5: an invalid e-mail is a 400 "Please enter a valid email address"', async () => {
    const r = await post('site.subscribeNewsletter', { email: 'nope@nowhere' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('Please enter a valid email address');
  });

  it('docs/spec/part-1.md §6: the signed-in user id is attached', async () => {
    const s = await signUpUser(env.app, 'n@example.com');
    await post('site.subscribeNewsletter', { email: 'n@example.com' }, s.cookie);
    const row = await env.db.selectFrom('newsletter_subscriptions').select('user_id').executeTakeFirstOrThrow();
    expect(row.user_id).toBe(s.id);
  });

  it('queues one confirmation e-mail with an unsubscribe link that works', async () => {
    await post('site.subscribeNewsletter', { email: 'fan@example.com' });
    const { id, unsubscribe_token } = await env.db
      .selectFrom('newsletter_subscriptions')
      .select(['id', 'unsubscribe_token'])
      .executeTakeFirstOrThrow();
    expect((await env.queues.sendEmail.getJob(`newsletter-${id}`))?.data).toEqual({ confirmation: 'newsletter', id });
    const deps = { db: env.db, notifier: createOutboxNotifier(), now, publicOrigin: ORIGIN };
    expect(await sendConfirmation(deps, 'newsletter', id)).toBe(true);
    expect(await sendConfirmation(deps, 'newsletter', id)).toBe(false);
    const mails = await env.db.selectFrom('outbox_messages').select(['to_address', 'body_text']).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body_text).toContain(`/unsubscribe?token=${unsubscribe_token}`);
    // Double opt-in: pending until the e-mailed link is opened and its button pressed (a GET changes nothing).
    const { confirm_token } = await env.db.selectFrom('newsletter_subscriptions').select('confirm_token').executeTakeFirstOrThrow();
    expect(mails[0]!.body_text).toContain(`${ORIGIN}/confirm?token=${confirm_token}`);
    const confirmedAt = async () =>
      (await env.db.selectFrom('newsletter_subscriptions').select('confirmed_at').executeTakeFirstOrThrow()).confirmed_at;
    expect(await confirmedAt()).toBeNull();
    const ask = await env.app.inject({ method: 'GET', url: `/confirm?token=${confirm_token}` });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('<button class="button" type="submit">Confirm</button>');
    expect(await confirmedAt()).toBeNull();
    const yes = await env.app.inject({ method: 'POST', url: `/confirm?token=${confirm_token}`, headers: { origin: ORIGIN } });
    expect(yes.statusCode).toBe(200);
    expect(yes.body).toContain('fan@example.com will receive the WalkOn newsletter.');
    expect(await confirmedAt()).not.toBeNull();
    expect(
      (await env.app.inject({ method: 'POST', url: `/confirm?token=${'cd'.repeat(16)}`, headers: { origin: ORIGIN } })).statusCode,
    ).toBe(404);
    expect((await env.app.inject({ method: 'POST', url: '/confirm?token=nope', headers: { origin: ORIGIN } })).statusCode).toBe(400);
    // The confirm button is a form on our own page: a POST from nowhere (no Origin, no Referer) is refused (DESIGN §8).
    expect((await env.app.inject({ method: 'POST', url: `/confirm?token=${confirm_token}` })).statusCode).toBe(403);
    const res = await env.app.inject({ method: 'POST', url: `/unsubscribe?token=${unsubscribe_token}` });
    expect(res.statusCode).toBe(200);
    expect(
      (await env.db.selectFrom('newsletter_subscriptions').select('unsubscribed_at').executeTakeFirstOrThrow()).unsubscribed_at,
    ).not.toBeNull();
  });
});

describe('landing figures and testimonials', () => {
  it('counts only walk-on ride alerts (R1: 1–15 min) actually sent today; spots are hidden until an admin sets a capacity', async () => {
    const base = {
      email: 'a@b.co',
      channel: 'email',
      address: 'a@b.co',
      park_id: 'p',
      ride_name: 'Dumbo',
      message: 'm',
      wait_time: 5,
    } as const;
    await env.db
      .insertInto('deliveries')
      .values([
        { ...base, dedup_key: '1', ride_id: 'r1', status: 'sent', sent_at: now() },
        { ...base, dedup_key: '2', ride_id: 'r1', status: 'sent', sent_at: now() },
        { ...base, dedup_key: '3', ride_id: 'r1', status: 'queued' },
        { ...base, dedup_key: '4', ride_id: null, kind: 'test_alert', status: 'sent', sent_at: now() },
        { ...base, dedup_key: '5', ride_id: 'r1', status: 'sent', sent_at: new Date(Date.now() - 3 * 86_400_000) },
        // Sent today but no walk-on: back in service, and an alert at a 60-minute threshold.
        { ...base, dedup_key: '6', ride_id: 'r1', kind: 'back_in_service', status: 'sent', sent_at: now() },
        { ...base, dedup_key: '7', ride_id: 'r1', wait_time: 60, status: 'sent', sent_at: now() },
        { ...base, dedup_key: '8', ride_id: 'r1', wait_time: 15, status: 'sent', sent_at: now() },
      ])
      .execute();
    const stats = await (await createTestCaller(env.deps, null)).site.stats();
    expect(stats.alertsSentToday).toBe(3);
    expect(stats.topRides).toEqual([{ rideName: 'Dumbo', alerts: 5 }]);
    expect(stats.spotsLeftToday).toBeNull();
  });

  it('admins set the daily SMS capacity; users cannot', async () => {
    const u = await signUpUser(env.app, 'u@example.com');
    expect((await post('site.setSmsCapacity', { capacity: 250 }, u.cookie)).status).toBe(403);
    expect((await post('site.setSmsCapacity', { capacity: 250 })).status).toBe(401);
    await users.grantRole(env.db, u.id, 'admin');
    expect((await post('site.setSmsCapacity', { capacity: 250 }, u.cookie)).status).toBe(200);
    const stats = (await get('site.stats')).body.result.data;
    expect(stats.spotsLeftToday).toBe(250);
    expect(stats.spotsLeftTomorrow).toBe(250);
  });

  it('no testimonial is invented: the list is empty until an admin adds one, and only admins add or delete', async () => {
    expect((await get('site.testimonials')).body.result.data).toEqual([]);
    const u = await signUpUser(env.app, 'admin@example.com');
    const entry = { name: 'Real Person', parkVisited: 'EPCOT', text: 'We rode Soarin with a 5 minute wait.', rating: 5 };
    expect((await post('site.addTestimonial', entry, u.cookie)).status).toBe(403);
    await users.grantRole(env.db, u.id, 'admin');
    const add = await post('site.addTestimonial', entry, u.cookie);
    expect(add.status).toBe(200);
    const list = (await get('site.testimonials')).body.result.data as { id: string; name: string }[];
    expect(list).toEqual([{ id: add.body.result.data.id, name: 'Real Person', parkVisited: 'EPCOT', text: entry.text, rating: 5 }]);
    expect((await post('site.deleteTestimonial', { id: list[0]!.id }, u.cookie)).status).toBe(200);
    expect((await get('site.testimonials')).body.result.data).toEqual([]);
  });
});
