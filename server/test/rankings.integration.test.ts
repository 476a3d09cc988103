import { randomUUID } from 'node:crypto';
import { catalogue, users } from '@walkon/db';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestCaller, signUpUser, trpcCall, withTestServer } from './harness.ts';

const PARK = 'park-mk';
const env = withTestServer();

beforeEach(async () => {
  for (const t of ['ride_checklist', 'item_requests', 'ratings', 'items', 'sessions', 'user_roles', 'users'] as const)
    await env.db.deleteFrom(t).execute();
  await catalogue.upsertDestinations(env.db, [
    { id: 'wdw', name: 'Walt Disney World Resort', parks: [{ id: PARK, name: 'Magic Kingdom Park' }] },
  ]);
  await catalogue.upsertAttractions(env.db, [
    { id: 'r1', parkId: PARK, name: 'Space Mountain', entityType: 'ATTRACTION' },
    { id: 'r2', parkId: PARK, name: 'Jungle Cruise', entityType: 'ATTRACTION' },
    { id: 's1', parkId: PARK, name: 'Fireworks', entityType: 'SHOW' },
  ]);
});

async function person(role?: 'admin' | 'moderator') {
  const p = await signUpUser(env.app);
  if (role) await users.grantRole(env.db, p.id, role);
  return p;
}

