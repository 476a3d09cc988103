/**
 * The one formatter of dates and times shown to people (docs/rules.md "Times and zones"):
 * a calendar day is 'Thu, Nov 26'; a time of day always carries its zone — '9:30 AM park time' when shown in
 * the park's zone, or the zone's short name ('6:30 AM PST') when shown in the viewer's zone.
 */

// Calendar days have one formatter, days.ts (no Intl: the landing page prints them too); re-exported here so a
// page that shows times and days imports one module.
export { formatDay, formatDayList } from './days.ts';

/** Where a time is shown: in the park's zone (labelled "park time") or in the viewer's zone (named). */
export type TimeZoneLabel = { park: string } | { viewer: string | undefined };

/**
 * An instant with its zone: `{ park: 'America/New_York' }` → '9:30 AM park time'; `{ viewer: undefined }` (the
 * runtime's zone) or `{ viewer: 'America/Los_Angeles' }` → '6:30 AM PST'. With `date`, the day comes first:
 * 'Thu, Nov 26, 9:30 AM park time'. Never a time without its zone.
 */
export function formatTime(at: Date | string | number, zone: TimeZoneLabel, opts: { date?: boolean } = {}): string {
  const instant = new Date(at);
  const park = 'park' in zone;
  const timeZone = park ? zone.park : zone.viewer;
  const parts = new Intl.DateTimeFormat('en-US', {
    ...(opts.date ? { weekday: 'short', month: 'short', day: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
    ...(park ? {} : { timeZoneName: 'short' }),
    ...(timeZone ? { timeZone } : {}),
  }).format(instant);
  return park ? `${parts} park time` : parts;
}

/** 'HH:MM' (24 h, park-local; '24:00' is the midnight that ends the day) → '7:20 PM', '12:00 AM' (no zone: for pieces of a labelled whole). */
function clock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h % 24 < 12 ? 'AM' : 'PM'}`;
}

/**
 * A park-local wall-clock time 'HH:MM' (a published schedule, a typical-day slot) with its zone (R25a):
 * '09:00' → '9:00 AM park time'.
 */
export function formatParkClock(hhmm: string): string {
  return `${clock(hhmm)} park time`;
}

/**
 * A park-local span of the published schedule with its zone once (R25a): ('09:00', '22:00') → '9:00 AM – 10:00 PM
 * park time'.
 */
export function formatParkClockRange(opens: string, closes: string): string {
  return `${clock(opens)} – ${clock(closes)} park time`;
}

/**
 * The short name of a park's zone at an instant, for texts where "park time" does not fit (the one-segment SMS,
 * docs/decisions/014; a chart axis): 'America/New_York' → 'EST' / 'EDT'; a zone without a US abbreviation gets its
 * offset ('GMT+1'). Only GSM-7 characters (letters, digits, '+', '-', ':').
 */
export function parkZoneName(at: Date | number, timezone: string | null): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: timezone ?? 'UTC', timeZoneName: 'short' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'UTC';
}
