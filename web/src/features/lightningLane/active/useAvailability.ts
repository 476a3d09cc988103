import { trpc } from '../../../trpc.ts';
import { AVAILABILITY_REFRESH_MS } from './constants.ts';

/** The park's availability query (shared by the cards; react-query dedupes it), refreshed every 30 s. */
export function useAvailability(parkId: string) {
  return trpc.lightningLane.availability.useQuery(
    { parkId },
    { refetchInterval: AVAILABILITY_REFRESH_MS, refetchIntervalInBackground: false },
  );
}
