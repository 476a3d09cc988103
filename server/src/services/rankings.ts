import { catalogue, type ItemType, type RequestStatus, rankings } from '@walkon/db';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { listDestinations } from './catalogue.ts';
import { filterOptional, filterProfanity } from './profanity.ts';

/** Masks a reviewer's e-mail for public display: first letter and domain ("j•••@example.com"). */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return 'Anonymous';
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/**
 * Ranked items of one tab (docs/spec/part-2.md §2 Park Rankings) → { id, name, description, type, parkId, parkName,
 * averageRating (1 decimal) | null, totalReviews }[], from one aggregate query.
 */
export async function list(deps: AppDeps, input: { type: ItemType; parkId?: string; sort: 'rating' | 'reviews' }) {
  return rankings.listRanked(deps.db, input);
}

/** The parks to filter the rankings by: every park that has items → { id, name }, by name. */
export async function parksWithItems(deps: AppDeps) {
  return rankings.listParksWithItems(deps.db);
}

/**
 * Every catalogue park → { id, name, destinationName } (suggestion and admin forms), popular destinations
 * first. @throws AppError UNAVAILABLE when the catalogue is empty and the source fails.
 */
export async function allParks(deps: AppDeps) {
  return (await listDestinations(deps)).flatMap((d) => d.parks.map((p) => ({ id: p.id, name: p.name, destinationName: d.name })));
}

/**
 * Moderation (docs/spec/part-2.md §2, §4): the requests of one status, newest first, with the counts per status;
 * instants as ISO strings.
 */
export async function moderationList(deps: AppDeps, status: RequestStatus) {
  const [requests, counts] = await Promise.all([rankings.listRequests(deps.db, status), rankings.countRequests(deps.db)]);
  return {
    requests: requests.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    })),
    counts,
  };
}

async function requireItem(deps: AppDeps, id: string) {
  const item = await rankings.getItem(deps.db, id);
  if (!item) throw new AppError('NOT_FOUND', 'Item not found.');
  return item;
}

/** Item detail (docs/spec/part-2.md §2): aggregate, recent reviews (reviewer masked), and the caller's own rating. */
export async function itemDetail(deps: AppDeps, user: SessionUser | null, id: string) {
  const item = await requireItem(deps, id);
  const [reviews, mine] = await Promise.all([
    rankings.listReviews(deps.db, id),
    user ? rankings.findRating(deps.db, id, user.id) : undefined,
  ]);
  return {
    item,
    reviews: reviews.map((r) => ({
      id: r.id,
      rating: r.rating,
      comment: r.comment,
      createdAt: r.createdAt.toISOString(),
      reviewer: maskEmail(r.email),
    })),
    myRating: mine ? { rating: mine.rating, comment: mine.comment } : null,
  };
}

/**
 * Rates an item (docs/spec/part-2.md §4: created on first submit, then updated in place; one per user per item by a
 * unique constraint). The comment passes the profanity filter; the filtered text is stored (§5) and returned
 * → { created, filtered, comment (as stored, or null) }, so the form shows what others will read.
 */
export async function rate(deps: AppDeps, user: SessionUser, input: { itemId: string; rating: number; comment?: string | null }) {
  await requireItem(deps, input.itemId);
  const comment = filterOptional(input.comment);
  const { created } = await rankings.upsertRating(deps.db, {
    itemId: input.itemId,
    userId: user.id,
    rating: input.rating,
    comment: comment.text,
  });
  return { created, filtered: comment.filtered, comment: comment.text };
}

/** Admin: every item with its park, ordered by name. */
export async function adminItems(deps: AppDeps) {
  return rankings.listItemsForAdmin(deps.db);
}

/**
 * Admin: adds an item (docs/spec/part-2.md §2 Admin) → { id, name }.
 * @throws AppError BAD_REQUEST "Please fill in all required fields" for an unknown park.
 */
