import type { IntegrationsEnv } from '../../env.ts';
import { createHttpSource } from './http.ts';
import { type ReadGate, withReadGate } from './readGate.ts';
import { createReplaySource } from './replay.ts';
import type { WaitTimesSource } from './types.ts';

export { createHttpSource, DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS, parseRetryAfter } from './http.ts';
export { createMemoryReadGate, createRedisReadGate, type PollFaultPlan, planAfterFault, type ReadGate, withReadGate } from './readGate.ts';
export { createReplaySource, shiftInstants } from './replay.ts';
export { parseDestinations, parseLive, parseSchedule } from './schema.ts';
export * from './types.ts';

/**
 * The configured wait-times source: ThemeParks.wiki over HTTP (`WAIT_TIMES_SOURCE=http`, the default) or the
 * recorded replay (`replay`, docs/DESIGN.md §5). `now` is the clock the replay shifts recordings to and Retry-After
 * counts from. With a `gate`, park reads honour the upstream's Retry-After across calls (withReadGate).
 */
export function createWaitTimesSource(
  env: Pick<IntegrationsEnv, 'WAIT_TIMES_SOURCE' | 'THEMEPARKS_API_URL' | 'WAIT_TIMES_REPLAY_DIR' | 'WAIT_TIMES_REPLAY_SERIES'> &
    Partial<Pick<IntegrationsEnv, 'WAIT_TIMES_REPLAY_PARKS'>>,
  now: () => Date = () => new Date(),
  gate?: ReadGate,
): WaitTimesSource {
  const source =
    env.WAIT_TIMES_SOURCE === 'replay'
      ? createReplaySource({
          dir: env.WAIT_TIMES_REPLAY_DIR,
          now,
          seriesFile: env.WAIT_TIMES_REPLAY_SERIES,
          onlyRecordedParks: env.WAIT_TIMES_REPLAY_PARKS === 'recorded',
        })
      : createHttpSource({ baseUrl: env.THEMEPARKS_API_URL, now });
  return gate ? withReadGate(source, gate, now) : source;
}
