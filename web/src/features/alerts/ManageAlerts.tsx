import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../trpc.ts';
import { formatPassDate } from '../checkout/dates.ts';
import { ReturnTimeAlerts } from './ReturnTimeAlerts.tsx';
import { parksToReenable } from './selection.ts';
import { ManageRideSettings } from './WatchSettings.tsx';
import type { WatchSettingsValue } from './watchSettings.ts';

type Pending = Record<string, { active: boolean; rides: Record<string, boolean>; settings: Record<string, WatchSettingsValue> }>;

/**
 * Manage Alerts (spec part 1 §2, §4): one card per subscribed park with an active toggle and ride toggles, and
 * per ride its alert settings (threshold, hourly reminder, back in service; DESIGN §2.3). Nothing is saved until
 * Save Changes; turning a park off turns its rides off in the pending changes; on load a
 * park whose rides are all off gets them all switched back on ("All rides enabled").
 */
export function ManageAlerts() {
  const utils = trpc.useUtils();
  const list = trpc.manageAlerts.list.useQuery();
  const [pending, setPending] = useState<Pending>({});
  // The automatic re-enable's save (once, on load): it says "All rides enabled", not "Changes Saved".
  const reenableSave = useRef<unknown>(null);
  const save = trpc.manageAlerts.save.useMutation({
    onSuccess: async (_data, variables) => {
      if (variables !== reenableSave.current) toast.success('Changes Saved');
      await utils.manageAlerts.list.invalidate();
      await utils.returnTimeAlerts.list.invalidate(); // watches changed: return-time controls follow
      await utils.watchSettings.list.invalidate(); // Get Alerts shows the same per-ride settings
    },
    onError: (e) => toast.error('Error saving changes', { description: e.message }),
  });

  // Only new server data resets the pending toggles. `save` itself is a new object on every render, so listing it
  // here reset every toggle the moment it was switched; its `mutate` is stable.
  const saveMutate = save.mutate;
  useEffect(() => {
    if (!list.data) return;
    const next: Pending = {};
    for (const p of list.data.parks)
      next[p.parkId] = {
        active: p.active,
        rides: Object.fromEntries(p.rides.map((r) => [r.rideId, r.active])),
        settings: Object.fromEntries(p.rides.map((r) => [r.rideId, r.settings])),
      };
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
              <ul className="grid gap-1 sm:grid-cols-2">
                {p.rides.map((r) => (
                  <li key={r.rideId} className="rounded-lg px-2 py-1.5 hover:bg-slate-50">
                    <div className="flex items-center justify-between gap-2">
                      <span className="text-sm">{r.rideName}</span>
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
              <ReturnTimeAlerts parkId={p.parkId} />
            </Card>
          );
        })
      )}
      {parks.length ? (
        <Button
          disabled={save.isPending}
          onClick={() =>
            save.mutate({
              parks: Object.entries(pending).map(([parkId, v]) => ({
                parkId,
                active: v.active,
                rides: Object.entries(v.rides).map(([rideId, active]) => ({
                  rideId,
                  active,
                  ...(v.settings[rideId] ? { settings: v.settings[rideId] } : {}),
                })),
              })),
            })
          }
        >
          {save.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      ) : null}
    </div>
  );
}
