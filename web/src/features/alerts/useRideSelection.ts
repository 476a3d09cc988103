import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';
import { initialSelection, readCleared } from './selection.ts';

/**
 * The rides chosen on Get Alerts for one park, saved on every change (alerts.saveRides). On a park's first
 * load: the saved selection, else every ride unless the person cleared them by hand (docs/spec/part-1.md §4); a ride
 * page's "Watch this ride" (`watchRide` of `watchPark`) is added and saved. `loaded` says the selection shown
 * is the loaded one (not the empty list before the first load); `reset()` (stable) forgets it for a new park.
 */
export function useRideSelection({
  parkId,
  watchPark,
  watchRide,
}: {
  parkId: string | null;
  watchPark?: string | undefined;
  watchRide?: string | undefined;
}) {
  const trpc = useTRPC();
  const rides = useQuery(trpc.alerts.rides.queryOptions({ parkId: parkId ?? '' }, { enabled: Boolean(parkId) }));
  const state = useQuery(trpc.alerts.state.queryOptions({ parkId: parkId ?? '' }, { enabled: Boolean(parkId) }));
  const saveRides = useMutation(
    trpc.alerts.saveRides.mutationOptions({ onError: (e) => toast.error('Save Failed', { description: e.message }) }),
  );
  const [selected, setSelected] = useState<string[]>([]);
  const loadedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!parkId || !rides.data || !state.data || loadedFor.current === parkId) return;
    loadedFor.current = parkId;
    const init = initialSelection({
      saved: state.data.selectedRideIds,
      rideIds: rides.data.rides.map((r) => r.id),
      manuallyCleared: readCleared(parkId),
    });
    let chosen = init.selected;
    let save = init.save;
    if (watchRide && watchPark === parkId && rides.data.rides.some((r) => r.id === watchRide) && !chosen.includes(watchRide)) {
      chosen = [...chosen, watchRide];
      save = true;
    }
    setSelected(chosen);
    if (save) saveRides.mutate({ parkId, rideIds: chosen });
  }, [parkId, rides.data, state.data, saveRides, watchRide, watchPark]);

  const update = (next: string[]) => {
    setSelected(next);
    if (parkId) saveRides.mutate({ parkId, rideIds: next });
  };
  const reset = useCallback(() => {
    setSelected([]);
    loadedFor.current = null;
  }, []);
  return { selected, update, reset, loaded: Boolean(parkId) && loadedFor.current === parkId };
}
