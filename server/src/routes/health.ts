import { ping } from '@walkon/db';
import { checkReadiness } from '@walkon/integrations/ops';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';

/**
 * Liveness and readiness (docs/OPERATIONS.md "Health"): `GET /livez` = the process answers ({ ok: true });
 * `GET /readyz` = PostgreSQL and Redis answer ({ ok, db, redis }, 503 otherwise, each check bounded to 2 s);
 * `GET /healthz` is an alias of /readyz. From SIGTERM on (`deps.stopping`) /readyz answers 503 with `state: "stopping"`
 * while the listener still serves, so a load balancer takes the process out before it closes.
 */
export async function healthRoutes(app: FastifyInstance, opts: { deps: AppDeps }): Promise<void> {
  const { deps } = opts;
  app.get('/livez', async () => ({ ok: true }));
  const readyz = async (_req: FastifyRequest, reply: FastifyReply) => {
    const checked = await checkReadiness({ db: () => ping(deps.db), redis: () => deps.queues.ping() });
    const r = deps.stopping?.() ? { ...checked, ok: false, state: 'stopping' as const } : checked;
    return reply
      .code(r.ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(r);
  };
  app.get('/readyz', readyz);
  app.get('/healthz', readyz);
}
