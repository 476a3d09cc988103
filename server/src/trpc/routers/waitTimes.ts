import { parkInput } from '@walkon/domain/schemas';
import { listDestinations } from '../../services/catalogue.ts';
import * as waitTimes from '../../services/waitTimes.ts';
import { publicProcedure, router } from '../init.ts';

/** Live wait times (docs/spec/part-1.md §2 Live Wait Times, §7 wait-time service). Public. */
export const waitTimesRouter = router({
  /** Destinations with parks, popular first: { id, name, parks: { id, name, timezone }[] }[]. */
  destinations: publicProcedure.query(({ ctx }) => listDestinations(ctx.deps)),
  /** A park's rides (ATTRACTION) with status and standby wait (minutes), wait desc then name. NOT_FOUND when no data. */
  live: publicProcedure.input(parkInput).query(({ ctx, input }) => waitTimes.liveRides(ctx.deps, input.parkId)),
});
