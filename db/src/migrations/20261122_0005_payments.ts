import { type Kysely, sql } from 'kysely';

/**
 * Paid alerts (docs/decisions/001): the days a pass is valid on (one row per park-local date and channel, whatever sold
 * it), promo codes and their redemptions, our record of every Stripe checkout session, and the Stripe event
 * ids already processed. Money is integer cents.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('promo_codes')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code = upper(code) and length(code) between 3 and 40`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('free_days', 'percent_off')`))
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('email').check(sql`channel in ('email', 'sms', 'any')`))
    .addColumn('days', 'integer', (c) => c.notNull().defaultTo(1).check(sql`days between 1 and 30`))
    .addColumn('percent_off', 'integer', (c) => c.check(sql`percent_off between 1 and 99`))
    .addColumn('max_uses', 'integer', (c) => c.check(sql`max_uses > 0`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('promo_codes_percent_ck', sql`(kind = 'percent_off') = (percent_off is not null)`)
    .execute();

  await db.schema
    .createTable('promo_redemptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('code', 'text', (c) => c.notNull().references('promo_codes.code').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('park_id', 'text', (c) => c.notNull().references('parks.id'))
    .addColumn('first_day', 'date', (c) => c.notNull())
    .addColumn('checkout_session_id', 'text')
    .addColumn('confirmation_sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('promo_redemptions_code_email_uq', ['code', 'email'])
    .execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey()) // Stripe's cs_… id
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('park_id', 'text', (c) => c.notNull().references('parks.id'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('phone_number', 'text')
    .addColumn('days', sql`date[]`, (c) => c.notNull())
    .addColumn('unit_amount', 'integer', (c) => c.notNull())
    .addColumn('amount_total', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('usd'))
    .addColumn('promo_code', 'text')
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'fulfilled', 'expired')`))
    .addColumn('payment_intent', 'text')
    .addColumn('stripe_customer_id', 'text')
    .addColumn('confirmation_sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('fulfilled_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('pass_days')
    .addColumn('subscription_id', 'uuid', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('stripe', 'promo', 'grant')`))
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('pass_days_pk', ['subscription_id', 'day'])
    .execute();
  await db.schema.createIndex('pass_days_day_idx').on('pass_days').columns(['day', 'channel']).execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Passes sold before this migration keep their days (one per date in [start_date, end_date)).
  await sql`
    insert into pass_days (subscription_id, day, channel, source, reference)
    select s.id, d::date, s.alert_type, 'grant', 'migration'
    from subscriptions s, generate_series(s.start_date, s.end_date - 1, interval '1 day') d
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['stripe_events', 'pass_days', 'checkout_sessions', 'promo_redemptions', 'promo_codes'])
    await db.schema.dropTable(t).ifExists().execute();
}
