import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogue, rides } from './index.ts';
import { createTestDb, truncateAll } from './testing.ts';
import type { Database } from './types.ts';

// docs/rules.md R21, docs/decisions/026: a pass granted while the park's ride list could not load watches every
// attraction of the park once the list is stored; anyone who already has a ride row for the park keeps their choice.
let db: Kysely<Database>;
beforeAll(async () => {
  ({ db } = await createTestDb());
});
afterAll(async () => db.destroy());
beforeEach(async () => truncateAll(db));

async function subscribe(email: string, parkId: string, active = true) {
  await sql`insert into subscriptions (email, park_id, active, start_date, end_date)
            values (${email}, ${parkId}, ${active}, '2026-12-07', '2026-12-08')`.execute(db);
}
const watched = async (email: string) =>
  (await db.selectFrom('user_rides').select(['ride_id', 'active']).where('email', '=', email).orderBy('ride_id').execute()).map(
    (r) => `${r.ride_id}:${r.active}`,
  );

describe('rides.selectPendingDefaults', () => {
  it('gives every attraction of the park to an active subscription without rides, and to no one else', async () => {
    await catalogue.upsertDestinations(db, [
      {
        id: 'd',
        name: 'D',
        parks: [
          { id: 'p1', name: 'P1' },
          { id: 'p2', name: 'P2' },
        ],
      },
    ]);
    await catalogue.upsertAttractions(db, [
      { id: 'a1', parkId: 'p1', name: 'A1', entityType: 'ATTRACTION' },
      { id: 'a2', parkId: 'p1', name: 'A2', entityType: 'ATTRACTION' },
      { id: 'a3', parkId: 'p1', name: 'A3', entityType: 'ATTRACTION' },
      { id: 's1', parkId: 'p1', name: 'Show', entityType: 'SHOW' },
      { id: 'b1', parkId: 'p2', name: 'B1', entityType: 'ATTRACTION' },
    ]);
    await subscribe('waiting@x.test', 'p1'); // no ride row for p1: gets a1, a2, a3 (not the show, not p2's b1)
    await subscribe('chose@x.test', 'p1'); // chose a2 (then unselected it): keeps exactly that
    await sql`insert into user_rides (email, park_id, ride_id, active) values ('chose@x.test', 'p1', 'a2', false)`.execute(db);
    await subscribe('inactive@x.test', 'p1', false); // not active: nothing
    await subscribe('other@x.test', 'p2'); // another park's pass: nothing from p1
    await subscribe('both@x.test', 'p1'); // rides at p2 only: still waiting at p1
    await sql`insert into user_rides (email, park_id, ride_id, active) values ('both@x.test', 'p2', 'b1', true)`.execute(db);

    expect(await rides.selectPendingDefaults(db, 'p1')).toBe(6); // 3 for waiting@ + 3 for both@
    expect(await watched('waiting@x.test')).toEqual(['a1:true', 'a2:true', 'a3:true']);
    expect(await watched('chose@x.test')).toEqual(['a2:false']);
    expect(await watched('inactive@x.test')).toEqual([]);
    expect(await watched('other@x.test')).toEqual([]);
    expect(await watched('both@x.test')).toEqual(['a1:true', 'a2:true', 'a3:true', 'b1:true']);
    // The next poll finds no one waiting.
    expect(await rides.selectPendingDefaults(db, 'p1')).toBe(0);
  });

  it('starts from the rides_pending rows the triggers keep: the rule (active, no ride row for the park) after every kind of change', async () => {
    await catalogue.upsertDestinations(db, [{ id: 'd', name: 'D', parks: [{ id: 'p1', name: 'P1' }] }]);
    await catalogue.upsertAttractions(db, [{ id: 'a1', parkId: 'p1', name: 'A1', entityType: 'ATTRACTION' }]);
    // The rule, read straight from the tables (the scan the poll no longer runs), against what the triggers kept.
    const rule = async () =>
      (
        await sql<{ email: string }>`select s.email from subscriptions s where s.active
          and not exists (select 1 from user_rides ur where ur.email = s.email and ur.park_id = s.park_id) order by s.email`.execute(db)
      ).rows.map((r) => r.email);
    const kept = async () =>
      (await sql<{ email: string }>`select email from rides_pending order by email`.execute(db)).rows.map((r) => r.email);
    const step = async (expected: string[]) => {
      expect(await rule()).toEqual(expected);
      expect(await kept()).toEqual(expected);
    };
    await subscribe('a@x.test', 'p1');
    await subscribe('b@x.test', 'p1');
    await subscribe('off@x.test', 'p1', false);
    await step(['a@x.test', 'b@x.test']);
    await sql`insert into user_rides (email, park_id, ride_id, active) values ('b@x.test', 'p1', 'a1', false)`.execute(db);
    await step(['a@x.test']); // a switched-off selection is a choice
    await sql`update subscriptions set active = false where email = 'a@x.test'`.execute(db);
    await step([]);
    await sql`update subscriptions set active = true where email in ('a@x.test', 'off@x.test')`.execute(db);
    await step(['a@x.test', 'off@x.test']);
    await sql`delete from user_rides where email = 'b@x.test'`.execute(db);
    await step(['a@x.test', 'b@x.test', 'off@x.test']);
    // An address change moves the ride rows: the old pair loses them, the new pair gains them.
    await sql`insert into user_rides (email, park_id, ride_id, active) values ('moved@x.test', 'p1', 'a1', true)`.execute(db);
    await sql`update user_rides set email = 'off@x.test' where email = 'moved@x.test'`.execute(db);
    await step(['a@x.test', 'b@x.test']);
    await sql`update subscriptions set email = 'c@x.test' where email = 'b@x.test'`.execute(db);
    await step(['a@x.test', 'c@x.test']);
    await sql`delete from subscriptions where email = 'c@x.test'`.execute(db);
    await step(['a@x.test']);
    expect(await rides.selectPendingDefaults(db, 'p1')).toBe(1);
    await step([]);
  });

  it('removes a row two racing transactions left (a ride row exists) and selects nothing for it', async () => {
    await catalogue.upsertDestinations(db, [{ id: 'd', name: 'D', parks: [{ id: 'p1', name: 'P1' }] }]);
    await catalogue.upsertAttractions(db, [
      { id: 'a1', parkId: 'p1', name: 'A1', entityType: 'ATTRACTION' },
      { id: 'a2', parkId: 'p1', name: 'A2', entityType: 'ATTRACTION' },
    ]);
    await subscribe('raced@x.test', 'p1');
    await sql`insert into user_rides (email, park_id, ride_id, active) values ('raced@x.test', 'p1', 'a1', true)`.execute(db);
    // What a subscription committed beside the ride row's insert leaves (neither trigger saw the other's row).
    await sql`insert into rides_pending (subscription_id, park_id, email)
      select id, park_id, email from subscriptions where email = 'raced@x.test'`.execute(db);
    expect(await rides.selectPendingDefaults(db, 'p1')).toBe(0);
    expect(await watched('raced@x.test')).toEqual(['a1:true']);
    expect((await sql`select 1 from rides_pending`.execute(db)).rows).toHaveLength(0);
  });
});
