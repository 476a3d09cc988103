import type { Executor } from '../client.ts';
import type { Role } from '../types.ts';

/** Creates a user (e-mail already lower-cased). @throws pg unique violation 23505 when the e-mail exists. */
export async function createUser(db: Executor, u: { email: string; fullName: string; passwordHash: string }) {
  return db
    .insertInto('users')
    .values({ email: u.email, full_name: u.fullName, password_hash: u.passwordHash })
    .returning(['id', 'email', 'full_name'])
    .executeTakeFirstOrThrow();
}

/** A user by lower-cased e-mail, with the password hash (for log-in only). */
export async function findByEmail(db: Executor, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** The roles of a user (user_roles, spec part 1 §6). */
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
