import { useQuery } from '@tanstack/react-query';
import { SHORT_WAIT_RANGE } from '@walkon/domain/rules/alerts';
import { ShoppingCart } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ParkPicker } from '../../components/ParkPicker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { VerifyBanner } from '../../components/VerifyBanner.tsx';
import type { AppliedPromo } from '../../lib/price.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';
import type { GetAlertsSearch } from './getAlertsSearch.ts';
import { ALERTS_PROMO_ID, NoPassNotice } from './NoPassNotice.tsx';
import { PricingDialog } from './PricingDialog.tsx';
import { RecentAlertsCard } from './RecentAlertsCard.tsx';
import { RideSelectCard } from './RideSelectCard.tsx';
import { alertsStatus } from './selection.ts';
import { type PickedPark, readStoredPark, writeStoredPark } from './storedPark.ts';
import { usePaymentReturn } from './usePaymentReturn.ts';
import { useRideSelection } from './useRideSelection.ts';
import { YourAlertsCard } from './YourAlertsCard.tsx';

/**
 * Get Alerts (docs/spec/part-1.md §2, §4): "Buy a day pass" (the channel is chosen there), where alerts go, the park, the rides to watch, the
 * pass days and the switch that starts or stops the alerts, alerts on this phone (`phoneAlerts`, the push feature's card, given by the
 * route: features do not import each other, docs/decisions/061), the recent alerts, and the pricing dialog. `search` is the route's query
 * (Stripe's return, a ride page's "Watch this ride"); `clearSearch` (stable) drops it.
 */
export function GetAlertsPage({
  search,
  clearSearch,
  phoneAlerts,
}: {
  search: GetAlertsSearch;
  clearSearch: () => void;
  phoneAlerts: ReactNode;
}) {
  const trpc = useTRPC();
  const { user } = useSession();
  // A ride page's "Watch this ride" opens Get Alerts with ?destination=&park=&ride= (docs/DESIGN.md §2.2 history).
  const [picked, setPicked] = useState<PickedPark>(() =>
    search.park ? { destinationId: search.destination ?? null, parkId: search.park } : readStoredPark(),
  );
  const parkId = picked.parkId;
  const [pricing, setPricing] = useState<{ open: boolean; promo: AppliedPromo | null }>({ open: false, promo: null });
  /** Whatever opened the pricing dialog gets the focus back when it closes. */
  const opener = useRef<HTMLElement | null>(null);

  const parks = useQuery(trpc.site.parks.queryOptions(undefined, { staleTime: 10 * 60_000 }));
  const state = useQuery(trpc.alerts.state.queryOptions({ parkId: parkId ?? '' }, { enabled: Boolean(parkId) }));
  const selection = useRideSelection({ parkId, watchPark: search.park, watchRide: search.ride });
  const { reset: resetSelection } = selection;

  const choosePark = useCallback(
    (v: PickedPark) => {
      setPicked(v);
      resetSelection();
      writeStoredPark(v);
    },
    [resetSelection],
  );
  usePaymentReturn({ search, clearSearch, onPaidPark: choosePark });

  // A returning person on a new device (nothing picked here, no ride link): the park of their current or next
  // pass. Not stored: the person's own pick is.
  const parkUnset = !picked.parkId && !search.park;
  const defaultPark = useQuery(trpc.alerts.defaultPark.queryOptions(undefined, { enabled: parkUnset }));
  const defaultParkId = parkUnset ? (defaultPark.data?.parkId ?? null) : null;
  const defaultDestination = parks.data?.find((p) => p.id === defaultParkId)?.destinationId ?? null;
  useEffect(() => {
    if (defaultParkId && defaultDestination) {
      setPicked({ destinationId: defaultDestination, parkId: defaultParkId });
      resetSelection();
    }
  }, [defaultParkId, defaultDestination, resetSelection]);

  const email = user?.email ?? null;
  const park = parks.data?.find((p) => p.id === parkId);
  const parkName = park?.name ?? state.data?.subscription?.parkName ?? 'this park';
  const passDays = state.data?.subscription?.days ?? [];
  // Where alerts go is the pass's channel (today's, else the next day's): bought in the pricing dialog, never a
  // page-level switch that changes nothing.
  const channel = state.data?.subscription?.todayChannel ?? passDays[0]?.channel ?? 'email';
  const phoneLast4 = state.data?.subscription?.phoneLast4 ?? null;
  const status = alertsStatus(state.data?.subscription ?? null);

  const openPricing = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!parkId || !email) {
      toast.error('Setup Required', { description: 'Please enter a valid email and select a park before subscribing.' });
      return;
    }
    setPricing({ open: true, promo: null });
  };

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10">
      <VerifyBanner />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Get Alerts</h1>
          <p className="mt-1 text-slate-600">Pick a park and rides; we tell you when the standby wait is {SHORT_WAIT_RANGE}.</p>
        </div>
        <Button onClick={openPricing}>
          <ShoppingCart className="h-4 w-4" aria-hidden="true" /> Buy a day pass
        </Button>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <Card title="Set Up Alerts">
            <div className="space-y-4">
              <Field label="Email" htmlFor="alert-email" hint="Your account's e-mail address: receipts go here.">
                <Input id="alert-email" value={email ?? ''} readOnly />
              </Field>
              {parkId && state.data?.subscription && passDays.length ? (
                <p role="status" className="text-sm text-slate-700">
                  {channel === 'sms'
                    ? `Alerts for ${parkName} go by text message${phoneLast4 ? ` to the number ending in ${phoneLast4}` : ''}.`
                    : `Alerts for ${parkName} go by e-mail to ${email}. For text messages, buy an SMS day pass (it upgrades an e-mail day).`}
                </p>
              ) : null}
              <ParkPicker idPrefix="alerts" destinationId={picked.destinationId} parkId={picked.parkId} onChange={choosePark} />
              {parkId && state.data && status === 'INACTIVE' ? (
                <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                  You have no active alert subscription for this park yet.
                </p>
              ) : null}
            </div>
          </Card>
          <YourAlertsCard
            parkId={parkId}
            parkTimezone={park?.timezone}
            email={email}
            selected={selection.selected}
            selectionLoaded={selection.loaded}
            onBuy={openPricing}
            noPass={
              <NoPassNotice
                parkName={parkName}
                parkId={parkId}
                email={email}
                onPercentOff={(p) => {
                  opener.current = document.getElementById(ALERTS_PROMO_ID);
                  setPricing({ open: true, promo: p });
                }}
              />
            }
          />
          {phoneAlerts}
          <RecentAlertsCard />
        </div>
        <RideSelectCard parkId={parkId} selected={selection.selected} onChange={selection.update} />
      </div>
      {parkId && email && state.data ? (
        <PricingDialog
          open={pricing.open}
          onOpenChange={(open) => setPricing((p) => ({ ...p, open }))}
          initialChannel={channel}
          initialPromo={pricing.promo}
          parkId={parkId}
          parkName={parkName}
          today={state.data.today}
          email={email}
          returnFocus={opener}
        />
      ) : null}
    </main>
  );
}
