import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useBlocker } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { formatPassDate } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';
import { MuteControl, RideMutedNote, RunningMutes } from './Mutes.tsx';
import { QuietHoursNote } from './QuietHours.tsx';
import { draftChanged, ReturnTimeAlerts, type ReturnTimeDraft } from './ReturnTimeAlerts.tsx';
import { parksToReenable } from './selection.ts';
import { ManageRideSettings } from './WatchSettings.tsx';
import type { WatchSettingsValue } from './watchSettings.ts';

type Pending = Record<string, { active: boolean; rides: Record<string, boolean>; settings: Record<string, WatchSettingsValue> }>;

type ManagedPark = {
  parkId: string;
  active: boolean;
  rides: { rideId: string; active: boolean; settings: WatchSettingsValue }[];
};

/** The pending state equal to what is saved. */
function pendingFrom(parks: ManagedPark[]): Pending {
  const next: Pending = {};
  for (const p of parks)
    next[p.parkId] = {
      active: p.active,
      rides: Object.fromEntries(p.rides.map((r) => [r.rideId, r.active])),
      settings: Object.fromEntries(p.rides.map((r) => [r.rideId, r.settings])),
    };
  return next;
}

/**
 * Manage Alerts (docs/spec/part-1.md §2, §4): one card per subscribed park with an active toggle and ride toggles, and
 * per ride its alert settings (threshold, hourly reminder, back in service; docs/DESIGN.md §2.3) and the Lightning Lane
 * return-time alerts. One save model: every change is pending until Save Changes, in a bar
 * that sticks to the bottom of the screen while anything is unsaved (with Discard); leaving the page with
 * unsaved changes asks first (in-app navigation and closing the tab). Turning a park off turns its rides off in
 * the pending changes; on load a park whose rides are all off gets them all switched back on ("All rides enabled").
 */
