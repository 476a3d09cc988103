import { users } from '@walkon/db';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { createSession, type SessionUser } from '../auth/session.ts';
import { lockedMinutes, recordFailure, recordSuccess } from '../auth/throttle.ts';
import { AppError } from '../errors.ts';
import type { AppDeps } from '../trpc/init.ts';

// A real hash to compare against when the e-mail is unknown, so timing does not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;

/**
 * Signs a person up (spec part 1 §2 Auth) and opens a session.
 * @throws AppError CONFLICT "User already registered" when the e-mail has an account.
 */
export async function signUp(deps: AppDeps, input: { fullName: string; email: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  try {
    const u = await users.createUser(deps.db, { email: input.email, fullName: input.fullName, passwordHash });
    const session = await createSession(deps.db, u.id, deps.now());
    const user: SessionUser = { id: u.id, email: u.email, fullName: u.full_name, roles: [] };
    return { user, session };
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new AppError('CONFLICT', 'User already registered');
    throw err;
  }
}

/**
 * Logs a person in. Five failures in 15 minutes lock the e-mail for 15 minutes.
 * @throws AppError UNAUTHORIZED "Invalid login credentials"; TOO_MANY_REQUESTS while locked.
 */
export async function logIn(deps: AppDeps, input: { email: string; password: string }) {
  const now = deps.now();
  const key = `login:${input.email}`;
  const wait = await lockedMinutes(deps.db, key, now);
  if (wait > 0)
    throw new AppError('TOO_MANY_REQUESTS', `Too many login attempts. Please try again in ${wait} minute${wait === 1 ? '' : 's'}.`);
  const u = await users.findByEmail(deps.db, input.email);
  dummyHash ??= hashPassword('walkon-dummy-password');
  const ok = await verifyPassword(u?.password_hash ?? (await dummyHash), input.password);
  if (!u || !ok) {
    await recordFailure(deps.db, key, now);
    throw new AppError('UNAUTHORIZED', 'Invalid login credentials');
  }
  await recordSuccess(deps.db, key);
  const session = await createSession(deps.db, u.id, now);
  const roles = await users.rolesOf(deps.db, u.id);
  const user: SessionUser = { id: u.id, email: u.email, fullName: u.full_name, roles };
  return { user, session };
}
