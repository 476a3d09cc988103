import { BACK_IN_SERVICE_UP_POLLS, MIN_ALERT_WAIT_MINUTES } from './alerts.ts';
import { type EmbeddedHours, embeddedHoursAllow, type FeedClock, readingFreshness } from './liveData.ts';

/** What the verdicts read of one live entry (the provider's `LiveEntry` has these fields and more). */
export interface ReadingEntry {
  id: string;
  name: string;
  /** ATTRACTION, SHOW, RESTAURANT, PARK … */
  entityType: string;
  /** OPERATING | DOWN | CLOSED | REFURBISHMENT, or null when absent. */
  status: string | null;
  /** Standby wait in minutes, or null. */
  standbyWait: number | null;
  /** The attraction's published hours (ISO instants), or null. */
  operatingHours: EmbeddedHours;
  /** Upstream `lastUpdated` (ISO instant), or null. */
  lastUpdated: string | null;
}

/** The verdicts of one attraction's reading, as the alert engine stores and evaluates them (db `AttractionReading`). */
export interface AttractionVerdict {
  rideId: string;
  rideName: string;
  status: string;
  /** Standby wait in minutes, or null. */
  wait: number | null;
  fresh: boolean;
  qualifies: boolean;
  backInService: boolean;
  changed: boolean;
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
export interface DecidedReading extends AttractionVerdict {
  /**
   * OPERATING, fresh, inside the attraction's and the park's hours (feed and schedule) and not in their last
   * 15 minutes, the park not CLOSED: everything but the wait. Return-time alerts go only to these.
   */
  alertable: boolean;
  /** lastUpdated to store: the upstream value clamped to the poll instant when it lies in the future. */
  storedLastUpdated: string | null;
  future: boolean;
  downSeen: boolean;
  upPolls: number;
}

/**
 * Decides what one poll says about each attraction (docs/DESIGN.md §2.3, §6), from the upstream evidence only:
 * `fresh` = docs/rules.md R2 (`readingFreshness` of @walkon/domain: the park's feed live and the reading confirmed
 * today, judged with `clock`); `qualifies` = OPERATING, fresh, standby wait ≥ MIN_ALERT_WAIT_MINUTES (1), inside the attraction's hours
 * embedded in the feed, the park's embedded hours and the park's published schedule (`park.scheduleAllows`,
 * R3) and not in their last 15 minutes, and the park's own entity not CLOSED (the per-person threshold is applied by
 * the evaluation); `backInService` = a DOWN seen on a fresh poll followed by OPERATING on two consecutive
 * fresh polls (the alert goes with the second); `changed` = status, wait or stored lastUpdated differ from the
 * previous poll, or the reading's verdict changed (hours began or ended, the data went stale), or the park's
 * own status changed (which changes every attraction).
 */
export function decideReadings(
  entries: readonly ReadingEntry[],
  previous: Map<string, PreviousReading>,
  park: { status: string | null; hours: EmbeddedHours; scheduleAllows: boolean; statusChanged: boolean },
  clock: FeedClock,
): DecidedReading[] {
  const now = clock.now;
  const parkOpen = park.status !== 'CLOSED' && park.scheduleAllows && embeddedHoursAllow(park.hours, now);
  return entries.map((e) => {
    const status = e.status ?? 'CLOSED';
    const { fresh, future } = readingFreshness(e.lastUpdated, clock);
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
    const alertable = status === 'OPERATING' && fresh && parkOpen && embeddedHoursAllow(e.operatingHours, now);
    const qualifies = e.entityType === 'ATTRACTION' && alertable && wait !== null && wait >= MIN_ALERT_WAIT_MINUTES;
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
      alertable,
      backInService,
      changed,
      storedLastUpdated,
      future,
      downSeen,
      upPolls,
    };
  });
}
