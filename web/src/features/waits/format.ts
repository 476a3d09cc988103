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
