import { type Kysely, sql } from 'kysely';

/**
 * Server-side feature gates (docs/decisions/016, docs/DESIGN.md §6): one row per gated feature with its global state and the
 * expected launch shown on the coming-soon screen, per-user early-access grants, and the early-access requests
 * the five-click form stores (docs/spec/part-2.md §2 "developer unlock", replaced by a request admins see).
 * A feature without a row has its default state and label (db/src/repositories/features.ts, docs/spec/part-2.md §9).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('feature_flags')
    .addColumn('key', 'text', (c) => c.primaryKey().check(sql`key in ('restaurant_alerts', 'lightning_lane')`))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('early_access').check(sql`state in ('off', 'early_access', 'on')`))
    .addColumn('launch_label', 'text', (c) => c.notNull().check(sql`length(launch_label) between 1 and 40`))
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('feature_access_grants')
    .addColumn('feature_key', 'text', (c) => c.notNull().check(sql`feature_key in ('restaurant_alerts', 'lightning_lane')`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('granted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('feature_access_grants_pk', ['feature_key', 'user_id'])
    .execute();

  await db.schema
    .createTable('early_access_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('feature_key', 'text', (c) => c.notNull().check(sql`feature_key in ('restaurant_alerts', 'lightning_lane')`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'granted', 'dismissed')`))
    .addColumn('handled_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('handled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One open request per person and feature; asking again updates it.
  await sql`create unique index early_access_requests_open_uq on early_access_requests (feature_key, lower(email)) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('early_access_requests').ifExists().execute();
  await db.schema.dropTable('feature_access_grants').ifExists().execute();
  await db.schema.dropTable('feature_flags').ifExists().execute();
}
