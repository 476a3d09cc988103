import { users } from '@walkon/db';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { assertStrongPassword } from '../auth/passwordPolicy.ts';
import { createSession, type SessionUser } from '../auth/session.ts';
import { AppError } from '../errors.ts';
import { humanWait } from '../security/limits.ts';
import { clearLogIn, reserveLogIn } from '../security/loginThrottle.ts';
import type { AppDeps, Guard } from '../trpc/init.ts';

// A real hash to compare against when the e-mail is unknown, so timing does not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;

/**
 * Signs a person up (spec part 1 §2 Auth) and opens a session.
 * @throws AppError BAD_REQUEST when the password is too guessable (`assertStrongPassword`); CONFLICT "User
 * already registered" when the e-mail has an account.
 */
export async function signUp(deps: AppDeps, input: { fullName: string; email: string; password: string }) {
  await assertStrongPassword(input.password, [input.fullName, input.email]);
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
 * Logs a person in from client address `client`. Failures slow further attempts down (security/loginThrottle.ts:
 * per account and client from 1 s doubling to 15 minutes after 3 failures; per account from anywhere to at
 * most 30 s after 10) — never a lock-out of the owner; the attempt is counted before the password is checked.
 * @throws AppError UNAUTHORIZED "Invalid login credentials"; TOO_MANY_REQUESTS (with the wait) while slowed.
 */
export async function logIn(deps: AppDeps, guard: Guard, client: string, input: { email: string; password: string }) {
  const now = deps.now();
  const waitMs = await reserveLogIn(guard.redis, guard.prefix, input.email, client, now);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError('TOO_MANY_REQUESTS', `Too many login attempts. Please try again in ${humanWait(seconds)}.`, seconds);
  }
  const u = await users.findByEmail(deps.db, input.email);
  dummyHash ??= hashPassword('walkon-dummy-password');
  const ok = await verifyPassword(u?.password_hash ?? (await dummyHash), input.password);
  if (!u || !ok) throw new AppError('UNAUTHORIZED', 'Invalid login credentials');
  await clearLogIn(guard.redis, guard.prefix, input.email, client);
  const session = await createSession(deps.db, u.id, now);
  const roles = await users.rolesOf(deps.db, u.id);
  const user: SessionUser = { id: u.id, email: u.email, fullName: u.full_name, roles };
  return { user, session };
}
