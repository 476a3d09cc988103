import { type Kysely, sql } from 'kysely';

/**
 * Provider sends never hold a transaction across a network call (docs/DESIGN.md §2.5, docs/rules.md "Delivery
 * guarantee"): a send batch claims its deliveries (`queued` → `sending`, with a lease: `lease_owner` = the
 * worker's id, `lease_expires_at`) in one short transaction, calls SES / SNS outside any transaction, and marks
 * each delivery `sent` / `failed` (or back to `queued`) in another. The sweeper re-queues only `sending` rows
 * whose lease expired (`deliveries_lease_idx`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table deliveries drop constraint if exists deliveries_status_check`.execute(db);
  await sql`alter table deliveries add constraint deliveries_status_check
            check (status in ('queued', 'sending', 'sent', 'failed', 'capped'))`.execute(db);
  await sql`alter table deliveries add column lease_owner text, add column lease_expires_at timestamptz`.execute(db);
  await sql`create index deliveries_lease_idx on deliveries (lease_expires_at) where status = 'sending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update deliveries set status = 'queued' where status = 'sending'`.execute(db);
  await sql`drop index if exists deliveries_lease_idx`.execute(db);
  await sql`alter table deliveries drop column lease_owner, drop column lease_expires_at`.execute(db);
  await sql`alter table deliveries drop constraint if exists deliveries_status_check`.execute(db);
  await sql`alter table deliveries add constraint deliveries_status_check check (status in ('queued', 'sent', 'failed', 'capped'))`.execute(
    db,
  );
}
