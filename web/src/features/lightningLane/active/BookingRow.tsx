import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Confirm } from '../../../components/ui/confirm.tsx';
import { formatPassDate } from '../../../lib/dates.ts';
import { toast } from '../../../lib/toast.ts';
import { useTRPC } from '../../../trpc.ts';
import { toastArgs } from '../ConnectStep.tsx';
import { formatLanePrice, laneErrorToast, returnWindow } from '../format.ts';
import type { LaneBooking } from '../types.ts';
import { SIMULATED_LABEL } from './constants.ts';

/** One booking: attraction, status, auto, date, return window, price, the simulated label, and Cancel (confirmed first). */
export function BookingRow({ booking: b, timeZone }: { booking: LaneBooking; timeZone: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cancel = useMutation(
    trpc.lightningLane.cancel.mutationOptions({
      onSuccess: async () => {
        toast.success(`Cancelled ${b.attractionName}`);
        await queryClient.invalidateQueries({ queryKey: trpc.lightningLane.bookings.queryKey() });
      },
      onError: (e) => toast.error(...toastArgs(laneErrorToast('book', e))),
    }),
  );
  const tone = b.status === 'confirmed' ? 'green' : b.status === 'pending' ? 'amber' : 'slate';
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {b.attractionName}
          <Badge tone={tone}>{b.status.charAt(0).toUpperCase() + b.status.slice(1)}</Badge>
          {b.auto ? <Badge tone="brand">Auto</Badge> : null}
        </p>
        <p className="text-sm text-slate-700">
          {formatPassDate(b.day)} · {returnWindow(b.returnTimeStart, b.returnTimeEnd, timeZone)}
          {b.priceCents !== null ? ` · ${formatLanePrice(b.priceCents)}` : ''}
        </p>
        {b.simulated ? (
          <p className="mt-1 inline-flex items-center gap-1 rounded-md bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
            <FlaskConical className="h-3.5 w-3.5" aria-hidden="true" />
            {SIMULATED_LABEL}
          </p>
        ) : null}
      </div>
      {b.status !== 'cancelled' ? (
        <Confirm
          title={`Cancel ${b.attractionName}?`}
          description="The booking is marked cancelled. Auto-booking will not book this attraction again today."
          confirmText="Cancel booking"
          onConfirm={() => cancel.mutate({ bookingId: b.id })}
          trigger={
            <Button variant="secondary" size="sm" disabled={cancel.isPending}>
              Cancel
            </Button>
          }
        />
      ) : null}
    </li>
  );
}
