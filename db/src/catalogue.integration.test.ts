import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogue } from './index.ts';
import { createTestDb, truncateAll } from './testing.ts';
import type { Database } from './types.ts';

let db: Kysely<Database>;
beforeAll(async () => {
  ({ db } = await createTestDb());
});
afterAll(async () => db.destroy());
beforeEach(async () => truncateAll(db));

describe('catalogue repository', () => {
  it('upserts destinations and parks idempotently and lists them by name', async () => {
    const input = [
      {
        id: 'd1',
        name: 'Walt Disney World Resort',
        parks: [
          { id: 'p2', name: 'EPCOT' },
          { id: 'p1', name: 'Magic Kingdom Park' },
        ],
      },
    ];
    await catalogue.upsertDestinations(db, input);
    await catalogue.upsertDestinations(db, input);
    const list = await catalogue.listDestinations(db);
    expect(list).toHaveLength(1);
    expect(list[0]?.parks.map((p) => p.name)).toEqual(['EPCOT', 'Magic Kingdom Park']);
  });

  it('lists only ATTRACTION entities by default', async () => {
    await catalogue.upsertDestinations(db, [{ id: 'd1', name: 'D', parks: [{ id: 'p1', name: 'P' }] }]);
    await catalogue.upsertAttractions(db, [
      { id: 'a1', parkId: 'p1', name: 'Dumbo', entityType: 'ATTRACTION' },
      { id: 's1', parkId: 'p1', name: 'Show', entityType: 'SHOW' },
    ]);
    expect((await catalogue.listAttractions(db, 'p1')).map((a) => a.id)).toEqual(['a1']);
  });
});
