import { type Kysely, sql } from 'kysely';

/**
 * Public site (docs/decisions/010): admin-curated testimonials (seeded with ten clearly marked sample rows) and
 * key/value settings (the daily SMS capacity per park that "spots left" is computed from, docs/DESIGN.md §6).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('testimonials')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('park_visited', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('is_sample', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.alterTable('newsletter_subscriptions').addColumn('confirmation_sent_at', 'timestamptz').execute();

  const samples: [string, string, string, number][] = [
    [
      'Sample: Maria G.',
      'Magic Kingdom Park',
      'Sample testimonial — an admin replaces this with a real one. We rode Peter Pan’s Flight with a 10-minute wait thanks to an alert.',
      5,
    ],
    [
      'Sample: James T.',
      'EPCOT',
      'Sample testimonial — an admin replaces this with a real one. The alert for Test Track arrived while we were at lunch nearby.',
      5,
    ],
    [
      'Sample: Priya K.',
      'Disneyland Park',
      'Sample testimonial — an admin replaces this with a real one. Fewer hours in lines, more time for churros.',
      4,
    ],
    [
      'Sample: Daniel R.',
      'Disney California Adventure Park',
      'Sample testimonial — an admin replaces this with a real one. Simple to set up on my phone.',
      5,
    ],
    [
      'Sample: Aisha M.',
      "Disney's Hollywood Studios",
      'Sample testimonial — an admin replaces this with a real one. The e-mail came the minute the wait dropped.',
      4,
    ],
    [
      'Sample: Tom W.',
      "Disney's Animal Kingdom Theme Park",
      'Sample testimonial — an admin replaces this with a real one. Great for a park day with kids.',
      5,
    ],
    [
      'Sample: Lucia F.',
      'Universal Islands of Adventure',
      'Sample testimonial — an admin replaces this with a real one. We watched six rides and rode five of them short.',
      4,
    ],
    [
      'Sample: Ben S.',
      'Universal Studios Florida',
      'Sample testimonial — an admin replaces this with a real one. Worth it for a single busy day.',
      5,
    ],
    [
      'Sample: Chloe N.',
      'Magic Kingdom Park',
      'Sample testimonial — an admin replaces this with a real one. The live wait table alone is handy.',
      4,
    ],
    ['Sample: Omar H.', 'EPCOT', 'Sample testimonial — an admin replaces this with a real one. Clear alerts, no spam.', 5],
  ];
  await db
    .insertInto('testimonials')
    .values(samples.map(([name, park_visited, text, rating], i) => ({ name, park_visited, text, rating, is_sample: true, position: i })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('newsletter_subscriptions').dropColumn('confirmation_sent_at').execute();
  await db.schema.dropTable('settings').ifExists().execute();
  await db.schema.dropTable('testimonials').ifExists().execute();
}
