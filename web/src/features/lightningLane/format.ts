import { formatUsd } from '@walkon/domain/money';
import { LL_MESSAGES } from '@walkon/domain/schemas';
import { QUEUE_STATE_WORDS } from '../../lib/queueState.ts';
import { trpcErrorCode } from '../../lib/trpcError.ts';

/**
 * Display helpers of Lightning Lane assist (docs/decisions/008; docs/spec/part-2.md §4, §8), pure so they are unit-tested.
 * Times are shown in the park's time zone (return times are park-local), never the browser's.
 */

/**
 * The invitation countdown (docs/spec/part-2.md §4: "an expiry countdown, 'Expired' at 0 or less"):
 * 'Expired', or e.g. '23h 59m 05s' / '4m 09s'.
 */
export function countdown(expiresAt: string, now: Date): string {
  const ms = Date.parse(expiresAt) - now.getTime();
  if (!(ms > 0)) return 'Expired';
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}h ${pad(m)}m ${pad(s)}s` : `${m}m ${pad(s)}s`;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant as a park-local clock time, e.g. '7:20 PM' (unknown zone → UTC). */
export function parkTime(iso: string, timeZone: string | null | undefined): string {
  const zone = timeZone || 'UTC';
  let fmt = timeFormats.get(zone);
  if (!fmt) {
    try {
      fmt = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });
    } catch {
      fmt = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' });
    }
    timeFormats.set(zone, fmt);
  }
  return fmt.format(new Date(iso));
}

/**
 * A return window with its zone (docs/rules.md "Times and zones"): '7:20 PM – 8:20 PM park time', 'From 7:20 PM
 * park time' when upstream gives no end, '—' without a start.
 */
export function returnWindow(start: string | null, end: string | null, timeZone: string | null | undefined): string {
  if (!start) return '—';
  return end ? `${parkTime(start, timeZone)} – ${parkTime(end, timeZone)} park time` : `From ${parkTime(start, timeZone)} park time`;
}

/** A price in cents for people: the upstream text when published, else '$21' (formatUsd); '—' when there is none. */
export function formatLanePrice(cents: number | null | undefined, formatted?: string | null): string {
  if (cents === null || cents === undefined) return '—';
  return formatted || formatUsd(cents);
}

/** How old the live data is: 'just now', '45 s ago', '3 min ago', '2 h ago'. */
export function ageLabel(iso: string, now: Date): string {
  const s = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
  if (s < 10) return 'just now';
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}

/**
 * The upstream state in words, the same words as Manage Alerts' return-time rows (returnTimeAlertRows.ts):
 * 'FINISHED' → 'Sold out', 'TEMP_FULL' → 'Temporarily full', 'AVAILABLE' → 'Available', others as written
 * ('REFURBISHMENT' → 'Refurbishment'), null → 'Unknown'.
 */
export function stateLabel(state: string | null): string {
  if (!state) return 'Unknown';
  const known = QUEUE_STATE_WORDS[state.toUpperCase()];
  if (known) return known;
  const words = state.replaceAll('_', ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The toast of a failed action (docs/spec/part-2.md §8 titles, destructive). */
export interface ToastSpec {
  title: string;
  description: string;
}

/** Which action failed: booking / auto-booking switch / invitation / disconnect / subscription check / checkout. */
export type LaneAction = 'book' | 'autoBooking' | 'invite' | 'disconnect' | 'check' | 'subscribe';

const UNEXPECTED = new Set(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE', 'TIMEOUT', undefined]);

/**
 * Maps a failed call to the spec's toast (docs/spec/part-2.md §8): 'Authentication Required' / 'Please log in to book
 * Lightning Lanes' when signed out; 'Disney Account Required' for booking and auto-booking without a
 * connected account; then per action 'Booking Failed', 'Invitation Failed' (or 'Connection Error' when
 * unexpected), 'Connection Failed', 'Check Failed' (or 'Check Error' when unexpected), 'Subscription Error'.
 */
export function laneErrorToast(action: LaneAction, err: unknown): ToastSpec {
  const code = trpcErrorCode(err);
  const message = err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.';
  if (code === 'UNAUTHORIZED') return { title: 'Authentication Required', description: 'Please log in to book Lightning Lanes' };
  if ((action === 'book' || action === 'autoBooking') && message === LL_MESSAGES.disneyAccountRequired) {
    return { title: 'Disney Account Required', description: message };
  }
  switch (action) {
    case 'book':
    case 'autoBooking':
      return { title: 'Booking Failed', description: message };
    case 'invite':
      return UNEXPECTED.has(code)
        ? { title: 'Connection Error', description: 'An unexpected error occurred. Please try again.' }
        : { title: 'Invitation Failed', description: message };
    case 'disconnect':
      return { title: 'Connection Failed', description: message };
    case 'check':
      return UNEXPECTED.has(code)
        ? { title: 'Check Error', description: 'An unexpected error occurred while checking. Please try again.' }
        : { title: 'Check Failed', description: message };
    case 'subscribe':
      return { title: 'Subscription Error', description: message };
  }
}
