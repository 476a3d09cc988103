import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/requestSession.ts';
import type { AppDeps, Guard } from '../deps.ts';
import type { Context } from '../trpc/init.ts';
import { type AppRouter, appRouter } from '../trpc/router.ts';

/**
 * The tRPC API at `/trpc` (docs/DESIGN.md §4): each call's context carries the deps, the request's session user (null when
 * logged out) and the abuse-limit guard (security/limits.ts, counted per call of a batch). Internal errors are logged
 * with their cause; the client sees the error map's sentence (server/src/errors.ts).
 */
export async function trpcRoutes(app: FastifyInstance, opts: { deps: AppDeps; guard: Guard }): Promise<void> {
  const { deps, guard } = opts;
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: async ({ req, res }): Promise<Context> => {
        const s = await sessionOf(deps, req, res);
        return { deps, req, res, user: s?.user ?? null, sessionId: s?.sessionId ?? null, guard };
      },
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') deps.logger.error({ path, err: error.cause ?? error }, 'tRPC internal error');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
