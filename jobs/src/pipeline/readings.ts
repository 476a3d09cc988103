import type { AttractionReading } from '@walkon/db';
import { BACK_IN_SERVICE_UP_POLLS, CLOSING_MARGIN_MINUTES, FRESHNESS_MINUTES, FUTURE_TOLERANCE_MINUTES } from '@walkon/domain/rules/alerts';
import type { LiveEntry } from '../providers/waitTimes/index.ts';

type Hours = { startTime: string | null; endTime: string | null }[] | null | undefined;

/**
 * Whether a `lastUpdated` (ISO instant) is fresh at `now`: at most 15 minutes old and at most 2 minutes in the
 * future. Returns `future: true` for the second case so the caller can log it.
 */
export function freshness(lastUpdated: string | null, now: Date): { fresh: boolean; future: boolean } {
  if (!lastUpdated) return { fresh: false, future: false };
  const t = Date.parse(lastUpdated);
  if (!Number.isFinite(t)) return { fresh: false, future: false };
  const age = now.getTime() - t;
  if (age < -FUTURE_TOLERANCE_MINUTES * 60_000) return { fresh: false, future: true };
  return { fresh: age <= FRESHNESS_MINUTES * 60_000, future: false };
}

/**
 * Whether published hours allow an alert at `now` (DESIGN §2.3): true when no entry has both a start and an
 * end (unknown hours never block); otherwise `now` must lie in an entry that does not end within the next
 * 15 minutes.
 */
export function hoursAllow(hours: Hours, now: Date): boolean {
  const known = (hours ?? []).filter((h) => h.startTime && h.endTime);
  if (known.length === 0) return true;
  const t = now.getTime();
  return known.some((h) => {
    const start = Date.parse(h.startTime!);
    const end = Date.parse(h.endTime!);
    return start <= t && end - CLOSING_MARGIN_MINUTES * 60_000 > t;
  });
}

/** The previous poll's state of one attraction. */
export interface PreviousReading {
  status: string;
  standbyWait: number | null;
  lastUpdated: Date | null;
  downSeen: boolean;
  upPolls: number;
  qualified: boolean;
}

/** One attraction's reading plus the back-in-service state to store. */
export interface DecidedReading extends AttractionReading {
  /** lastUpdated to store: the upstream value clamped to the poll instant when it lies in the future. */
  storedLastUpdated: string | null;
  future: boolean;
  downSeen: boolean;
  upPolls: number;
}

/**
 * Decides what one poll says about each attraction (DESIGN §2.3, §6), from the upstream evidence only:
 * `qualifies` = OPERATING, fresh, standby wait > 0, inside the attraction's and the park's published hours and
 * not in their last 15 minutes, and the park's own entity not CLOSED (the per-person threshold is applied by
 * the evaluation); `backInService` = a DOWN seen on a fresh poll followed by OPERATING on two consecutive
 * fresh polls (the alert goes with the second); `changed` = status, wait or stored lastUpdated differ from the
 * previous poll, or the reading's verdict changed (hours began or ended, the data went stale), or the park's
 * own status changed (which changes every attraction).
 */
export function decideReadings(
  entries: LiveEntry[],
  previous: Map<string, PreviousReading>,
  park: { status: string | null; hours: Hours; statusChanged: boolean },
  now: Date,
): DecidedReading[] {
  const parkOpen = park.status !== 'CLOSED' && hoursAllow(park.hours, now);
  return entries.map((e) => {
    const status = e.status ?? 'CLOSED';
    const { fresh, future } = freshness(e.lastUpdated, now);
    const storedLastUpdated = future ? now.toISOString() : e.lastUpdated;
    const prev = previous.get(e.id);
    let downSeen = prev?.downSeen ?? false;
    let upPolls = prev?.upPolls ?? 0;
    let backInService = false;
    if (fresh) {
      if (status === 'DOWN') {
        downSeen = true;
        upPolls = 0;
      } else if (status === 'OPERATING') {
        if (downSeen) {
          upPolls += 1;
          if (upPolls >= BACK_IN_SERVICE_UP_POLLS) {
            backInService = parkOpen && e.entityType === 'ATTRACTION';
            downSeen = false;
            upPolls = 0;
          }
        }
      } else {
        downSeen = false;
        upPolls = 0;
      }
    } else {
      upPolls = 0;
    }
    const wait = e.standbyWait;
    const qualifies =
      e.entityType === 'ATTRACTION' &&
      status === 'OPERATING' &&
      fresh &&
      wait !== null &&
      wait > 0 &&
      parkOpen &&
      hoursAllow(e.operatingHours, now);
    const prevUpdated = prev?.lastUpdated ? prev.lastUpdated.getTime() : null;
    const nextUpdated = storedLastUpdated ? Date.parse(storedLastUpdated) : null;
    const changed =
      park.statusChanged ||
      !prev ||
      prev.qualified !== qualifies ||
      prev.status !== status ||
      prev.standbyWait !== wait ||
      prevUpdated !== nextUpdated ||
      backInService;
    return {
      rideId: e.id,
      rideName: e.name,
      status,
      wait,
      fresh,
      qualifies,
      backInService,
      changed,
      storedLastUpdated,
      future,
      downSeen,
      upPolls,
    };
  });
}
