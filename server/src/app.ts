import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppDeps } from './deps.ts';
import { stripeWebhook } from './payments/webhook.ts';
import { metrics } from './plugins/metrics.ts';
import { requestGuards } from './plugins/requestGuards.ts';
import { requestIds, serverOptions } from './plugins/requestLog.ts';
import { bullBoardRoutes } from './routes/bullBoard.ts';
import { healthRoutes } from './routes/health.ts';
import { formBodies, linkRoutes } from './routes/links.ts';
import { liveApi } from './routes/liveApi.ts';
import { trpcRoutes } from './routes/trpc.ts';
import { webApp } from './routes/webApp.ts';
import { helmetOptions } from './security/headers.ts';
import { guardOf } from './security/limits.ts';

export { isCrossOrigin, OWN_PROOF_ROUTES } from './plugins/requestGuards.ts';
export { clientRouteMatcher } from './routes/webApp.ts';

/**
 * Builds the HTTP server (docs/DESIGN.md §4 factory) from its plugins, in this order because Fastify's hooks, error
 * handler and content-type parsers reach only what is registered after them:
 * - global (server/src/plugins/, fastify-plugin): request ids, cookies, compression, security headers, the
 *   request guards (CSRF Origin check, URL and tRPC batch limits, the error sentences) and metrics (`/metrics` for
 *   admins or the METRICS_TOKEN bearer);
 * - routes (server/src/routes/, each its own scope): `/livez`, `/readyz` (alias `/healthz`), tRPC at `/trpc`, the
 *   Stripe webhook at `/stripe/webhook` (raw body, signature checked), the public live API at `/api/…`, Bull Board
 *   at `/admin/queues` (admins only), the e-mail links `/unsubscribe` (RFC 8058) and `/confirm`, and, with
 *   `webDistDir`, the built web app with its SPA fallback.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(deps));
  await app.register(requestIds);
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyHelmet, helmetOptions(deps.production));
  await app.register(requestGuards, { deps });
  await app.register(healthRoutes, { deps });
  await app.register(metrics, { deps });
  // Abuse limits are counted per tRPC call in Redis (security/limits.ts): each call of a batch counts.
  await app.register(trpcRoutes, { deps, guard: guardOf(deps) });
  await stripeWebhook(app, deps);
  await liveApi(app, deps);
  await app.register(bullBoardRoutes, { deps });
  await app.register(formBodies);
  await app.register(linkRoutes, { deps });
  await app.register(webApp, { deps });
  return app;
}
