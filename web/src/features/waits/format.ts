/** A 15-minute slot (0–95) → its park-local start 'HH:MM'. */
export function slotTime(slot: number): string {
  return `${String(Math.floor(slot / 4)).padStart(2, '0')}:${String((slot % 4) * 15).padStart(2, '0')}`;
}

/** 'HH:MM' → minutes after midnight. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** "updated N min ago" from an instant, against `now` (ms). */
export function agoLabel(iso: string | null, now: number): string {
  if (!iso) return 'no update time';
  const min = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (min < 1) return 'updated just now';
  if (min < 60) return `updated ${min} min ago`;
  const h = Math.floor(min / 60);
  return `updated ${h} h ago`;
}

/** The sort orders of the live table. */
export type LiveSort = 'wait' | 'name' | 'status';

const STATUS_ORDER: Record<string, number> = { OPERATING: 0, DOWN: 1, REFURBISHMENT: 2, CLOSED: 3 };

/**
 * Sorts and filters the live table's rides: `wait` longest first (no wait last), `name` A–Z, `status`
 * operating, down, refurbishment, closed (then by wait); `query` keeps names containing it (case-insensitive).
 */
export function sortRides<T extends { name: string; status: string; waitMinutes: number | null }>(
  rides: T[],
  sort: LiveSort,
  query: string,
): T[] {
  const q = query.trim().toLowerCase();
  const list = q ? rides.filter((r) => r.name.toLowerCase().includes(q)) : [...rides];
  const wait = (r: T) => (r.status === 'OPERATING' && r.waitMinutes !== null ? r.waitMinutes : -1);
  const byName = (a: T, b: T) => a.name.localeCompare(b.name);
  if (sort === 'name') return list.sort(byName);
  if (sort === 'status')
    return list.sort((a, b) => (STATUS_ORDER[a.status] ?? 4) - (STATUS_ORDER[b.status] ?? 4) || wait(b) - wait(a) || byName(a, b));
  return list.sort((a, b) => wait(b) - wait(a) || byName(a, b));
}

/**
 * The chart's minutes axis from the data: ticks every `step` minutes from 0 up to `top`, the first tick strictly
 * above the largest wait (a 65-minute line sits under an 80 label, never above an axis that stops at 60).
 * `max` is the largest value drawn (minutes; 0 or less when there is none); at least 0–20.
 */
export function waitAxis(max: number): { top: number; step: number; ticks: number[] } {
  const m = Math.max(0, max);
  const step = m < 30 ? 5 : m < 60 ? 10 : m < 120 ? 20 : m < 240 ? 30 : 60;
  const top = Math.max(20, Math.floor(m / step + 1) * step);
  const ticks: number[] = [];
  for (let t = 0; t <= top; t += step) ticks.push(t);
  return { top, step, ticks };
}

/**
 * The chart's time axis from the data (park-local minutes after midnight): whole hours around the first and the
 * last reading, at least one hour wide, so the axis always shows labelled hours, also with one reading.
 */
export function timeAxis(first: number, last: number): { from: number; to: number; ticks: number[] } {
  const from = Math.floor(first / 60) * 60;
  const to = Math.max(from + 60, Math.ceil(last / 60) * 60);
  const hours = (to - from) / 60;
  const step = hours <= 6 ? 60 : hours <= 12 ? 120 : 180;
  const ticks: number[] = [];
  for (let t = from; t <= to; t += step) ticks.push(t);
  return { from, to, ticks };
}

/** The ride chart's height in px (RideChart.tsx): uPlot draws the plot and both axes in it. */
export const CHART_HEIGHT = 240;
/**
 * The ride chart's frame, the same size before uPlot's chunk has arrived as once the chart is drawn in it: the
 * page around it never moves (no layout shift).
 */
export const CHART_FRAME = 'h-[240px] w-full overflow-hidden';
