import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { formatParkClockRange } from '@walkon/domain/timeFormat';
import { ArrowDownRight, ArrowRight, ArrowUpRight, RefreshCw } from 'lucide-react';
import { pageHead } from '../components/InfoPage.tsx';
import { ParkPicker } from '../components/ParkPicker.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Input, Select } from '../components/ui/field.tsx';
import { useMutes } from '../features/alerts/Mutes.tsx';
import { agoLabel, type LiveSort, sortRides } from '../features/waits/format.ts';
import { feedView } from '../features/waits/freshness.ts';
import { Sparkline } from '../features/waits/Sparkline.tsx';
import { liveWaitTone, statusLabel, statusTone } from '../lib/badges.ts';
import { type LiveResponse, useLivePark } from '../lib/liveApi.ts';
import { useSession } from '../lib/session.ts';

const SORT_LABEL: Record<LiveSort, string> = { wait: 'Longest wait', name: 'Name (A–Z)', status: 'Status' };
const SORTS = Object.keys(SORT_LABEL) as LiveSort[];

/** Rising / falling / steady over the last 30 minutes, as an arrow with a text label for screen readers. */
function Trend({ trend }: { trend: LiveResponse['rides'][number]['trend'] }) {
  if (!trend) return null;
  const Icon = trend === 'rising' ? ArrowUpRight : trend === 'falling' ? ArrowDownRight : ArrowRight;
  const tone = trend === 'rising' ? 'text-red-600' : trend === 'falling' ? 'text-green-700' : 'text-slate-500';
  const label =
    trend === 'rising'
      ? 'Rising over the last 30 minutes'
      : trend === 'falling'
        ? 'Falling over the last 30 minutes'
        : 'Steady over the last 30 minutes';
  return (
    <span title={label} className={`inline-flex ${tone}`}>
      <Icon className="h-4 w-4" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The park's hours today from its published schedule, or nothing when none is published. */
function ParkHours({ hours }: { hours: LiveResponse['hours'] }) {
  const main = hours.find((h) => h.type === 'OPERATING');
  if (!main) return <p className="text-sm text-slate-600">No park hours published for today.</p>;
  const extra = hours.filter((h) => h !== main);
  return (
    <p className="text-sm text-slate-700" data-testid="park-hours">
      <span className="font-semibold">Hours today:</span> {formatParkClockRange(main.opens, main.closes)}
      {extra.map((h) => (
        <span key={`${h.type}${h.opens}`} className="text-slate-600">
          {' '}
          · {h.description ?? statusLabel(h.type.replace('_', ' '))} {formatParkClockRange(h.opens, h.closes)}
        </span>
      ))}
    </p>
  );
}

function RideTable({
  parkId,
  sort,
  q,
  setView,
}: {
  parkId: string;
  sort: LiveSort;
  q: string;
  setView: (v: { sort?: LiveSort; q?: string }) => void;
}) {
  const live = useLivePark(parkId);
  // docs/rules.md R56: the signed-in person's running mutes at this park, marked on the table (no alert while they last).
  const { user } = useSession();
  const mutes = useMutes(user !== null).data?.filter((m) => m.parkId === parkId) ?? [];
  const parkMute = mutes.find((m) => m.attractionId === null);
  const rideMutes = new Map(mutes.flatMap((m) => (m.attractionId ? [[m.attractionId, m] as const] : [])));
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
    const empty = 'status' in live.error && live.error.status === 404;
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
  const { park, rides, hours } = live.data;
  const shown = sortRides(rides, sort, q);
  const now = Date.now();
  // docs/rules.md R2–R3, the rule the alerts use: the feed's age, "Closed" by the schedule, each reading's freshness.
  const feed = feedView(live.data, now);
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 className="text-xl font-bold">{park.name}</h2>
          {feed.closed ? (
            <Badge tone="slate">Closed</Badge>
          ) : feed.live ? (
            <Badge tone="green">
              <span className="mr-1.5 inline-block h-2 w-2 animate-pulse rounded-full bg-green-600" aria-hidden="true" />
              Live Data
            </Badge>
          ) : (
            <Badge tone="amber">Stale data</Badge>
          )}
        </div>
        <div className="flex items-center gap-3 text-sm text-slate-600">
          <span data-testid="feed-age">Feed {feed.label}</span>
          <Button variant="secondary" size="sm" onClick={() => live.refetch()} disabled={live.isFetching}>
            <RefreshCw className={`h-4 w-4 ${live.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" />
            Refresh
          </Button>
        </div>
      </div>
      <ParkHours hours={hours} />
      {parkMute ? (
        <p className="mt-1 text-sm font-semibold text-amber-900" data-testid="park-muted">
          You muted {park.name} until {parkMute.untilLabel}: no alert from this park until then (Manage Alerts to unmute).
        </p>
      ) : null}
      {feed.closed ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="park-closed">
          Closed now, by the park's published hours: no alerts go out until it opens.
        </p>
      ) : !feed.live ? (
        <p className="mt-1 text-sm text-amber-800" data-testid="feed-stale">
          The park's feed has not changed for more than 15 minutes: these waits may be out of date, and none alerts.
        </p>
      ) : null}
      <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-[1fr_14rem]">
        <label className="sr-only" htmlFor="live-filter">
          Filter rides by name
        </label>
        <Input
          id="live-filter"
          type="search"
          placeholder="Filter rides by name"
          value={q}
          onChange={(e) => setView({ q: e.target.value })}
        />
        <label className="sr-only" htmlFor="live-sort">
          Sort rides
        </label>
        <Select id="live-sort" value={sort} onChange={(e) => setView({ sort: e.target.value as LiveSort })}>
          {SORTS.map((s) => (
            <option key={s} value={s}>
              Sort: {SORT_LABEL[s]}
            </option>
          ))}
        </Select>
      </div>
      {shown.length === 0 ? (
        <p className="py-8 text-center text-slate-600">No ride matches “{q.trim()}”.</p>
      ) : (
        <table className="mt-3 w-full table-fixed text-left">
          <caption className="sr-only">
            Standby waits at {park.name}, sorted by {SORT_LABEL[sort].toLowerCase()}
          </caption>
          <thead className="border-b border-slate-200 text-sm text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-2 font-semibold">
                Ride
              </th>
              <th scope="col" className="w-28 py-2 pr-2 text-right font-semibold sm:w-32">
                Standby wait
              </th>
              <th scope="col" className="hidden w-24 py-2 text-right font-semibold sm:table-cell">
                Today
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => {
              const reading = feed.reading(r.lastUpdated);
              // A stale wait never looks fresh: no coloured badge, the minutes in grey with the reason.
              const current = reading.fresh && !feed.closed;
              return (
                <tr key={r.id} className="border-b border-slate-100 align-top" data-testid="ride-row">
                  <td className="py-2.5 pr-2">
                    {/* Full names wrap (never cut): at 375 px "Walt Disney World Railroad - Main Street, U.S.A." and
                        "… - Frontierland" must stay distinguishable. */}
                    <Link
                      to="/live-wait-times/$parkId/$attractionId"
                      params={{ parkId: park.id, attractionId: r.id }}
                      className="break-words font-medium text-slate-900 underline-offset-2 hover:underline"
                    >
                      {r.name}
                    </Link>
                    <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                      <Badge tone={statusTone(r.status)}>{statusLabel(r.status)}</Badge>
                      {rideMutes.get(r.id) ? (
                        <span className="font-medium text-amber-900" data-testid="ride-muted">
                          muted until {rideMutes.get(r.id)!.untilLabel}
                        </span>
                      ) : null}
                      {reading.confirmedToday ? (
                        <span>{agoLabel(r.lastUpdated, now).replace('updated', 'changed')}</span>
                      ) : (
                        <span className="font-medium text-amber-800" data-testid="not-confirmed">
                          not confirmed today
                        </span>
                      )}
                    </div>
                  </td>
                  <td className="py-2.5 pr-2 text-right">
                    {r.waitMinutes !== null && r.status === 'OPERATING' ? (
                      current ? (
                        <span className="inline-flex items-center gap-1">
                          <Trend trend={r.trend} />
                          <Badge tone={liveWaitTone(r.waitMinutes)}>{r.waitMinutes} min</Badge>
                        </span>
                      ) : (
                        <span className="text-sm text-slate-500" data-testid="stale-wait">
                          {r.waitMinutes} min <span className="block text-xs">{feed.closed ? 'park closed' : 'stale'}</span>
                        </span>
                      )
                    ) : (
                      <span className="text-sm text-slate-500">—</span>
                    )}
                  </td>
                  <td className="hidden py-2.5 text-right sm:table-cell">
                    <span className="inline-flex justify-end">
                      <Sparkline points={r.spark} />
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

function LiveWaitTimes() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/live-wait-times' });
  const sort = search.sort ?? 'wait';
  const q = search.q ?? '';
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Live Wait Times</h1>
      <p className="mt-2 text-slate-600">
        Current standby waits, refreshed every minute. Open a ride to see how its wait moves today and when to go.
      </p>
      <Card className="mt-6">
        <ParkPicker
          idPrefix="live"
          destinationId={search.destination ?? null}
          parkId={search.park ?? null}
          onChange={(v) =>
            navigate({ search: (s) => ({ ...s, destination: v.destinationId ?? undefined, park: v.parkId ?? undefined }), replace: true })
          }
        />
      </Card>
      <Card className="mt-6">
        {search.park ? (
          <RideTable
            parkId={search.park}
            sort={sort}
            q={q}
            setView={(v) =>
              navigate({
                search: (s) => ({
                  ...s,
                  ...('sort' in v ? { sort: v.sort === 'wait' ? undefined : v.sort } : {}),
                  ...('q' in v ? { q: v.q ? v.q : undefined } : {}),
                }),
                replace: true,
              })
            }
          />
        ) : (
          <p className="py-8 text-center text-slate-600">Choose a destination and a park to see its rides.</p>
        )}
      </Card>
      <p className="mt-4 text-sm text-slate-600">
        Data source:{' '}
        <a href="https://themeparks.wiki" className="underline" rel="noreferrer" target="_blank">
          ThemeParks.wiki
        </a>
        . Past days: ThemeParks.wiki and TouringPlans.com data. WalkOn is independent of the parks' operators.
      </p>
    </main>
  );
}

type LiveSearch = { destination?: string; park?: string; sort?: LiveSort; q?: string };

export const Route = createFileRoute('/live-wait-times')({
  head: pageHead('Live Wait Times', 'Live standby wait times for every ride, refreshed every minute, from public data.'),
  validateSearch: (s: Record<string, unknown>): LiveSearch => ({
    ...(typeof s.destination === 'string' ? { destination: s.destination } : {}),
    ...(typeof s.park === 'string' ? { park: s.park } : {}),
    ...(s.sort === 'name' || s.sort === 'status' || s.sort === 'wait' ? { sort: s.sort } : {}),
    ...(typeof s.q === 'string' && s.q.length <= 100 ? { q: s.q } : {}),
  }),
  component: LiveWaitTimes,
});
