import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { formatUsd } from '@walkon/domain/money';
import { EMAIL_PRICE_CENTS, SMS_PRICE_CENTS } from '@walkon/domain/pricing';
import { SHORT_WAIT_RANGE } from '@walkon/domain/rules/alerts';
import { format, formatDistanceToNow } from 'date-fns';
import { RefreshCw, ShoppingCart } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { pageHead } from '../../components/InfoPage.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { VerifyBanner } from '../../features/account/VerifyBanner.tsx';
import { type AlertChannel, ChannelChoice, readStoredChannel, writeStoredChannel } from '../../features/alerts/ChannelChoice.tsx';
import { alertAction, alertsStatus, canActivate, initialSelection, readCleared, writeCleared } from '../../features/alerts/selection.ts';
import { TestAlertButton } from '../../features/alerts/TestAlertButton.tsx';
import { RideAlertSettings } from '../../features/alerts/WatchSettings.tsx';
import { NO_RIDE_WATCHED, WatchStatus } from '../../features/alerts/WatchStatus.tsx';
import { useSession } from '../../features/auth/session.ts';
import { formatPassDate, formatPassDateList, parkNowTime } from '../../features/checkout/dates.ts';
import { PricingDialog } from '../../features/checkout/PricingDialog.tsx';
import { PromoField } from '../../features/checkout/PromoField.tsx';
import type { AppliedPromo } from '../../features/checkout/price.ts';
import { usePassPromo } from '../../features/checkout/usePassPromo.ts';
import { alertWaitBadge } from '../../features/waits/badges.ts';
import { ParkPicker } from '../../features/waits/ParkPicker.tsx';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../trpc.ts';

const PARK_KEY = 'alertPark';

function readStoredPark(): { destinationId: string | null; parkId: string | null } {
  try {
    const v = JSON.parse(localStorage.getItem(PARK_KEY) ?? 'null') as { destinationId: string; parkId: string } | null;
    return v ?? { destinationId: null, parkId: null };
  } catch {
    return { destinationId: null, parkId: null };
  }
}

/** The person's pass days for the park (spec part 1 §2 Get Alerts; issue 3): date and channel badges. */
function PassDays({ days, today }: { days: { day: string; channel: 'email' | 'sms' }[]; today: string }) {
  return (
    <ul aria-label="Your pass days" className="flex flex-wrap gap-2">
      {days.map((d) => (
        <li key={d.day} className="inline-flex items-center gap-1.5 rounded-lg border border-slate-200 px-2.5 py-1 text-sm">
          <span className="font-medium">{formatPassDate(d.day)}</span>
          {d.day === today ? <Badge tone="green">Today</Badge> : null}
          <Badge tone={d.channel === 'sms' ? 'brand' : 'blue'}>{d.channel === 'sms' ? 'SMS' : 'E-mail'}</Badge>
        </li>
      ))}
    </ul>
  );
}

