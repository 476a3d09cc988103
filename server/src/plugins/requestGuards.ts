import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps.ts';
import { checkTrpcBatch, MAX_URL_CHARS, tooLargeMessage } from '../security/batch.ts';
import { isRedisUnavailable, REDIS_DOWN_MESSAGE, REDIS_DOWN_RETRY_SECONDS, reportFault } from '../security/redisDown.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The POST routes that carry their own proof and need no Origin (docs/security.md): the Stripe webhook (its
 * signature) and the one-click unsubscribe (RFC 8058: mail clients post it without Origin; the link's token).
 * Matched by the route Fastify chose, never by a prefix of the raw URL.
 */
export const OWN_PROOF_ROUTES = new Set(['/stripe/webhook', '/unsubscribe']);

/**
 * CSRF defence (docs/decisions/007, Lucia's guide; docs/DESIGN.md §8): a request that is not
 * GET, HEAD or OPTIONS must name our public origin, or the host it was sent to, in `Origin` (or, without it,
 * `Referer`); otherwise it is cross-origin and refused — including a request with neither header, `Origin:
 * null` and an unparsable value. `req.host` is Fastify's host: the Host header, or X-Forwarded-Host only from
 * a proxy named in TRUST_PROXY (a client cannot choose it). `route` is the matched route (OWN_PROOF_ROUTES
 * pass). → true when the request must be refused.
 */
export function isCrossOrigin(
  req: { method: string; host?: string; headers: Record<string, string | string[] | undefined> },
  publicOrigin: string,
  route?: string,
): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  if (req.method === 'POST' && route && OWN_PROOF_ROUTES.has(route)) return false;
  const origin = (req.headers.origin as string | undefined) ?? (req.headers.referer as string | undefined);
  if (!origin) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  if (!host) return true;
  const allowed = new Set([new URL(publicOrigin).host]);
  if (req.host) allowed.add(req.host);
  return !allowed.has(host);
}

/**
 * Every request's gate and every framework error's sentence (docs/security.md), global (fastify-plugin):
 * a cross-origin mutation → 403; a URL over MAX_URL_CHARS → 413; a tRPC batch over its limits → its status;
 * framework errors (a body over the limit, broken JSON, an unknown content type) → a 4xx/5xx sentence, never a trace.
 */
export const requestGuards = fp(
  async (app: FastifyInstance, opts: { deps: AppDeps }) => {
    app.addHook('onRequest', async (req, reply) => {
      if (isCrossOrigin(req, opts.deps.publicOrigin, req.routeOptions.url)) {
        return reply.code(403).send({ error: { message: 'Cross-origin request refused.' } });
      }
      if (req.url.length > MAX_URL_CHARS) return reply.code(413).send({ error: { message: tooLargeMessage() } });
      const refusal = checkTrpcBatch(req.method, req.url);
      if (refusal) return reply.code(refusal.status).send({ error: { message: refusal.message, data: { httpStatus: refusal.status } } });
    });

    app.setErrorHandler((err: { statusCode?: number; code?: string; message: string }, req, reply) => {
      // Redis unreachable on a plain route (links, webhooks): 503 with a sentence, logged once per kind (docs/decisions/047).
      if (!err.statusCode && isRedisUnavailable(err)) {
        reportFault(opts.deps.logger, 'redis_unavailable', String(req.id), err);
        return reply
          .code(503)
          .header('retry-after', String(REDIS_DOWN_RETRY_SECONDS))
          .send({ error: { message: REDIS_DOWN_MESSAGE } });
      }
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
      if (status >= 500) req.log.error({ err }, 'request failed');
      const message =
        status === 413
          ? tooLargeMessage()
          : status === 415
            ? 'Please send this request as JSON.'
            : status === 400 && err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
              ? 'This request is not valid JSON.'
              : status === 429
                ? err.message
                : status >= 500
                  ? 'Something went wrong. Please try again.'
                  : 'This request is not valid.';
      return reply.code(status).send({ error: { message } });
    });
  },
  { name: 'walkon-request-guards' },
);
