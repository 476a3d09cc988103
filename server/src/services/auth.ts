import { accounts, type EmailOwner, signups, subscriptions, users } from '@walkon/db';
import { formatDayList } from '@walkon/domain/timeFormat';
import { type AccountEmailJobData, enqueueAccountEmail } from '@walkon/jobs/producers';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { assertStrongPassword } from '../auth/passwordPolicy.ts';
import { createSession, emailScope, invalidateSession, type SessionUser } from '../auth/session.ts';
import type { AppDeps, Guard } from '../deps.ts';
import { AppError } from '../errors.ts';
import { humanWait } from '../security/limits.ts';
import { clearLogIn, reserveLogIn } from '../security/loginThrottle.ts';

const BAD_LINK = 'This link is invalid or has expired. Please ask for a new one.';
const ALREADY_SIGNED_UP = 'This e-mail address has an account already. Please log in with its password.';

// A real hash to compare against when the e-mail is unknown, so timing does not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;

/**
 * Queues one account e-mail carrying the raw link `token` for the worker to send (`enqueueAccountEmail`, DESIGN
 * §2.5: the `send-email` queue, after alerts, with retries; the worker renders `<origin>/verify-email?token=…` or
 * `/reset-password?token=…`). A queue failure is logged, never shown (the caller's answer must not depend on it).
 */
async function queueAccountEmail(deps: AppDeps, mail: AccountEmailJobData): Promise<void> {
  try {
    await enqueueAccountEmail(deps.queues, mail);
  } catch (err) {
    deps.logger.warn({ kind: mail.account, err }, 'account e-mail not queued');
  }
}

/**
 * Runs `work` (minting a link and queueing an account e-mail) after the caller has answered: the answer never
 * waits for, or depends on, it. A failure is logged.
 */
function afterAnswer(deps: AppDeps, what: string, work: () => Promise<void>): void {
  void work().catch((err) => deps.logger.warn({ err: (err as Error).message }, `${what} e-mail failed`));
}

/**
 * The page a sign-up link returns to (docs/decisions/046): `next` when it is a same-site path
 * ("/…", never "//…" or "/\\…", so no open redirect); "/" otherwise. A link page (/verify-email, /reset-password)
 * becomes /manage-alerts: the new account is verified already, and a link's token is never stored.
 */
export function signUpReturnPath(next: string | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (/^\/(verify-email|reset-password)\b/.test(next)) return '/manage-alerts';
  if (/^\/auth\b/.test(next)) return '/';
  return next;
}

/**
 * Signs a person up (docs/spec/part-1.md §2 Auth, §8 "Check your email for a confirmation link."; docs/rules.md
 * R29; docs/decisions/046) → { ok }. No account and no session yet, for any address: a new
 * address gets a pending sign-up (name, password hash, return page) and — after answering — the "Finish signing
 * up" e-mail whose link (24 h, single use; `finishSignUp`) creates the account and signs in; an address that has
 * an account gets — after answering — "someone tried to sign up with your address" with a password-reset link.
 * Both paths check and hash the password and make one write before answering (the pending row; the reset link),
 * and set no cookie, so neither the answer, its timing nor any later request made with it tells them apart.
 * @throws AppError BAD_REQUEST when the password is too guessable (`assertStrongPassword`).
 */
export async function signUp(deps: AppDeps, input: { fullName: string; email: string; password: string; next?: string | undefined }) {
  await assertStrongPassword(input.password, [input.fullName, input.email]);
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  const owner = await users.findByEmail(deps.db, input.email);
  if (owner) {
    const token = await accounts.createLinkToken(deps.db, { purpose: 'reset_password', userId: owner.id, email: owner.email, now });
    afterAnswer(deps, 'sign-up notice', () => queueAccountEmail(deps, { account: 'signup_existing', to: owner.email, token }));
  } else {
    const token = await signups.createPending(deps.db, {
      email: input.email,
      fullName: input.fullName,
      passwordHash,
      nextPath: signUpReturnPath(input.next),
      now,
    });
    afterAnswer(deps, 'sign-up link', () => queueAccountEmail(deps, { account: 'finish_signup', to: input.email, token }));
  }
  return { ok: true as const };
}

/**
 * The address a sign-up link (its raw token) is for, while it can still be used → { email }, else null (unknown,
 * used, expired, or another kind of link). Reads only; the /verify-email page asks it to offer "Finish signing up".
 */
