/** The park Get Alerts shows: its destination and park ids (null until one is picked). */
export interface PickedPark {
  destinationId: string | null;
  parkId: string | null;
}

const PARK_KEY = 'alertPark';

/** The park last picked on Get Alerts (localStorage), or nulls when none was picked or storage is off. */
export function readStoredPark(): PickedPark {
  try {
    const v = JSON.parse(localStorage.getItem(PARK_KEY) ?? 'null') as { destinationId: string; parkId: string } | null;
    return v ?? { destinationId: null, parkId: null };
  } catch {
    return { destinationId: null, parkId: null };
  }
}

/** Remembers the picked park for the next visit (only a real park: a cleared picker is not stored). */
export function writeStoredPark(v: PickedPark): void {
  if (v.parkId) localStorage.setItem(PARK_KEY, JSON.stringify(v));
}
