import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Zap } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ParkPicker } from '../../components/ParkPicker.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatPassDateList } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';
import { ActiveView } from './active/ActiveView.tsx';
import { ConnectStep, toastArgs } from './ConnectStep.tsx';
import { laneErrorToast } from './format.ts';
import { SubscribeStep } from './SubscribeStep.tsx';
import type { LaneStatus } from './types.ts';

const PARK_KEY = 'lightningLanePark';

type Picked = { destinationId: string | null; parkId: string | null };

function readStoredPark(): Picked {
  try {
    return (JSON.parse(localStorage.getItem(PARK_KEY) ?? 'null') as Picked | null) ?? { destinationId: null, parkId: null };
  } catch {
    return { destinationId: null, parkId: null };
  }
}

/** What the payment return left in the URL (/lightning-lane?success=true&session_id=… or ?canceled=true). */
export interface PaymentReturn {
  success?: boolean;
  session_id?: string;
  canceled?: boolean;
}

/**
 * The body of /lightning-lane (docs/spec/part-2.md §2; docs/decisions/008), shown inside the `lightning_lane` feature gate:
 * step 1 connect, park choice, step 2 subscribe, then the active view for a park with a day today or later.
 * Confirms a Stripe return (`session_id`) like Get Alerts does, then clears the URL through `clearReturn`.
 */
export function LightningLanePage({ search, clearReturn }: { search: PaymentReturn; clearReturn: () => void }) {
  const trpc = useTRPC();
  const status = useQuery(trpc.lightningLane.status.queryOptions());
  const parks = useQuery(trpc.site.parks.queryOptions(undefined, { staleTime: 10 * 60_000 }));
  const [picked, setPicked] = useState<Picked>(readStoredPark);
  const choose = useCallback((v: Picked) => {
    setPicked(v);
    if (v.parkId) localStorage.setItem(PARK_KEY, JSON.stringify(v));
  }, []);

  // Default to the park of the user's first Lightning Lane day when nothing is chosen yet.
  const firstPass = status.data?.passes[0]?.parkId;
  useEffect(() => {
    if (picked.parkId || !firstPass || !parks.data) return;
    const p = parks.data.find((x) => x.id === firstPass);
    if (p) choose({ destinationId: p.destinationId, parkId: p.id });
  }, [picked.parkId, firstPass, parks.data, choose]);

  // The park just paid for is shown once the park list is known (after the Stripe redirect the page loads
  // afresh, so the list may still be loading when the payment is confirmed).
  const [paidPark, setPaidPark] = useState<string | null>(null);
  useEffect(() => {
    if (!paidPark || !parks.data) return;
    const p = parks.data.find((x) => x.id === paidPark);
    if (p) choose({ destinationId: p.destinationId, parkId: p.id });
    setPaidPark(null);
  }, [paidPark, parks.data, choose]);

  usePaymentReturn(search, clearReturn, setPaidPark);

  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <header className="mb-6">
        <h1 className="flex items-center gap-2 text-3xl font-extrabold text-slate-900 sm:text-4xl">
          <Zap className="h-8 w-8 text-amber-500" aria-hidden="true" />
          Lightning Lane Assist
        </h1>
        <p className="mt-2 text-slate-700">
          Live Lightning Lane return times for your park, your booking preferences, and auto-booking.{' '}
          <strong>Bookings are simulated</strong>: WalkOn makes no real bookings, so no real Lightning Lane is booked for you.
        </p>
      </header>
      {status.isPending ? <Spinner label="Loading your Lightning Lane Assist…" /> : null}
      {status.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          Could not load Lightning Lane Assist: {status.error.message}
        </p>
      ) : null}
      {status.data ? (
        <div className="space-y-6">
          <ConnectStep status={status.data} />
          <Card title="Your park">
            <ParkPicker idPrefix="ll" destinationId={picked.destinationId} parkId={picked.parkId} onChange={choose} />
          </Card>
          {picked.parkId ? <ParkSteps parkId={picked.parkId} status={status.data} /> : null}
        </div>
      ) : null}
    </main>
  );
}

function ParkSteps({ parkId, status }: { parkId: string; status: LaneStatus }) {
  const trpc = useTRPC();
  const subscription = useQuery(trpc.lightningLane.subscription.queryOptions({ parkId }));
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (subscription.error && reported.current !== subscription.error) {
      reported.current = subscription.error;
      toast.error(...toastArgs(laneErrorToast('check', subscription.error)));
    }
  }, [subscription.error]);
  if (subscription.isPending) return <Spinner label="Checking your subscription…" />;
  if (subscription.isError)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
        Could not check your subscription: {subscription.error.message}
      </p>
    );
  const s = subscription.data;
  const invited = Boolean(status.disneyAccount) && (status.isConnected || Date.parse(status.disneyAccount!.expiresAt) > Date.now());
  return (
    <>
      <SubscribeStep key={parkId} parkId={parkId} parkName={s.parkName} subscription={s} canSubscribe={invited} />
      {s.subscribed ? (
        <ActiveView parkId={parkId} status={status} subscription={s} />
      ) : (
        <p className="rounded-lg bg-slate-50 p-4 text-slate-700">
          Subscribe for {s.parkName} to see live Lightning Lane availability, set preferences and book.
        </p>
      )}
    </>
  );
}

/** Confirms a Stripe return once (docs/spec/part-2.md §7), toasts the outcome, shows the paid park, clears the URL. */
function usePaymentReturn(search: PaymentReturn, clear: () => void, showPark: (parkId: string) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mutate } = useMutation(trpc.lightningLane.confirmCheckout.mutationOptions());
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (search.canceled) {
      if (handled.current === 'canceled') return;
      handled.current = 'canceled';
      toast.info('Checkout canceled', { description: 'You have not been charged.' });
      clear();
      return;
    }
    const sessionId = search.session_id;
    if (!sessionId || handled.current === sessionId) return;
    handled.current = sessionId;
    mutate(
      { sessionId },
      {
        onSuccess: async (o) => {
          if (o.status === 'fulfilled') {
            toast.success('Lightning Lane Assist active', { description: `${o.parkName} on ${formatPassDateList(o.days)}.` });
            showPark(o.parkId);
          } else if (o.status === 'pending') {
            toast.info('Payment received', { description: 'We are confirming your payment…' });
          } else {
            toast.error('Subscription Error', { description: 'This checkout expired without a payment. You have not been charged.' });
          }
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: trpc.lightningLane.status.queryKey() }),
            queryClient.invalidateQueries({ queryKey: trpc.lightningLane.subscription.queryKey() }),
          ]);
        },
        onError: (e) => toast.error('Subscription Error', { description: e.message }),
        onSettled: clear,
      },
    );
  }, [search.canceled, search.session_id, clear, mutate, queryClient, trpc, showPark]);
}
