import { parkLocalDate } from '@walkon/domain/dates';
import { FRESHNESS_MINUTES } from '@walkon/domain/rules/alerts';
import type { EmbeddedHours, ScheduleHours } from '@walkon/domain/rules/liveData';
import type { MuteSpan, QuietSpan } from '@walkon/domain/rules/ruleBook';
import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import { scheduleAround } from './history.ts';

/**
 * The facts of the rule book (docs/rules.md R56; `@walkon/domain/rules/ruleBook`) for the alert kinds judged in
 * TypeScript — return time, restaurant, the alerts-on confirmation: each person's mutes and quiet hours, and each
 * park's hours. The ride engine reads the same tables in SQL (`alertSteering.ts`).
 */

/** A person's steering: their account's mutes (running or not; `mutedAt` compares with now) and quiet hours. */
export interface Steering {
  mutes: MuteSpan[];
  quiet: QuietSpan | null;
}

/**
 * The mutes at `parkIds` and the quiet hours of the accounts of `emails` (mutes and quiet hours belong to the
 * account, found by `users.email`, docs/decisions/040). An address without an account has none. → e-mail → steering.
 */
export async function steeringOf(db: Executor, emails: readonly string[], parkIds: readonly string[]): Promise<Map<string, Steering>> {
  const out = new Map<string, Steering>();
  const unique = [...new Set(emails)];
  if (unique.length === 0) return out;
  const { rows } = await sql<{
    email: string;
    parkId: string | null;
    attractionId: string | null;
    until: Date | null;
    startMinute: number | null;
    endMinute: number | null;
  }>`
    select u.email, m.park_id as "parkId", m.attraction_id as "attractionId", m.until,
           q.start_minute as "startMinute", q.end_minute as "endMinute"
    from users u
    left join alert_mutes m on m.user_id = u.id and m.park_id = any(${[...new Set(parkIds)]}::text[])
    left join alert_quiet_hours q on q.user_id = u.id
    where u.email = any(${unique}::text[])`.execute(db);
  for (const r of rows) {
    let s = out.get(r.email);
    if (!s) {
      s = {
        mutes: [],
        quiet: r.startMinute !== null && r.endMinute !== null ? { startMinute: r.startMinute, endMinute: r.endMinute } : null,
      };
      out.set(r.email, s);
    }
    if (r.parkId && r.until) s.mutes.push({ parkId: r.parkId, attractionId: r.attractionId, until: r.until });
  }
  return out;
}

/** A park as the schedule bound reads it (docs/rules.md R3). */
export interface ParkHoursFacts {
  timezone: string | null;
  liveStatus: string | null;
  liveHours: EmbeddedHours;
  /** Published entries of the park-local date of `now` and the day before. */
  schedule: ScheduleHours[];
}

/**
 * The park's zone, its published schedule around `now`, and — when the park was polled within the last 15 minutes
 * (FRESHNESS_MINUTES) — the live status and embedded hours of that poll; an older poll (a park nobody watches
 * rides at is not polled) says nothing about now, so they are left null (unknown never blocks, R3). Undefined for
 * an unknown park.
 */
export async function parkHoursAt(db: Executor, parkId: string, now: Date): Promise<ParkHoursFacts | undefined> {
  const park = await db
    .selectFrom('parks')
    .select(['timezone', 'live_status as liveStatus', 'live_hours as liveHours', 'live_polled_at as polledAt'])
    .where('id', '=', parkId)
    .executeTakeFirst();
  if (!park) return undefined;
  const schedule = await scheduleAround(db, parkId, parkLocalDate(now, park.timezone));
  const recent = park.polledAt !== null && Math.abs(now.getTime() - new Date(park.polledAt).getTime()) <= FRESHNESS_MINUTES * 60_000;
  return {
    timezone: park.timezone,
    liveStatus: recent ? park.liveStatus : null,
    liveHours: recent ? (park.liveHours as EmbeddedHours) : null,
    schedule,
  };
}
