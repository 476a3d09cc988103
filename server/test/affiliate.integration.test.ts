import { users } from '@walkon/db';
import { createOutboxNotifier } from '@walkon/integrations/providers';
import { sendConfirmation } from '@walkon/jobs';
import { describe, expect, it } from 'vitest';
import { createTestCaller, ORIGIN, signUpUser, trpcCall, withTestServer } from './harness.ts';

const env = withTestServer();
const now = () => new Date();

const post = (proc: string, input: unknown, cookie?: string) => trpcCall(env.app, proc, input, cookie);

describe('affiliate applications (docs/spec/part-2.md §3, §5, §6)', () => {
  it('stores a valid application with total_followers computed on the server and the signed-in user attached; confirms once', async () => {
    const s = await signUpUser(env.app, 'ana@example.com');
    const r = await post(
      'affiliate.submit',
      {
        fullName: 'Ana Creator',
        email: 'ana@example.com',
        primaryPlatform: 'youtube',
        instagramFollowers: 100,
        youtubeSubscribers: '2500',
        totalFollowers: 999999,
        whyJoin: 'I make park videos every week.',
      },
      s.cookie,
    );
    expect(r.status).toBe(200);
    expect(r.body.result.data).toEqual({ ok: true, totalFollowers: 2600 });
    const row = await env.db.selectFrom('affiliate_applications').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ total_followers: 2600, user_id: s.id, status: 'new', primary_platform: 'youtube' });
    expect((await env.queues.sendEmail.getJob(`affiliate-${row.id}`))?.data).toEqual({ confirmation: 'affiliate', id: row.id });
    const deps = { db: env.db, notifier: createOutboxNotifier(), now, publicOrigin: ORIGIN };
    expect(await sendConfirmation(deps, 'affiliate', row.id)).toBe(true);
    expect(await sendConfirmation(deps, 'affiliate', row.id)).toBe(false);
    const mails = await env.db
      .selectFrom('outbox_messages')
      .select(['to_address', 'body_text'])
      .where('to_address', '=', 'ana@example.com')
      .where('subject', '!=', 'Confirm your WalkOn e-mail address') // sign-up's verification e-mail
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body_text).toContain('2-3 business days');
  });

  it('docs/spec/part-2.md §5: the server refuses an application without any follower count (400 on primaryPlatform)', async () => {
    const r = await post('affiliate.submit', {
      fullName: 'Bo',
      email: 'bo@example.com',
      primaryPlatform: 'other',
      whyJoin: 'I love theme parks a lot.',
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('Please provide at least one social media handle with follower count');
    expect(r.body.error.data.zodError.fieldErrors.primaryPlatform).toEqual([
      'Please provide at least one social media handle with follower count',
    ]);
  });

  it('only admins list applications and change their status', async () => {
    await post('affiliate.submit', {
      fullName: 'Cy',
      email: 'cy@example.com',
      primaryPlatform: 'tiktok',
      tiktokFollowers: 10,
      whyJoin: 'Short videos of rides.',
    });
    const u = await signUpUser(env.app);
    await expect((await createTestCaller(env.deps, u)).affiliate.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await users.grantRole(env.db, u.id, 'admin');
    const admin = await createTestCaller(env.deps, u);
    const cy = (await admin.affiliate.list()).find((a) => a.email === 'cy@example.com')!;
    await admin.affiliate.setStatus({ id: cy.id, status: 'contacted' });
    expect(
      (await env.db.selectFrom('affiliate_applications').select('status').where('id', '=', cy.id).executeTakeFirstOrThrow()).status,
    ).toBe('contacted');
  });
});
