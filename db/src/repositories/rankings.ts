import type { Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { GeneratedTimestamp, Timestamp } from '../types.ts';

/** Items with park name, average rating (one decimal, null when unrated) and review count, grouped per item. */
function itemsWithAggregate(db: Executor) {
  return db
    .selectFrom('items as i')
    .innerJoin('parks as p', 'p.id', 'i.park_id')
    .leftJoin('ratings as r', 'r.item_id', 'i.id')
    .select([
      'i.id',
      'i.name',
      'i.description',
      'i.type',
      'i.park_id as parkId',
      'p.name as parkName',
      sql<number | null>`round(avg(r.rating)::numeric, 1)::float8`.as('averageRating'),
      sql<number>`count(r.id)::int`.as('totalReviews'),
    ])
    .groupBy(['i.id', 'p.name']);
}

/**
 * Ranked items with average (one decimal) and review count from ONE aggregate query per list (docs/spec/part-2.md
 * §2 Park Rankings; not one query per item). Sort `rating` = highest average first (unrated last), then
 * reviews; `reviews` = most reviews first, then average. Ties by name.
 */
export async function listRanked(db: Executor, opts: { type: ItemType; parkId?: string; sort: 'rating' | 'reviews' }) {
  let q = itemsWithAggregate(db).where('i.type', '=', opts.type);
  if (opts.parkId) q = q.where('i.park_id', '=', opts.parkId);
  q =
    opts.sort === 'rating'
      ? q.orderBy(sql`avg(r.rating) desc nulls last`).orderBy(sql`count(r.id)`, 'desc')
      : q.orderBy(sql`count(r.id)`, 'desc').orderBy(sql`avg(r.rating) desc nulls last`);
  return q.orderBy('i.name').execute();
}

/** The parks to filter the rankings by: every park that has items → { id, name }, by name. */
export async function listParksWithItems(db: Executor) {
  return db
    .selectFrom('items')
    .innerJoin('parks', 'parks.id', 'items.park_id')
    .select(['parks.id', 'parks.name'])
    .distinct()
    .orderBy('parks.name')
    .execute();
}

/** One item with its aggregate, or undefined. */
export async function getItem(db: Executor, id: string) {
  return itemsWithAggregate(db).where('i.id', '=', id).executeTakeFirst();
}

/** An item's reviews, newest first, with the reviewer's e-mail (docs/spec/part-2.md §2 Recent Reviews). */
export async function listReviews(db: Executor, itemId: string, limit = 20) {
  return db
    .selectFrom('ratings as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.rating', 'r.comment', 'r.created_at as createdAt', 'r.updated_at as updatedAt', 'u.email'])
    .where('r.item_id', '=', itemId)
    .orderBy('r.updated_at', 'desc')
    .limit(limit)
    .execute();
}

