import type { Kysely } from 'kysely';

/**
 * `ride_status.previous_status` was written on every poll and never read: the back-in-service rule keeps its
 * own state (`down_seen`, `up_polls`, docs/DESIGN.md §6), so the column goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ride_status').dropColumn('previous_status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ride_status').addColumn('previous_status', 'text').execute();
}
