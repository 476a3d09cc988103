/**
 * Park-local calendar dates ('yyyy-MM-dd') for pass pickers and receipts. Pass dates are calendar days in the
 * park's time zone (spec part 1 §5 "dates before today are disabled"); the browser's own time zone may differ,
 * so "today" always comes from the park's time zone, never from `new Date()` formatted locally.
 * No date library here: this module is part of the landing page's JavaScript.
 */

const ymdFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The park-local date today ('yyyy-MM-dd') in `timeZone` (IANA name; null, blank or unknown → UTC), e.g.
 * 2026-11-21 in Los Angeles while it is already 2026-11-22 in Paris.
 */
export function parkToday(timeZone: string | null | undefined, now: Date = new Date()): string {
  const zone = timeZone || 'UTC';
  let fmt = ymdFormats.get(zone);
  if (!fmt) {
    try {
      fmt = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
    }
    ymdFormats.set(zone, fmt);
  }
  return fmt.format(now);
}

/** The park-local time now as 'HH:mm' (24 h) in `timeZone` (null or unknown → UTC). */
export function parkNowTime(timeZone: string | null | undefined, now: Date = new Date()): string {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('en-GB', { timeZone: timeZone || 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  } catch {
    fmt = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  }
  return fmt.format(now);
}

/** The earliest park-local today among `timeZones` (the calendar's lower bound before a park is chosen). */
export function earliestToday(timeZones: (string | null | undefined)[], now: Date = new Date()): string {
  const days = [...new Set(timeZones)].map((z) => parkToday(z, now));
  return days.length ? ([...days].sort()[0] as string) : parkToday('UTC', now);
}

/** A 'yyyy-MM-dd' day as a local-midnight Date (what a calendar widget works with). */
export function ymdToDate(ymd: string): Date {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** A calendar widget's Date as 'yyyy-MM-dd' (its local year, month and day). */
export function dateToYmd(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const list = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

function utc(ymd: string): number {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

/** One pass day for people: '2026-11-22' → 'Sun, Nov 22' (the calendar day itself, whatever the browser's zone). */
export function formatPassDate(ymd: string): string {
  return dayFormat.format(utc(ymd));
}

/** Several pass days in a sentence: ['2026-11-22', '2026-11-23'] → 'Nov 22 and Nov 23' (sorted). */
export function formatPassDateList(days: string[]): string {
  return list.format([...days].sort().map((d) => shortFormat.format(utc(d))));
}

/** The dates button's text: 'Select dates', '1 date selected' or 'N dates selected'. */
export function datesSummary(count: number): string {
  if (count === 0) return 'Select dates';
  return `${count} date${count === 1 ? '' : 's'} selected`;
}
