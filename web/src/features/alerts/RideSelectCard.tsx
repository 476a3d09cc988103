import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { alertWaitBadge } from '../../lib/badges.ts';
import { useTRPC } from '../../trpc.ts';
import { filterRides, type RideShow, writeCleared } from './selection.ts';
import { RideAlertSettings } from './WatchSettings.tsx';
import { NO_RIDE_WATCHED } from './WatchStatus.tsx';

/** Parks with more rides than this get the search box and the filter. */
const SEARCH_FROM = 12;

/**
 * "Select Rides to Monitor" on Get Alerts (docs/spec/part-1.md §2, §4): the park's rides with their standby badge, a
 * checkbox each, Select all / Unselect all (remembering a manual clear), and each ride's alert settings. The list
 * is part of the page (no inner scroll box); a park with more than 12 rides gets "Search rides" and a
 * "Show" filter (all / selected / not selected), announced as "Showing N of M rides".
 */
export function RideSelectCard({
  parkId,
  selected,
  onChange,
}: {
  parkId: string | null;
  selected: string[];
  onChange: (rideIds: string[]) => void;
}) {
  const trpc = useTRPC();
  const rides = useQuery(trpc.alerts.rides.queryOptions({ parkId: parkId ?? '' }, { enabled: Boolean(parkId) }));
  const rideList = rides.data?.rides ?? [];
  const [query, setQuery] = useState('');
  const [show, setShow] = useState<RideShow>('all');
  // A long list gets a search and a filter; the list itself grows with the page (one scroller, no inner box).
  const searchable = rideList.length > SEARCH_FROM;
  const shown = searchable ? filterRides(rideList, selected, query, show) : rideList;
  return (
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
                onChange(rideList.map((r) => r.id));
              }}
            >
              Select all
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                if (parkId) writeCleared(parkId, true);
                onChange([]);
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
          <p className={`mb-2 text-sm ${selected.length === 0 ? 'font-semibold text-amber-900' : 'text-slate-600'}`}>
            {selected.length === 0 ? NO_RIDE_WATCHED : `${selected.length} of ${rideList.length} rides selected`}
          </p>
          {searchable ? (
            <div className="mb-3 grid gap-2 sm:grid-cols-[1fr_auto]">
              <Field label="Search rides" htmlFor="ride-search">
                <Input
                  id="ride-search"
                  type="search"
                  value={query}
                  maxLength={80}
                  autoComplete="off"
                  aria-controls="ride-list"
                  onChange={(e) => setQuery(e.target.value)}
                />
              </Field>
              <Field label="Show" htmlFor="ride-show">
                <Select id="ride-show" value={show} aria-controls="ride-list" onChange={(e) => setShow(e.target.value as RideShow)}>
                  <option value="all">All rides</option>
                  <option value="selected">Selected rides</option>
                  <option value="unselected">Rides not selected</option>
                </Select>
              </Field>
              <p role="status" className="text-sm text-slate-600 sm:col-span-2" data-testid="ride-filter-count">
                {shown.length === rideList.length
                  ? `Showing all ${rideList.length} rides`
                  : `Showing ${shown.length} of ${rideList.length} rides`}
              </p>
            </div>
          ) : null}
          {shown.length === 0 ? <p className="py-4 text-center text-slate-600">No ride matches.</p> : null}
          <ul id="ride-list" className="space-y-1" aria-label="Rides">
            {shown.map((r) => {
              const badge = alertWaitBadge(r.status === 'OPERATING' ? r.waitMinutes : null);
              const on = selected.includes(r.id);
              const id = `ride-${r.id}`;
              return (
                <li key={r.id} className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-50">
                  <Checkbox
                    id={id}
                    checked={on}
                    onCheckedChange={(v) => onChange(v ? [...selected, r.id] : selected.filter((x) => x !== r.id))}
                  />
                  <label htmlFor={id} className="flex-1 cursor-pointer">
                    {r.name}
                  </label>
                  <Badge tone={badge.tone}>{badge.label}</Badge>
                  <RideAlertSettings parkId={parkId} rideId={r.id} rideName={r.name} />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Card>
  );
}
