import { type Kysely, sql } from 'kysely';

/** Affiliate applications (docs/rules.md R51, docs/spec/part-2.md §3), with a review status for admins. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('affiliate_applications')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('instagram_handle', 'text')
    .addColumn('instagram_followers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tiktok_handle', 'text')
    .addColumn('tiktok_followers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('youtube_channel', 'text')
    .addColumn('youtube_subscribers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('twitter_handle', 'text')
    .addColumn('twitter_followers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_followers', 'integer', (c) => c.notNull())
    .addColumn('primary_platform', 'text', (c) =>
      c.notNull().check(sql`primary_platform in ('instagram', 'tiktok', 'youtube', 'twitter', 'other')`),
    )
    .addColumn('content_niche', 'text')
    .addColumn('why_join', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new').check(sql`status in ('new', 'contacted', 'accepted', 'declined')`))
    .addColumn('confirmation_sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('affiliate_applications_status_idx').on('affiliate_applications').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('affiliate_applications').ifExists().execute();
}
