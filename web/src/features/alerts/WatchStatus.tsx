import { Badge } from '../../components/ui/badge.tsx';

/** The sentence shown when a park has no ride selected: nothing will be alerted (docs/spec/part-1.md §4 ride selection). */
export const NO_RIDE_WATCHED = 'No ride is watched — select rides to get alerts';

const CHANNEL = { sms: 'SMS', email: 'e-mail' } as const;

/**
 * The "Status:" line of Get Alerts (docs/spec/part-1.md §2, §4): ACTIVE / SCHEDULED / INACTIVE from the pass, the
 * channel alerts go by — "Today by SMS" only while they go today (ACTIVE); a SCHEDULED pass names the channel of
 * the day alerts start ("From Sat, Nov 29 by SMS") — and, whatever the pass says, that no ride is watched when the
 * selection is empty (an active pass with no ride sends nothing).
 */
export function WatchStatus({
  status,
  selectedCount,
  todayChannel,
  start,
}: {
  status: 'ACTIVE' | 'SCHEDULED' | 'INACTIVE';
  selectedCount: number;
  todayChannel: 'email' | 'sms' | null;
  /** For a SCHEDULED pass: the park-local day alerts start ('Sat, Nov 29') and that day's channel. */
  start?: { day: string; channel: 'email' | 'sms' } | null;
}) {
  if (selectedCount === 0) {
    return (
      <div className="flex flex-wrap items-center gap-2" role="status">
        <span className="text-sm font-semibold text-slate-700">Status:</span>
        <Badge tone="amber">NO RIDES</Badge>
        <span className="text-sm text-amber-900">{NO_RIDE_WATCHED}</span>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold text-slate-700">Status:</span>
      <Badge tone={status === 'ACTIVE' ? 'green' : status === 'SCHEDULED' ? 'blue' : 'slate'}>{status}</Badge>
      {status === 'ACTIVE' && todayChannel ? <span className="text-sm text-slate-600">Today by {CHANNEL[todayChannel]}</span> : null}
      {status === 'SCHEDULED' && start ? (
        <span className="text-sm text-slate-600">
          From {start.day} by {CHANNEL[start.channel]}
        </span>
      ) : null}
    </div>
  );
}
