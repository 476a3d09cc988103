import { type Kysely, sql } from 'kysely';

/**
 * Restaurant alerts (docs/decisions/009, docs/spec/part-2.md §3 "Restaurant alert"): the dates wanted (park-local), party size
 * 1–20, preferred meal; `last_date` (the latest of `dates`) lets the expiry sweep end an alert after it.
 * Sent matches live in `deliveries` (kind `restaurant_alert`, dedup key per alert and date).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('restaurant_alerts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('park_id', 'text', (c) => c.notNull().references('parks.id'))
    .addColumn('restaurant_id', 'text', (c) => c.notNull())
    .addColumn('restaurant_name', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('dates', sql`date[]`, (c) => c.notNull().check(sql`cardinality(dates) between 1 and 60`))
    .addColumn('last_date', 'date', (c) => c.notNull())
    .addColumn('party_size', 'integer', (c) => c.notNull().defaultTo(2).check(sql`party_size between 1 and 20`))
    .addColumn('preferred_time', 'text', (c) =>
      c.notNull().defaultTo('dinner').check(sql`preferred_time in ('breakfast', 'lunch', 'dinner', 'any')`),
    )
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique().defaultTo(sql`encode(gen_random_bytes(24), 'hex')`))
    .addColumn('last_checked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('restaurant_alerts_user_idx').on('restaurant_alerts').columns(['user_id', 'created_at']).execute();
  await sql`create index restaurant_alerts_active_idx on restaurant_alerts (restaurant_id, party_size) where active`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('restaurant_alerts').ifExists().execute();
}
