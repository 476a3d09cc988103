import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../trpc.ts';
import { AVAILABILITY_REFRESH_MS } from './constants.ts';

/** The park's availability query (shared by the cards; react-query dedupes it), refreshed every 30 s. */
export function useAvailability(parkId: string) {
  const trpc = useTRPC();
  return useQuery(
    trpc.lightningLane.availability.queryOptions(
      { parkId },
      { refetchInterval: AVAILABILITY_REFRESH_MS, refetchIntervalInBackground: false },
    ),
  );
}