export async function addItem(
  deps: AppDeps,
  admin: SessionUser,
  input: { name: string; type: ItemType; parkId: string; description?: string | null },
) {
  if (!(await catalogue.getPark(deps.db, input.parkId))) throw new AppError('BAD_REQUEST', 'Please fill in all required fields');
  return rankings.insertItem(deps.db, {
    name: input.name,
    type: input.type,
    parkId: input.parkId,
    description: input.description?.trim() || null,
    createdBy: admin.id,
  });
}

/** Admin: deletes an item (its ratings and requests go with it) → { ok }. @throws AppError NOT_FOUND. */
export async function deleteItem(deps: AppDeps, id: string) {
  if (!(await rankings.deleteItem(deps.db, id))) throw new AppError('NOT_FOUND', 'Item not found.');
  return { ok: true as const };
}

/** Suggests a new item (pending request; docs/spec/part-2.md §4). Name and description are filtered. */
export async function suggestNew(
  deps: AppDeps,
  user: SessionUser,
  input: { name: string; description?: string | null; parkId: string; type: ItemType },
) {
  if (!(await catalogue.getPark(deps.db, input.parkId))) throw new AppError('BAD_REQUEST', 'Please fill in all required fields');
  const name = filterProfanity(input.name.trim());
  const description = filterOptional(input.description);
  await rankings.insertRequest(deps.db, {
    kind: 'new',
    itemId: null,
    name: name.text,
    description: description.text,
    parkId: input.parkId,
    type: input.type,
    requestedBy: user.id,
  });
  return { filtered: name.filtered || description.filtered };
}

/**
 * Suggests an edit of an item (docs/spec/part-2.md §4). Refused when neither name nor description changed
 * ("Please make changes before submitting").
 */
export async function suggestEdit(deps: AppDeps, user: SessionUser, input: { itemId: string; name: string; description?: string | null }) {
  const item = await requireItem(deps, input.itemId);
  const newName = input.name.trim();
  const newDescription = input.description?.trim() || null;
  if (newName === item.name && newDescription === (item.description ?? null))
    throw new AppError('BAD_REQUEST', 'Please make changes before submitting');
  const name = filterProfanity(newName);
  const description = filterOptional(newDescription);
  await rankings.insertRequest(deps.db, {
    kind: 'edit',
    itemId: item.id,
    name: name.text,
    description: description.text,
    parkId: item.parkId,
    type: item.type,
    requestedBy: user.id,
  });
  return { filtered: name.filtered || description.filtered };
}

/**
 * Approves a pending request in one transaction (docs/spec/part-2.md §4, docs/DESIGN.md §6): a new-item request creates the
 * item with created_by = requester; an edit request updates the original item; reviewer and time recorded.
 * @throws AppError NOT_FOUND, CONFLICT when the request was already decided (approved/rejected are terminal).
 */
export async function approve(deps: AppDeps, reviewer: SessionUser, id: string) {
  return deps.db.transaction().execute(async (tx) => {
    const req = await rankings.lockRequest(tx, id);
    if (!req) throw new AppError('NOT_FOUND', 'Request not found.');
    if (req.status !== 'pending') throw new AppError('CONFLICT', `This request was already ${req.status}.`);
    if (req.kind === 'edit' && req.itemId) {
      await rankings.updateItem(tx, req.itemId, { name: req.name, description: req.description });
    } else {
      await rankings.insertItem(tx, {
        name: req.name,
        description: req.description,
        parkId: req.parkId,
        type: req.type,
        createdBy: req.requestedBy,
      });
    }
    await rankings.decideRequest(tx, id, 'approved', reviewer.id, deps.now());
    return { name: req.name, kind: req.kind };
  });
}

/** Rejects a pending request (terminal). @throws AppError NOT_FOUND, CONFLICT when already decided. */
export async function reject(deps: AppDeps, reviewer: SessionUser, id: string) {
  return deps.db.transaction().execute(async (tx) => {
    const req = await rankings.lockRequest(tx, id);
    if (!req) throw new AppError('NOT_FOUND', 'Request not found.');
    if (req.status !== 'pending') throw new AppError('CONFLICT', `This request was already ${req.status}.`);
    await rankings.decideRequest(tx, id, 'rejected', reviewer.id, deps.now());
    return { name: req.name };
  });
}
