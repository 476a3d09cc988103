/**
 * Calendar days for people, written one way everywhere (site pages, e-mails, texts): "Thu, Nov 26" as en-US
 * writes a short weekday, month and day. A day is a park-local 'YYYY-MM-DD' string (docs/DESIGN.md §2 Time): it is
 * printed as that calendar day whatever zone the reader is in. No Intl and no date library: the landing page
 * prints dates and keeps its JavaScript small (docs/decisions/020).
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function parts(day: string): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`Not a 'YYYY-MM-DD' day: ${day}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

/** 'YYYY-MM-DD' → "Thu, Nov 26". @throws RangeError for another shape. */
export function formatDay(day: string): string {
  const { y, m, d } = parts(day);
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${weekday}, ${MONTHS[m - 1]} ${d}`;
}

/** 'YYYY-MM-DD' → "Nov 26" (inside a sentence that already names the weekday or lists several days). */
export function formatShortDay(day: string): string {
  const { m, d } = parts(day);
  return `${MONTHS[m - 1]} ${d}`;
}

/** Several days, sorted, in a sentence: "Thu, Nov 26", "Thu, Nov 26 and Fri, Nov 27", "Thu, Nov 26, Fri, Nov 27 and Sat, Nov 28". */
export function formatDayList(days: readonly string[]): string {
  const out = [...days].sort().map(formatDay);
  if (out.length <= 1) return out[0] ?? '';
  return `${out.slice(0, -1).join(', ')} and ${out[out.length - 1]}`;
}
