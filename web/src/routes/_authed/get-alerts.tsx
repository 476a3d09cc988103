import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { format, formatDistanceToNow } from 'date-fns';
import { Construction, Mail, MessageSquare, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { pageHead } from '../../components/InfoPage.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { alertAction, alertsStatus, canActivate, initialSelection, readCleared, writeCleared } from '../../features/alerts/selection.ts';
import { useSession } from '../../features/auth/session.ts';
import { alertWaitBadge } from '../../features/waits/badges.ts';
import { ParkPicker } from '../../features/waits/ParkPicker.tsx';
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

function SmsOverlay({ onBack }: { onBack: () => void }) {
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="uc-title"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4"
    >
      <div className="max-w-sm rounded-2xl bg-white p-6 text-center shadow-xl">
        <Construction className="mx-auto h-10 w-10 text-amber-600" aria-hidden="true" />
        <h2 id="uc-title" className="mt-3 text-xl font-bold">
          Under Construction
        </h2>
        <p className="mt-2 text-slate-700">Will go live soon - for now, use our email alerts!</p>
        <Button className="mt-5" onClick={onBack} autoFocus>
          Use Email Alerts
        </Button>
      </div>
    </div>
  );
}

function GetAlerts() {
  const { user } = useSession();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/get-alerts' });
  const utils = trpc.useUtils();
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const [picked, setPicked] = useState(readStoredPark);
  const parkId = picked.parkId;
  const [selected, setSelected] = useState<string[]>([]);
  const loadedFor = useRef<string | null>(null);
  const today = format(new Date(), 'yyyy-MM-dd');
  const [startDate, setStartDate] = useState(today);
  const [startTime, setStartTime] = useState('');

  // Payment return (spec part 1 §2, §4): canceled → back to a clean page; success → toast and recheck after 2 s.
  useEffect(() => {
    if (search.canceled) {
      void navigate({ search: {}, replace: true });
    } else if (search.success && search.session_id) {
      toast.success('Payment received', { description: 'Your alerts are being set up.' });
      const t = setTimeout(() => void utils.alerts.state.invalidate(), 2000);
      return () => clearTimeout(t);
    }
  }, [search.canceled, search.success, search.session_id, navigate, utils]);

  const rides = trpc.alerts.rides.useQuery({ parkId: parkId ?? '' }, { enabled: Boolean(parkId) });
  const state = trpc.alerts.state.useQuery({ parkId: parkId ?? '' }, { enabled: Boolean(parkId) });
  const saveRides = trpc.alerts.saveRides.useMutation({ onError: (e) => toast.error('Save Failed', { description: e.message }) });

  // First load of a park: saved selection, or auto-select all unless manually cleared (spec part 1 §4).
  useEffect(() => {
    if (!parkId || !rides.data || !state.data || loadedFor.current === parkId) return;
    loadedFor.current = parkId;
    const init = initialSelection({
      saved: state.data.selectedRideIds,
      rideIds: rides.data.rides.map((r) => r.id),
      manuallyCleared: readCleared(parkId),
    });
    setSelected(init.selected);
    if (init.save) saveRides.mutate({ parkId, rideIds: init.selected });
  }, [parkId, rides.data, state.data, saveRides]);

  const update = (next: string[]) => {
    setSelected(next);
    if (parkId) saveRides.mutate({ parkId, rideIds: next });
  };

  const activate = trpc.alerts.activate.useMutation({
    onSuccess: async (r) => {
      toast.success(r.scheduled ? 'Alerts scheduled' : 'Alerts activated', {
        description: r.scheduled
          ? `Alerts start ${r.startsAt ? format(new Date(r.startsAt), 'PPp') : r.startDate}.`
          : 'We will e-mail you when a selected ride is walk-on or short.',
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

  const status = alertsStatus(state.data?.subscription ?? null);
  const startInFuture = useMemo(() => {
    if (startDate > today) return true;
    if (!startTime) return false;
    return new Date(`${startDate}T${startTime}`).getTime() > Date.now();
  }, [startDate, startTime, today]);
  const action = alertAction(status, startInFuture);
  const email = user?.email ?? null;
  const ready = canActivate({ parkId, selectedCount: selected.length, email });
  const rideList = rides.data?.rides ?? [];

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10">
      {channel === 'sms' ? <SmsOverlay onBack={() => setChannel('email')} /> : null}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Get Alerts</h1>
          <p className="mt-1 text-slate-600">Pick a park and rides; we tell you when the standby wait is 1–15 minutes.</p>
        </div>
        <fieldset className="flex gap-2">
          <legend className="sr-only">Alert type</legend>
          <Button
            variant={channel === 'email' ? 'primary' : 'secondary'}
            aria-pressed={channel === 'email'}
            onClick={() => setChannel('email')}
          >
            <Mail className="h-4 w-4" aria-hidden="true" /> Email{' '}
            <span className="text-xs font-normal opacity-90">from $1/day · free with promo</span>
          </Button>
          <Button variant={channel === 'sms' ? 'primary' : 'secondary'} aria-pressed={channel === 'sms'} onClick={() => setChannel('sms')}>
            <MessageSquare className="h-4 w-4" aria-hidden="true" /> SMS <span className="text-xs font-normal opacity-90">$5 per day</span>
          </Button>
        </fieldset>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <Card title="Set Up Alerts">
            <div className="space-y-4">
              <Field label="Email" htmlFor="alert-email" hint="Alerts go to your account's e-mail address.">
                <Input id="alert-email" value={email ?? ''} readOnly />
              </Field>
              <ParkPicker
                idPrefix="alerts"
                destinationId={picked.destinationId}
                parkId={picked.parkId}
                onChange={(v) => {
                  setPicked(v);
                  setSelected([]);
                  loadedFor.current = null;
                  if (v.parkId) localStorage.setItem(PARK_KEY, JSON.stringify(v));
                }}
              />
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
              <p role="alert" className="text-red-700">
                {state.error.message}
              </p>
            ) : (
              <div className="space-y-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-semibold text-slate-700">Status:</span>
                  <Badge tone={status === 'ACTIVE' ? 'green' : status === 'SCHEDULED' ? 'blue' : 'slate'}>{status}</Badge>
                  {state.data.subscription && status !== 'INACTIVE' ? (
                    <span className="text-sm text-slate-600">
                      Pass {state.data.subscription.startDate} → {state.data.subscription.endDate}
                    </span>
                  ) : null}
                </div>
                {status === 'INACTIVE' ? (
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Field label="Start date" htmlFor="start-date">
                      <Input
                        id="start-date"
                        type="date"
                        min={today}
                        value={startDate}
                        onChange={(e) => setStartDate(e.target.value && e.target.value >= today ? e.target.value : today)}
                      />
                    </Field>
                    <Field label="Start time (optional)" htmlFor="start-time">
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
                        activate.mutate({ parkId, rideIds: selected, startDate, ...(startTime ? { startTime } : {}) });
                      }}
                    >
                      {activate.isPending ? 'Activating…' : action}
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    disabled={status !== 'ACTIVE' || testAlert.isPending}
                    onClick={() => parkId && testAlert.mutate({ parkId })}
                  >
                    Send test alert
                  </Button>
                </div>
                {state.data.cooldownMinutesRemaining > 0 ? (
                  <p className="text-sm text-slate-700">
                    Cooldown: {state.data.cooldownMinutesRemaining} minute{state.data.cooldownMinutesRemaining === 1 ? '' : 's'} remaining
                  </p>
                ) : null}
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
              <p className="mb-2 text-sm text-slate-600">
                {selected.length} of {rideList.length} rides selected
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
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </Card>
      </div>
    </main>
  );
}

export const Route = createFileRoute('/_authed/get-alerts')({
  head: pageHead('Get Alerts', 'Choose a park and rides and get an alert when the standby wait is 1–15 minutes.'),
  validateSearch: (s: Record<string, unknown>): { success?: boolean; session_id?: string; canceled?: boolean } => ({
    ...(s.success === true || s.success === 'true' ? { success: true } : {}),
    ...(typeof s.session_id === 'string' ? { session_id: s.session_id } : {}),
    ...(s.canceled === true || s.canceled === 'true' ? { canceled: true } : {}),
  }),
  component: GetAlerts,
});
