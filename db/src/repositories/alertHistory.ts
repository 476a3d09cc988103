import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import { type EmailOwner, scopeOf } from '../scope.ts';

/** Recent-history window and size (docs/spec/part-1.md §9: 24 hours, at most 10). */
export const HISTORY_HOURS = 24;
export const HISTORY_LIMIT = 10;

/** A person's visible alert history: last 10 deliveries in 24 h, newest first (docs/spec/part-1.md §7). */
export async function listRecent(db: Executor, owner: EmailOwner, now: Date, parkId?: string) {
  const { email, userId } = scopeOf(owner);
  let q = db
    .selectFrom('deliveries')
    .select([
      'id',
      'ride_name as rideName',
      'wait_time as waitTime',
      'message',
      'created_at as createdAt',
      'channel',
      'status',
      'kind',
      'park_id as parkId',
    ])
    .where('email', '=', email)
    .where('hidden', '=', false)
    // The alerts-on confirmation is not an alert (docs/rules.md R16b).
    .where('kind', '<>', 'alerts_on')
    .where('created_at', '>', sql<Date>`${now}::timestamptz - make_interval(hours => ${HISTORY_HOURS})`)
    .orderBy('created_at', 'desc')
    .limit(HISTORY_LIMIT);
  if (parkId) q = q.where('park_id', '=', parkId);
  if (userId) q = q.where('subscription_id', 'in', ownSubscriptions(db, userId));
  return q.execute();
}

/** Ids of the subscriptions an account created itself (an unverified account's history scope). */
function ownSubscriptions(db: Executor, userId: string) {
  return db.selectFrom('subscriptions').select('id').where('user_id', '=', userId);
}

/**
 * The newest delivery of a person (any kind) since `since`, for the 15-minute cooldown (docs/spec/part-1.md §4) →
 * { createdAt, kind, rideName } (what started the cooldown, so the page can say so), or undefined.
 */
export async function lastDeliverySince(db: Executor, owner: EmailOwner, since: Date) {
  const { email, userId } = scopeOf(owner);
  let q = db
    .selectFrom('deliveries')
    .select(['created_at as createdAt', 'kind', 'ride_name as rideName'])
    .where('email', '=', email)
    .where('kind', '<>', 'alerts_on')
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(1);
  if (userId) q = q.where('subscription_id', 'in', ownSubscriptions(db, userId));
  return q.executeTakeFirst();
}

/** Hides a person's history from view (the ledger stays for de-duplication). Returns how many were hidden. */
export async function clearHistory(db: Executor, owner: EmailOwner): Promise<number> {
  const { email, userId } = scopeOf(owner);
  let q = db.updateTable('deliveries').set({ hidden: true }).where('email', '=', email).where('hidden', '=', false);
  if (userId) q = q.where('subscription_id', 'in', ownSubscriptions(db, userId));
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}