export async function signUpLink(deps: AppDeps, token: string) {
  const row = await signups.peekPending(deps.db, accounts.hashLinkToken(token), deps.now());
  return row ? { email: row.email } : null;
}

/**
 * Opens a sign-up link (docs/decisions/046): uses it once, creates the account with the name
 * and password given at sign-up, verified (the link proved the address, so it owns every row keyed by it,
 * docs/rules.md R26), and a session for this browser → { user, session, next } (`next` the page to return to).
 * @throws AppError BAD_REQUEST "This link is invalid or has expired…" for an unknown, used or expired link;
 * CONFLICT when the address got an account meanwhile (another sign-up link of it was opened first).
 */
export async function finishSignUp(deps: AppDeps, token: string) {
  const now = deps.now();
  try {
    return await deps.db.transaction().execute(async (tx) => {
      const pending = await signups.consumePending(tx, accounts.hashLinkToken(token), now);
      if (!pending) throw new AppError('BAD_REQUEST', BAD_LINK);
      if (await users.findByEmail(tx, pending.email)) throw new AppError('CONFLICT', ALREADY_SIGNED_UP);
      const u = await users.createUser(tx, { email: pending.email, fullName: pending.fullName, passwordHash: pending.passwordHash });
      await accounts.markVerified(tx, u.id, u.email, now);
      await signups.markCreated(tx, pending.id, u.id);
      const session = await createSession(tx, u.id, now);
      const user: SessionUser = { id: u.id, email: u.email, fullName: u.fullName, roles: [], emailVerified: true };
      return { user, session, next: pending.nextPath };
    });
  } catch (err) {
    // Two links of one address opened at once: the second meets the unique address.
    if ((err as { code?: string }).code === '23505') throw new AppError('CONFLICT', ALREADY_SIGNED_UP);
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
  const ok = await verifyPassword(u?.passwordHash ?? (await dummyHash), input.password);
  if (!u || !ok) throw new AppError('UNAUTHORIZED', 'Invalid login credentials');
  await clearLogIn(guard.redis, guard.prefix, input.email, client);
  const session = await createSession(deps.db, u.id, now);
  const roles = await users.rolesOf(deps.db, u.id);
  const user: SessionUser = { id: u.id, email: u.email, fullName: u.fullName, roles, emailVerified: u.emailVerifiedAt !== null };
  return { user, session };
}

/** Log out: ends the session `sessionId` (null = none to end) → { ok }. The caller clears the cookie. */
export async function logOut(deps: AppDeps, sessionId: string | null) {
  if (sessionId) await invalidateSession(deps.db, sessionId);
  return { ok: true as const };
}

/** Sends a new verification e-mail to the signed-in user's address (older links stop working) → { sent }. */
export async function resendVerification(deps: AppDeps, user: SessionUser) {
  if (user.emailVerified) return { sent: false };
  const now = deps.now();
  await accounts.revokeTokens(deps.db, user.id, ['verify_email'], now);
  const token = await accounts.createLinkToken(deps.db, { purpose: 'verify_email', userId: user.id, email: user.email, now });
  await queueAccountEmail(deps, { account: 'verify_email', to: user.email, token });
  return { sent: true };
}

/**
 * The account's passes that are not over yet (park-local days from today on), as "Park: Thu, Nov 26 and Fri,
 * Nov 27" lines, for the e-mail-change notice and the deletion warning.
 */
async function passLines(deps: AppDeps, owner: EmailOwner, parkIds?: string[]): Promise<string[]> {
  const subs = await subscriptions.listForEmail(deps.db, owner, deps.now());
  return subs
    .filter((s) => s.days.length > 0 && (!parkIds || parkIds.includes(s.parkId)))
    .map((s) => `${s.parkName}: ${formatDayList(s.days.map((d) => d.day))}`);
}

/** Queues the notice to the old address that the account moved, with what moved (a failure is logged). */
async function tellOldAddress(deps: AppDeps, oldEmail: string, newEmail: string, parkIds: string[]): Promise<void> {
  try {
    const passes = parkIds.length ? await passLines(deps, newEmail, parkIds) : [];
    await enqueueAccountEmail(deps.queues, { account: 'email_changed', to: oldEmail, newEmail, passes });
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message }, 'e-mail change notice not queued');
  }
}

/**
 * What the signed-in account holds that an e-mail change moves and a deletion ends (docs/decisions/024-…):
 * → { passes: ["Park: days", …] (not over yet), watchedRides (active ride selections) }.
 */
