import { type Kysely, sql } from 'kysely';

/**
 * Freshness as upstream means it and the park's schedule (docs/rules.md R2, R3; docs/DESIGN.md §2.3):
 * - `parks.live_updated_at`: the newest `lastUpdated` of any entity of the park's last live document (stamps more
 *   than 2 minutes after the poll ignored). The pages judge "the feed is live" from it, with the same rule as
 *   the poll (`feedClock` of @walkon/domain).
 * - `parks.schedule_tried_at`: when a watched park's tick last tried to read the published schedule (it reads
 *   it once per park-local day, and retries a failed read after 15 minutes, not at every tick).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table parks add column live_updated_at timestamptz, add column schedule_tried_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table parks drop column if exists live_updated_at, drop column if exists schedule_tried_at`.execute(db);
}
