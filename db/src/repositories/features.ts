import { FEATURE_KEYS, type FeatureKey, type FeatureState } from '@walkon/domain/rules/features';
import type { Generated } from 'kysely';
import { type Selectable, sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { GeneratedTimestamp, Timestamp } from '../types.ts';

/**
 * A feature's state when no admin has set it yet: early access, with no expected launch ('' — shown as
 * "Early access"; docs/spec/part-2.md §9's "Q1 2025" / "Q2 2025" are long past). The row written by `setFlag` overrides it.
 */
export const FEATURE_DEFAULTS: Record<FeatureKey, { state: FeatureState; launchLabel: string; title: string }> = {
  restaurant_alerts: { state: 'early_access', launchLabel: '', title: 'Restaurant Alerts' },
  lightning_lane: { state: 'early_access', launchLabel: '', title: 'Lightning Lane Assist' },
};

/** A feature's effective gate. */
export interface FeatureFlag {
  key: FeatureKey;
  title: string;
  state: FeatureState;
  /** The admin's expected launch as typed ('' = none); visitors see it through the server's publicLaunchLabel. */
  launchLabel: string;
  updatedAt: Date | null;
}

function toFlag(key: FeatureKey, row: Selectable<FeatureFlagsTable> | undefined): FeatureFlag {
  const d = FEATURE_DEFAULTS[key];
  return {
    key,
    title: d.title,
    state: row?.state ?? d.state,
    launchLabel: row?.launch_label ?? d.launchLabel,
    updatedAt: row?.updated_at ?? null,
  };
}

/** Every feature's gate (stored row, else the default), in FEATURE_KEYS order. */
export async function listFlags(db: Executor): Promise<FeatureFlag[]> {
  const rows = await db.selectFrom('feature_flags').selectAll().execute();
  return FEATURE_KEYS.map((key) =>
    toFlag(
      key,
      rows.find((r) => r.key === key),
    ),
  );
}

/** One feature's gate (stored row, else the default). */
export async function getFlag(db: Executor, key: FeatureKey): Promise<FeatureFlag> {
  return toFlag(key, await db.selectFrom('feature_flags').selectAll().where('key', '=', key).executeTakeFirst());
}

/** Sets a feature's state and launch label (admin). */
export async function setFlag(
  db: Executor,
  f: { key: FeatureKey; state: FeatureState; launchLabel: string; updatedBy: string },
): Promise<void> {
  await db
    .insertInto('feature_flags')
    .values({ key: f.key, state: f.state, launch_label: f.launchLabel, updated_by: f.updatedBy })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ state: f.state, launch_label: f.launchLabel, updated_by: f.updatedBy, updated_at: sql`now()` }),
    )
    .execute();
}