function GetAlerts() {
  const { user } = useSession();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/get-alerts' });
  const utils = trpc.useUtils();
  const [pickedChannel, setChannel] = useState<AlertChannel | null>(readStoredChannel);
  // A ride page's "Watch this ride" opens Get Alerts with ?destination=&park=&ride= (DESIGN §2.2 history).
  const [picked, setPicked] = useState(() =>
    search.park ? { destinationId: search.destination ?? null, parkId: search.park } : readStoredPark(),
  );
  const parkId = picked.parkId;
  const [selected, setSelected] = useState<string[]>([]);
  const loadedFor = useRef<string | null>(null);
  const [startDate, setStartDate] = useState('');
  const [startTime, setStartTime] = useState('');
  const [pricing, setPricing] = useState<{ open: boolean; promo: AppliedPromo | null }>({ open: false, promo: null });
  const [promoCode, setPromoCode] = useState('');
  /** Whatever opened the pricing dialog gets the focus back when it closes. */
  const opener = useRef<HTMLElement | null>(null);

  const parks = trpc.site.parks.useQuery(undefined, { staleTime: 10 * 60_000 });
  const rides = trpc.alerts.rides.useQuery({ parkId: parkId ?? '' }, { enabled: Boolean(parkId) });
  const state = trpc.alerts.state.useQuery({ parkId: parkId ?? '' }, { enabled: Boolean(parkId) });
  const saveRides = trpc.alerts.saveRides.useMutation({ onError: (e) => toast.error('Save Failed', { description: e.message }) });
  const confirmPayment = trpc.checkout.confirm.useMutation();

  const choosePark = useCallback((v: { destinationId: string | null; parkId: string | null }) => {
    setPicked(v);
    setSelected([]);
    setStartDate('');
    loadedFor.current = null;
    if (v.parkId) localStorage.setItem(PARK_KEY, JSON.stringify(v));
  }, []);

  // Payment return (spec part 1 §2, §4): canceled → back to a clean page; success → confirm the session (so the
  // pass shows even when Stripe's webhook is late), toast, show the paid park and recheck after 2 s.
  const handledSession = useRef<string | null>(null);
  const recheck = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (recheck.current && clearTimeout(recheck.current)), []);
  const { mutate: confirmMutate } = confirmPayment;
  useEffect(() => {
    if (search.canceled) {
      // Back from Stripe Checkout without paying (cancel_url …/get-alerts?canceled=true): say so, then drop the flag.
      toast.info('Payment canceled', { description: 'You have not been charged. Buy a day pass whenever you are ready.' });
      void navigate({ search: {}, replace: true });
      return;
    }
    const sessionId = search.success ? search.session_id : undefined;
    if (!sessionId || handledSession.current === sessionId) return;
    handledSession.current = sessionId;
    confirmMutate(
      { sessionId },
      {
        onSuccess: async (o) => {
          if (o.status === 'fulfilled') {
            toast.success('Payment successful', {
              description: `Your ${o.channel === 'sms' ? 'SMS' : 'e-mail'} pass for ${o.parkName} on ${formatPassDateList(o.days)} is ready.`,
            });
          } else if (o.status === 'pending') {
            toast.info('Payment received', { description: 'We are confirming your payment…' });
          } else {
            toast.error('Payment Error', { description: 'This checkout expired without a payment. You have not been charged.' });
          }
          void utils.alerts.state.invalidate();
          const all = await utils.site.parks.fetch(undefined, { staleTime: 10 * 60_000 }).catch(() => []);
          const paid = all.find((p) => p.id === o.parkId);
          if (paid && paid.id !== readStoredPark().parkId) choosePark({ destinationId: paid.destinationId, parkId: paid.id });
        },
        onError: (e) => toast.error('Payment Error', { description: e.message }),
        onSettled: () => void navigate({ search: {}, replace: true }),
      },
    );
    recheck.current = setTimeout(() => void utils.alerts.state.invalidate(), 2000);
  }, [search.canceled, search.success, search.session_id, navigate, utils, confirmMutate, choosePark]);

  // First load of a park: saved selection, or auto-select all unless manually cleared (spec part 1 §4).
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
    if (search.ride && search.park === parkId && rides.data.rides.some((r) => r.id === search.ride) && !chosen.includes(search.ride)) {
      chosen = [...chosen, search.ride];
      save = true;
    }
    setSelected(chosen);
    if (save) saveRides.mutate({ parkId, rideIds: chosen });
  }, [parkId, rides.data, state.data, saveRides, search.ride, search.park]);

  const update = (next: string[]) => {
    setSelected(next);
    if (parkId) saveRides.mutate({ parkId, rideIds: next });
  };

  const activate = trpc.alerts.activate.useMutation({
    onSuccess: async (r) => {
      toast.success(r.scheduled ? 'Alerts scheduled' : 'Alerts activated', {
        description: r.scheduled
          ? `Alerts start ${r.startsAt ? format(new Date(r.startsAt), 'PPp') : r.startDate}.`
          : 'We will alert you when a selected ride is walk-on or short.',
      });
      await utils.alerts.state.invalidate();
    },
    onError: (e) => toast.error('Failed to Activate Alerts', { description: e.message }),
  });
  const stop = trpc.alerts.stop.useMutation({
    onSuccess: async () => {
      toast.success('Alerts stopped');
      await utils.alerts.state.invalidate();
    },
    onError: (e) => toast.error('Error', { description: e.message }),
  });
  const testAlert = trpc.alerts.testAlert.useMutation({
    onSuccess: async (r) => {
      toast.success('Test Alert Sent', { description: r.message });
      await utils.alerts.state.invalidate();
    },
    onError: (e) => toast.error('Test Alert Failed', { description: e.message }),
  });
  const clearHistory = trpc.alerts.clearHistory.useMutation({ onSuccess: () => utils.alerts.state.invalidate() });

  const email = user?.email ?? null;
  const park = parks.data?.find((p) => p.id === parkId);
  const parkName = park?.name ?? state.data?.subscription?.parkName ?? 'this park';
  // The park-local today from the server (the browser's date may differ from the park's).
  const today = state.data?.today ?? null;
  const passDays = state.data?.subscription?.days ?? [];
  // The header's Email / SMS choice; until the person picks one, the channel of their pass (else e-mail).
  const channel = pickedChannel ?? state.data?.subscription?.todayChannel ?? passDays[0]?.channel ?? 'email';
  const hasPass = passDays.length > 0;
  const effectiveStart = passDays.some((d) => d.day === startDate) ? startDate : (passDays[0]?.day ?? '');
  const status = alertsStatus(state.data?.subscription ?? null);
  const startInFuture = useMemo(() => {
    if (!today || !effectiveStart) return false;
    if (effectiveStart > today) return true;
    // The park's zone from the server: the cached park list has none for a park nobody had polled yet.
    return Boolean(startTime) && startTime > parkNowTime(state.data?.timezone ?? park?.timezone);
  }, [effectiveStart, startTime, today, state.data?.timezone, park?.timezone]);
  const action = alertAction(status, startInFuture);
  const ready = canActivate({ parkId, selectedCount: selected.length, email }) && hasPass;
  const rideList = rides.data?.rides ?? [];
  const pagePromo = usePassPromo({
    email,
    parkId,
    onPercentOff: (p) => {
      opener.current = document.getElementById('alerts-promo');
      setPricing({ open: true, promo: p });
    },
    onRedeemed: () => setPromoCode(''),
  });

  const chooseChannel = (c: AlertChannel) => {
    setChannel(c);
    writeStoredChannel(c);
  };
  const openPricing = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!parkId || !email) {
      toast.error('Setup Required', { description: 'Please enter a valid email and select a park before subscribing.' });
      return;
    }
    setPricing({ open: true, promo: null });
  };
  // The selection shown is the loaded one (not the empty list before the first load).
  const selectionLoaded = Boolean(parkId) && loadedFor.current === parkId;

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10">
      <VerifyBanner />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Get Alerts</h1>
          <p className="mt-1 text-slate-600">Pick a park and rides; we tell you when the standby wait is {SHORT_WAIT_RANGE}.</p>
        </div>
        <ChannelChoice channel={channel} onChange={chooseChannel} onBuy={openPricing} />
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <Card title="Set Up Alerts">
            <div className="space-y-4">
              <Field label="Email" htmlFor="alert-email" hint="Alerts go to your account's e-mail address.">
                <Input id="alert-email" value={email ?? ''} readOnly />
              </Field>
              <ParkPicker idPrefix="alerts" destinationId={picked.destinationId} parkId={picked.parkId} onChange={choosePark} />
              {parkId && state.data && status === 'INACTIVE' ? (
                <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                  You have no active alert subscription for this park yet.
                </p>
              ) : null}
            </div>
          </Card>

          <Card title="Your Alerts">
            {!parkId ? (
              <p className="text-slate-600">Select a park to manage its alerts.</p>
            ) : state.isPending ? (
              <Spinner />
            ) : state.isError ? (
              <div role="alert">
                <p className="text-red-700">{state.error.message}</p>
                <Button variant="secondary" size="sm" className="mt-3" onClick={() => state.refetch()}>
                  Try again
                </Button>
              </div>
            ) : (
              <div className="space-y-4">
                <WatchStatus
                  status={status}
                  selectedCount={selectionLoaded ? selected.length : 1}
                  todayChannel={state.data.subscription?.todayChannel ?? null}
                />
                {hasPass ? (
                  <div className="space-y-2">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <h3 className="text-sm font-semibold text-slate-700">Your pass days</h3>
                      <Button variant="ghost" size="sm" onClick={() => openPricing()}>
                        <ShoppingCart className="h-4 w-4" aria-hidden="true" /> Buy more days
                      </Button>
                    </div>
                    <PassDays days={passDays} today={state.data.today} />
                  </div>
                ) : (
                  <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950">
                    <p className="font-semibold">You have no pass for {parkName} from today on.</p>
                    <p className="text-sm">
                      Alerts go out on the days you hold a pass. Buy a day pass (E-mail {formatUsd(EMAIL_PRICE_CENTS)}, SMS{' '}
                      {formatUsd(SMS_PRICE_CENTS)} per day), or use a promo code for free e-mail alerts.
                    </p>
                    <Button onClick={() => openPricing()}>
                      <ShoppingCart className="h-4 w-4" aria-hidden="true" /> Buy a pass
                    </Button>
                    <PromoField
                      id="alerts-promo"
                      label="Have a promo code?"
                      value={promoCode}
                      onChange={setPromoCode}
                      onApply={(c) => void pagePromo.apply(c)}
                      checking={pagePromo.busy}
                    />
                  </div>
                )}
                {status === 'INACTIVE' && hasPass ? (
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Field label="Start date" htmlFor="start-date" hint="One of your pass days (park time).">
                      <Select id="start-date" value={effectiveStart} onChange={(e) => setStartDate(e.target.value)}>
                        {passDays.map((d) => (
                          <option key={d.day} value={d.day}>
                            {formatPassDate(d.day)} · {d.channel === 'sms' ? 'SMS' : 'E-mail'}
                          </option>
                        ))}
                      </Select>
                    </Field>
                    <Field label="Start time (optional)" htmlFor="start-time" hint="Park time.">
                      <Input id="start-time" type="time" value={startTime} onChange={(e) => setStartTime(e.target.value)} />
                    </Field>
                  </div>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  {action === 'Stop Alerts' ? (
                    <Button variant="danger" disabled={stop.isPending} onClick={() => parkId && stop.mutate({ parkId })}>
                      Stop Alerts
                    </Button>
                  ) : (
                    <Button
                      disabled={!ready || activate.isPending}
                      onClick={() => {
                        if (!parkId) return toast.error('Please select a park before activating alerts.');
                        if (selected.length === 0)
                          return toast.error('No Rides Selected', {
                            description: 'Please select at least one ride to monitor before activating alerts.',
                          });
                        activate.mutate({
                          parkId,
                          rideIds: selected,
                          ...(effectiveStart ? { startDate: effectiveStart } : {}),
                          ...(startTime ? { startTime } : {}),
                        });
                      }}
                    >
                      {activate.isPending ? 'Activating…' : action}
                    </Button>
                  )}
                  <TestAlertButton
                    active={status === 'ACTIVE'}
                    nextTestAlertAt={state.data.nextTestAlertAt}
                    sending={testAlert.isPending}
                    onSend={() => parkId && testAlert.mutate({ parkId })}
                  />
                </div>
              </div>
            )}
          </Card>
          <Card>
            <div className="mb-3 flex items-center justify-between">
              <h2 className="text-lg font-bold">Recent Alerts</h2>
              <div className="flex gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => state.refetch()}
                  disabled={!parkId || state.isFetching}
                  aria-label="Refresh alert history"
                >
                  <RefreshCw className={`h-4 w-4 ${state.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" /> Refresh
                </Button>
                <Button variant="ghost" size="sm" onClick={() => clearHistory.mutate()} disabled={!state.data?.history.length}>
                  Clear
                </Button>
              </div>
            </div>
            {state.data?.history.length ? (
              <ul aria-label="Recent alerts" className="divide-y divide-slate-100">
                {state.data.history.map((h) => (
                  <li key={h.id} className="py-2.5">
                    <p className="font-medium">{h.message}</p>
                    <p className="text-xs text-slate-600">
                      {h.channel === 'sms' ? 'SMS' : 'E-mail'} · {formatDistanceToNow(new Date(h.createdAt), { addSuffix: true })} ·{' '}
                      {h.status}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">No alerts in the last 24 hours.</p>
            )}
          </Card>
        </div>

        <Card>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-bold">Select Rides to Monitor</h2>
            {rideList.length ? (
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    if (parkId) writeCleared(parkId, false);
                    update(rideList.map((r) => r.id));
                  }}
                >
                  Select all
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    if (parkId) writeCleared(parkId, true);
                    update([]);
                  }}
                >
                  Unselect all
                </Button>
              </div>
            ) : null}
          </div>
          {!parkId ? (
            <p className="py-8 text-center text-slate-600">Choose a park to see its rides.</p>
          ) : rides.isPending ? (
            <Spinner label="Loading rides…" />
          ) : rides.isError ? (
            <div role="alert" className="py-6 text-center">
              <p className="font-semibold">
                {rides.error.data?.code === 'NOT_FOUND' ? 'No ride information available for this park.' : 'Error loading ride information'}
              </p>
              <Button variant="secondary" size="sm" className="mt-3" onClick={() => rides.refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <>
              <p className={`mb-2 text-sm ${selected.length === 0 ? 'font-semibold text-amber-900' : 'text-slate-600'}`}>
                {selected.length === 0 ? NO_RIDE_WATCHED : `${selected.length} of ${rideList.length} rides selected`}
              </p>
              <ul className="max-h-[400px] space-y-1 overflow-y-auto pr-1" aria-label="Rides">
                {rideList.map((r) => {
                  const badge = alertWaitBadge(r.status === 'OPERATING' ? r.waitMinutes : null);
                  const on = selected.includes(r.id);
                  const id = `ride-${r.id}`;
                  return (
                    <li key={r.id} className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-50">
                      <Checkbox
                        id={id}
                        checked={on}
                        onCheckedChange={(v) => update(v ? [...selected, r.id] : selected.filter((x) => x !== r.id))}
                      />
                      <label htmlFor={id} className="flex-1 cursor-pointer">
                        {r.name}
                      </label>
                      <Badge tone={badge.tone}>{badge.label}</Badge>
                      <RideAlertSettings parkId={parkId} rideId={r.id} rideName={r.name} />
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </Card>
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

export const Route = createFileRoute('/_authed/get-alerts')({
  head: pageHead('Get Alerts', `Choose a park and rides and get an alert when the standby wait is ${SHORT_WAIT_RANGE}.`),
  validateSearch: (
    s: Record<string, unknown>,
  ): { success?: boolean; session_id?: string; canceled?: boolean; destination?: string; park?: string; ride?: string } => ({
    ...(typeof s.destination === 'string' ? { destination: s.destination } : {}),
    ...(typeof s.park === 'string' ? { park: s.park } : {}),
    ...(typeof s.ride === 'string' ? { ride: s.ride } : {}),
    ...(s.success === true || s.success === 'true' ? { success: true } : {}),
    ...(typeof s.session_id === 'string' ? { session_id: s.session_id } : {}),
    ...(s.canceled === true || s.canceled === 'true' ? { canceled: true } : {}),
  }),
  component: GetAlerts,
});
