import { type Kysely, sql } from 'kysely';

/**
 * Accounts: a verified e-mail address owns the e-mail-keyed data (subscriptions, pass days, ride selections,
 * alert history, return-time alerts); an unverified account sees only what it created itself while signed in.
 * - `users.email_verified_at`: when the address was proven by a link (null = unverified).
 * - `account_tokens`: single-use links (verify the address, reset the password, confirm a new address, claim a
 *   purchase from its receipt). Only the hex SHA-256 of the token is stored, with its expiry and use time.
 * - `user_rides.user_id`: the account that created the selection while signed in (null = made signed out);
 *   back-filled from the subscription of the same address and park.
 * - `role_audit`: who granted or revoked which role to whom, and when (the /admin roles panel).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz').execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('verify_email', 'reset_password', 'change_email', 'claim')`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .alterTable('user_rides')
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`
    update user_rides ur set user_id = s.user_id
    from subscriptions s
    where s.email = ur.email and s.park_id = ur.park_id and s.user_id is not null`.execute(db);

  await db.schema
    .createTable('role_audit')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('grant', 'revoke')`))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'moderator')`))
    .addColumn('target_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('target_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('role_audit').ifExists().execute();
  await db.schema.alterTable('user_rides').dropColumn('user_id').execute();
  await db.schema.dropTable('account_tokens').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
