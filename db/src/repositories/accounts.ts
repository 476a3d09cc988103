import { createHash, randomBytes } from 'node:crypto';
import type { ColumnType, Generated } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import type { GeneratedTimestamp, Timestamp } from '../types.ts';
import { userColumns } from './users.ts';

/** An account by id (same shape as `users.findByEmail`: emailVerifiedAt null = unverified), or undefined. */
export async function findUser(db: Executor, id: string) {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

/** How long each kind of link works (hours): 24 h to verify or change the address, 1 h to reset, 30 days to claim. */
export const TOKEN_HOURS: Record<AccountTokenPurpose, number> = { verify_email: 24, change_email: 24, reset_password: 1, claim: 24 * 30 };

/** The stored form of a link token: hex SHA-256 of its UTF-8 text (same scheme as session ids). */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Creates a single-use link token (160 random bits, base64url) for `purpose`, valid TOKEN_HOURS from `now`, and
 * stores only its hash. Returns the token for the e-mailed link.
 */
export async function createLinkToken(
  db: Executor,
  t: { purpose: AccountTokenPurpose; userId: string | null; email: string; now: Date },
): Promise<string> {
  const token = randomBytes(20).toString('base64url');
  await insertToken(db, {
    tokenHash: hashLinkToken(token),
    purpose: t.purpose,
    userId: t.userId,
    email: t.email,
    expiresAt: new Date(t.now.getTime() + TOKEN_HOURS[t.purpose] * 3_600_000),
  });
  return token;
}

/** Stores a single-use link token by its hex SHA-256 (the token itself is never stored). */
export async function insertToken(
  db: Executor,
  t: { tokenHash: string; purpose: AccountTokenPurpose; userId: string | null; email: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({ token_hash: t.tokenHash, purpose: t.purpose, user_id: t.userId, email: t.email, expires_at: t.expiresAt })
    .execute();
}

/**
 * Uses a token once: marks it used and returns it when it exists, has this purpose, is unused and unexpired at
 * `now`; otherwise undefined (and nothing changes). One UPDATE, so two concurrent uses cannot both succeed.
 */
export async function consumeToken(db: Executor, tokenHash: string, purposes: AccountTokenPurpose[], now: Date) {
  return db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'purpose', 'user_id as userId', 'email'])
    .executeTakeFirst();
}

/** A token still usable at `now` (without using it), or undefined. */
export async function peekToken(db: Executor, tokenHash: string, purposes: AccountTokenPurpose[], now: Date) {
  return db
    .selectFrom('account_tokens')
    .select(['id', 'purpose', 'user_id as userId', 'email'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Ends every unused token of an account for these purposes (a newer link replaces older ones). */
export async function revokeTokens(db: Executor, userId: string, purposes: AccountTokenPurpose[], now: Date): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}

/** Marks the account's current address verified, when it still is `email`. Returns whether it changed. */
export async function markVerified(db: Executor, userId: string, email: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ email_verified_at: now })
    .where('id', '=', userId)
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Replaces the password hash (argon2id PHC string). */
export async function setPasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/**
 * Moves the account to a new, proven address (verified at `now`).
 * @throws pg unique violation 23505 when another account took the address meanwhile.
 */
export async function setVerifiedEmail(db: Executor, userId: string, email: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ email, email_verified_at: now }).where('id', '=', userId).execute();
}

/** Deletes every session of an account except `keepSessionId` (null = all). Returns how many went. */
export async function deleteSessionsOf(db: Executor, userId: string, keepSessionId: string | null): Promise<number> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) q = q.where('id', '!=', keepSessionId);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * Deletes an account and its personal data in the caller's transaction. Rows keyed by the address (alert
 * subscriptions with their pass days, ride selections, alert history, return-time and flight alerts, newsletter)
 * go when `ownsAddress` (a verified address); otherwise only the rows this account created itself. Payment
 * records stay for the accounts, with the address replaced by `deleted-<sha256 prefix>@deleted.invalid` and the
 * phone number and account link removed — also those paid with an address the account had before an e-mail
 * change (linked by moveAddressRows), and the promo redemptions of the account's checkouts. Sessions, roles, tokens, checklists, ratings and the other
 * account-keyed rows go with the user row (ON DELETE CASCADE).
 */
