import { createFileRoute, Link } from '@tanstack/react-router';
import { formatDay } from '@walkon/domain/days';
import { formatClockTime } from '@walkon/domain/messages/returnTimes';
import { formatParkClock, formatParkClockRange, parkZoneName } from '@walkon/domain/timeFormat';
import { format, parseISO } from 'date-fns';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { pageHead } from '../components/InfoPage.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { MuteControl } from '../features/alerts/Mutes.tsx';
import { WatchRide } from '../features/alerts/WatchRide.tsx';
import { returnWindow, stateLabel } from '../features/lightningLane/format.ts';
import { agoLabel, CHART_FRAME, minutesOf, slotTime } from '../features/waits/format.ts';
import { feedView } from '../features/waits/freshness.ts';
import { liveWaitTone, statusLabel, statusTone } from '../lib/badges.ts';
import { type RideHistoryResponse, useRideHistory } from '../lib/liveApi.ts';

/** The chart and uPlot load beside the page, not before it: the page's text paints without them. */
const RideChart = lazy(() => import('../features/waits/RideChart.tsx').then((m) => ({ default: m.RideChart })));

const day = (d: string) => `${formatDay(d)}, ${d.slice(0, 4)}`;
const weekday = (d: string) => format(parseISO(d), 'EEEE');

/**
 * Today's standby readings in one sentence: a range when the waits differ ("ranged from 5 to 65 minutes"), one
 * figure when they do not ("was 65 minutes"), with the count of readings (singular for one).
 */
function todaySummary(waits: number[]): string {
  const lo = Math.min(...waits);
  const hi = Math.max(...waits);
  const over = `over ${waits.length} ${waits.length === 1 ? 'reading' : 'readings'}`;
  return lo === hi ? `Today's standby wait was ${lo} minutes ${over}.` : `Today's standby wait ranged from ${lo} to ${hi} minutes ${over}.`;
}

