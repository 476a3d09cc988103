import { timingSafeEqual } from 'node:crypto';
import { createRegistry } from '@walkon/integrations/ops';
import type { FastifyInstance } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import fp from 'fastify-plugin';
import promClient from 'prom-client';
import { sessionOf } from '../auth/requestSession.ts';
import type { AppDeps } from '../deps.ts';

/**
 * Metrics (docs/OPERATIONS.md "Metrics"), global (fastify-plugin): HTTP duration by route (fastify-metrics), the pg
 * pool and the process, in this app's own registry; `GET /metrics` answers admins (401 without a session, 403 for
 * a non-admin) and the METRICS_TOKEN bearer only, never the public.
 */
export const metrics = fp(
  async (app: FastifyInstance, opts: { deps: AppDeps }) => {
    const { deps } = opts;
    const registry = createRegistry('api', deps.db);
    await app.register(fastifyMetrics, {
      // prom-client itself (the plugin defaults to @prometheus-io/client), every series in this app's registry: a
      // second app in one process (tests) registers nothing twice. (Casts: the plugin types its own client.)
      promClient: promClient as never,
      endpoint: null,
      defaultMetrics: { enabled: false },
      routeMetrics: {
        enabled: { histogram: true, summary: false },
        routeBlacklist: ['/metrics', '/livez', '/readyz', '/healthz'],
        overrides: {
          histogram: { name: 'http_request_duration_seconds', registers: [registry as never] },
          summary: { registers: [registry as never] },
        },
      },
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