export async function deleteAccount(db: Executor, user: { id: string; email: string }, ownsAddress: boolean): Promise<void> {
  // Each payment record gets the pseudonym of the address it holds (an address the account had before an
  // e-mail change is linked to it by user_id, moveAddressRows).
  const pseudonym = sql<string>`'deleted-' || left(encode(sha256(convert_to(email, 'UTF8')), 'hex'), 16) || '@deleted.invalid'`;
  const mine = ownsAddress ? sql<boolean>`(email = ${user.email} or user_id = ${user.id}::uuid)` : sql<boolean>`user_id = ${user.id}::uuid`;
  // Promo redemptions of this account's checkouts first (their checkout rows are unlinked just below).
  await sql`update promo_redemptions set email = ${pseudonym}
    where email not like 'deleted-%@deleted.invalid'
      and (${ownsAddress ? sql`email = ${user.email} or ` : sql``}checkout_session_id in (select id from checkout_sessions where user_id = ${user.id}::uuid))`.execute(
    db,
  );
  await sql`update checkout_sessions set email = ${pseudonym}, phone_number = null, user_id = null where ${mine}`.execute(db);
  if (ownsAddress) {
    await db.deleteFrom('deliveries').where('email', '=', user.email).execute();
    await db
      .deleteFrom('newsletter_subscriptions')
      .where((eb) => eb.or([eb('email', '=', user.email), eb('user_id', '=', user.id)]))
      .execute();
  } else {
    await db
      .deleteFrom('deliveries')
      .where('subscription_id', 'in', db.selectFrom('subscriptions').select('id').where('user_id', '=', user.id))
      .execute();
    await db.deleteFrom('newsletter_subscriptions').where('user_id', '=', user.id).execute();
  }
  await sql`delete from subscriptions where ${mine}`.execute(db);
  await sql`delete from user_rides where ${mine}`.execute(db);
  await sql`delete from return_time_alerts where ${mine}`.execute(db);
  await sql`delete from flight_alerts where ${mine}`.execute(db);
  await db.deleteFrom('affiliate_applications').where('user_id', '=', user.id).execute();
  await db.deleteFrom('users').where('id', '=', user.id).execute();
}

/**
 * Whether rows keyed by `email` for this park exist that the account did not create (a subscription, ride
 * selection or return-time alert made signed out or by someone else): an unverified account may not change them.
 */
