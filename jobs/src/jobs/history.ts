import { collectHistory } from '../pipeline/history.ts';
import { historyJobSchema, QUEUE } from '../queues.ts';
import { defineJob } from './definition.ts';

/**
 * A `history` job: the 5-minute history collection of one park (docs/DESIGN.md §2.2 history); the claim keeps it to one
 * read per park per interval across workers. → what `collectHistory` did.
 */
export const historyJob = defineJob({
  queue: QUEUE.history,
  schema: historyJobSchema,
  concurrency: () => 2,
  handler: async (ctx, { parkId }, job) => {
    const log = ctx.logger.child({ jobId: job.id, parkId });
    const out = await collectHistory({ db: ctx.db, source: ctx.source, now: ctx.now, logger: log }, parkId);
    log.debug(out, 'history');
    return out;
  },
});
