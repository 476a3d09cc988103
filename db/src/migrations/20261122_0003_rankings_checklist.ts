import { type Kysely, sql } from 'kysely';

/** Rankings, ratings, suggestions and the ride checklist (docs/rules.md R37, R46, docs/spec/part-2.md §3). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('park_id', 'text', (c) => c.notNull().references('parks.id'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('ride', 'food', 'experience')`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('items_park_type_idx').on('items').columns(['park_id', 'type']).execute();

  await db.schema
    .createTable('ratings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('item_id', 'uuid', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('comment', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('ratings_item_user_uq', ['item_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('item_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('new', 'edit')`))
    .addColumn('item_id', 'uuid', (c) => c.references('items.id').onDelete('cascade')) // the original item of an edit
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('park_id', 'text', (c) => c.notNull().references('parks.id'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('ride', 'food', 'experience')`))
    .addColumn('requested_by', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('item_requests_status_idx').on('item_requests').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('ride_checklist')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('park_id', 'text', (c) => c.notNull().references('parks.id'))
    .addColumn('ride_id', 'text', (c) => c.notNull())
    .addColumn('ride_name', 'text', (c) => c.notNull())
    .addColumn('completed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('ride_checklist_user_park_ride_uq', ['user_id', 'park_id', 'ride_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['ride_checklist', 'item_requests', 'ratings', 'items']) await db.schema.dropTable(t).ifExists().execute();
}
