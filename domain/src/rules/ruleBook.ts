import { TZDate } from '@date-fns/tz';
import { type EmbeddedHours, embeddedHoursAllow, type ScheduleHours, scheduleAllows } from './liveData.ts';

/**
 * One rule book for every alert kind (docs/rules.md R56; docs/decisions/048): which bounds
 * apply to which kind, and the pure checks every pipeline calls with its own facts. The ride alert engine keeps
 * the same bounds in SQL (`db/src/alertEngine/alertEngine.ts`, `alertSteering.ts`); the other kinds
 * (return time, restaurant, flight price, the alerts-on confirmation, the test alert) call `boundsAllow` here.
 */

/** Every kind of message that tells a person about a ride, a table, a fare or their alerts. */
export const ALERT_KINDS = [
  'ride',
  'reminder',
  'back_in_service',
  'return_time',
  'restaurant',
  'flight_price',
  'alerts_on',
  'test',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The bounds an alert may be held by. */
export const BOUNDS = ['schedule', 'mutes', 'quietHours', 'freshness'] as const;
export type Bound = (typeof BOUNDS)[number];

/** Whether a bound holds a kind back, and why (the sentence docs/rules.md R56 repeats). */
export interface BoundRule {
  applies: boolean;
  why: string;
}

const PARK_ALERT = {
  schedule: { applies: true, why: 'it is about the park right now, and nobody can use it outside the published hours (R3)' },
  mutes: { applies: true, why: 'the person asked not to hear about this ride or park for a while (R16a)' },
  quietHours: { applies: true, why: 'the person asked for no alerts at that park-local hour (R16a)' },
  freshness: { applies: true, why: 'it is only as true as the live reading it comes from (R2)' },
} as const satisfies Record<Bound, BoundRule>;

/**
 * The rule book: for every kind and bound, whether the bound applies and why. The table-driven test
 * (`jobs/test/ruleBook.integration.test.ts`) runs every kind's real pipeline against every bound by this table.
 */
export const RULE_BOOK: Record<AlertKind, Record<Bound, BoundRule>> = {
  ride: PARK_ALERT,
  reminder: PARK_ALERT,
  back_in_service: PARK_ALERT,
  return_time: PARK_ALERT,
  restaurant: {
    ...PARK_ALERT,
    mutes: {
      applies: true,
      why: 'a muted park is muted for every alert about it (R16a); a restaurant is not a ride, so only a park mute holds it',
    },
    freshness: {
      applies: true,
      why: 'walk-up availability comes from the same live document as the rides, and is fresh by the same rule (R2)',
    },
  },
  flight_price: {
    schedule: { applies: false, why: 'a fare is not about a park day: it is bought from home, at any hour' },
    mutes: { applies: false, why: 'mutes are per park and ride; a fare alert belongs to no park' },
    quietHours: {
      applies: false,
      why: 'quiet hours are judged in a park’s time zone while at the park; a fare e-mail is checked every 6 hours and read later',
    },
    freshness: { applies: true, why: 'only a fare the search answered in this check is compared (R45)' },
  },
  alerts_on: {
    schedule: {
      applies: true,
      why: 'it says rides are short "right now": outside the published hours there is nothing to say, and the page already shows that alerts are on',
    },
    mutes: { applies: true, why: 'a muted park asked for no message about it; a muted ride alone does not hold it' },
    quietHours: { applies: true, why: 'a purchase or activation during quiet hours must not wake the person' },
    freshness: {
      applies: false,
      why: 'it carries no reading of its own: it says alerts are on, and its "N are short right now" counts only readings fresh now (R2), so a stale feed counts none',
    },
  },
  test: {
    schedule: { applies: false, why: 'the person asks for it, to see that alerts reach them, at any hour (R13)' },
    mutes: { applies: false, why: 'the person asks for it now, so nothing they set earlier holds it (R13)' },
    quietHours: { applies: false, why: 'the person asks for it now, at any hour (R13)' },
    freshness: { applies: false, why: 'it carries no reading' },
  },
};

/**
 * The rule book in one paragraph, as the FAQ and How It Works say it (docs/rules.md R56): which messages the
 * park's hours, mutes and quiet hours hold, and the two that go at any hour.
 */
export const RULE_BOOK_SUMMARY =
  'No alert about a park (a ride alert, an hourly reminder, a back-in-service alert, a Lightning Lane return time, a restaurant table or the “alerts on” confirmation) goes out outside the park’s published hours or in their last 15 minutes, while you have muted that park (or that ride), or during your quiet hours. Two messages are not held by them: a test alert you ask for yourself goes at any hour (one per 15 minutes), and a flight price alert, about a fare rather than a park day, is e-mailed whenever the fare drops.';

/** The facts one message is judged by; a fact a kind has no use for may be left out (it then never blocks). */
export interface BoundFacts {
  /** The park's published schedule and embedded hours allow an alert now (R3: inside, not in the last 15 minutes). */
  scheduleAllows?: boolean;
  /** The message's ride is muted, or its park (`mutedAt`). */
  muted?: boolean;
  /** The park is muted (the whole park, not one ride). */
  parkMuted?: boolean;
  /** The person's quiet hours hold at the park-local time (`quietHoursHold`). */
  quiet?: boolean;
  /** The reading is fresh by its kind's freshness function (`@walkon/domain/rules/freshness`). */
  fresh?: boolean;
}

/**
 * Whether a message of `kind` may go with these facts, by the rule book: every bound that applies to the kind
 * must allow it. For `alerts_on` only a park mute holds it (a muted ride alone does not). → `{ allowed,
 * blockedBy }`, `blockedBy` the first bound (in BOUNDS order) that holds it back, or null.
 */
export function boundsAllow(kind: AlertKind, f: BoundFacts): { allowed: boolean; blockedBy: Bound | null } {
  const rules = RULE_BOOK[kind];
  const held: Record<Bound, boolean> = {
    schedule: f.scheduleAllows === false,
    mutes: kind === 'alerts_on' ? f.parkMuted === true : f.muted === true || f.parkMuted === true,
    quietHours: f.quiet === true,
    freshness: f.fresh === false,
  };
  const blockedBy = BOUNDS.find((b) => rules[b].applies && held[b]) ?? null;
  return { allowed: blockedBy === null, blockedBy };
}

/** A mute as the rule book reads it: the park (`attractionId` null) or one of its rides, until a UTC instant. */
export interface MuteSpan {
  parkId: string;
  attractionId: string | null;
  until: Date;
}

/** Quiet hours: park-local minutes of the day, [startMinute, endMinute), wrapping midnight when start > end. */
export interface QuietSpan {
  startMinute: number;
  endMinute: number;
}

/**
 * Whether a mute holds `target` at `now` (docs/rules.md R16a): a running mute of the whole park, or of the
 * attraction `target.attractionId` (null: only a park mute counts). `parkOnly` reports the park mute alone.
 */
export function mutedAt(mutes: readonly MuteSpan[], target: { parkId: string; attractionId: string | null }, now: Date) {
  const running = mutes.filter((m) => m.parkId === target.parkId && m.until.getTime() > now.getTime());
  const park = running.some((m) => m.attractionId === null);
  const ride = target.attractionId !== null && running.some((m) => m.attractionId === target.attractionId);
  return { muted: park || ride, parkMuted: park };
}

/**
 * Whether quiet hours hold at `now` in the park's zone (docs/rules.md R16a): the park-local minute of the day lies
 * in [start, end), wrapping midnight when start > end — the same test as the engine's `steered` CTE. Null quiet
 * hours never hold. `timezone` null = UTC.
 */
export function quietHoursHold(q: QuietSpan | null | undefined, timezone: string | null, now: Date): boolean {
  if (!q) return false;
  const z = new TZDate(now.getTime(), timezone ?? 'UTC');
  const minute = z.getHours() * 60 + z.getMinutes();
  return q.startMinute < q.endMinute ? minute >= q.startMinute && minute < q.endMinute : minute >= q.startMinute || minute < q.endMinute;
}

/**
 * Whether the park allows an alert at `now` by docs/rules.md R3, the bound the ride engine's poll applies
 * (`decideReadings`): the park's own entity not CLOSED at the last poll, its hours embedded in the live feed and
 * its published schedule (`scheduleAllows`: OPERATING entries only, not in the last 15 minutes; nothing published
 * never blocks). `schedule` = the entries of the park-local date of `now` and the day before.
 */
export function parkAllowsAlerts(
  park: { timezone: string | null; liveStatus: string | null; liveHours: EmbeddedHours },
  schedule: ScheduleHours[],
  now: Date,
): boolean {
  return park.liveStatus !== 'CLOSED' && embeddedHoursAllow(park.liveHours, now) && scheduleAllows(schedule, park.timezone, now);
}
