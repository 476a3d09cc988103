import { randomBytes } from 'node:crypto';
import type { ColumnType, Generated } from 'kysely';
import type { Executor } from '../client.ts';
import type { GeneratedTimestamp, Timestamp } from '../types.ts';
import { hashLinkToken } from './accounts.ts';

/** How long a sign-up link works (hours), like a verification link (docs/rules.md R28). */
export const SIGNUP_LINK_HOURS = 24;

/**
 * Stores a sign-up waiting for its e-mailed link (docs/decisions/046): the name, the argon2id
 * `passwordHash`, the same-site `nextPath` to return to, valid SIGNUP_LINK_HOURS from `now`. One INSERT; only the
 * hex SHA-256 of the token is kept. → the raw token (160 random bits, base64url) for the e-mailed link.
 */
export async function createPending(
  db: Executor,
  p: { email: string; fullName: string; passwordHash: string; nextPath: string; now: Date },
): Promise<string> {
  const token = randomBytes(20).toString('base64url');
  await db
    .insertInto('pending_signups')
    .values({
      token_hash: hashLinkToken(token),
      email: p.email,
      full_name: p.fullName,
      password_hash: p.passwordHash,
      next_path: p.nextPath,
      expires_at: new Date(p.now.getTime() + SIGNUP_LINK_HOURS * 3_600_000),
    })
    .execute();
  return token;
}

/** The address of a sign-up link still usable at `now` (unused, unexpired), without using it → { email } or undefined. */
export async function peekPending(db: Executor, tokenHash: string, now: Date) {
  return db
    .selectFrom('pending_signups')
    .select(['email'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Uses a sign-up link once: marks it used at `now` and returns { id, email, fullName, passwordHash, nextPath } when
 * it exists, is unused and unexpired; otherwise undefined and nothing changes. One UPDATE, so two concurrent uses
 * cannot both succeed.
 */
export async function consumePending(db: Executor, tokenHash: string, now: Date) {
  return db
    .updateTable('pending_signups')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'email', 'full_name as fullName', 'password_hash as passwordHash', 'next_path as nextPath'])
    .executeTakeFirst();
}

/**
 * Records the account a used sign-up link created (so opening it again, signed in as that account, is not an
 * error) and clears the name and password hash it held: the account has them now.
 */
export async function markCreated(db: Executor, id: string, userId: string): Promise<void> {
  await db.updateTable('pending_signups').set({ user_id: userId, full_name: '', password_hash: '' }).where('id', '=', id).execute();
}

/** The account an already used sign-up link created → its user id, or undefined (unknown, unused, or none created). */
export async function createdBy(db: Executor, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('pending_signups')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is not', null)
    .executeTakeFirst();
  return row?.user_id ?? undefined;
}

/**
 * A sign-up waiting for its e-mailed link (docs/decisions/046): no account exists until the
 * link is opened; only the token's hex SHA-256 is stored.
 */
export interface PendingSignupsTable {
  id: Generated<string>;
  token_hash: string;
  email: string;
  full_name: string;
  /** argon2id PHC string of the password chosen at sign-up. */
  password_hash: string;
  /** The same-site path the link returns to once the account exists. */
  next_path: Generated<string>;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The account the link created (set when used). */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: GeneratedTimestamp;
}
