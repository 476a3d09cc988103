import type { Executor } from '../client.ts';
import type { GeneratedTimestamp, Timestamp } from '../types.ts';

/** Stores a session by its id (hex SHA-256 of the token; the token is never stored). */
export async function insertSession(db: Executor, s: { id: string; userId: string; expiresAt: Date }): Promise<void> {
  await db.insertInto('sessions').values({ id: s.id, user_id: s.userId, expires_at: s.expiresAt }).execute();
}

/** A session with its user, or undefined. */
export async function findSessionWithUser(db: Executor, id: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.expires_at as expiresAt',
      'u.id as userId',
      'u.email',
      'u.full_name as fullName',
      'u.email_verified_at as emailVerifiedAt',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** Moves a session's expiry (sliding expiration). */
export async function extendSession(db: Executor, id: string, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

/** Deletes one session (log out, or expired). */
export async function deleteSession(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export interface SessionsTable {
  /** Hex SHA-256 of the session token; the token itself is never stored. */
  id: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: GeneratedTimestamp;
}
