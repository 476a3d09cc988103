import type { Executor } from '../client.ts';
import type { Role } from './accounts.ts';

/** An account row as repositories return it (camelCase; `passwordHash` is an argon2id PHC string). */
export const userColumns = [
  'id',
  'email',
  'full_name as fullName',
  'password_hash as passwordHash',
  'created_at as createdAt',
  'email_verified_at as emailVerifiedAt',
] as const;

/**
 * Creates a user (e-mail already lower-cased) → { id, email, fullName }.
 * @throws pg unique violation 23505 when the e-mail exists.
 */
export async function createUser(db: Executor, u: { email: string; fullName: string; passwordHash: string }) {
  return db
    .insertInto('users')
    .values({ email: u.email, full_name: u.fullName, password_hash: u.passwordHash })
    .returning(['id', 'email', 'full_name as fullName'])
    .executeTakeFirstOrThrow();
}

/**
 * A user by lower-cased e-mail → { id, email, fullName, passwordHash (for log-in only), createdAt,
 * emailVerifiedAt (null = unverified) }, or undefined.
 */
export async function findByEmail(db: Executor, email: string) {
  return db.selectFrom('users').select(userColumns).where('email', '=', email).executeTakeFirst();
}

/** The roles of a user (user_roles, docs/spec/part-1.md §6). */
export async function rolesOf(db: Executor, userId: string): Promise<Role[]> {
  return (await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute()).map((r) => r.role);
}

/** Grants a role (idempotent). */
export async function grantRole(db: Executor, userId: string, role: Role): Promise<void> {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .execute();
}
