import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { LogController } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps.ts';
import { BODY_LIMIT_BYTES } from '../security/batch.ts';

/**
 * Fastify's request logging as ONE line per request (docs/OPERATIONS.md "Logs"): no "incoming request" line; the
 * "request completed" line carries method, path (never the query string: it can hold unsubscribe tokens), route
 * pattern, status and duration in milliseconds, with the request id pino adds as `reqId`.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      path: request.url.split('?')[0],
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** An `x-request-id` we accept from the caller (a proxy or load balancer): 1–128 of [A-Za-z0-9._:-]; else we make one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The Fastify server options of the API (docs/DESIGN.md §4): the injected logger with one line per request, the proxies
 * to believe (TRUST_PROXY), the body limit, room for long URLs and tRPC batch names, and request ids.
 */
export function serverOptions(deps: AppDeps): FastifyServerOptions {
  return {
    loggerInstance: deps.logger as unknown as FastifyBaseLogger,
    // The client address comes from the socket unless TRUST_PROXY names the proxies in front of us
    // (docs/security.md): trusting X-Forwarded-For from anyone let a client pick its own address.
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Room for URLs up to MAX_URL_CHARS, so a long GET query is answered 413 by us rather than dropped by Node.
    http: { maxHeaderSize: 64 * 1024 },
    // A batched tRPC call puts every procedure name in the `/trpc/:path` parameter ("a.b,c.d,…"); Fastify's
    // default of 100 characters answered a busy page's batch with 414 (tRPC's Fastify adapter docs: 5000).
    maxParamLength: 5000,
    // One log line per request at info: Fastify's "request completed" (with the response time), not also
    // "incoming request".
    logController: new OneLinePerRequest(),
    // Request ids (docs/OPERATIONS.md "Logs"): the caller's `x-request-id` when well-formed (only a log
    // correlation: nothing trusts it), else a random UUID; echoed on every response.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  } as FastifyServerOptions;
}

/** Echoes the request id on every response (`x-request-id`, docs/OPERATIONS.md "Logs"); global (fastify-plugin). */
export const requestIds = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (req, reply) => {
      reply.header('x-request-id', req.id);
    });
  },
  { name: 'walkon-request-ids' },
);