export function ManageAlerts() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.manageAlerts.list.queryOptions());
  const [pending, setPending] = useState<Pending>({});
  const [baseline, setBaseline] = useState<Pending>({});
  const [returnTimes, setReturnTimes] = useState<Record<string, ReturnTimeDraft>>({});
  const setReturnTime = useMutation(trpc.returnTimeAlerts.set.mutationOptions());
  const removeReturnTime = useMutation(trpc.returnTimeAlerts.remove.mutationOptions());
  const [saving, setSaving] = useState(false);
  // The automatic re-enable's save (once, on load): it says "All rides enabled", not "Changes Saved".
  const reenableSave = useRef<unknown>(null);
  const save = useMutation(
    trpc.manageAlerts.save.mutationOptions({
      // The re-enable's own save reads the lists again; Save Changes does it once after everything (saveAll).
      onSuccess: async (_data, variables) => {
        if (variables !== reenableSave.current) return;
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.manageAlerts.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.returnTimeAlerts.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.watchSettings.list.queryKey() }),
        ]);
      },
      onError: (e, variables) => {
        if (variables === reenableSave.current) toast.error('Error saving changes', { description: e.message });
      },
    }),
  );

  // What differs from the state loaded last (after the automatic re-enable): Save Changes writes it all.
  const dirty = useMemo(() => {
    if (Object.values(returnTimes).some(draftChanged)) return true;
    return JSON.stringify(pending) !== JSON.stringify(baseline);
  }, [pending, baseline, returnTimes]);

  useBlocker({
    shouldBlockFn: () => dirty && !window.confirm('You have unsaved changes on Manage Alerts. Leave this page and lose them?'),
    enableBeforeUnload: () => dirty,
    disabled: !dirty,
  });

  const discard = () => {
    setReturnTimes({});
    setPending(baseline);
  };

  const saveAll = async () => {
    setSaving(true);
    try {
      await save.mutateAsync({
        parks: Object.entries(pending).map(([parkId, v]) => ({
          parkId,
          active: v.active,
          rides: Object.entries(v.rides).map(([rideId, active]) => ({
            rideId,
            active,
            ...(v.settings[rideId] ? { settings: v.settings[rideId] } : {}),
          })),
        })),
      });
      for (const d of Object.values(returnTimes).filter(draftChanged)) {
        const target = { parkId: d.parkId, rideId: d.rideId, queueType: d.queueType };
        if (d.mode === 'off') await removeReturnTime.mutateAsync(target);
        else if (d.mode === 'available') await setReturnTime.mutateAsync({ ...target, beforeTime: null });
        else if (/^([01]\d|2[0-3]):[0-5]\d$/.test(d.time)) await setReturnTime.mutateAsync({ ...target, beforeTime: d.time });
        else throw new Error('Enter a return-time limit like 14:30.');
      }
      setReturnTimes({});
      toast.success('Changes Saved');
    } catch (e) {
      toast.error('Error saving changes', { description: (e as Error).message });
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.manageAlerts.list.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.returnTimeAlerts.list.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.watchSettings.list.queryKey() }),
      ]);
      setSaving(false);
    }
  };

  // Only new server data resets the pending toggles. `save` itself is a new object on every render, so listing it
  // here reset every toggle the moment it was switched; its `mutate` is stable.
  const saveMutate = save.mutate;
  useEffect(() => {
    if (!list.data) return;
    const next = pendingFrom(list.data.parks);
    const off = parksToReenable(list.data.parks);
    if (off.length && reenableSave.current === null) {
      for (const id of off) for (const rideId of Object.keys(next[id]!.rides)) next[id]!.rides[rideId] = true;
      const variables = {
        parks: off.map((id) => ({
          parkId: id,
          active: next[id]!.active,
          rides: Object.entries(next[id]!.rides).map(([rideId, active]) => ({ rideId, active })),
        })),
      };
      reenableSave.current = variables;
      saveMutate(variables);
      toast.info('All rides enabled');
    }
    setPending(next);
    setBaseline(next);
  }, [list.data, saveMutate]);

  if (list.isPending) return <Spinner label="Loading your alerts…" />;
  if (list.isError) {
    return (
      <div role="alert" className="rounded-xl bg-red-50 p-6 text-center text-red-900">
        <p className="font-semibold">Error loading data</p>
        <p className="text-sm">Failed to load your subscription data.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const parks = list.data.parks;
  return (
    <div className="space-y-6">
      <p className="text-slate-700">
        Signed in as <strong>{list.data.email}</strong>
      </p>
      <QuietHoursNote />
      <RunningMutes />
      {parks.length === 0 ? (
        <Card>
          <p className="text-slate-700">You have no alert subscriptions yet.</p>
          <Link to="/get-alerts" className="mt-3 inline-block font-semibold text-brand-800 underline">
            Set up alerts
          </Link>
        </Card>
      ) : (
        parks.map((p) => {
          const pp = pending[p.parkId];
          if (!pp) return null;
          return (
            <Card key={p.parkId}>
              <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
                <div>
                  <h2 className="text-lg font-bold">{p.parkName}</h2>
                  <div className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
                    <Badge tone={p.valid ? 'green' : p.scheduled ? 'blue' : 'slate'}>
                      {p.valid ? 'ACTIVE' : p.scheduled ? 'SCHEDULED' : 'INACTIVE'}
                    </Badge>
                    <span>Pass days:</span>
                    <ul aria-label={`Pass days for ${p.parkName}`} className="flex flex-wrap gap-1.5">
                      {p.days.map((d) => (
                        <li key={d.day} className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-2 py-0.5 text-slate-800">
                          {formatPassDate(d.day)}
                          <Badge tone={d.channel === 'sms' ? 'brand' : 'blue'} className="px-1.5">
                            {d.channel === 'sms' ? 'SMS' : 'E-mail'}
                          </Badge>
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
                <div className="flex items-center gap-2">
                  <span className="text-sm font-medium" id={`park-${p.parkId}`}>
                    Alerts for this park
                    {pp.active !== p.active ? <span className="ml-1 text-xs font-semibold text-amber-800">· not saved yet</span> : null}
                  </span>
                  <Switch
                    label={`Alerts for ${p.parkName}`}
                    checked={pp.active}
                    onCheckedChange={(v) =>
                      setPending((s) => ({
                        ...s,
                        [p.parkId]: {
                          ...s[p.parkId]!,
                          active: v,
                          rides: v ? s[p.parkId]!.rides : Object.fromEntries(Object.keys(s[p.parkId]!.rides).map((k) => [k, false])),
                        },
                      }))
                    }
                  />
                </div>
              </div>
              <div className="mb-3">
                <MuteControl parkId={p.parkId} label={`all of ${p.parkName}`} />
              </div>
              {p.ridesPending ? (
                <p role="status" className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                  Rides not selected yet: {p.parkName}'s ride list could not be loaded. We keep trying and select every ride as soon as it
                  loads.
                </p>
              ) : null}
              <ul className="grid gap-1 sm:grid-cols-2">
                {p.rides.map((r) => (
                  <li key={r.rideId} className="rounded-lg px-2 py-1.5 hover:bg-slate-50">
                    <div className="flex items-center justify-between gap-2">
                      <span className="flex flex-wrap items-center gap-1.5 text-sm">
                        {r.rideName}
                        <RideMutedNote parkId={p.parkId} attractionId={r.rideId} />
                        {(pp.rides[r.rideId] ?? false) !== r.active ? (
                          <span className="text-xs font-semibold text-amber-800" data-testid="ride-not-saved">
                            {pp.rides[r.rideId] ? 'on' : 'off'} · not saved yet
                          </span>
                        ) : null}
                      </span>
                      <Switch
                        label={r.rideName}
                        checked={pp.rides[r.rideId] ?? false}
                        onCheckedChange={(v) =>
                          setPending((s) => ({ ...s, [p.parkId]: { ...s[p.parkId]!, rides: { ...s[p.parkId]!.rides, [r.rideId]: v } } }))
                        }
                      />
                    </div>
                    <ManageRideSettings
                      idPrefix={`manage-${p.parkId}-${r.rideId}`}
                      rideName={r.rideName}
                      value={pp.settings[r.rideId] ?? r.settings}
                      saved={r.settings}
                      onChange={(v) =>
                        setPending((s) => ({
                          ...s,
                          [p.parkId]: { ...s[p.parkId]!, settings: { ...s[p.parkId]!.settings, [r.rideId]: v } },
                        }))
                      }
                    />
                  </li>
                ))}
              </ul>
              <ReturnTimeAlerts parkId={p.parkId} drafts={returnTimes} onDraft={(key, d) => setReturnTimes((s) => ({ ...s, [key]: d }))} />
            </Card>
          );
        })
      )}
      {parks.length ? (
        <div
          className={`${dirty ? 'sticky bottom-0 z-20 border-t border-amber-200 bg-amber-50 shadow-lg' : 'bg-transparent'} -mx-4 flex flex-wrap items-center justify-between gap-3 px-4 py-3`}
        >
          <p role="status" className="text-sm font-medium text-slate-800">
            {saving ? 'Saving your changes…' : dirty ? 'You have unsaved changes.' : 'Everything is saved.'}
          </p>
          <div className="flex gap-2">
            {dirty ? (
              <Button variant="secondary" disabled={saving} onClick={discard}>
                Discard
              </Button>
            ) : null}
            <Button disabled={saving || !dirty} onClick={() => void saveAll()}>
              {saving ? 'Saving…' : 'Save Changes'}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