export async function hasForeignRows(db: Executor, email: string, parkId: string, userId: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from subscriptions where email = ${email} and park_id = ${parkId} and user_id is distinct from ${userId}::uuid)
        or exists (select 1 from user_rides where email = ${email} and park_id = ${parkId} and user_id is distinct from ${userId}::uuid)
        or exists (select 1 from return_time_alerts where email = ${email} and park_id = ${parkId} and user_id is distinct from ${userId}::uuid)
      as found`.execute(db);
  return rows[0]?.found ?? false;
}

/** Accounts holding a role, with their roles (the /admin roles panel), by e-mail. */
export async function listRoleHolders(db: Executor) {
  const rows = await db
    .selectFrom('user_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.id', 'u.email', 'u.full_name as fullName', 'r.role'])
    .orderBy('u.email')
    .orderBy('r.role')
    .execute();
  const byId = new Map<string, { id: string; email: string; fullName: string; roles: Role[] }>();
  for (const r of rows) {
    const entry = byId.get(r.id) ?? { id: r.id, email: r.email, fullName: r.fullName, roles: [] };
    entry.roles.push(r.role);
    byId.set(r.id, entry);
  }
  return [...byId.values()];
}

/** The result of a role change: `changed` false when the account already had (or lacked) the role. */
export type RoleChange = { outcome: 'changed' | 'unchanged' } | { outcome: 'no_account' } | { outcome: 'last_admin' };

/**
 * Grants or revokes a role by account e-mail, with an audit row, in one transaction (pass a transaction).
 * Revoking `admin` locks every admin row first and refuses when it would leave no admin (`last_admin`). `actorId`
 * null: a change made outside the site (the operator CLI), `actorEmail` then names who made it.
 */
export async function changeRole(
  tx: Executor,
  c: { actorId: string | null; actorEmail: string; targetEmail: string; role: Role; action: 'grant' | 'revoke' },
): Promise<RoleChange> {
  const target = await tx.selectFrom('users').select(['id', 'email']).where('email', '=', c.targetEmail).executeTakeFirst();
  if (!target) return { outcome: 'no_account' };
  let changed: boolean;
  if (c.action === 'grant') {
    const r = await tx
      .insertInto('user_roles')
      .values({ user_id: target.id, role: c.role })
      .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
      .executeTakeFirst();
    changed = Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  } else {
    if (c.role === 'admin') {
      const admins = await tx.selectFrom('user_roles').select('user_id').where('role', '=', 'admin').forUpdate().execute();
      if (admins.some((a) => a.user_id === target.id) && admins.length <= 1) return { outcome: 'last_admin' };
    }
    const r = await tx.deleteFrom('user_roles').where('user_id', '=', target.id).where('role', '=', c.role).executeTakeFirst();
    changed = Number(r.numDeletedRows) > 0;
  }
  if (changed)
    await tx
      .insertInto('role_audit')
      .values({
        actor_id: c.actorId,
        actor_email: c.actorEmail,
        action: c.action,
        role: c.role,
        target_id: target.id,
        target_email: target.email,
      })
      .execute();
  return { outcome: changed ? 'changed' : 'unchanged' };
}

/** Whether this account is the only admin (locks the admin rows; call inside a transaction). */
export async function isLastAdmin(tx: Executor, userId: string): Promise<boolean> {
  const admins = await tx.selectFrom('user_roles').select('user_id').where('role', '=', 'admin').forUpdate().execute();
  return admins.length === 1 && admins[0]!.user_id === userId;
}

/** The newest role changes, newest first. */
export async function listRoleAudit(db: Executor, limit = 50) {
  return db
    .selectFrom('role_audit')
    .select(['id', 'actor_email as actorEmail', 'action', 'role', 'target_email as targetEmail', 'created_at as createdAt'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Moves what an address holds to the account's new address, in the caller's transaction, when the account
 * moves (docs/decisions/024): subscriptions with their pass days (merged into the
 * new address's subscription for the same park, a day held on both keeping the better channel), ride
 * selections, return-time, flight and restaurant alerts, checklist rows, newsletter and alert history. With
 * `ownsAddress` (the old address was verified) every row keyed by `from` moves; otherwise only the rows this
 * account created itself. The audience (`alert_watchers`) of both addresses is rebuilt, so alerts go to the new
 * address from the next tick. Payment records and promo redemptions keep the address they were written with;
 * a verified old address's checkout sessions are linked to the account (user_id), so deleteAccount finds them.
 * @returns the parks whose subscriptions moved.
 */
export async function moveAddressRows(
  db: Executor,
  m: { userId: string; from: string; to: string; ownsAddress: boolean },
): Promise<string[]> {
  const mine = (alias: string) =>
    m.ownsAddress
      ? sql<boolean>`${sql.ref(`${alias}.email`)} = ${m.from}`
      : sql<boolean>`(${sql.ref(`${alias}.email`)} = ${m.from} and ${sql.ref(`${alias}.user_id`)} = ${m.userId}::uuid)`;
  const { rows: parks } = await sql<{ park_id: string }>`
    select distinct park_id from (
      select park_id from subscriptions o where ${mine('o')}
      union all select park_id from user_rides o where ${mine('o')}
    ) p`.execute(db);
  // Subscriptions: where the new address already has one for the park, its days absorb the old one's.
  await sql`
    insert into pass_days (subscription_id, day, channel, source, reference)
    select t.id, pd.day, pd.channel, pd.source, pd.reference
    from subscriptions o
    join subscriptions t on t.email = ${m.to} and t.park_id = o.park_id
    join pass_days pd on pd.subscription_id = o.id
    where ${mine('o')}
    on conflict (subscription_id, day) do update
      set channel = case when excluded.channel = 'sms' then 'sms' else pass_days.channel end`.execute(db);
  await sql`
    update subscriptions t set active = t.active or o.active, phone_number = coalesce(t.phone_number, o.phone_number),
      start_date = least(t.start_date, o.start_date), end_date = greatest(t.end_date, o.end_date), user_id = ${m.userId}::uuid,
      updated_at = now()
    from subscriptions o
    where t.email = ${m.to} and t.park_id = o.park_id and ${mine('o')}`.execute(db);
  await sql`
    update deliveries d set subscription_id = t.id
    from subscriptions o join subscriptions t on t.email = ${m.to} and t.park_id = o.park_id
    where d.subscription_id = o.id and ${mine('o')}`.execute(db);
  await sql`
    delete from subscriptions o
    where ${mine('o')} and exists (select 1 from subscriptions t where t.email = ${m.to} and t.park_id = o.park_id)`.execute(db);
  await sql`update subscriptions o set email = ${m.to}, user_id = ${m.userId}::uuid, updated_at = now() where ${mine('o')}`.execute(db);
  // Ride selections and return-time alerts: the new address's own rows win a clash.
  await sql`delete from user_rides o where ${mine('o')}
    and exists (select 1 from user_rides t where t.email = ${m.to} and t.ride_id = o.ride_id)`.execute(db);
  await sql`update user_rides o set email = ${m.to}, user_id = ${m.userId}::uuid where ${mine('o')}`.execute(db);
  await sql`delete from return_time_alerts o where ${mine('o')}
    and exists (select 1 from return_time_alerts t where t.email = ${m.to} and t.ride_id = o.ride_id and t.queue_type = o.queue_type)`.execute(
    db,
  );
  await sql`update return_time_alerts o set email = ${m.to}, user_id = ${m.userId}::uuid where ${mine('o')}`.execute(db);
  await sql`update flight_alerts o set email = ${m.to}, user_id = ${m.userId}::uuid where ${mine('o')}`.execute(db);
  await db.updateTable('restaurant_alerts').set({ email: m.to }).where('user_id', '=', m.userId).execute();
  await db.updateTable('ride_checklist').set({ email: m.to }).where('user_id', '=', m.userId).execute();
  if (m.ownsAddress) {
    // Payment records keep the address they were paid with, but the account's own ones are linked to it, so
    // deleting the account later pseudonymises them too (docs/decisions/024).
    await sql`update checkout_sessions set user_id = ${m.userId}::uuid where email = ${m.from} and user_id is null`.execute(db);
    await sql`update deliveries set email = ${m.to} where email = ${m.from}`.execute(db);
    await sql`delete from newsletter_subscriptions o where o.email = ${m.from}
      and exists (select 1 from newsletter_subscriptions t where t.email = ${m.to})`.execute(db);
    await sql`update newsletter_subscriptions set email = ${m.to}, user_id = ${m.userId}::uuid where email = ${m.from}`.execute(db);
  }
  // The triggers rebuild the audience of the rows' new (email, park); the old address's goes here.
  if (parks.length) {
    const ids = parks.map((p) => p.park_id);
    await sql`select alert_watchers_refresh(${ids.map(() => m.from)}::text[], ${ids}::text[])`.execute(db);
    await sql`select alert_watchers_refresh(${ids.map(() => m.to)}::text[], ${ids}::text[])`.execute(db);
  }
  return parks.map((p) => p.park_id);
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  full_name: string;
  password_hash: string;
  created_at: GeneratedTimestamp;
  /** When the address was proven by a link; null = unverified (sees only what it created while signed in). */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

type AccountTokenPurpose = 'verify_email' | 'reset_password' | 'change_email' | 'claim';

/** Single-use account links; only the hex SHA-256 of the token is stored. */
export interface AccountTokensTable {
  id: Generated<string>;
  token_hash: string;
  purpose: AccountTokenPurpose;
  /** The account it acts on; null for a purchase-claim link (keyed by `email` only). */
  user_id: string | null;
  /** The address the link was sent to (the new address for `change_email`). */
  email: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: GeneratedTimestamp;
}

/** Role changes made in /admin: who, what, to whom, when. */
export interface RoleAuditTable {
  id: Generated<string>;
  actor_id: string | null;
  actor_email: string;
  action: 'grant' | 'revoke';
  role: Role;
  target_id: string | null;
  target_email: string;
  created_at: GeneratedTimestamp;
}

export type Role = 'admin' | 'moderator';

export interface UserRolesTable {
  user_id: string;
  role: Role;
}
