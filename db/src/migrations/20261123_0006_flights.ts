import { type Kysely, sql } from 'kysely';

/**
 * Flight price alerts (docs/decisions/019, docs/spec/part-2.md §3 "Flight alert"): economy, one passenger, active on creation;
 * the last e-mailed fare (cents) and time so an alert mails at most once a day and again only on a further
 * drop; an unsubscribe token for the one-click link.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('flight_alerts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('home_airport', 'char(3)', (c) => c.notNull())
    .addColumn('destination_park', 'text', (c) => c.notNull())
    .addColumn('airport', 'char(3)')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('max_price', 'integer', (c) => c.notNull().check(sql`max_price > 0`))
    .addColumn('departure_date_start', 'date', (c) => c.notNull())
    .addColumn('departure_date_end', 'date', (c) => c.notNull())
    .addColumn('return_date_start', 'date')
    .addColumn('return_date_end', 'date')
    .addColumn('cabin_class', 'text', (c) => c.notNull().defaultTo('ECONOMY'))
    .addColumn('passengers', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_notified_at', 'timestamptz')
    .addColumn('last_notified_price_cents', 'integer')
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique().defaultTo(sql`encode(gen_random_bytes(24), 'hex')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('flight_alerts_active_idx').on('flight_alerts').columns(['active', 'departure_date_start']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('flight_alerts').ifExists().execute();
}