/** The user's own rating of an item, or undefined. */
export async function findRating(db: Executor, itemId: string, userId: string) {
  return db
    .selectFrom('ratings')
    .select(['id', 'rating', 'comment'])
    .where('item_id', '=', itemId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Creates the user's rating or updates it in place (unique item + user). Returns whether it was new. */
export async function upsertRating(
  db: Executor,
  r: { itemId: string; userId: string; rating: number; comment: string | null },
): Promise<{ created: boolean }> {
  const row = await db
    .insertInto('ratings')
    .values({ item_id: r.itemId, user_id: r.userId, rating: r.rating, comment: r.comment })
    .onConflict((oc) => oc.columns(['item_id', 'user_id']).doUpdateSet({ rating: r.rating, comment: r.comment, updated_at: sql`now()` }))
    .returning(sql<boolean>`(xmax = 0)`.as('created'))
    .executeTakeFirstOrThrow();
  return { created: row.created };
}

/** Admin: items ordered by name, with park names. */
export async function listItemsForAdmin(db: Executor) {
  return db
    .selectFrom('items as i')
    .innerJoin('parks as p', 'p.id', 'i.park_id')
    .select(['i.id', 'i.name', 'i.type', 'i.description', 'i.park_id as parkId', 'p.name as parkName'])
    .orderBy('i.name')
    .execute();
}

/** Creates an item. */
export async function insertItem(
  db: Executor,
  i: { name: string; description: string | null; parkId: string; type: ItemType; createdBy: string | null },
) {
  return db
    .insertInto('items')
    .values({ name: i.name, description: i.description, park_id: i.parkId, type: i.type, created_by: i.createdBy })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

/** Updates an item's name and description (approved edit request, docs/DESIGN.md §6). */
export async function updateItem(db: Executor, id: string, changes: { name: string; description: string | null }) {
  await db
    .updateTable('items')
    .set({ name: changes.name, description: changes.description, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Deletes an item (its ratings and requests cascade). Returns whether it existed. */
export async function deleteItem(db: Executor, id: string): Promise<boolean> {
  const r = await db.deleteFrom('items').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Stores a pending suggestion (new item or edit). */
export async function insertRequest(
  db: Executor,
  r: {
    kind: 'new' | 'edit';
    itemId: string | null;
    name: string;
    description: string | null;
    parkId: string;
    type: ItemType;
    requestedBy: string;
  },
) {
  return db
    .insertInto('item_requests')
    .values({
      kind: r.kind,
      item_id: r.itemId,
      name: r.name,
      description: r.description,
      park_id: r.parkId,
      type: r.type,
      requested_by: r.requestedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Requests of one status, newest first, with park and original item names. */
export async function listRequests(db: Executor, status: RequestStatus) {
  return db
    .selectFrom('item_requests as q')
    .innerJoin('parks as p', 'p.id', 'q.park_id')
    .leftJoin('items as i', 'i.id', 'q.item_id')
    .select([
      'q.id',
      'q.kind',
      'q.item_id as itemId',
      'i.name as originalName',
      'i.description as originalDescription',
      'q.name',
      'q.description',
      'q.park_id as parkId',
      'p.name as parkName',
      'q.type',
      'q.status',
      'q.created_at as createdAt',
      'q.reviewed_at as reviewedAt',
    ])
    .where('q.status', '=', status)
    .orderBy('q.created_at', 'desc')
    .execute();
}

/** Counts of requests per status. */
export async function countRequests(db: Executor): Promise<Record<RequestStatus, number>> {
  const rows = await db
    .selectFrom('item_requests')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const out: Record<RequestStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

/**
 * Locks one request for a decision (FOR UPDATE) → { id, kind, itemId, name, description, parkId, type,
 * requestedBy, status, reviewedBy, reviewedAt, createdAt }, or undefined.
 */
export async function lockRequest(db: Executor, id: string) {
  return db
    .selectFrom('item_requests')
    .select([
      'id',
      'kind',
      'item_id as itemId',
      'name',
      'description',
      'park_id as parkId',
      'type',
      'requested_by as requestedBy',
      'status',
      'reviewed_by as reviewedBy',
      'reviewed_at as reviewedAt',
      'created_at as createdAt',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Records the decision on a request. */
export async function decideRequest(
  db: Executor,
  id: string,
  status: 'approved' | 'rejected',
  reviewerId: string,
  now: Date,
): Promise<void> {
  await db.updateTable('item_requests').set({ status, reviewed_by: reviewerId, reviewed_at: now }).where('id', '=', id).execute();
}

export type ItemType = 'ride' | 'food' | 'experience';

export type RequestStatus = 'pending' | 'approved' | 'rejected';

export interface ItemsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  park_id: string;
  type: ItemType;
  created_by: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface RatingsTable {
  id: Generated<string>;
  item_id: string;
  user_id: string;
  /** 1–5 stars. */
  rating: number;
  comment: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface ItemRequestsTable {
  id: Generated<string>;
  /** `new` item or `edit` of `item_id` (docs/DESIGN.md §6: approving an edit updates the original). */
  kind: 'new' | 'edit';
  item_id: string | null;
  name: string;
  description: string | null;
  park_id: string;
  type: ItemType;
  requested_by: string;
  status: Generated<RequestStatus>;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}