/** The figures behind the chart as a table, one row per hour (accessible summary). */
function HourlyTable({ page }: { page: RideHistoryResponse }) {
  const rows: { hour: number; today: number | null; median: number | null; p25: number | null; p75: number | null }[] = [];
  const main = page.hours.find((h) => h.type === 'OPERATING');
  const from = main ? Math.floor(minutesOf(main.opens) / 60) : 8;
  const to = main ? Math.ceil(minutesOf(main.closes) / 60) : 22;
  for (let h = from; h < to; h++) {
    const todays = page.today.filter((p) => p.waitMinutes !== null && Math.floor(minutesOf(p.time) / 60) === h).map((p) => p.waitMinutes!);
    const typical = page.typical?.slots.filter((s) => Math.floor(s.slot / 4) === h) ?? [];
    const avg = (xs: number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
    rows.push({
      hour: h,
      today: avg(todays),
      median: avg(typical.map((s) => s.median)),
      p25: avg(typical.map((s) => s.p25)),
      p75: avg(typical.map((s) => s.p75)),
    });
  }
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer font-semibold text-slate-700">Show the figures as a table</summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">Standby wait by hour: today and a typical {weekday(page.localDate)}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-2">
              Hour (park time)
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              Today (avg)
            </th>
            <th scope="col" className="py-1 text-right">
              Typical (range)
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.hour} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-2 font-normal">
                {formatClockTime(`${String(r.hour).padStart(2, '0')}:00`)}
              </th>
              <td className="py-1 pr-2 text-right">{r.today === null ? '—' : `${r.today} min`}</td>
              <td className="py-1 text-right">{r.median === null ? '—' : `${r.median} min (${r.p25}–${r.p75})`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function RidePage() {
  const { parkId, attractionId } = Route.useParams();
  const { mute } = Route.useSearch();
  const q = useRideHistory(parkId, attractionId);
  if (q.isPending) {
    return (
      // As tall as a screen: the footer stays below the page until the page is there (no layout shift).
      <main id="main" className="mx-auto min-h-screen max-w-5xl px-4 py-10" aria-busy="true">
        <div className="h-9 w-2/3 animate-pulse rounded bg-slate-100" />
        <div className="mt-6 h-64 animate-pulse rounded-xl bg-slate-100" />
      </main>
    );
  }
  if (q.isError) {
    return (
      <main id="main" className="mx-auto max-w-5xl px-4 py-10">
        <div role="alert" className="rounded-xl bg-slate-50 p-6 text-center">
          <p className="font-semibold">{q.error.message}</p>
          <div className="mt-4 flex justify-center gap-3">
            <Button variant="secondary" size="sm" onClick={() => q.refetch()}>
              Try again
            </Button>
            <Link to="/live-wait-times" className="text-sm font-semibold underline">
              Back to Live Wait Times
            </Link>
          </div>
        </div>
      </main>
    );
  }
  const page = q.data;
  const { ride, park } = page;
  const wd = weekday(page.localDate);
  const todayWaits = page.today.filter((p) => p.waitMinutes !== null).map((p) => p.waitMinutes!);
  const main = page.hours.find((h) => h.type === 'OPERATING');
  // The years the typical day draws on, said when they are more than one ("2021–2026").
  const years = page.typical ? [page.typical.dates.at(-1)!.slice(0, 4), page.typical.dates[0]!.slice(0, 4)] : [];
  const period = years[0] && years[1] && years[0] !== years[1] ? `data from ${years[0]}–${years[1]}` : '';
  // docs/rules.md R2–R3, the rule the alerts use: the feed's age, "Closed" by the schedule, this reading's freshness.
  const now = Date.now();
  const feed = feedView(page, now);
  const reading = feed.reading(ride.lastUpdated);
  const current = reading.fresh && !feed.closed;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      <Link
        to="/live-wait-times"
        search={{ destination: park.destinationId, park: park.id }}
        className="inline-flex items-center gap-1 text-sm font-semibold text-slate-600 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {park.name}
      </Link>
      <h1 className="mt-2 text-3xl font-bold">{ride.name}</h1>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <Badge tone={statusTone(ride.status)}>{statusLabel(ride.status)}</Badge>
        {ride.status === 'OPERATING' && ride.waitMinutes !== null ? (
          current ? (
            <Badge tone={liveWaitTone(ride.waitMinutes)}>{ride.waitMinutes} min now</Badge>
          ) : (
            <span data-testid="stale-wait">
              {ride.waitMinutes} min ({feed.closed ? 'park closed' : 'stale'})
            </span>
          )
        ) : null}
        {feed.closed ? <Badge tone="slate">Park closed</Badge> : null}
        {reading.confirmedToday ? (
          <span>{agoLabel(ride.lastUpdated, now).replace('updated', 'changed')}</span>
        ) : (
          <span className="font-medium text-amber-800" data-testid="not-confirmed">
            not confirmed today
          </span>
        )}
        <span data-testid="feed-age">
          · Feed {feed.label}
          {feed.live ? '' : ' (stale)'}
        </span>
        {main ? <span>· Park hours {formatParkClockRange(main.opens, main.closes)}</span> : null}
      </div>
      <div className="mt-4">
        <WatchRide parkId={park.id} parkName={park.name} destinationId={park.destinationId} rideId={ride.id} rideName={ride.name} />
      </div>
      <div className="mt-3">
        <MuteControl parkId={park.id} attractionId={ride.id} label={ride.name} suggested={mute === 'today'} />
      </div>

      <Card className="mt-6">
        <h2 className="text-xl font-bold">Today, {day(page.localDate)}</h2>
        <p className="mt-1 text-sm text-slate-600" data-testid="history-summary">
          {todayWaits.length > 0 ? todaySummary(todayWaits) : 'No standby wait readings yet today.'}{' '}
          {page.typical
            ? `Typical ${wd}: the median and middle half of the last ${page.typical.days} ${wd}s with data, from ${day(page.typical.dates.at(-1)!)} to ${day(page.typical.dates[0]!)}${
                period ? ` (${period}; the ride and the crowds may have changed since the older days)` : ''
              }.`
            : null}
        </p>
        {page.typical ? null : (
          <div
            role="note"
            className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="no-history"
          >
            <p className="font-semibold">Not enough history yet</p>
            <p>
              {page.typicalDaysAvailable > 0
                ? `We have ${page.typicalDaysAvailable} past ${wd}${page.typicalDaysAvailable === 1 ? '' : 's'} of this ride; a typical ${wd} and the best times need at least 3.`
                : `We have no past ${wd}s of this ride yet; a typical ${wd} and the best times need at least 3.`}{' '}
              Today's readings are shown as they come in.
            </p>
          </div>
        )}
        <div className="mt-3 flex flex-wrap gap-4 text-xs text-slate-600" aria-hidden="true">
          <span className="inline-flex items-center gap-1">
            <span className="inline-block h-0.5 w-5 bg-sky-600" /> Today
          </span>
          {page.typical ? (
            <>
              <span className="inline-flex items-center gap-1">
                <span className="inline-block h-0 w-5 border-t-2 border-dashed border-slate-500" /> Typical {wd}
                {years[0] ? ` (${years[0] === years[1] ? years[0] : `${years[0]}–${years[1]}`})` : ''}
              </span>
              <span className="inline-flex items-center gap-1">
                <span className="inline-block h-3 w-5 bg-slate-300/60" /> Middle half of {wd}s
              </span>
            </>
          ) : null}
          <span data-testid="chart-zone">Hours in park time ({parkZoneName(now, park.timezone)})</span>
        </div>
        <div className="mt-2">
          {todayWaits.length > 0 || page.typical ? (
            <Suspense fallback={<div aria-hidden="true" className={CHART_FRAME} />}>
              <RideChart page={page} />
            </Suspense>
          ) : (
            <p className="py-8 text-center text-slate-600">Nothing to draw yet.</p>
          )}
        </div>
        <HourlyTable page={page} />
      </Card>

      <div className="mt-6 grid gap-6 md:grid-cols-3">
        <Card>
          <h2 className="font-bold">Downtime today</h2>
          <p className="mt-2 text-2xl font-bold" data-testid="downtime">
            {page.downMinutesToday} min
          </p>
          <p className="text-sm text-slate-600">Time the ride was reported down today.</p>
        </Card>
        <Card>
          <h2 className="font-bold">Best times to ride today</h2>
          {page.bestTimes.length > 0 ? (
            <ol className="mt-2 space-y-1" data-testid="best-times">
              {page.bestTimes.map((b) => (
                <li key={b.slot}>
                  <span className="font-semibold">{formatParkClock(slotTime(b.slot))}</span> — typically {b.median} min
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-2 text-sm text-slate-600">
              {page.typical
                ? 'No typical slot left in the park’s hours today.'
                : `Not enough history yet: needs at least 3 past ${wd}s of this ride.`}
            </p>
          )}
        </Card>
        <Card>
          <h2 className="font-bold">Lightning Lane</h2>
          {page.returnTimes.length > 0 ? (
            <ul className="mt-2 space-y-1 text-sm">
              {page.returnTimes.map((r) => (
                <li key={r.type}>
                  <span className="font-semibold">{r.type === 'PAID_RETURN_TIME' ? 'Paid return' : 'Return time'}:</span>{' '}
                  {r.returnStart ? returnWindow(r.returnStart, r.returnEnd, park.timezone) : stateLabel(r.state ?? 'unavailable')}
                  {r.priceFormatted ? ` · ${r.priceFormatted}` : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-600">No return times published for this ride.</p>
          )}
        </Card>
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Sources: live data from ThemeParks.wiki; past days from ThemeParks.wiki recordings and TouringPlans.com data.
      </p>
    </main>
  );
}

export const Route = createFileRoute('/live-wait-times_/$parkId/$attractionId')({
  // `?mute=today`: opened by a notification's "Mute this ride today" (web/src/sw/sw.ts fallback).
  validateSearch: (s: Record<string, unknown>): { mute?: 'today' } => (s.mute === 'today' ? { mute: 'today' } : {}),
  head: pageHead('Ride wait history', 'How a ride’s standby wait moves today against a typical day, and the best times to ride.'),
  component: RidePage,
});
