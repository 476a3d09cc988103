import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDay, formatTime } from '@walkon/domain/timeFormat';
import { ShoppingCart } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatPassDate, parkNowTime } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';
import { PassDays } from './PassDays.tsx';
import { ShortNow } from './ShortNow.tsx';
import { alertAction, alertsStatus, canActivate } from './selection.ts';
import { TestAlertButton } from './TestAlertButton.tsx';
import { WatchStatus } from './WatchStatus.tsx';

/**
 * "Your Alerts" on Get Alerts (docs/spec/part-1.md §2, §4, §7): the status line, the pass days (or `noPass` when there
 * are none), the start date (one of the pass days) and optional start time while inactive, Activate / Schedule /
 * Stop Alerts and the test alert. `parkTimezone` is the cached park list's zone, used when the server sent none.
 */
/**
 * The day a SCHEDULED pass starts alerting, in the park's zone ('Sat, Nov 29'), and the channel of that pass day
 * (e-mail when the day is not found), or null without a start.
 */
function scheduledStart(
  sub: { startsAt: string | null; days: { day: string; channel: 'email' | 'sms' }[] } | null | undefined,
  timezone: string | null | undefined,
): { day: string; channel: 'email' | 'sms' } | null {
  if (!sub?.startsAt) return null;
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: timezone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(sub.startsAt),
  );
  return { day: formatDay(ymd), channel: sub.days.find((d) => d.day === ymd)?.channel ?? 'email' };
}

export function YourAlertsCard({
  parkId,
  parkTimezone,
  email,
  selected,
  selectionLoaded,
  onBuy,
  noPass,
}: {
  parkId: string | null;
  parkTimezone: string | null | undefined;
  email: string | null;
  selected: string[];
  selectionLoaded: boolean;
  onBuy: () => void;
  noPass: ReactNode;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.alerts.state.queryOptions({ parkId: parkId ?? '' }, { enabled: Boolean(parkId) }));
  // The chosen start date belongs to the park it was chosen for.
  const [start, setStart] = useState({ parkId, date: '' });
  const startDate = start.parkId === parkId ? start.date : '';
  const [startTime, setStartTime] = useState('');
  const activate = useMutation(
    trpc.alerts.activate.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.scheduled ? 'Alerts scheduled' : 'Alerts activated', {
          description: r.scheduled
            ? `Alerts start ${r.startsAt ? formatTime(r.startsAt, { park: state.data?.timezone ?? parkTimezone ?? 'UTC' }, { date: true }) : formatDay(r.startDate)}.`
            : 'We will alert you when a selected ride is walk-on or short.',
        });
        await queryClient.invalidateQueries({ queryKey: trpc.alerts.state.queryKey() });
      },
      onError: (e) => toast.error('Failed to Activate Alerts', { description: e.message }),
    }),
  );
  const stop = useMutation(
    trpc.alerts.stop.mutationOptions({
      onSuccess: async () => {
        toast.success('Alerts stopped');
        await queryClient.invalidateQueries({ queryKey: trpc.alerts.state.queryKey() });
      },
      onError: (e) => toast.error('Error', { description: e.message }),
    }),
  );
  const testAlert = useMutation(
    trpc.alerts.testAlert.mutationOptions({
      onSuccess: async (r) => {
        toast.success('Test Alert Sent', { description: r.message });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.alerts.state.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.alerts.history.queryKey() }),
        ]);
      },
      onError: (e) => toast.error('Test Alert Failed', { description: e.message }),
    }),
  );

  // The park-local today from the server (the browser's date may differ from the park's).
  const today = state.data?.today ?? null;
  const passDays = state.data?.subscription?.days ?? [];
  const hasPass = passDays.length > 0;
  const effectiveStart = passDays.some((d) => d.day === startDate) ? startDate : (passDays[0]?.day ?? '');
  const status = alertsStatus(state.data?.subscription ?? null);
  const timezone = state.data?.timezone ?? parkTimezone;
  const startInFuture = useMemo(() => {
    if (!today || !effectiveStart) return false;
    if (effectiveStart > today) return true;
    // The park's zone from the server: the cached park list has none for a park nobody had polled yet.
    return Boolean(startTime) && startTime > parkNowTime(timezone);
  }, [effectiveStart, startTime, today, timezone]);
  const action = alertAction(status, startInFuture);
  const ready = canActivate({ parkId, selectedCount: selected.length, email }) && hasPass;

  const onActivate = () => {
    if (!parkId) return toast.error('Please select a park before activating alerts.');
    if (selected.length === 0)
      return toast.error('No Rides Selected', { description: 'Please select at least one ride to monitor before activating alerts.' });
    activate.mutate({
      parkId,
      rideIds: selected,
      ...(effectiveStart ? { startDate: effectiveStart } : {}),
      ...(startTime ? { startTime } : {}),
    });
  };

  return (
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
            start={scheduledStart(state.data.subscription, timezone)}
          />
          {status === 'ACTIVE' ? <ShortNow parkId={parkId} /> : null}
          {status === 'SCHEDULED' && state.data.subscription?.startsAt ? (
            <p className="text-sm text-slate-700">
              Alerts start {formatTime(state.data.subscription.startsAt, { park: timezone ?? 'UTC' }, { date: true })}.
            </p>
          ) : null}
          {state.data.subscription?.ridesPending ? (
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              Your pass has no rides yet: the park's ride list could not be loaded. We keep trying and select every ride as soon as it
              loads.
            </p>
          ) : null}
          {hasPass ? (
            <div className="space-y-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-semibold text-slate-700">Your pass days</h3>
                <Button variant="ghost" size="sm" onClick={onBuy}>
                  <ShoppingCart className="h-4 w-4" aria-hidden="true" /> Buy more days
                </Button>
              </div>
              <PassDays days={passDays} today={state.data.today} />
            </div>
          ) : (
            noPass
          )}
          {status === 'INACTIVE' && hasPass ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Start date" htmlFor="start-date" hint="One of your pass days (park time).">
                <Select id="start-date" value={effectiveStart} onChange={(e) => setStart({ parkId, date: e.target.value })}>
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
              <Button disabled={!ready || activate.isPending} onClick={onActivate}>
                {activate.isPending ? 'Activating…' : action}
              </Button>
            )}
            <TestAlertButton
              status={status}
              nextTestAlertAt={state.data.nextTestAlertAt}
              cooldownStartedBy={state.data.cooldownStartedBy}
              sending={testAlert.isPending}
              onSend={() => parkId && testAlert.mutate({ parkId })}
            />
          </div>
        </div>
      )}
    </Card>
  );
}
