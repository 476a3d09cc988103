import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { SESSION_COOKIE, sessionCookieOptions, validateSessionToken } from './session.ts';

/**
 * The session of a request's cookie (docs/decisions/007), renewing the cookie when the
 * session was extended; null without a cookie or for an invalid or expired session.
 */
export async function sessionOf(deps: AppDeps, req: FastifyRequest, reply: { setCookie: (n: string, v: string, o: object) => unknown }) {
  const token = req.cookies[SESSION_COOKIE];
  if (!token) return null;
  const s = await validateSessionToken(deps.db, token, deps.now());
  if (s?.renewed) reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(s.expiresAt, deps.production));
  return s;
}
