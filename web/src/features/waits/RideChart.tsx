import { formatClockTime } from '@walkon/domain/messages/returnTimes';
import { parkZoneName } from '@walkon/domain/timeFormat';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { RideHistoryResponse } from '../../lib/liveApi.ts';
import { CHART_FRAME, CHART_HEIGHT, minutesOf, timeAxis, waitAxis } from './format.ts';

/** The chart's aligned columns: x = park-local minutes after midnight. */
export function chartData(page: RideHistoryResponse): {
  xs: number[];
  today: (number | null)[];
  median: (number | null)[];
  p25: (number | null)[];
  p75: (number | null)[];
} {
  const todayAt = new Map<number, number>();
  for (const p of page.today) if (p.waitMinutes !== null) todayAt.set(minutesOf(p.time), p.waitMinutes);
  const typicalAt = new Map((page.typical?.slots ?? []).map((s) => [s.slot * 15, s]));
  const main = page.hours.find((h) => h.type === 'OPERATING');
  const lo = main ? minutesOf(main.opens) : -Infinity;
  const hi = main ? minutesOf(main.closes) : Infinity;
  const xs = [...new Set([...todayAt.keys(), ...[...typicalAt.keys()].filter((m) => m >= lo - 15 && m <= hi)])].sort((a, b) => a - b);
  return {
    xs,
    today: xs.map((x) => todayAt.get(x) ?? null),
    median: xs.map((x) => typicalAt.get(x)?.median ?? null),
    p25: xs.map((x) => typicalAt.get(x)?.p25 ?? null),
    p75: xs.map((x) => typicalAt.get(x)?.p75 ?? null),
  };
}

const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(Math.round(m % 60)).padStart(2, '0')}`;

/**
 * Today's standby wait (line) over the park's hours against the typical day (dashed median and p25–p75 band),
 * drawn with uPlot, its hour axis labelled with the park's zone (R25a); this module (and uPlot) loads only with the ride page. Decorative for screen readers: the
 * page gives the same figures as text and a table.
 */
export function RideChart({ page }: { page: RideHistoryResponse }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const d = chartData(page);
    // Both axes come from the data: labelled hours around the readings, minutes up past the largest wait.
    const values = [...d.today, ...d.p75, ...d.median].filter((v): v is number => v !== null);
    const y = waitAxis(values.length ? Math.max(...values) : 0);
    const x = timeAxis(d.xs[0] ?? 9 * 60, d.xs.at(-1) ?? 9 * 60);
    const opts: uPlot.Options = {
      width: Math.max(280, el.clientWidth),
      height: CHART_HEIGHT,
      scales: { x: { time: false, range: () => [x.from, x.to] }, y: { range: () => [0, y.top] } },
      axes: [
        {
          splits: () => x.ticks,
          values: (_u, ticks) => ticks.map((t) => formatClockTime(hhmm(t)).replace(':00', '')),
          label: `park time (${parkZoneName(Date.now(), page.park.timezone)})`,
          labelSize: 20,
          space: 40,
        },
        { label: 'minutes', size: 50, splits: () => y.ticks },
      ],
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      series: [
        {},
        { label: 'Typical p75', stroke: 'rgba(100,116,139,0.35)', width: 1, spanGaps: true, points: { show: false } },
        { label: 'Typical p25', stroke: 'rgba(100,116,139,0.35)', width: 1, spanGaps: true, points: { show: false } },
        { label: 'Typical median', stroke: '#64748b', width: 2, dash: [6, 4], spanGaps: true, points: { show: false } },
        { label: 'Today', stroke: '#0284c7', width: 2.5, spanGaps: true, points: { show: false } },
      ],
      bands: [{ series: [1, 2], fill: 'rgba(148,163,184,0.25)' }],
    };
    const plot = new uPlot(opts, [d.xs, d.p75, d.p25, d.median, d.today], el);
    const ro = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height: CHART_HEIGHT }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.destroy();
    };
  }, [page]);
  return <div ref={box} aria-hidden="true" data-testid="ride-chart" className={CHART_FRAME} />;
}
