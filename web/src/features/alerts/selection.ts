/**
 * Ride-selection and alert-control rules of the Get Alerts page (docs/spec/part-1.md §4), as pure functions.
 */

/** What the list starts with when a park loads. `save` = the auto-selection must be saved. */
export function initialSelection(input: { saved: string[]; rideIds: string[]; manuallyCleared: boolean }): {
  selected: string[];
  save: boolean;
} {
  const known = new Set(input.rideIds);
  const saved = input.saved.filter((id) => known.has(id));
  if (saved.length > 0) return { selected: saved, save: false };
  if (input.manuallyCleared || input.rideIds.length === 0) return { selected: [], save: false };
  return { selected: [...input.rideIds], save: true };
}

/** The status label: ACTIVE when the pass is valid now, SCHEDULED when it starts later, else INACTIVE. */
export function alertsStatus(sub: { valid: boolean; scheduled: boolean } | null): 'ACTIVE' | 'SCHEDULED' | 'INACTIVE' {
  if (sub?.valid) return 'ACTIVE';
  if (sub?.scheduled) return 'SCHEDULED';
  return 'INACTIVE';
}

/** The main button: Stop Alerts while active or scheduled; Schedule Alerts for a future start; else Activate Alerts. */
export function alertAction(
  status: 'ACTIVE' | 'SCHEDULED' | 'INACTIVE',
  startInFuture: boolean,
): 'Stop Alerts' | 'Schedule Alerts' | 'Activate Alerts' {
  if (status !== 'INACTIVE') return 'Stop Alerts';
  return startInFuture ? 'Schedule Alerts' : 'Activate Alerts';
}

/** docs/spec/part-1.md §4: activation needs a park, at least one ride and a valid e-mail. */
export function canActivate(input: { parkId: string | null; selectedCount: number; email: string | null }): boolean {
  return Boolean(input.parkId) && input.selectedCount > 0 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email ?? '');
}

/** docs/spec/part-1.md §4 Manage Alerts: parks whose rides are all inactive get all rides switched back on. */
export function parksToReenable<T extends { parkId: string; rides: { active: boolean }[] }>(parks: T[]): string[] {
  return parks.filter((p) => p.rides.length > 0 && p.rides.every((r) => !r.active)).map((p) => p.parkId);
}

/** Manually-cleared flags per park, kept in localStorage (docs/spec/part-1.md §4). */
const CLEARED_KEY = 'walkon.manuallyCleared';
export function readCleared(parkId: string): boolean {
  try {
    return (JSON.parse(localStorage.getItem(CLEARED_KEY) ?? '{}') as Record<string, boolean>)[parkId] === true;
  } catch {
    return false;
  }
}
export function writeCleared(parkId: string, cleared: boolean): void {
  try {
    const all = JSON.parse(localStorage.getItem(CLEARED_KEY) ?? '{}') as Record<string, boolean>;
    if (cleared) all[parkId] = true;
    else delete all[parkId];
    localStorage.setItem(CLEARED_KEY, JSON.stringify(all));
  } catch {
    // storage unavailable (private mode): the rule then only lasts for this page view
  }
}

/** Which rides the Get Alerts picker shows. */
export type RideShow = 'all' | 'selected' | 'unselected';

/** Rides whose name contains every word of `query` (case and accents ignored), kept or dropped by `show`. */
export function filterRides<R extends { id: string; name: string }>(rides: R[], selected: string[], query: string, show: RideShow): R[] {
  const fold = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  return rides.filter((r) => {
    const on = selected.includes(r.id);
    if ((show === 'selected' && !on) || (show === 'unselected' && on)) return false;
    const name = fold(r.name);
    return words.every((w) => name.includes(w));
  });
}