/** Whether a user holds an early-access grant for a feature. */
export async function hasGrant(db: Executor, key: FeatureKey, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('feature_access_grants')
    .select('user_id')
    .where('feature_key', '=', key)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Grants early access (idempotent); also marks the user's pending requests for it granted → { created (false
 * when the user already held it, so the caller tells the person once), email (the account's current address) }.
 */
export async function grant(
  db: Executor,
  key: FeatureKey,
  userId: string,
  grantedBy: string,
): Promise<{ created: boolean; email: string | null }> {
  const inserted = await db
    .insertInto('feature_access_grants')
    .values({ feature_key: key, user_id: userId, granted_by: grantedBy })
    .onConflict((oc) => oc.columns(['feature_key', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  await db
    .updateTable('early_access_requests')
    .set({ status: 'granted', handled_by: grantedBy, handled_at: sql`now()` })
    .where('feature_key', '=', key)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('user_id', '=', userId), ...(user ? [eb(sql`lower(email)`, '=', user.email.toLowerCase())] : [])]))
    .execute();
  return { created: inserted.length > 0, email: user?.email ?? null };
}

/** Removes a grant. Returns false when there was none. */
export async function revoke(db: Executor, key: FeatureKey, userId: string): Promise<boolean> {
  const r = await db.deleteFrom('feature_access_grants').where('feature_key', '=', key).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Every grant → { featureKey, userId, email, fullName, grantedAt }, newest first (admin list). */
export async function listGrants(db: Executor) {
  return db
    .selectFrom('feature_access_grants as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select(['g.feature_key as featureKey', 'g.user_id as userId', 'u.email', 'u.full_name as fullName', 'g.granted_at as grantedAt'])
    .orderBy('g.granted_at', 'desc')
    .execute();
}

/**
 * Stores a request for early access. A person has at most one pending request per feature (unique index on
 * feature and lower(email) where pending); asking again replaces its message and keeps the account it was
 * tied to. One statement, so two requests at once cannot both insert (no unique-violation error).
 * Returns the request id.
 */
export async function requestAccess(
  db: Executor,
  r: { key: FeatureKey; userId: string | null; email: string; message: string | null },
): Promise<string> {
  const row = await db
    .insertInto('early_access_requests')
    .values({ feature_key: r.key, user_id: r.userId, email: r.email, message: r.message })
    .onConflict((oc) =>
      oc.expression(sql`feature_key, lower(email)`).where('status', '=', 'pending').doUpdateSet({
        message: r.message,
        user_id: sql`coalesce(excluded.user_id, early_access_requests.user_id)`,
        created_at: sql`now()`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether this person (user or e-mail) has a pending request for a feature. */
export async function hasPendingRequest(
  db: Executor,
  key: FeatureKey,
  who: { userId: string | null; email: string | null },
): Promise<boolean> {
  if (!who.userId && !who.email) return false;
  const row = await db
    .selectFrom('early_access_requests')
    .select('id')
    .where('feature_key', '=', key)
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        ...(who.userId ? [eb('user_id', '=', who.userId)] : []),
        ...(who.email ? [eb(sql`lower(email)`, '=', who.email.toLowerCase())] : []),
      ]),
    )
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Early-access requests → { id, featureKey, email, message, status, createdAt, handledAt, accountUserId (the
 * account using the e-mail, or null) }, pending first then newest (admin list).
 */
export async function listRequests(db: Executor, limit = 100) {
  return db
    .selectFrom('early_access_requests as r')
    .leftJoin('users as u', (j) => j.on(sql`lower(u.email)`, '=', sql`lower(r.email)`))
    .select([
      'r.id',
      'r.feature_key as featureKey',
      'r.email',
      'r.message',
      'r.status',
      'r.created_at as createdAt',
      'r.handled_at as handledAt',
      'u.id as accountUserId',
    ])
    .orderBy(sql`r.status = 'pending'`, 'desc')
    .orderBy('r.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** A request by id → { id, featureKey, userId, email, message, status, handledBy, handledAt, createdAt }, or undefined. */
export async function getRequest(db: Executor, id: string) {
  return db
    .selectFrom('early_access_requests')
    .select([
      'id',
      'feature_key as featureKey',
      'user_id as userId',
      'email',
      'message',
      'status',
      'handled_by as handledBy',
      'handled_at as handledAt',
      'created_at as createdAt',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks a pending request handled. Returns false when it was not pending. */
export async function resolveRequest(
  db: Executor,
  id: string,
  status: Exclude<EarlyAccessStatus, 'pending'>,
  handledBy: string,
): Promise<boolean> {
  const r = await db
    .updateTable('early_access_requests')
    .set({ status, handled_by: handledBy, handled_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export interface FeatureFlagsTable {
  key: FeatureKey;
  state: Generated<FeatureState>;
  /** Expected launch shown on the coming-soon screen, e.g. "Q1 2025". */
  launch_label: string;
  updated_by: string | null;
  updated_at: GeneratedTimestamp;
}

/** A user let into a feature in early access. */
export interface FeatureAccessGrantsTable {
  feature_key: FeatureKey;
  user_id: string;
  granted_by: string | null;
  granted_at: GeneratedTimestamp;
}

type EarlyAccessStatus = 'pending' | 'granted' | 'dismissed';

/** A request for early access from the coming-soon screen (the five-click form). */
export interface EarlyAccessRequestsTable {
  id: Generated<string>;
  feature_key: FeatureKey;
  user_id: string | null;
  email: string;
  message: string | null;
  status: Generated<EarlyAccessStatus>;
  handled_by: string | null;
  handled_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}
