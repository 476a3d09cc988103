import { type Kysely, sql } from 'kysely';

/**
 * Double opt-in for flight price alerts and the newsletter (docs/decisions/027): each row gets a
 * single-purpose `confirm_token` (the link in its confirmation e-mail) and `confirmed_at` (null = waiting for the
 * person to open it). Only confirmed flight alerts are checked and e-mailed; the newsletter goes only to confirmed
 * addresses. Flight alerts also get `confirmation_sent_at` (the confirmation e-mail leaves once, docs/decisions/015).
 * Rows made before this migration were created under the old rules and count as confirmed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['flight_alerts', 'newsletter_subscriptions']) {
    await db.schema
      .alterTable(table)
      .addColumn('confirm_token', 'text', (c) => c.notNull().unique().defaultTo(sql`encode(gen_random_bytes(24), 'hex')`))
      .addColumn('confirmed_at', 'timestamptz')
      .execute();
    await sql`update ${sql.table(table)} set confirmed_at = created_at`.execute(db);
  }
  await db.schema.alterTable('flight_alerts').addColumn('confirmation_sent_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('flight_alerts').dropColumn('confirmation_sent_at').execute();
  for (const table of ['flight_alerts', 'newsletter_subscriptions']) {
    await db.schema.alterTable(table).dropColumn('confirm_token').dropColumn('confirmed_at').execute();
  }
}
