import { Link } from '@tanstack/react-router';
import { MUTE_DURATION_LABELS, MUTE_DURATIONS, type MuteDuration } from '@walkon/domain/rules/mutes';
import { BellOff } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import type { ApiOutput } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { fetchApiQuery, useApiMutation, useApiQuery } from '../../lib/useApi.ts';

/**
 * "Mute until …" (docs/rules.md R16a) for signed-in people, through the light
 * client so the public ride page can show them too. A mute acts at once (it is an action with its own end, like
 * "Unmute", not a setting of Manage Alerts' Save Changes) and is shown loudly while it lasts.
 */

type Mute = ApiOutput<'mutes.list'>[number];

const selectClass = 'rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 disabled:bg-slate-100';

/** The account's running mutes (one shared query; refreshed after every change). */
export function useMutes(enabled = true) {
  return useApiQuery('mutes.list', undefined, { enabled, staleTime: 30_000 });
}

const refresh = () => fetchApiQuery('mutes.list', undefined).catch(() => undefined);

/** Set / clear with toasts; both refresh the list. */
function useMuteActions() {
  const set = useApiMutation('mutes.set', {
    onSuccess: async (m) => {
      await refresh();
      toast.success(`${m.attractionName ?? m.parkName} muted until ${m.untilLabel}`);
    },
    onError: (e) => toast.error('Could not mute', { description: e.message }),
  });
  const clear = useApiMutation('mutes.clear', {
    onSuccess: async () => {
      await refresh();
      toast.success('Unmuted: alerts are back on');
    },
    onError: (e) => toast.error('Could not unmute', { description: e.message }),
  });
  return { set, clear };
}

/** The loud banner of one running mute: "Muted until 8:00 AM park time — Unmute". */
function MutedBanner({ mute, label, onUnmute, busy }: { mute: Mute; label: string; onUnmute: () => void; busy: boolean }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border-2 border-amber-400 bg-amber-50 px-3 py-2 text-amber-950"
      data-testid="mute-banner"
    >
      <p className="flex items-center gap-2 font-semibold">
        <BellOff className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          {label}: muted until {mute.untilLabel}
        </span>
      </p>
      <Button size="sm" variant="secondary" onClick={onUnmute} disabled={busy} aria-label={`Unmute ${label}`}>
        {busy ? 'Unmuting…' : 'Unmute'}
      </Button>
    </div>
  );
}

/** A duration picker and a Mute button for a park or one ride. */
function MuteForm({
  label,
  onMute,
  busy,
  suggested = false,
}: {
  label: string;
  onMute: (until: MuteDuration) => void;
  busy: boolean;
  suggested?: boolean;
}) {
  const id = useId();
  const [until, setUntil] = useState<MuteDuration>('rest-of-day');
  return (
    <div
      className={
        suggested
          ? 'flex flex-wrap items-center gap-2 rounded-lg border-2 border-amber-400 bg-amber-50 p-3'
          : 'flex flex-wrap items-center gap-2'
      }
    >
      {suggested ? (
        <p className="w-full text-sm font-semibold text-amber-900">From your notification: mute {label} for the rest of today?</p>
      ) : null}
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Mute alerts for {label}
      </label>
      <select id={id} className={selectClass} value={until} onChange={(e) => setUntil(e.target.value as MuteDuration)}>
        {MUTE_DURATIONS.map((d) => (
          <option key={d} value={d}>
            {MUTE_DURATION_LABELS[d]}
          </option>
        ))}
      </select>
      {/* Focused when the page was opened for this one action (a notification's "Mute this ride today"). */}
      <Button size="sm" variant="secondary" onClick={() => onMute(until)} disabled={busy} autoFocus={suggested}>
        <BellOff className="h-4 w-4" aria-hidden="true" /> {busy ? 'Muting…' : 'Mute'}
      </Button>
    </div>
  );
}

/**
 * A park's or a ride's mute: the banner while muted, otherwise the form. `suggested` (the ride page opened as
 * `?mute=today` by a notification's "Mute this ride today" when the service worker could not mute it itself,
 * web/src/sw/sw.ts) puts the form forward with "rest of the day" chosen; it never mutes without a tap. Renders
 * nothing for visitors who are not signed in, except a sign-in link when `suggested`.
 */
export function MuteControl({
  parkId,
  attractionId,
  label,
  suggested = false,
}: {
  parkId: string;
  attractionId?: string;
  label: string;
  suggested?: boolean;
}) {
  const { user } = useSession();
  const mutes = useMutes(user !== null);
  const { set, clear } = useMuteActions();
  if (!user && suggested) {
    const here = attractionId ? `/live-wait-times/${parkId}/${attractionId}?mute=today` : '/manage-alerts';
    return (
      <p className="rounded-lg border-2 border-amber-400 bg-amber-50 p-3 text-sm text-amber-900">
        <Link to="/auth" search={{ redirect: here }} className="font-semibold underline">
          Sign in
        </Link>{' '}
        to mute {label} for the rest of today.
      </p>
    );
  }
  if (!user || mutes.data === undefined) return null;
  const mute = mutes.data.find((m) => m.parkId === parkId && m.attractionId === (attractionId ?? null));
  if (mute) return <MutedBanner mute={mute} label={label} busy={clear.isPending} onUnmute={() => clear.mutate({ id: mute.id })} />;
  return (
    <MuteForm
      label={label}
      suggested={suggested}
      busy={set.isPending}
      onMute={(until) => set.mutate(attractionId ? { parkId, attractionId, until } : { parkId, until })}
    />
  );
}

/** Every running mute of the account, loudly, each with Unmute (top of Manage Alerts). */
export function RunningMutes() {
  const mutes = useMutes();
  const { clear } = useMuteActions();
  if (!mutes.data?.length) return null;
  return (
    <section aria-label="Muted alerts" className="space-y-2">
      {mutes.data.map((m) => (
        <MutedBanner
          key={m.id}
          mute={m}
          label={m.attractionName ? `${m.attractionName} (${m.parkName})` : `All of ${m.parkName}`}
          busy={clear.isPending && clear.variables?.id === m.id}
          onUnmute={() => clear.mutate({ id: m.id })}
        />
      ))}
    </section>
  );
}

/**
 * Until when this ride itself is muted (a mute of the ride, not of its park), for a small badge beside the ride's
 * switch; a park's mute is announced once, by the park's banner, not on each of its rides.
 */
function useMutedUntil(parkId: string, attractionId: string): string | null {
  const mutes = useMutes();
  const m = mutes.data?.find((x) => x.parkId === parkId && x.attractionId === attractionId);
  return m ? m.untilLabel : null;
}

/** "Muted until …" beside a ride on Manage Alerts while the ride is muted (its park's mute shows above the list). */
export function RideMutedNote({ parkId, attractionId }: { parkId: string; attractionId: string }) {
  const until = useMutedUntil(parkId, attractionId);
  if (!until) return null;
  return <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Muted until {until}</span>;
}
