import { type Kysely, sql } from 'kysely';

/**
 * Core schema (docs/DESIGN.md §2): accounts, catalogue, live state, subscriptions, watches, deliveries,
 * newsletter and outbox. Timestamps are UTC `timestamptz`; pass dates are park-local `date`s (docs/DESIGN.md §2).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pgcrypto`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey()) // hex SHA-256 of the token (Lucia design)
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'moderator')`))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();

  await db.schema
    .createTable('destinations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('parks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('destination_id', 'text', (c) => c.notNull().references('destinations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('parks_destination_idx').on('parks').column('destination_id').execute();

  await db.schema
    .createTable('attractions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('park_id', 'text', (c) => c.notNull().references('parks.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('attractions_park_idx').on('attractions').columns(['park_id', 'entity_type']).execute();

  await db.schema
    .createTable('ride_status')
    .addColumn('attraction_id', 'text', (c) => c.primaryKey().references('attractions.id').onDelete('cascade'))
    .addColumn('park_id', 'text', (c) => c.notNull().references('parks.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('standby_wait', 'integer') // minutes, null when the upstream gives none
    .addColumn('queue', 'jsonb') // the raw queue object (RETURN_TIME, PAID_RETURN_TIME, ...)
    .addColumn('operating_hours', 'jsonb') // [{type, startTime, endTime}] when published
    .addColumn('last_updated', 'timestamptz') // upstream lastUpdated
    .addColumn('polled_at', 'timestamptz', (c) => c.notNull())
    .addColumn('previous_status', 'text')
    .execute();
  await db.schema.createIndex('ride_status_park_idx').on('ride_status').column('park_id').execute();

  await db.schema
    .createTable('wait_samples')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('attraction_id', 'text', (c) => c.notNull().references('attractions.id').onDelete('cascade'))
    .addColumn('park_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('standby_wait', 'integer')
    .addColumn('last_updated', 'timestamptz', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('wait_samples_attraction_updated_uq', ['attraction_id', 'last_updated'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('park_id', 'text', (c) => c.notNull().references('parks.id'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz') // scheduled start instant (UTC); null = immediately
    .addColumn('promo_code', 'text')
    .addColumn('stripe_customer_id', 'text')
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('alert_type', 'text', (c) => c.notNull().defaultTo('email').check(sql`alert_type in ('email', 'sms')`))
    .addColumn('phone_number', 'text')
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique().defaultTo(sql`encode(gen_random_bytes(24), 'hex')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('subscriptions_email_park_uq', ['email', 'park_id'])
    .execute();
  await db.schema.createIndex('subscriptions_park_idx').on('subscriptions').columns(['park_id', 'active']).execute();

  await db.schema
    .createTable('user_rides')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ride_id', 'text', (c) => c.notNull().references('attractions.id').onDelete('cascade'))
    .addColumn('park_id', 'text', (c) => c.notNull().references('parks.id'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('threshold_minutes', 'integer', (c) => c.check(sql`threshold_minutes between 5 and 60`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('user_rides_email_ride_uq', ['email', 'ride_id'])
    .execute();
  await db.schema.createIndex('user_rides_park_idx').on('user_rides').columns(['park_id', 'ride_id']).execute();

  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('dedup_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('ride_alert')) // ride_alert | test_alert | back_in_service
    .addColumn('email', 'text', (c) => c.notNull()) // the person (identity for alerts, docs/spec/part-1.md §1)
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('address', 'text', (c) => c.notNull()) // e-mail address or E.164 phone number
    .addColumn('park_id', 'text', (c) => c.notNull())
    .addColumn('ride_id', 'text')
    .addColumn('ride_name', 'text', (c) => c.notNull())
    .addColumn('wait_time', 'integer') // minutes
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'uuid')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status in ('queued', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider_message_id', 'text')
    .addColumn('error', 'text')
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false)) // cleared from the visible history
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('deliveries_email_created_idx').on('deliveries').columns(['email', 'created_at']).execute();
  await db.schema.createIndex('deliveries_recent_ride_idx').on('deliveries').columns(['email', 'ride_id', 'created_at']).execute();
  await sql`create index deliveries_queued_idx on deliveries (created_at) where status = 'queued'`.execute(db);

  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique().defaultTo(sql`encode(gen_random_bytes(24), 'hex')`))
    .addColumn('unsubscribed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text')
    .addColumn('headers', 'jsonb')
    .addColumn('delivery_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('outbox_created_idx').on('outbox_messages').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'outbox_messages',
    'newsletter_subscriptions',
    'deliveries',
    'user_rides',
    'subscriptions',
    'wait_samples',
    'ride_status',
    'attractions',
    'parks',
    'destinations',
    'login_throttle',
    'user_roles',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
