/**
 * Park-local calendar dates ('yyyy-MM-dd') for pass pickers and receipts. Pass dates are calendar days in the
 * park's time zone (docs/spec/part-1.md §5 "dates before today are disabled"); the browser's own time zone may differ,
 * so "today" always comes from the park's time zone, never from `new Date()` formatted locally.
 * No date library here: this module is part of the landing page's JavaScript.
 */

import { formatDay } from '@walkon/domain/days';

const ymdFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The park-local date today ('yyyy-MM-dd') in `timeZone` (IANA name; null, blank or unknown → UTC), e.g.
 * 2026-11-21 in Los Angeles while it is already 2026-11-22 in Paris.
 */
export function parkToday(timeZone: string | null | undefined, now: Date = new Date()): string {
  const zone = timeZone || 'UTC';
  // UTC needs no time-zone data (the first zoned Intl formatter is a long task on a phone).
  if (zone === 'UTC') return now.toISOString().slice(0, 10);
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

// Intl formatters are costly to build: made on first use, not while the page's modules load.
let shortFormat: Intl.DateTimeFormat | undefined;
let list: Intl.ListFormat | undefined;

function utc(ymd: string): number {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

/** One pass day for people: '2026-11-22' → 'Sun, Nov 22' (the one day format of @walkon/domain/days, e-mails too). */
export function formatPassDate(ymd: string): string {
  return formatDay(ymd);
}

/** Several pass days in a sentence: ['2026-11-22', '2026-11-23'] → 'Nov 22 and Nov 23' (sorted). */
export function formatPassDateList(days: string[]): string {
  shortFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  list ??= new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });
  const short = shortFormat;
  return list.format([...days].sort().map((d) => short.format(utc(d))));
}

/** The dates button's text: 'Select dates', '1 date selected' or 'N dates selected'. */
export function datesSummary(count: number): string {
  if (count === 0) return 'Select dates';
  return `${count} date${count === 1 ? '' : 's'} selected`;
}
