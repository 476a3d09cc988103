/**
 * The instants the time-dependent tests run at (docs/decisions/045), chosen to
 * break date and hour rules: a park's morning before opening; its evening when the UTC date is already tomorrow;
 * its midnight ± 5 minutes; the last 15 minutes before closing; the US (2026-03-08, 2026-11-01) and EU (2026-03-29,
 * 2026-10-25) daylight-saving days for a park in each zone; parks in Asia (UTC+8, UTC+9) whose day starts on the
 * previous UTC date. `day` is the park-local date at `at`, worked out by hand (the offsets are written beside each
 * row); `parkLocalDay` below checks each row with the platform's own time-zone data, independently of the product's
 * date library. Tests only.
 */

export const PARKS = {
  /** Magic Kingdom Park, Walt Disney World (America/New_York: EST −5, EDT −4). */
  MK: { id: '75ea578a-adc8-4116-a54d-dccb60765ef9', name: 'Magic Kingdom Park', timezone: 'America/New_York' },
  /** Disneyland Park, Disneyland Paris (Europe/Paris: CET +1, CEST +2). */
  PARIS: { id: 'dae968d5-630d-4719-8b06-3d107e944401', name: 'Disneyland Park', timezone: 'Europe/Paris' },
  /** Tokyo Disneyland (Asia/Tokyo: +9, no daylight saving). */
  TOKYO: { id: '3cc919f1-d16d-43e0-8c3f-1dd269bd1a42', name: 'Tokyo Disneyland', timezone: 'Asia/Tokyo' },
  /** Shanghai Disneyland (Asia/Shanghai: +8, no daylight saving). */
  SHANGHAI: { id: 'ddc4357c-c148-4b36-9888-07894fe75e83', name: 'Shanghai Disneyland', timezone: 'Asia/Shanghai' },
} as const;

export type MatrixPark = keyof typeof PARKS;

/** One instant of the matrix: the park, the UTC instant, the park-local date and wall clock there (by hand). */
export interface ClockCase {
  label: string;
  park: MatrixPark;
  at: string;
  day: string;
  time: string;
}

