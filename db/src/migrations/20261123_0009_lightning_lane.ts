import { type Kysely, sql } from 'kysely';

/**
 * Lightning Lane assist (docs/decisions/008, docs/spec/part-2.md §3, §4; docs/DESIGN.md §5): the user's Disney account link (an invitation
 * an operator confirms in /admin), the days they paid for ($5/day through the existing Stripe checkout:
 * `checkout_sessions.product`), their preferences and bookings (server-side, not local storage) and the
 * auto-booking switch. Money is integer cents; windows are park-local times of day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('checkout_sessions')
    .addColumn('product', 'text', (c) => c.notNull().defaultTo('alert_pass').check(sql`product in ('alert_pass', 'lightning_lane')`))
    .execute();

  await db.schema
    .createTable('disney_account_links')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('disney_email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'connected')`))
    .addColumn('invitation_sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('confirmed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('last_sync', 'timestamptz')
    .execute();

  await db.schema
    .createTable('lightning_lane_passes')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('park_id', 'text', (c) => c.notNull().references('parks.id'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('checkout_session_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lightning_lane_passes_pk', ['user_id', 'park_id', 'day'])
    .execute();

  await db.schema
    .createTable('lightning_lane_preferences')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attraction_id', 'text', (c) => c.notNull())
    .addColumn('park_id', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1).check(sql`priority between 1 and 10`))
    .addColumn('window_start', 'text', (c) => c.notNull().defaultTo('09:00').check(sql`window_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('window_end', 'text', (c) => c.notNull().defaultTo('21:00').check(sql`window_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('max_price_cents', 'integer', (c) => c.check(sql`max_price_cents >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lightning_lane_preferences_pk', ['user_id', 'attraction_id'])
    .execute();

  await db.schema
    .createTable('lightning_lane_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('auto_booking', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('lightning_lane_bookings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('park_id', 'text', (c) => c.notNull())
    .addColumn('attraction_id', 'text', (c) => c.notNull())
    .addColumn('attraction_name', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('return_start', 'timestamptz', (c) => c.notNull())
    .addColumn('return_end', 'timestamptz')
    .addColumn('price_cents', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('confirmed', 'pending', 'cancelled')`))
    .addColumn('booker', 'text', (c) => c.notNull().defaultTo('simulated'))
    .addColumn('auto', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('booked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('lightning_lane_bookings_user_day_idx').on('lightning_lane_bookings').columns(['user_id', 'day']).execute();
  // At most one live (confirmed or pending) booking per person, attraction and day (docs/spec/part-2.md §4).
  await sql`create unique index lightning_lane_bookings_live_uq on lightning_lane_bookings (user_id, attraction_id, day) where status <> 'cancelled'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lightning_lane_bookings').ifExists().execute();
  await db.schema.dropTable('lightning_lane_settings').ifExists().execute();
  await db.schema.dropTable('lightning_lane_preferences').ifExists().execute();
  await db.schema.dropTable('lightning_lane_passes').ifExists().execute();
  await db.schema.dropTable('disney_account_links').ifExists().execute();
  await db.schema.alterTable('checkout_sessions').dropColumn('product').execute();
}
