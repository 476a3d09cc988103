import { type Kysely, sql } from 'kysely';

/**
 * What a new visitor sees (docs/DESIGN.md §6 "no invented numbers"):
 * - the placeholder testimonials seeded by the public-site migration are removed, and so is their `is_sample`
 *   flag: every stored testimonial is one an admin entered, and the landing page shows the section only when
 *   there is one;
 * - a feature gate's expected launch may be empty ("Early access", no date): the 1–40 character check becomes
 *   0–40.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('testimonials').where('is_sample', '=', true).execute();
  await db.schema.alterTable('testimonials').dropColumn('is_sample').execute();
  await sql`alter table feature_flags drop constraint if exists feature_flags_launch_label_check`.execute(db);
  await sql`alter table feature_flags add constraint feature_flags_launch_label_check check (length(launch_label) <= 40)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table feature_flags drop constraint if exists feature_flags_launch_label_check`.execute(db);
  await sql`update feature_flags set launch_label = 'Early access' where launch_label = ''`.execute(db);
  await sql`alter table feature_flags add constraint feature_flags_launch_label_check check (length(launch_label) between 1 and 40)`.execute(
    db,
  );
  await db.schema
    .alterTable('testimonials')
    .addColumn('is_sample', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}
