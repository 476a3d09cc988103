import type { Kysely } from 'kysely';

/**
 * Per-watch alert settings (docs/DESIGN.md §2 step 3, alert rules): beside the existing `threshold_minutes` (5–60, null =
 * the default 15), a watch can ask for "back in service" alerts (DOWN → OPERATING seen on two consecutive fresh
 * polls) and for an hourly reminder while the standby wait stays short (the plain hourly rule instead of
 * alerting on the drop). Both are off by default.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user_rides')
    .addColumn('back_in_service', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('remind_hourly', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_rides').dropColumn('back_in_service').dropColumn('remind_hourly').execute();
}
