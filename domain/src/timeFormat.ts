/**
 * The one formatter of dates and times shown to people (docs/rules.md "Times and zones", issue 29 item 5):
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
