import { sql } from 'kysely';

/**
 * SQL for the park-local calendar date of `now` (UTC instant) in the time zone of the park aliased `p` (UTC
 * when the park has none yet): what "today" means for pass days (docs/spec/part-1.md §4, docs/DESIGN.md §2 Time).
 */
export const parkLocalToday = (now: Date) => sql`(${now}::timestamptz at time zone coalesce(p.timezone, 'UTC'))::date`;