export async function accountHoldings(deps: AppDeps, user: SessionUser) {
  const passes = await passLines(deps, emailScope(user));
  let q = deps.db
    .selectFrom('user_rides')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('email', '=', user.email)
    .where('active', '=', true);
  if (!user.emailVerified) q = q.where('user_id', '=', user.id);
  const { n } = await q.executeTakeFirstOrThrow();
  return { passes, watchedRides: Number(n) };
}

/**
 * Uses an e-mailed link while signed in (page /verify-email): a verification link or a purchase receipt's link
 * marks the address verified when it was sent to the signed-in account's address; a new-address link moves the
 * account to that address (verified), moves its passes, watches and alert history with it and tells the old
 * address (docs/decisions/024), and rotates its sessions (`session` = the new one for this browser).
 * → { kind: 'verified' | 'email_changed', email, session | null }.
 * @throws AppError BAD_REQUEST for an unknown, used or expired link, or one for another account or address;
 * CONFLICT when the new address has meanwhile been taken by another account.
 */
export async function useEmailLink(deps: AppDeps, user: SessionUser, token: string) {
  const now = deps.now();
  const hash = accounts.hashLinkToken(token);
  const found = await accounts.peekToken(deps.db, hash, ['verify_email', 'claim', 'change_email'], now);
  if (!found) {
    // A sign-up link opened again by the account it created (docs/decisions/046) did its work.
    if (user.emailVerified && (await signups.createdBy(deps.db, hash)) === user.id)
      return { kind: 'verified' as const, email: user.email, session: null };
    throw new AppError('BAD_REQUEST', BAD_LINK);
  }
  if (found.purpose === 'change_email') {
    if (found.userId !== user.id)
      throw new AppError('BAD_REQUEST', 'This link belongs to another account. Log in with that account to use it.');
    const changed = await deps.db.transaction().execute(async (tx) => {
      if (!(await accounts.consumeToken(tx, hash, ['change_email'], now))) throw new AppError('BAD_REQUEST', BAD_LINK);
      if (await users.findByEmail(tx, found.email)) throw new AppError('CONFLICT', 'Another account uses this e-mail address now.');
      const before = await accounts.findUser(tx, user.id);
      if (!before) throw new AppError('BAD_REQUEST', BAD_LINK);
      await accounts.setVerifiedEmail(tx, user.id, found.email, now);
      // Passes and watches move with the account (docs/decisions/024).
      const parks = await accounts.moveAddressRows(tx, {
        userId: user.id,
        from: before.email,
        to: found.email,
        ownsAddress: before.emailVerifiedAt !== null,
      });
      await accounts.deleteSessionsOf(tx, user.id, null);
      const session = await createSession(tx, user.id, now);
      return { oldEmail: before.email, parks, session };
    });
    await tellOldAddress(deps, changed.oldEmail, found.email, changed.parks);
    return { kind: 'email_changed' as const, email: found.email, session: changed.session };
  }
  if (found.email !== user.email || (found.userId !== null && found.userId !== user.id))
    throw new AppError('BAD_REQUEST', `This link was sent to another e-mail address. Log in with that address to use it.`);
  if (!(await accounts.consumeToken(deps.db, hash, [found.purpose], now))) throw new AppError('BAD_REQUEST', BAD_LINK);
  await accounts.markVerified(deps.db, user.id, user.email, now);
  return { kind: 'verified' as const, email: user.email, session: null };
}

/**
 * "Forgot password": e-mails a reset link (1 h, single use) when the address has an account. The answer is the
 * same either way, and the e-mail is queued after answering (the worker sends it), so neither the answer nor its
 * timing tells.
 */
export async function requestPasswordReset(deps: AppDeps, email: string) {
  const work = async () => {
    const u = await users.findByEmail(deps.db, email);
    if (!u) return;
    const now = deps.now();
    await accounts.revokeTokens(deps.db, u.id, ['reset_password'], now);
    const token = await accounts.createLinkToken(deps.db, { purpose: 'reset_password', userId: u.id, email: u.email, now });
    await queueAccountEmail(deps, { account: 'reset_password', to: u.email, token });
  };
  afterAnswer(deps, 'password reset', work);
  return { ok: true as const };
}

/**
 * Sets a new password from a reset link (checked by `assertStrongPassword`): the link is used once; every session of the account ends (log in
 * again); the address is verified, since the link proved it. → { ok }.
 * @throws AppError BAD_REQUEST for an unknown, used or expired link, or a too guessable password.
 */
