import { type Kysely, sql } from 'kysely';

/**
 * Return-time alerts (docs/decisions/017, beyond the spec): tell a visitor when a watched attraction's Lightning Lane
 * return time (`RETURN_TIME` or `PAID_RETURN_TIME`) becomes available, or available before a chosen park-local
 * time of day. Identity is the e-mail, like `user_rides`; deliveries use kind `return_time` with the dedup key
 * `rt:<email>:<rideId>:<queueType>:<park-local date>:<before_time | any>` (at most one per attraction, queue type
 * and day; see db/src/repositories/returnTimeAlerts.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('return_time_alerts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('park_id', 'text', (c) => c.notNull())
    .addColumn('ride_id', 'text', (c) => c.notNull())
    .addColumn('queue_type', 'text', (c) => c.notNull().check(sql`queue_type in ('RETURN_TIME', 'PAID_RETURN_TIME')`))
    .addColumn('before_time', 'text', (c) => c.check(sql`before_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('return_time_alerts_email_ride_queue_uq', ['email', 'ride_id', 'queue_type'])
    .execute();
  await sql`create index return_time_alerts_park_idx on return_time_alerts (park_id) where active`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('return_time_alerts').ifExists().execute();
}