export const CLOCK_MATRIX: readonly ClockCase[] = [
  // Magic Kingdom, an ordinary November day (EST, UTC−5).
  { label: 'MK morning before opening', park: 'MK', at: '2026-11-27T11:00:00Z', day: '2026-11-27', time: '06:00' },
  { label: 'MK evening, UTC already tomorrow (the failed run)', park: 'MK', at: '2026-11-28T01:52:00Z', day: '2026-11-27', time: '20:52' },
  { label: 'MK last 15 min before a 22:00 closing', park: 'MK', at: '2026-11-28T02:50:00Z', day: '2026-11-27', time: '21:50' },
  { label: 'MK midnight − 5 min', park: 'MK', at: '2026-11-28T04:55:00Z', day: '2026-11-27', time: '23:55' },
  { label: 'MK midnight + 5 min', park: 'MK', at: '2026-11-28T05:05:00Z', day: '2026-11-28', time: '00:05' },
  // US spring forward 2026-03-08: 02:00 EST (07:00Z) becomes 03:00 EDT.
  { label: 'MK 2026-03-08 midnight − 5 min (EST)', park: 'MK', at: '2026-03-08T04:55:00Z', day: '2026-03-07', time: '23:55' },
  { label: 'MK 2026-03-08 midnight + 5 min (EST)', park: 'MK', at: '2026-03-08T05:05:00Z', day: '2026-03-08', time: '00:05' },
  { label: 'MK 2026-03-08 one minute before the jump', park: 'MK', at: '2026-03-08T06:59:00Z', day: '2026-03-08', time: '01:59' },
  { label: 'MK 2026-03-08 one minute after the jump (EDT)', park: 'MK', at: '2026-03-08T07:01:00Z', day: '2026-03-08', time: '03:01' },
  { label: 'MK 2026-03-08 evening (EDT, UTC tomorrow)', park: 'MK', at: '2026-03-09T01:30:00Z', day: '2026-03-08', time: '21:30' },
  { label: 'MK 2026-03-08 midnight − 5 min (EDT)', park: 'MK', at: '2026-03-09T03:55:00Z', day: '2026-03-08', time: '23:55' },
  // US fall back 2026-11-01: 02:00 EDT (06:00Z) becomes 01:00 EST; 01:30 happens twice.
  { label: 'MK 2026-11-01 midnight − 5 min (EDT)', park: 'MK', at: '2026-11-01T03:55:00Z', day: '2026-10-31', time: '23:55' },
  { label: 'MK 2026-11-01 midnight + 5 min (EDT)', park: 'MK', at: '2026-11-01T04:05:00Z', day: '2026-11-01', time: '00:05' },
  { label: 'MK 2026-11-01 01:30 EDT (first)', park: 'MK', at: '2026-11-01T05:30:00Z', day: '2026-11-01', time: '01:30' },
  { label: 'MK 2026-11-01 01:30 EST (second)', park: 'MK', at: '2026-11-01T06:30:00Z', day: '2026-11-01', time: '01:30' },
  { label: 'MK 2026-11-01 midnight − 5 min (EST)', park: 'MK', at: '2026-11-02T04:55:00Z', day: '2026-11-01', time: '23:55' },
  // The EU days in Orlando (nothing changes there: EDT both).
  { label: 'MK 2026-03-29 midnight + 5 min', park: 'MK', at: '2026-03-29T04:05:00Z', day: '2026-03-29', time: '00:05' },
  { label: 'MK 2026-10-25 midnight − 5 min', park: 'MK', at: '2026-10-26T03:55:00Z', day: '2026-10-25', time: '23:55' },
  // Paris on the EU days: spring forward 2026-03-29 02:00 CET (01:00Z) → 03:00 CEST; fall back 2026-10-25 03:00 CEST (01:00Z) → 02:00 CET.
  { label: 'Paris 2026-03-29 midnight − 5 min (CET)', park: 'PARIS', at: '2026-03-28T22:55:00Z', day: '2026-03-28', time: '23:55' },
  { label: 'Paris 2026-03-29 midnight + 5 min (CET)', park: 'PARIS', at: '2026-03-28T23:05:00Z', day: '2026-03-29', time: '00:05' },
  { label: 'Paris 2026-03-29 after the jump (CEST)', park: 'PARIS', at: '2026-03-29T01:01:00Z', day: '2026-03-29', time: '03:01' },
  { label: 'Paris 2026-03-29 midnight − 5 min (CEST)', park: 'PARIS', at: '2026-03-29T21:55:00Z', day: '2026-03-29', time: '23:55' },
  { label: 'Paris 2026-10-25 midnight + 5 min (CEST)', park: 'PARIS', at: '2026-10-24T22:05:00Z', day: '2026-10-25', time: '00:05' },
  { label: 'Paris 2026-10-25 02:30 CET (second)', park: 'PARIS', at: '2026-10-25T01:30:00Z', day: '2026-10-25', time: '02:30' },
  { label: 'Paris 2026-10-25 midnight − 5 min (CET)', park: 'PARIS', at: '2026-10-25T22:55:00Z', day: '2026-10-25', time: '23:55' },
  // Paris on the US days (CET both).
  { label: 'Paris 2026-03-08 midnight + 5 min', park: 'PARIS', at: '2026-03-07T23:05:00Z', day: '2026-03-08', time: '00:05' },
  { label: 'Paris 2026-11-01 midnight − 5 min', park: 'PARIS', at: '2026-11-01T22:55:00Z', day: '2026-11-01', time: '23:55' },
  // Asia: the park's day starts on the previous UTC date.
  { label: 'Tokyo midnight − 5 min', park: 'TOKYO', at: '2026-11-27T14:55:00Z', day: '2026-11-27', time: '23:55' },
  {
    label: 'Tokyo midnight + 5 min (UTC still the day before)',
    park: 'TOKYO',
    at: '2026-11-27T15:05:00Z',
    day: '2026-11-28',
    time: '00:05',
  },
  {
    label: 'Tokyo morning before opening (UTC the day before)',
    park: 'TOKYO',
    at: '2026-11-27T22:00:00Z',
    day: '2026-11-28',
    time: '07:00',
  },
  { label: 'Tokyo on US 2026-03-08', park: 'TOKYO', at: '2026-03-07T15:30:00Z', day: '2026-03-08', time: '00:30' },
  { label: 'Tokyo on EU 2026-10-25', park: 'TOKYO', at: '2026-10-24T15:30:00Z', day: '2026-10-25', time: '00:30' },
  {
    label: 'Shanghai midnight + 5 min (UTC still the day before)',
    park: 'SHANGHAI',
    at: '2026-11-27T16:05:00Z',
    day: '2026-11-28',
    time: '00:05',
  },
  { label: 'Shanghai last 15 min before a 20:30 closing', park: 'SHANGHAI', at: '2026-11-28T12:20:00Z', day: '2026-11-28', time: '20:20' },
];

/** The park-local 'YYYY-MM-DD' and 'HH:mm' of `at` in `timeZone` from the platform's Intl data (not date-fns). */
export function parkLocalDay(at: Date, timeZone: string): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return { day: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/** A 'YYYY-MM-DD' date moved by whole days (UTC arithmetic on the calendar date). */
export function shiftDay(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
