/**
 * Today's standby wait as a tiny SVG line (the live table, docs/DESIGN.md §2.2 history): points are [slot, minutes]
 * of today's 15-minute medians. Decorative: the row's wait and trend say the same in text.
 */
export function Sparkline({ points, width = 72, height = 22 }: { points: [number, number][]; width?: number; height?: number }) {
  if (points.length < 2) return <span className="text-xs text-slate-400">—</span>;
  const x0 = points[0]![0];
  const x1 = points.at(-1)![0];
  const max = Math.max(10, ...points.map((p) => p[1]));
  const x = (s: number) => ((s - x0) / Math.max(1, x1 - x0)) * (width - 2) + 1;
  const y = (v: number) => height - 1 - (v / max) * (height - 2);
  const d = points.map((p, i) => `${i ? 'L' : 'M'}${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join('');
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      className="text-sky-600"
      data-testid="sparkline"
    >
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
