import { useQuery } from '@tanstack/react-query';
import { LIVE_FRESH_MS } from '@walkon/domain/rules/lightningLane';
import { RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useNow } from '../../../lib/useNow.ts';
import { useTRPC } from '../../../trpc.ts';
import { ageLabel } from '../format.ts';
import type { Lane, LaneStatus, LaneSubscription } from '../types.ts';
import { LaneRow } from './LaneRow.tsx';
import { PreferenceDialog } from './PreferenceDialog.tsx';
import { useAvailability } from './useAvailability.ts';

/**
 * The park's Lightning Lanes from the real live data (docs/spec/part-2.md §2, §9): source and age of the poll, a warning
 * when it is older than LIVE_FRESH_MS (5 minutes), why booking is off, one row per attraction and the preference dialog.
 */
export function AvailabilityCard({
  parkId,
  canBook,
  status,
  subscription,
}: {
  parkId: string;
  canBook: boolean;
  status: LaneStatus;
  subscription: LaneSubscription;
}) {
  const trpc = useTRPC();
  const query = useAvailability(parkId);
  const preferences = useQuery(trpc.lightningLane.preferences.queryOptions({ parkId }));
  const prefs = new Map((preferences.data ?? []).map((p) => [p.attractionId, p]));
  const now = useNow(5000);
  const [editing, setEditing] = useState<Lane | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const data = query.data;
  const reason = !status.isConnected
    ? 'Booking needs a connected Disney account (step 1).'
    : !subscription.activeToday
      ? 'Booking needs a Lightning Lane Assist day for this park today (step 2).'
      : null;
  return (
    <Card aria-labelledby="ll-availability">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="ll-availability" className="text-lg font-bold text-slate-900">
          Lightning Lane availability
        </h2>
        <Button variant="ghost" size="sm" onClick={() => query.refetch()} disabled={query.isFetching} aria-label="Refresh availability">
          <RefreshCw className={`h-4 w-4 ${query.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {query.isPending ? <Spinner label="Loading live availability…" /> : null}
      {query.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          Could not load availability: {query.error.message}
        </p>
      ) : null}
      {data ? (
        <>
          <p className="text-sm text-slate-600">
            Source: {data.source} (Lightning Lane return times as Disney publishes them), read by our poller
            {data.polledAt ? (
              <>
                {' '}
                — last update <time dateTime={data.polledAt}>{ageLabel(data.polledAt, now)}</time>.
              </>
            ) : (
              ' — not read yet.'
            )}{' '}
            Refreshes every 30 seconds. Times are {data.parkName} time.
          </p>
          {data.polledAt && !data.fresh ? (
            <p role="status" className="mt-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
              This data is older than {LIVE_FRESH_MS / 60_000} minutes, so nothing can be booked from it until the next update.
            </p>
          ) : null}
          {reason ? <p className="mt-2 rounded-lg bg-slate-50 p-2 text-sm text-slate-700">{reason}</p> : null}
          {data.lanes.length === 0 ? (
            <p className="mt-4 text-slate-700">No attraction at {data.parkName} publishes Lightning Lane return times right now.</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-200" aria-label="Attractions with Lightning Lane">
              {data.lanes.map((lane) => (
                <LaneRow
                  key={lane.id}
                  lane={lane}
                  timeZone={data.timezone}
                  pref={prefs.get(lane.id)}
                  canBook={canBook}
                  parkId={parkId}
                  onEdit={(el) => {
                    opener.current = el;
                    setEditing(lane);
                  }}
                />
              ))}
            </ul>
          )}
        </>
      ) : null}
      {editing ? (
        <PreferenceDialog
          key={editing.id}
          lane={editing}
          parkId={parkId}
          pref={prefs.get(editing.id)}
          onClose={() => setEditing(null)}
          returnFocus={opener}
        />
      ) : null}
    </Card>
  );
}
