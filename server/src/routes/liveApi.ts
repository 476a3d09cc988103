import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { AppError, httpStatusOf } from '../errors.ts';
import { liveParams, rideHistoryParams } from '../schemas/history.ts';
import { sendCached } from '../services/responseCache.ts';
import { rideHistory } from '../services/rideHistory.ts';
import { destinationsSnapshot, liveSnapshot } from '../services/waitTimes.ts';

function fail(reply: FastifyReply, deps: AppDeps, err: unknown) {
  if (err instanceof AppError) return reply.code(httpStatusOf(err.code)).send({ error: { message: err.message } });
  deps.logger.error({ err }, 'live api: internal error');
  return reply.code(500).send({ error: { message: 'Something went wrong. Please try again.' } });
}

/**
 * The public read API beside tRPC (docs/DESIGN.md §4 live API cache), used by the web app's Live Wait Times and ride
 * pages: `GET /api/destinations`, `GET /api/live/:parkId` (the live table) and
 * `GET /api/history/:parkId/:attractionId` (the ride page). Each answer is a cached, pre-serialised and
 * pre-compressed body per park poll, with ETag (304 on If-None-Match) and a short Cache-Control.
 * Bad ids are a 400 with a sentence; unknown parks or rides a 404.
 */
export async function liveApi(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const opts = { compress: false as const };
  app.get('/api/destinations', opts, async (req, reply) => {
    try {
      return sendCached(req, reply, await destinationsSnapshot(deps), 300);
    } catch (err) {
      return fail(reply, deps, err);
    }
  });
  app.get('/api/live/:parkId', opts, async (req, reply) => {
    const p = liveParams.safeParse(req.params);
    if (!p.success) return reply.code(400).send({ error: { message: 'That park id is not valid.' } });
    try {
      return sendCached(req, reply, await liveSnapshot(deps, p.data.parkId), 15);
    } catch (err) {
      return fail(reply, deps, err);
    }
  });
  app.get('/api/history/:parkId/:attractionId', opts, async (req, reply) => {
    const p = rideHistoryParams.safeParse(req.params);
    if (!p.success) return reply.code(400).send({ error: { message: 'That park or ride id is not valid.' } });
    try {
      return sendCached(req, reply, await rideHistory(deps, p.data.parkId, p.data.attractionId), 15);
    } catch (err) {
      return fail(reply, deps, err);
    }
  });
}
