import { type Kysely, sql } from 'kysely';

/**
 * Sign-up by e-mailed link (docs/decisions/046): a sign-up creates no account and no session,
 * only a `pending_signups` row (the name, the argon2id hash of the chosen password, the page to return to, and
 * the hex SHA-256 of the link's token, never the token). Opening the link (24 h, single use) creates the account,
 * verified, and signs the browser in. Expired rows are swept with the account tokens (docs/OPERATIONS.md "Retention").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pending_signups')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('next_path', 'text', (c) => c.notNull().defaultTo('/'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_signups').ifExists().execute();
}