export async function resetPassword(deps: AppDeps, input: { token: string; password: string }) {
  const now = deps.now();
  const hash = accounts.hashLinkToken(input.token);
  const link = await accounts.peekToken(deps.db, hash, ['reset_password'], now);
  if (!link?.userId) throw new AppError('BAD_REQUEST', BAD_LINK);
  // The person's name counts like on sign-up and password change.
  const owner = await accounts.findUser(deps.db, link.userId);
  await assertStrongPassword(input.password, [link.email, ...(owner ? [owner.fullName] : [])]);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (tx) => {
    const t = await accounts.consumeToken(tx, hash, ['reset_password'], now);
    if (!t?.userId) throw new AppError('BAD_REQUEST', BAD_LINK);
    await accounts.setPasswordHash(tx, t.userId, passwordHash);
    await accounts.deleteSessionsOf(tx, t.userId, null);
    await accounts.revokeTokens(tx, t.userId, ['reset_password'], now);
    await accounts.markVerified(tx, t.userId, t.email, now);
  });
  return { ok: true as const };
}

/** Checks the signed-in user's current password. @throws AppError BAD_REQUEST "Your current password is not correct." */
async function requirePassword(deps: AppDeps, user: SessionUser, password: string) {
  const u = await accounts.findUser(deps.db, user.id);
  if (!u || !(await verifyPassword(u.passwordHash, password))) throw new AppError('BAD_REQUEST', 'Your current password is not correct.');
  return u;
}

/**
 * Changes the password (needs the current one); every other session of the account ends. → { ok }.
 * @throws AppError BAD_REQUEST when the current password is wrong or the new one is too guessable.
 */
export async function changePassword(
  deps: AppDeps,
  user: SessionUser,
  sessionId: string | null,
  input: { currentPassword: string; newPassword: string },
) {
  await requirePassword(deps, user, input.currentPassword);
  await assertStrongPassword(input.newPassword, [user.fullName, user.email]);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction().execute(async (tx) => {
    await accounts.setPasswordHash(tx, user.id, passwordHash);
    await accounts.deleteSessionsOf(tx, user.id, sessionId);
    await accounts.revokeTokens(tx, user.id, ['reset_password'], deps.now());
  });
  return { ok: true as const };
}

/**
 * Asks to move the account to a new address (needs the password): a link (24 h, single use) goes to the new
 * address and the change happens only when it is opened there (see useEmailLink). When another account has
 * that address nothing is sent, with the same answer. → { ok }.
 * @throws AppError BAD_REQUEST when the password is wrong or the address is the current one.
 */
export async function requestEmailChange(deps: AppDeps, user: SessionUser, input: { newEmail: string; password: string }) {
  await requirePassword(deps, user, input.password);
  if (input.newEmail === user.email) throw new AppError('BAD_REQUEST', 'This is already your e-mail address.');
  const now = deps.now();
  await accounts.revokeTokens(deps.db, user.id, ['change_email'], now);
  if (!(await users.findByEmail(deps.db, input.newEmail))) {
    const token = await accounts.createLinkToken(deps.db, { purpose: 'change_email', userId: user.id, email: input.newEmail, now });
    await queueAccountEmail(deps, { account: 'change_email', to: input.newEmail, token });
  }
  return { ok: true as const };
}

/**
 * Deletes the account (needs the password) with its personal data (accounts.deleteAccount: the rows of a
 * verified address, or only the account's own rows when unverified); payment records stay, pseudonymised.
 * Every session ends. → { ok }.
 * @throws AppError BAD_REQUEST when the password is wrong, or for the last admin.
 */
export async function deleteAccount(deps: AppDeps, user: SessionUser, input: { password: string }) {
  await requirePassword(deps, user, input.password);
  await deps.db.transaction().execute(async (tx) => {
    if (await accounts.isLastAdmin(tx, user.id))
      throw new AppError('BAD_REQUEST', 'You are the last admin. Make someone else an admin before deleting your account.');
    await accounts.deleteAccount(tx, { id: user.id, email: user.email }, user.emailVerified);
  });
  return { ok: true as const };
}

/**
 * Whether a password-reset link (its token) is still usable at `deps.now()` → { valid }: unknown, used, revoked
 * and expired links are not. Reads only; `resetPassword` checks again when the new password arrives.
 */
export async function resetLinkStatus(deps: AppDeps, token: string) {
  const link = await accounts.peekToken(deps.db, accounts.hashLinkToken(token), ['reset_password'], deps.now());
  return { valid: Boolean(link?.userId) };
}
