import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { formatDistanceToNow } from 'date-fns';
import { RefreshCw } from 'lucide-react';
import { pageHead } from '../components/InfoPage.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { liveWaitTone, statusLabel, statusTone } from '../features/waits/badges.ts';
import { ParkPicker } from '../features/waits/ParkPicker.tsx';
import { trpc } from '../trpc.ts';

function RideTable({ parkId }: { parkId: string }) {
  const live = trpc.waitTimes.live.useQuery({ parkId }, { refetchInterval: 60_000 });
  if (live.isPending) {
    return (
      <ul aria-label="Loading rides" className="space-y-2">
        {['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((k) => (
          <li key={k} className="h-11 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </ul>
    );
  }
  if (live.isError) {
    const empty = live.error.data?.code === 'NOT_FOUND';
    return (
      <div role="alert" className="rounded-xl bg-slate-50 p-6 text-center">
        <p className="font-semibold">{empty ? 'No ride information available for this park.' : 'Error loading ride information'}</p>
        {!empty ? <p className="mt-1 text-sm text-slate-600">{live.error.message}</p> : null}
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => live.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { park, rides, updatedAt } = live.data;
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 className="text-xl font-bold">{park.name}</h2>
          <Badge tone="green">
            <span className="mr-1.5 inline-block h-2 w-2 animate-pulse rounded-full bg-green-600" aria-hidden="true" />
            Live Data
          </Badge>
        </div>
        <div className="flex items-center gap-3 text-sm text-slate-600">
          <span>Updated {formatDistanceToNow(new Date(updatedAt), { addSuffix: true })}</span>
          <Button variant="secondary" size="sm" onClick={() => live.refetch()} disabled={live.isFetching}>
            <RefreshCw className={`h-4 w-4 ${live.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" />
            Refresh
          </Button>
        </div>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left">
          <caption className="sr-only">Standby waits at {park.name}, longest first</caption>
          <thead className="border-b border-slate-200 text-sm text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Ride
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Status
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Standby wait
              </th>
            </tr>
          </thead>
          <tbody>
            {rides.map((r) => (
              <tr key={r.id} className="border-b border-slate-100">
                <td className="py-2.5 pr-3 font-medium">{r.name}</td>
                <td className="py-2.5 pr-3">
                  <Badge tone={statusTone(r.status)}>{statusLabel(r.status)}</Badge>
                </td>
                <td className="py-2.5 text-right">
                  {r.waitMinutes !== null && r.status === 'OPERATING' ? (
                    <Badge tone={liveWaitTone(r.waitMinutes)}>{r.waitMinutes} min</Badge>
                  ) : (
                    <span className="text-sm text-slate-500">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function LiveWaitTimes() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/live-wait-times' });
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Live Wait Times</h1>
      <p className="mt-2 text-slate-600">Current standby waits, refreshed every minute.</p>
      <Card className="mt-6">
        <ParkPicker
          idPrefix="live"
          destinationId={search.destination ?? null}
          parkId={search.park ?? null}
          onChange={(v) => navigate({ search: { destination: v.destinationId ?? undefined, park: v.parkId ?? undefined }, replace: true })}
        />
      </Card>
      <Card className="mt-6">
        {search.park ? (
          <RideTable parkId={search.park} />
        ) : (
          <p className="py-8 text-center text-slate-600">Choose a destination and a park to see its rides.</p>
        )}
      </Card>
      <p className="mt-4 text-sm text-slate-600">
        Data source:{' '}
        <a href="https://themeparks.wiki" className="underline" rel="noreferrer" target="_blank">
          ThemeParks.wiki
        </a>
        . WalkOn is independent of the parks' operators.
      </p>
    </main>
  );
}

export const Route = createFileRoute('/live-wait-times')({
  head: pageHead('Live Wait Times', 'Live standby wait times for every ride, refreshed every minute, from public data.'),
  validateSearch: (s: Record<string, unknown>): { destination?: string; park?: string } => ({
    ...(typeof s.destination === 'string' ? { destination: s.destination } : {}),
    ...(typeof s.park === 'string' ? { park: s.park } : {}),
  }),
  component: LiveWaitTimes,
});