async function item(name = 'Space Mountain', type: 'ride' | 'food' | 'experience' = 'ride') {
  return (
    await env.db
      .insertInto('items')
      .values({ name, park_id: PARK, type, description: 'Indoor coaster' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

describe('docs/spec/part-2.md §6: role matrix for every moderation and admin procedure', () => {
  it('signed-out 401, user 403, moderator only moderation, admin everything', async () => {
    const anyId = randomUUID();
    const procs: { proc: string; input: unknown; needs: 'moderator' | 'admin' }[] = [
      { proc: 'moderation.list', input: { status: 'pending' }, needs: 'moderator' },
      { proc: 'moderation.approve', input: { id: anyId }, needs: 'moderator' },
      { proc: 'moderation.reject', input: { id: anyId }, needs: 'moderator' },
      { proc: 'admin.items', input: undefined, needs: 'admin' },
      { proc: 'admin.addItem', input: { name: 'X', type: 'ride', parkId: PARK }, needs: 'admin' },
      { proc: 'admin.deleteItem', input: { id: anyId }, needs: 'admin' },
      { proc: 'admin.outbox', input: undefined, needs: 'admin' },
      { proc: 'admin.roles', input: undefined, needs: 'admin' },
      { proc: 'admin.grantRole', input: { email: 'nobody@example.com', role: 'moderator' }, needs: 'admin' },
      { proc: 'admin.revokeRole', input: { email: 'nobody@example.com', role: 'admin' }, needs: 'admin' },
      { proc: 'site.setSmsCapacity', input: { capacity: 5 }, needs: 'admin' },
      {
        proc: 'site.addTestimonial',
        input: { name: 'N', parkVisited: 'P', text: 'long enough text', rating: 5 },
        needs: 'admin',
      },
    ];
    const user = await person();
    const mod = await person('moderator');
    const adm = await person('admin');
    for (const p of procs) {
      const out = await trpcCall(env.app, p.proc, p.input);
      expect(out.status, `${p.proc} signed out`).toBe(401);
      const asUser = await trpcCall(env.app, p.proc, p.input, user.cookie);
      expect(asUser.status, `${p.proc} user`).toBe(403);
      expect(asUser.body.error.message).toBe(
        p.needs === 'admin' ? 'You do not have admin privileges' : 'You need moderator privileges to access this page',
      );
      const asMod = await trpcCall(env.app, p.proc, p.input, mod.cookie);
      if (p.needs === 'admin') expect(asMod.status, `${p.proc} moderator`).toBe(403);
      else expect(asMod.status, `${p.proc} moderator`).not.toBe(403);
      const asAdmin = await trpcCall(env.app, p.proc, p.input, adm.cookie);
      expect([401, 403], `${p.proc} admin`).not.toContain(asAdmin.status);
      expect(asAdmin.status, `${p.proc} admin`).toBeLessThan(500);
    }
  });
});

describe('ratings (docs/spec/part-2.md §4, §5, §9)', () => {
  it('create then update in place: one rating per user per item', async () => {
    const id = await item();
    const u = await person();
    expect((await trpcCall(env.app, 'rankings.rate', { itemId: id, rating: 4, comment: 'Fun' }, u.cookie)).data).toEqual({
      created: true,
      filtered: false,
      comment: 'Fun',
    });
    expect((await trpcCall(env.app, 'rankings.rate', { itemId: id, rating: 2, comment: 'Meh' }, u.cookie)).data).toEqual({
      created: false,
      filtered: false,
      comment: 'Meh',
    });
    const rows = await env.db.selectFrom('ratings').select(['rating', 'comment']).execute();
    expect(rows).toEqual([{ rating: 2, comment: 'Meh' }]);
    const detail = (await trpcCall(env.app, 'rankings.item', { id }, u.cookie)).data;
    expect(detail.myRating).toEqual({ rating: 2, comment: 'Meh' });
    expect(detail.reviews[0].reviewer).toMatch(/^p•••@example\.com$/);
  });

  it('docs/spec/part-2.md §9: averages are rounded to one decimal from one aggregate query; unrated items sort last', async () => {
    const a = await item('A ride');
    const b = await item('B ride');
    await item('C ride');
    for (const [it, r] of [
      [a, 5],
      [a, 4],
      [a, 4],
      [b, 5],
    ] as const) {
      const u = await person();
      await trpcCall(env.app, 'rankings.rate', { itemId: it, rating: r }, u.cookie);
    }
    const byRating = (await trpcCall(env.app, 'rankings.list', { type: 'ride', sort: 'rating' })).data;
    expect(
      byRating.map((i: { name: string; averageRating: number | null; totalReviews: number }) => [i.name, i.averageRating, i.totalReviews]),
    ).toEqual([
      ['B ride', 5, 1],
      ['A ride', 4.3, 3],
      ['C ride', null, 0],
    ]);
    const byReviews = (await trpcCall(env.app, 'rankings.list', { type: 'ride', sort: 'reviews' })).data;
    expect(byReviews.map((i: { name: string }) => i.name)).toEqual(['A ride', 'B ride', 'C ride']);
  });

  it('docs/spec/part-2.md §5: a rating needs sign-in and 1–5 stars; comments are profanity-filtered before storing', async () => {
    const id = await item();
    expect((await trpcCall(env.app, 'rankings.rate', { itemId: id, rating: 5 })).status).toBe(401);
    const u = await person();
    const zero = await trpcCall(env.app, 'rankings.rate', { itemId: id, rating: 0 }, u.cookie);
    expect(zero.status).toBe(400);
    expect(zero.body.error.message).toBe('Please select a star rating');
    const out = await trpcCall(env.app, 'rankings.rate', { itemId: id, rating: 3, comment: 'what a sh1t line' }, u.cookie);
    expect(out.data.filtered).toBe(true);
    expect(out.data.comment).toBe('what a **** line');
    const stored = (await env.db.selectFrom('ratings').select('comment').executeTakeFirstOrThrow()).comment;
    expect(stored).toBe('what a **** line');
  });
});

describe('suggestions and moderation (docs/spec/part-2.md §4, DESIGN §6)', () => {
  it('an approved edit request updates the original item; decisions are terminal and recorded', async () => {
    const id = await item();
    const u = await person();
    const mod = await person('moderator');
    const same = await trpcCall(
      env.app,
      'rankings.suggestEdit',
      { itemId: id, name: 'Space Mountain', description: 'Indoor coaster' },
      u.cookie,
    );
    expect(same.status).toBe(400);
    expect(same.body.error.message).toBe('Please make changes before submitting');
    await trpcCall(env.app, 'rankings.suggestEdit', { itemId: id, name: 'Space Mountain', description: 'Dark indoor coaster' }, u.cookie);
    const pending = (await trpcCall(env.app, 'moderation.list', { status: 'pending' }, mod.cookie)).data;
    expect(pending.counts).toEqual({ pending: 1, approved: 0, rejected: 0 });
    const req = pending.requests[0];
    expect(req).toMatchObject({ kind: 'edit', itemId: id, originalDescription: 'Indoor coaster', description: 'Dark indoor coaster' });
    expect((await trpcCall(env.app, 'moderation.approve', { id: req.id }, mod.cookie)).data).toEqual({
      name: 'Space Mountain',
      kind: 'edit',
    });
    const items = await env.db.selectFrom('items').select(['id', 'description']).execute();
    expect(items).toEqual([{ id, description: 'Dark indoor coaster' }]);
    const decided = await env.db.selectFrom('item_requests').select(['status', 'reviewed_by', 'reviewed_at']).executeTakeFirstOrThrow();
    expect(decided.status).toBe('approved');
    expect(decided.reviewed_by).toBe(mod.id);
    expect(decided.reviewed_at).not.toBeNull();
    const again = await trpcCall(env.app, 'moderation.reject', { id: req.id }, mod.cookie);
    expect(again.status).toBe(409);
  });

  it('an approved new-item request creates the item with created_by = requester; a rejected one creates nothing', async () => {
    const u = await person();
    const adm = await person('admin');
    await trpcCall(
      env.app,
      'rankings.suggestNew',
      { name: 'Dole Whip', parkId: PARK, type: 'food', description: 'Pineapple soft serve' },
      u.cookie,
    );
    await trpcCall(env.app, 'rankings.suggestNew', { name: 'Nope', parkId: PARK }, u.cookie);
    const reqs = (await trpcCall(env.app, 'moderation.list', { status: 'pending' }, adm.cookie)).data.requests as {
      id: string;
      name: string;
      type: string;
    }[];
    expect(reqs.find((r) => r.name === 'Nope')?.type).toBe('ride');
    await trpcCall(env.app, 'moderation.approve', { id: reqs.find((r) => r.name === 'Dole Whip')!.id }, adm.cookie);
    await trpcCall(env.app, 'moderation.reject', { id: reqs.find((r) => r.name === 'Nope')!.id }, adm.cookie);
    const items = await env.db.selectFrom('items').select(['name', 'type', 'created_by']).execute();
    expect(items).toEqual([{ name: 'Dole Whip', type: 'food', created_by: u.id }]);
  });
});

describe('ride checklist (docs/spec/part-2.md §2, §3)', () => {
  it('add is idempotent, tick sets completed_at, untick clears it, progress and reset work, others cannot touch it', async () => {
    const u = await createTestCaller(env.deps, await person());
    const other = await createTestCaller(env.deps, await person());
    expect(await u.checklist.addAll({ parkId: PARK })).toEqual({ added: 2 });
    expect(await u.checklist.addAll({ parkId: PARK })).toEqual({ added: 0 });
    expect(await u.checklist.add({ parkId: PARK, rideIds: ['r1'] })).toEqual({ added: 0 });
    let list = await u.checklist.list({ parkId: PARK });
    expect(list.items.map((i) => i.rideName)).toEqual(['Jungle Cruise', 'Space Mountain']);
    const first = list.items[0]!;
    await u.checklist.toggle({ id: first.id, completed: true });
    list = await u.checklist.list({ parkId: PARK });
    expect(list.items[0]!.completedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(list.progress).toEqual({ completed: 1, total: 2, percent: 50 });
    await expect(other.checklist.toggle({ id: first.id, completed: false })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await u.checklist.toggle({ id: first.id, completed: false });
    list = await u.checklist.list({ parkId: PARK });
    expect(list.items[0]).toMatchObject({ completed: false, completedAt: null });
    expect((await other.checklist.list({ parkId: PARK })).items).toEqual([]);
    expect(await u.checklist.reset({ parkId: PARK })).toEqual({ removed: 2 });
  });
});
