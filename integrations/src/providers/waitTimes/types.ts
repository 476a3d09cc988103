/** One live entity of a park, normalised from ThemeParks.wiki `liveData` (docs/DESIGN.md §2.2). */
export interface LiveEntry {
  id: string;
  name: string;
  /** ATTRACTION, SHOW, RESTAURANT, PARK … */
  entityType: string;
  /** OPERATING | DOWN | CLOSED | REFURBISHMENT, or null when absent. */
  status: string | null;
  /** `queue.STANDBY.waitTime` in minutes; null when missing or null upstream. */
  standbyWait: number | null;
  /** The raw queue object (RETURN_TIME, PAID_RETURN_TIME, BOARDING_GROUP …), or null. */
  queue: Record<string, unknown> | null;
  /** Published operating hours (ISO instants), or null. */
  operatingHours: { type: string; startTime: string | null; endTime: string | null }[] | null;
  /** Upstream `lastUpdated` (ISO instant), or null. */
  lastUpdated: string | null;
  /**
   * Restaurants only, where published: today's walk-up availability per party size (`waitTime` minutes, null
   * when not given). Absent when the entity publishes none.
   */
  diningAvailability?: { partySize: number; waitTime: number | null }[];
}

/** The live document of one park. */
export interface LiveParkData {
  parkId: string;
  name: string;
  /** IANA zone of the park, e.g. America/New_York; null when the response has none. */
  timezone: string | null;
  entries: LiveEntry[];
}

/** A destination with its parks (`GET /v1/destinations`). */
export interface Destination {
  id: string;
  name: string;
  slug?: string | null;
  parks: { id: string; name: string }[];
}

/** One published opening of a park on a park-local date (`GET /v1/entity/{id}/schedule`). */
export interface ScheduleEntry {
  /** Park-local date 'YYYY-MM-DD'. */
  date: string;
  /** OPERATING, TICKETED_EVENT, EXTRA_HOURS … */
  type: string;
  /** Park-local wall-clock opening and closing 'HH:MM' (as published, in the park's zone). */
  opens: string;
  closes: string;
  description: string | null;
}

/** Where live wait times come from: the real ThemeParks.wiki API or the recorded replay. */
export interface WaitTimesSource {
  /** Human-readable kind for logs: `http` or `replay`. */
  readonly kind: 'http' | 'replay';
  /** Every destination with its parks. @throws UpstreamError */
  getDestinations(): Promise<Destination[]>;
  /** One upstream read of a park's live data. @throws UpstreamError, NotFoundError */
  getLive(parkId: string): Promise<LiveParkData>;
  /** The park's published schedule (about a month ahead). Optional for test doubles. @throws UpstreamError, NotFoundError */
  getSchedule?(parkId: string): Promise<ScheduleEntry[]>;
}

/**
 * An upstream fault: timeout, HTTP 429/5xx, network error, a malformed body, a body over the size cap
 * (`too-large`), a document about another park than the one asked for (`mismatch`, not worth retrying within
 * the tick), or a read held back because the upstream asked us to wait (`deferred`: no request was made).
 * `retryAt` is the earliest instant the upstream allows the next read (its Retry-After), when it gave one.
 */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'http' | 'network' | 'malformed' | 'too-large' | 'mismatch' | 'deferred',
    readonly status?: number,
    readonly retryAt?: Date,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/** The source knows nothing about that park (HTTP 404, or no recording in the replay). Not retried. */
export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}
