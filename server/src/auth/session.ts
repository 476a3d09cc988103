import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { EmailScope, Role } from '@walkon/db';
import { type Executor, sessions, users } from '@walkon/db';

/**
 * Sessions following Lucia's current design (lucia-auth.com "Sessions"), implemented here because the `lucia`
 * package is deprecated: a random 20-byte token (base32) goes to the browser; only its SHA-256 (hex) is
 * stored as the session id; 30-day expiry, extended when less than 15 days remain (sliding).
 */
export const SESSION_COOKIE = 'walkon_session';
export const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;

/** The signed-in user as procedures see it. */
export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  roles: Role[];
  /** The address was proven by a link: the account owns every row keyed by it. */
  emailVerified: boolean;
}

/**
 * The e-mail-keyed rows a signed-in user may see and change: all rows of a verified address; only the rows the
 * account created itself while signed in when the address is unverified (so signing up with someone else's
 * address shows none of what they bought).
 */
export function emailScope(user: Pick<SessionUser, 'id' | 'email' | 'emailVerified'>): EmailScope {
  return { email: user.email, userId: user.emailVerified ? null : user.id };
}

/** A new random session token (160 bits, base32 lower-case, no padding). */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The stored id of a token: hex SHA-256. */
export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** Creates a session for a user; returns the token (for the cookie) and its expiry. */
export async function createSession(db: Executor, userId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
  await sessions.insertSession(db, { id: sessionIdFromToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/**
 * Validates a token: unknown → null; expired → deleted, null; less than 15 days left → extended to 30 days
 * (`renewed` tells the caller to refresh the cookie).
 */
export async function validateSessionToken(
  db: Executor,
  token: string,
  now: Date,
): Promise<{ user: SessionUser; sessionId: string; expiresAt: Date; renewed: boolean } | null> {
  const id = sessionIdFromToken(token);
  const row = await sessions.findSessionWithUser(db, id);
  if (!row) return null;
  if (now.getTime() >= row.expiresAt.getTime()) {
    await sessions.deleteSession(db, id);
    return null;
  }
  let expiresAt = row.expiresAt;
  let renewed = false;
  if (expiresAt.getTime() - now.getTime() < (SESSION_DAYS / 2) * DAY_MS) {
    expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
    await sessions.extendSession(db, id, expiresAt);
    renewed = true;
  }
  const roles = await users.rolesOf(db, row.userId);
  return {
    user: { id: row.userId, email: row.email, fullName: row.fullName, roles, emailVerified: row.emailVerifiedAt !== null },
    sessionId: id,
    expiresAt,
    renewed,
  };
}

/** Ends a session (log out). */
export async function invalidateSession(db: Executor, sessionId: string): Promise<void> {
  await sessions.deleteSession(db, sessionId);
}

/** Cookie attributes: HttpOnly, SameSite=Lax, Path=/, Secure in production (docs/decisions/007). */
export function sessionCookieOptions(expiresAt: Date, production: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: production, expires: expiresAt };
}
