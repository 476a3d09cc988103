import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card } from '../../../components/ui/card.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../lib/toast.ts';
import { useTRPC } from '../../../trpc.ts';
import { toastArgs } from '../ConnectStep.tsx';
import { laneErrorToast } from '../format.ts';
import type { LaneStatus } from '../types.ts';
import { AUTO_BOOKING_RULE } from './constants.ts';

/** The auto-booking switch (docs/spec/part-2.md §4) with its rule in words; turning it on needs a connected Disney account. */
export function AutoBookingCard({ status }: { status: LaneStatus }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const set = useMutation(
    trpc.lightningLane.setAutoBooking.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.autoBooking ? 'Auto-booking on' : 'Auto-booking off');
        await queryClient.invalidateQueries({ queryKey: trpc.lightningLane.status.queryKey() });
      },
      onError: (e) => toast.error(...toastArgs(laneErrorToast('autoBooking', e))),
    }),
  );
  const checked = set.isPending ? Boolean(set.variables?.enabled) : status.autoBooking;
  return (
    <Card>
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="ll-auto-label" className="text-lg font-bold text-slate-900">
            Auto-booking
          </h2>
          <p className="mt-1 text-sm text-slate-700">{AUTO_BOOKING_RULE}</p>
          {!status.isConnected ? <p className="mt-2 text-sm font-medium text-amber-800">Needs a connected Disney account.</p> : null}
        </div>
        <Switch
          id="ll-auto"
          label="Auto-booking"
          checked={checked}
          onCheckedChange={(v) => {
            if (v && !status.isConnected) {
              toast.error('Disney Account Required', { description: 'Please connect your Disney account before turning on auto-booking.' });
              return;
            }
            set.mutate({ enabled: v });
          }}
        />
      </div>
    </Card>
  );
}
