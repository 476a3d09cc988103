import type { JobsEnv } from '../../env.ts';
import { createHttpSource } from './http.ts';
import { createReplaySource } from './replay.ts';
import type { WaitTimesSource } from './types.ts';

export { createHttpSource } from './http.ts';
export { createReplaySource, shiftInstants } from './replay.ts';
export { parseDestinations, parseLive, parseSchedule } from './schema.ts';
export * from './types.ts';

/**
 * The configured wait-times source: ThemeParks.wiki over HTTP (`WAIT_TIMES_SOURCE=http`, the default) or the
 * recorded replay (`replay`, DESIGN §5). `now` is the clock the replay shifts recordings to.
 */
export function createWaitTimesSource(
  env: Pick<JobsEnv, 'WAIT_TIMES_SOURCE' | 'THEMEPARKS_API_URL' | 'WAIT_TIMES_REPLAY_DIR' | 'WAIT_TIMES_REPLAY_SERIES'>,
  now: () => Date = () => new Date(),
): WaitTimesSource {
  if (env.WAIT_TIMES_SOURCE === 'replay') {
    return createReplaySource({ dir: env.WAIT_TIMES_REPLAY_DIR, now, seriesFile: env.WAIT_TIMES_REPLAY_SERIES });
  }
  return createHttpSource({ baseUrl: env.THEMEPARKS_API_URL });
}
