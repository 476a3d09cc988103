/**
 * The expected launch of a gated feature as visitors see it (docs/DESIGN.md §6 feature gates). Admins type a free label
 * ("Q1 2027", "March 2027", "2027-03-15", "Summer 2027"); a label whose period is over is not a promise any
 * more, so it is not shown: the gate then says "Early access" with no date. Pure; dates are 'yyyy-MM-dd'.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Last month (1–12) of a season, and whether it ends in the next year (winter 2026 runs into February 2027). */
const SEASONS: Record<string, [month: number, nextYear: boolean]> = {
  spring: [5, false],
  summer: [8, false],
  fall: [11, false],
  autumn: [11, false],
  winter: [2, true],
};

const pad = (n: number) => String(n).padStart(2, '0');
/** 'yyyy-MM-dd' of the last day of a month (1–12). */
const monthEnd = (year: number, month: number) => `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;

/**
 * The last day ('yyyy-MM-dd') a launch label speaks of, or null when it is not a date this reads: "Qn YYYY"
 * (end of the quarter), "Hn YYYY" (end of the half), "Month YYYY" / "Mon YYYY" (end of the month), ISO
 * "YYYY-MM-DD" (that day) and "YYYY-MM" (end of the month), a season ("Summer 2027", end of its last month), or
 * a bare year (31 December). Case and surrounding words such as "early" or "late" are ignored.
 */
export function launchLabelEnd(label: string): string | null {
  const t = label.trim().toLowerCase();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{4})-(\d{2})$/.exec(t);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return monthEnd(Number(m[1]), Number(m[2]));
  m = /\bq([1-4])\s*(?:of\s+)?(\d{4})\b/.exec(t);
  if (m) return monthEnd(Number(m[2]), Number(m[1]) * 3);
  m = /\bh([12])\s*(\d{4})\b/.exec(t);
  if (m) return monthEnd(Number(m[2]), Number(m[1]) * 6);
  m = /\b([a-z]+)\.?,?\s+(\d{4})\b/.exec(t);
  if (m) {
    const word = m[1]!;
    const year = Number(m[2]);
    const month = word.length >= 3 ? MONTHS.indexOf(word.slice(0, 3)) : -1;
    if (month >= 0 && MONTHS.some((x) => word.startsWith(x))) return monthEnd(year, month + 1);
    const season = SEASONS[word];
    if (season) return monthEnd(season[1] ? year + 1 : year, season[0]);
  }
  m = /^(?:[a-z]+\s+)?(\d{4})$/.exec(t);
  if (m) return `${m[1]}-12-31`;
  return null;
}

/**
 * The launch label to show on `today` ('yyyy-MM-dd', the server's date): the admin's label while its period
 * has not ended (or when it is not a date, e.g. "Soon"), null — shown as "Early access", no date — when it is
 * empty or already in the past.
 */
export function publicLaunchLabel(label: string | null | undefined, today: string): string | null {
  const text = label?.trim() ?? '';
  if (!text) return null;
  const end = launchLabelEnd(text);
  return end !== null && end < today ? null : text;
}
