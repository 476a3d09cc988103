import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useTRPC } from '../../../trpc.ts';
import { toastArgs } from '../ConnectStep.tsx';
import { formatLanePrice, laneErrorToast, returnWindow, stateLabel } from '../format.ts';
import type { Lane, LanePreference } from '../types.ts';
import { SIMULATED_LABEL } from './constants.ts';

/** One attraction's Lightning Lane: state, pass type, return window, price, the person's preference, Prefer/Edit and Book (simulated). */
export function LaneRow({
  lane,
  timeZone,
  pref,
  canBook,
  parkId,
  onEdit,
}: {
  lane: Lane;
  timeZone: string | null;
  pref: LanePreference | undefined;
  canBook: boolean;
  parkId: string;
  onEdit: (el: HTMLElement) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const book = useMutation(
    trpc.lightningLane.book.mutationOptions({
      onSuccess: async (b) => {
        toast.success(`Booked ${b.attractionName} (simulated)`, {
          description: `${returnWindow(b.returnTimeStart, b.returnTimeEnd, timeZone)}. ${SIMULATED_LABEL}.`,
        });
        await queryClient.invalidateQueries({ queryKey: trpc.lightningLane.bookings.queryKey() });
      },
      onError: async (e) => {
        toast.error(...toastArgs(laneErrorToast('book', e)));
        await queryClient.invalidateQueries({ queryKey: trpc.lightningLane.availability.queryKey({ parkId }) });
      },
    }),
  );
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{lane.name}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <Badge tone={lane.available ? 'green' : lane.state === 'AVAILABLE' ? 'amber' : 'slate'}>
            {lane.available ? 'Available' : stateLabel(lane.state)}
          </Badge>
          <span>{lane.queueType === 'PAID_RETURN_TIME' ? 'Single Pass (paid)' : 'Multi Pass'}</span>
          <span>Return: {returnWindow(lane.returnTimeStart, lane.returnTimeEnd, timeZone)}</span>
          {lane.price !== undefined ? <span>Price: {formatLanePrice(lane.price, lane.priceFormatted)}</span> : null}
          {lane.status !== 'OPERATING' ? <span>Ride: {stateLabel(lane.status)}</span> : null}
        </p>
        <p className="mt-1 text-xs text-slate-600">
          {pref
            ? `Your preference: priority ${pref.priority} · ${pref.windowStart}–${pref.windowEnd}${pref.maxPrice !== null ? ` · max $${pref.maxPrice}` : ''}`
            : 'No preference: auto-booking skips it.'}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={(e) => onEdit(e.currentTarget)} aria-label={`Preferences for ${lane.name}`}>
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          {pref ? 'Edit' : 'Prefer'}
        </Button>
        <Button
          size="sm"
          disabled={!canBook || !lane.available || book.isPending}
          onClick={() => book.mutate({ parkId, attractionId: lane.id })}
          aria-label={`Book ${lane.name} (simulated)`}
        >
          {book.isPending ? 'Booking…' : 'Book'}
        </Button>
      </div>
    </li>
  );
}
