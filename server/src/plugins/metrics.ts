import { timingSafeEqual } from 'node:crypto';
import { createRegistry } from '@walkon/integrations/ops';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import promClient from 'prom-client';
import { sessionOf } from '../auth/requestSession.ts';
import type { AppDeps } from '../deps.ts';
import { appRouter } from '../trpc/router.ts';

/** Paths not timed: the scrape and the probes. */
const UNTIMED = new Set(['/metrics', '/livez', '/readyz', '/healthz']);

/** Every tRPC procedure's path (`alerts.state`, …): the only names a `/trpc/…` label may carry (bounded cardinality). */
const PROCEDURES = new Set(Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures));

/**
 * The `route` labels of one request (docs/OPERATIONS.md "Metrics"): for `/trpc/a.b,c.d` each procedure of the batch
 * (`/trpc/a.b`, `/trpc/c.d`; a name that is no procedure is `/trpc/unknown`), else the matched route's pattern
 * (`/unsubscribe`, `/assets/*`), or `unmatched` for a 404 that matched no route.
 */
export function routeLabels(url: string, pattern: string | undefined): string[] {
  if (pattern === '/trpc/:path') {
    const names = decodeURIComponent(url.split('?')[0]!.slice('/trpc/'.length)).split(',');
    return [...new Set(names.map((n) => `/trpc/${PROCEDURES.has(n) ? n : 'unknown'}`))];
  }
  if (pattern?.startsWith('/assets/')) return ['/assets/*'];
  return [pattern ?? 'unmatched'];
}

/**
 * Metrics (docs/OPERATIONS.md "Metrics"), global (fastify-plugin), with prom-client alone: HTTP duration by method,
 * route (routeLabels: one per tRPC procedure; a batch counts once for each of its procedures, with the batch's
 * duration) and status code; the pg pool, the process and `walkon_build_info`, in this app's own registry (a second
 * app in one process, in tests, registers nothing twice). `GET /metrics` answers admins (401 without a session, 403
 * for a non-admin) and the METRICS_TOKEN bearer only, never the public.
 */
export const metrics = fp(
  async (app: FastifyInstance, opts: { deps: AppDeps }) => {
    const { deps } = opts;
    const registry = createRegistry('api', deps.db);
    const duration = new promClient.Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds, by method, route (one per tRPC procedure) and status code.',
      labelNames: ['method', 'route', 'status_code'],
      registers: [registry],
    });
    app.addHook('onResponse', async (req, reply) => {
      const pattern = req.routeOptions.url;
      if (pattern && UNTIMED.has(pattern)) return;
      const seconds = reply.elapsedTime / 1000;
      for (const route of routeLabels(req.url, pattern))
        duration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, seconds);
    });
    app.get('/metrics', async (req, reply) => {
      const auth = req.headers.authorization ?? '';
      const token = deps.metricsToken;
      const bearerOk =
        token !== undefined &&
        auth.startsWith('Bearer ') &&
        Buffer.byteLength(auth.slice(7)) === Buffer.byteLength(token) &&
        timingSafeEqual(Buffer.from(auth.slice(7)), Buffer.from(token));
      if (!bearerOk) {
        const s = await sessionOf(deps, req, reply);
        if (!s) return reply.code(401).send({ error: { message: 'Please log in as an admin, or send the metrics token.' } });
        if (!s.user.roles.includes('admin')) return reply.code(403).send({ error: { message: 'Access Denied: admins only.' } });
      }
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    });
  },
  { name: 'walkon-metrics' },
);
