import {
  changeEmailInput,
  changePasswordInput,
  deleteAccountInput,
  emailLinkInput,
  logInInput,
  passwordResetInput,
  passwordResetRequestInput,
  signUpInput,
} from '@walkon/domain/schemas';
import { SESSION_COOKIE, sessionCookieOptions } from '../../auth/session.ts';
import * as auth from '../../services/auth.ts';
import { type Context, emailWriteLimit, limitPerClient, protectedProcedure, publicProcedure, router } from '../init.ts';

function setSessionCookie(ctx: Context, token: string, expiresAt: Date) {
  ctx.res.setCookie(SESSION_COOKIE, token, sessionCookieOptions(expiresAt, ctx.deps.production));
}

function clearSessionCookie(ctx: Context) {
  ctx.res.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Accounts (docs/spec/part-1.md §2 Auth, §4 Session, §6 roles; docs/security.md "Accounts"). */
export const authRouter = router({
  /** The signed-in user with roles and `emailVerified`, or null. */
  me: publicProcedure.query(({ ctx }) => ({ user: ctx.user })),
  /**
   * Sign up: { fullName, email, password, next? } → { ok }, the same for every address, with no cookie
   * (docs/decisions/046): a new address is e-mailed a link that creates the account
   * (`finishSignUp`), a registered one a "someone tried to sign up" notice. BAD_REQUEST for a guessable password;
   * TOO_MANY_REQUESTS past the e-mailing-write limits (docs/security.md).
   */
  signUp: publicProcedure
    .input(signUpInput)
    .use(emailWriteLimit((input: { email: string }) => input.email))
    .mutation(({ ctx, input }) => auth.signUp(ctx.deps, input)),
  /** { token } → { email } of a sign-up link still usable, or null (reads only; the /verify-email page). */
  signUpLink: publicProcedure.input(emailLinkInput).query(({ ctx, input }) => auth.signUpLink(ctx.deps, input.token)),
  /**
   * Opens a sign-up link: { token } → { user, next }; creates the account (verified) and sets the session cookie
   * (docs/decisions/046). BAD_REQUEST "This link is invalid or has expired…" for an unknown, used
   * or expired link; CONFLICT when the address has an account already.
   */
  finishSignUp: publicProcedure.input(emailLinkInput).mutation(async ({ ctx, input }) => {
    const { user, session, next } = await auth.finishSignUp(ctx.deps, input.token);
    // The browser may hold another account's session: it is replaced, and ended.
    if (ctx.sessionId) await auth.logOut(ctx.deps, ctx.sessionId);
    setSessionCookie(ctx, session.token, session.expiresAt);
    return { user, next };
  }),
  /**
   * Log in: { email, password } → { user }; UNAUTHORIZED on bad credentials, TOO_MANY_REQUESTS while slowed
   * down (per account, services/auth.ts) or past 30 attempts per client in 15 minutes (password spraying).
   */
  logIn: publicProcedure
    .use(limitPerClient('logInPerClient', 'Too many login attempts from your connection.'))
    .input(logInInput)
    .mutation(async ({ ctx, input }) => {
      const { user, session } = await auth.logIn(ctx.deps, ctx.guard, ctx.req.ip, input);
      setSessionCookie(ctx, session.token, session.expiresAt);
      return { user };
    }),
  /** Log out: ends the session and clears the cookie. */
  logOut: protectedProcedure.mutation(async ({ ctx }) => {
    const r = await auth.logOut(ctx.deps, ctx.sessionId);
    clearSessionCookie(ctx);
    return r;
  }),
  /**
   * Sends a new verification link to the signed-in user's address → { sent } (false when already verified).
   * TOO_MANY_REQUESTS past the e-mailing-write limits (per client and per address, docs/security.md).
   */
  resendVerification: protectedProcedure
    .use(emailWriteLimit((_input: unknown, user) => user?.email))
    .mutation(({ ctx }) => auth.resendVerification(ctx.deps, ctx.user)),
  /**
   * Uses an e-mailed link while signed in: { token } → { kind: 'verified' | 'email_changed', email }. A new
   * address rotates the sessions (a fresh cookie for this browser). BAD_REQUEST for a bad, used or expired link.
   */
  useEmailLink: protectedProcedure.input(emailLinkInput).mutation(async ({ ctx, input }) => {
    const r = await auth.useEmailLink(ctx.deps, ctx.user, input.token);
    if (r.session) setSessionCookie(ctx, r.session.token, r.session.expiresAt);
    return { kind: r.kind, email: r.email };
  }),
  /**
   * "Forgot password": { email } → { ok } whether or not the address has an account. TOO_MANY_REQUESTS past the
   * e-mailing-write limits (per client and per address, counted for unknown addresses too, docs/security.md).
   */
  requestPasswordReset: publicProcedure
    .input(passwordResetRequestInput)
    .use(emailWriteLimit((input: { email: string }) => input.email))
    .mutation(({ ctx, input }) => auth.requestPasswordReset(ctx.deps, input.email)),
  /** { token, password } → { ok }: new password, every session ended. BAD_REQUEST for a bad, used or expired link. */
  resetPassword: publicProcedure.input(passwordResetInput).mutation(async ({ ctx, input }) => {
    const r = await auth.resetPassword(ctx.deps, input);
    clearSessionCookie(ctx);
    return r;
  }),
  /**
   * { token } → { valid }: whether a password-reset link can still be used (not used, not expired), so the page
   * says so on load instead of after the new password is typed. Consumes nothing.
   */
  resetLinkStatus: publicProcedure.input(emailLinkInput).query(({ ctx, input }) => auth.resetLinkStatus(ctx.deps, input.token)),
  /** { currentPassword, newPassword } → { ok }; other sessions end. BAD_REQUEST when the current one is wrong. */
  changePassword: protectedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => auth.changePassword(ctx.deps, ctx.user, ctx.sessionId, input)),
  /**
   * { newEmail, password } → { ok }: a confirmation link goes to the new address; nothing changes until it is
   * opened. TOO_MANY_REQUESTS past the e-mailing-write limits (per client and per new address, docs/security.md).
   */
  requestEmailChange: protectedProcedure
    .input(changeEmailInput)
    .use(emailWriteLimit((input: { newEmail: string }) => input.newEmail))
    .mutation(({ ctx, input }) => auth.requestEmailChange(ctx.deps, ctx.user, input)),
  /** { password } → { ok }: deletes the account and its personal data; clears the cookie. */
  deleteAccount: protectedProcedure.input(deleteAccountInput).mutation(async ({ ctx, input }) => {
    const r = await auth.deleteAccount(ctx.deps, ctx.user, input);
    clearSessionCookie(ctx);
    return r;
  }),
});
