/** The `?destination=…&park=…` search of a page with a park picker: ThemeParks.wiki entity ids, each optional. */
export interface ParkSearch {
  destination?: string;
  park?: string;
}

const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100;

/**
 * TanStack Router `validateSearch` for a park picker's search (Ride Checklist; Live Wait Times reads the same
 * keys): keeps a destination and park id of 1–100 characters (the server's `entityId` bounds) and drops a
 * missing, empty or malformed value, so an old or hand-edited link opens the page with nothing chosen. Written
 * without zod on purpose: the route tree's search validators run in the entry chunk every page loads, and
 * zod's core would add ≈14 KB gzip to it; the server checks the ids with zod on every call.
 */
export function parkSearch(s: Record<string, unknown>): ParkSearch {
  return { ...(isId(s.destination) ? { destination: s.destination } : {}), ...(isId(s.park) ? { park: s.park } : {}) };
}
