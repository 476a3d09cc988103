import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Select } from '../../components/ui/field.tsx';
import { toast } from '../../lib/toast.ts';
import { useTRPC } from '../../trpc.ts';
import {
  DEFAULT_THRESHOLD_MINUTES,
  DEFAULT_WATCH_SETTINGS,
  effectiveThreshold,
  sameSettings,
  settingsSummary,
  THRESHOLD_CHOICES,
  type WatchSettingsValue,
} from './watchSettings.ts';

/**
 * The three per-ride alert settings (docs/DESIGN.md §2.3, §6), controlled: the threshold (a select: the default 15
 * minutes or 5–60), "Back in service" and "Remind me every hour while it stays short". Native select and Radix
 * checkboxes, each labelled, so the whole form works from the keyboard.
 */
export function WatchSettingsFields({
  idPrefix,
  rideName,
  value,
  onChange,
  disabled,
}: {
  idPrefix: string;
  rideName: string;
  value: WatchSettingsValue;
  onChange: (v: WatchSettingsValue) => void;
  disabled?: boolean;
}) {
  const threshold = `${idPrefix}-threshold`;
  const back = `${idPrefix}-back`;
  const hourly = `${idPrefix}-hourly`;
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="sr-only">Alert settings for {rideName}</legend>
      <div className="space-y-1">
        <label htmlFor={threshold} className="block text-sm font-semibold text-slate-800">
          Alert when the wait is at most
        </label>
        <Select
          id={threshold}
          aria-label={`Alert threshold for ${rideName}`}
          value={value.thresholdMinutes === null ? 'default' : String(value.thresholdMinutes)}
          onChange={(e) => onChange({ ...value, thresholdMinutes: e.target.value === 'default' ? null : Number(e.target.value) })}
        >
          <option value="default">{DEFAULT_THRESHOLD_MINUTES} minutes (default)</option>
          {THRESHOLD_CHOICES.map((m) => (
            <option key={m} value={m}>
              {m} minutes
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-start gap-2">
        <Checkbox
          id={hourly}
          label={`Remind me every hour while it stays short: ${rideName}`}
          checked={value.remindHourly}
          onCheckedChange={(v) => onChange({ ...value, remindHourly: v })}
        />
        <label htmlFor={hourly} className="text-sm text-slate-800">
          Remind me every hour while it stays short
        </label>
      </div>
      <div className="flex items-start gap-2">
        <Checkbox
          id={back}
          label={`Back in service: ${rideName}`}
          checked={value.backInService}
          onCheckedChange={(v) => onChange({ ...value, backInService: v })}
        />
        <label htmlFor={back} className="text-sm text-slate-800">
          Back in service <span className="text-slate-600">(when it reopens after a breakdown)</span>
        </label>
      </div>
    </fieldset>
  );
}

/**
 * Get Alerts: a small per-ride settings button (its label shows the threshold in force) opening a Radix
 * popover with WatchSettingsFields and Save. Saves through `watchSettings.set` for the signed-in person; the
 * server checks the bounds and the owner. Escape or Cancel closes without saving; focus returns to the button.
 */
export function RideAlertSettings({ parkId, rideId, rideName }: { parkId: string; rideId: string; rideName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.watchSettings.list.queryOptions({ parkId }));
  const saved: WatchSettingsValue = list.data?.rides.find((r) => r.rideId === rideId) ?? DEFAULT_WATCH_SETTINGS;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<WatchSettingsValue>(saved);
  const set = useMutation(
    trpc.watchSettings.set.mutationOptions({
      onSuccess: async (r) => {
        toast.success('Alert settings saved', { description: `${rideName}: alerts at ${r.effectiveThresholdMinutes} minutes or less.` });
        setOpen(false);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.watchSettings.list.queryKey({ parkId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.manageAlerts.list.queryKey() }),
        ]);
      },
      onError: (e) => toast.error('Could not save the alert settings', { description: e.message }),
    }),
  );
  const custom = saved.thresholdMinutes !== null || saved.remindHourly || saved.backInService;
  const id = `ride-settings-${rideId}`;

  return (
    <Popover.Root
      open={open}
      onOpenChange={(o) => {
        if (o) setDraft({ thresholdMinutes: saved.thresholdMinutes, backInService: saved.backInService, remindHourly: saved.remindHourly });
        setOpen(o);
      }}
    >
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={`Alert settings for ${rideName}: ${settingsSummary(saved)}`}
          disabled={list.isPending}
          className={`inline-flex shrink-0 items-center gap-1 rounded-md border px-2 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-brand-700 ${
            custom ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100'
          }`}
        >
          <SlidersHorizontal className="h-3.5 w-3.5" aria-hidden="true" />
          <span>≤{effectiveThreshold(saved)}</span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          id={id}
          aria-label={`Alert settings for ${rideName}`}
          side="bottom"
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-[60] w-[min(20rem,calc(100vw-1rem))] space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xl"
        >
          <p className="text-sm font-bold text-slate-900">{rideName}</p>
          <WatchSettingsFields idPrefix={id} rideName={rideName} value={draft} onChange={setDraft} disabled={set.isPending} />
          <div className="flex justify-end gap-2">
            <Popover.Close asChild>
              <Button variant="ghost" size="sm">
                Cancel
              </Button>
            </Popover.Close>
            <Button size="sm" disabled={set.isPending} onClick={() => set.mutate({ parkId, rideId, ...draft })}>
              {set.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * Manage Alerts: a ride's alert settings as an expandable row (a disclosure button with the settings in force,
 * then WatchSettingsFields). Controlled: the page keeps the pending value and saves it with Save Changes, like
 * the toggles; "not saved yet" shows while the value differs from the saved one.
 */
export function ManageRideSettings({
  idPrefix,
  rideName,
  value,
  saved,
  onChange,
}: {
  idPrefix: string;
  rideName: string;
  value: WatchSettingsValue;
  saved: WatchSettingsValue;
  onChange: (v: WatchSettingsValue) => void;
}) {
  const [open, setOpen] = useState(false);
  const panel = `${idPrefix}-panel`;
  const changed = !sameSettings(value, saved);
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panel}
        aria-label={`Alert settings for ${rideName}: ${settingsSummary(value)}`}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1 rounded-md px-1 py-0.5 text-xs font-medium text-slate-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <SlidersHorizontal className="h-3.5 w-3.5" aria-hidden="true" />
        {settingsSummary(value)}
        {changed ? <span className="text-amber-800">· not saved yet</span> : null}
      </button>
      {open ? (
        <div id={panel} className="mt-2 rounded-lg border border-slate-200 bg-white p-3">
          <WatchSettingsFields idPrefix={idPrefix} rideName={rideName} value={value} onChange={onChange} />
        </div>
      ) : null}
    </div>
  );
}
