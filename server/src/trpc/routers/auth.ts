import { invalidateSession, SESSION_COOKIE, sessionCookieOptions } from '../../auth/session.ts';
import { logInInput, signUpInput } from '../../schemas.ts';
import * as auth from '../../services/auth.ts';
import { type Context, limitEmailWrite, limitPerClient, protectedProcedure, publicProcedure, router } from '../init.ts';

function setSessionCookie(ctx: Context, token: string, expiresAt: Date) {
  ctx.res.setCookie(SESSION_COOKIE, token, sessionCookieOptions(expiresAt, ctx.deps.production));
}

/** Accounts (spec part 1 §2 Auth, §4 Session, §6 roles). */
export const authRouter = router({
  /** The signed-in user with roles, or null. */
  me: publicProcedure.query(({ ctx }) => ({ user: ctx.user })),
  /**
   * Sign up: { fullName, email, password } → { user }; sets the session cookie. BAD_REQUEST for a guessable
   * password; CONFLICT when registered; TOO_MANY_REQUESTS past the e-mailing-write limits (README "Security").
   */
  signUp: publicProcedure
    .input(signUpInput)
    .use(async ({ ctx, path, input, next }) => {
      await limitEmailWrite(ctx, path, input.email);
      return next();
    })
    .mutation(async ({ ctx, input }) => {
      const { user, session } = await auth.signUp(ctx.deps, input);
      setSessionCookie(ctx, session.token, session.expiresAt);
      return { user };
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
    if (ctx.sessionId) await invalidateSession(ctx.deps.db, ctx.sessionId);
    ctx.res.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  }),
});
