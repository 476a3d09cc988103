import type { IntegrationsEnv } from '../../env.ts';
import type { WaitTimesSource } from '../waitTimes/types.ts';
import { createReplayDiningProvider } from './replay.ts';
import { createThemeParksDiningProvider } from './themeparks.ts';
import type { DiningAvailabilityProvider } from './types.ts';

export { createReplayDiningProvider } from './replay.ts';
export {
  answerFromLive,
  createThemeParksDiningProvider,
  DINING_LIVE_TTL_MS,
} from './themeparks.ts';
export * from './types.ts';

/**
 * The configured dining availability provider (docs/decisions/009, docs/DESIGN.md §5): DINING_SOURCE `themeparks` (ThemeParks.wiki
 * walk-up availability through `source`), `replay` (recorded sample from WAIT_TIMES_REPLAY_DIR) or `off` (null:
 * the restaurant check then only expires alerts). Unset: `replay` when WAIT_TIMES_SOURCE=replay, else `themeparks`.
 */
export function createDiningProvider(
  env: Pick<IntegrationsEnv, 'DINING_SOURCE' | 'WAIT_TIMES_SOURCE' | 'WAIT_TIMES_REPLAY_DIR'>,
  source: WaitTimesSource,
  now: () => Date,
): DiningAvailabilityProvider | null {
  const kind = env.DINING_SOURCE ?? (env.WAIT_TIMES_SOURCE === 'replay' ? 'replay' : 'themeparks');
  if (kind === 'off') return null;
  if (kind === 'replay') return createReplayDiningProvider({ dir: env.WAIT_TIMES_REPLAY_DIR });
  return createThemeParksDiningProvider({ source, now });
}
