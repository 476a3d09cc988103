import { type Kysely, sql } from 'kysely';

/**
 * Web Push as a third channel (docs/decisions/038, docs/DESIGN.md §2.5 "Push"):
 * - `push_subscriptions`: one browser's standard `PushSubscription` per row (endpoint unique, its `p256dh` and
 *   `auth` keys), owned by an account (`user_id`, deleted with it), with an optional device label. `last_used_at`
 *   = the last subscribe or accepted push; a row unused for 30 days is deleted by the hourly expiry sweep.
 * - `push_deliveries`: one notification per (message, subscription). A message is one person's alert of one tick
 *   (`message_key` of the deliveries it rides on, or `single:<delivery id>` for a test alert), so push shares the
 *   e-mail's decision, history, caps and 60-minute rule; `delivery_id` = the message's first delivery. Sent like
 *   a provider delivery (docs/decisions/037): `queued` → `sending` with a lease → `sent` with the push service's
 *   message id, or `failed` / `gone` (the subscription answered 404/410/403 and was deleted). `delivery_id` has no
 *   foreign key (deliveries becomes partitioned by month in 0029, keyed (id, key_month)); the daily retention sweep
 *   deletes push rows older than 30 days (a push lives 15 minutes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table push_subscriptions (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id) on delete cascade,
    endpoint text not null unique,
    p256dh text not null,
    auth text not null,
    expiration_time timestamptz,
    device_label text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    last_success_at timestamptz,
    last_used_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index push_subscriptions_user_idx on push_subscriptions (user_id)`.execute(db);
  await sql`create index push_subscriptions_used_idx on push_subscriptions (last_used_at)`.execute(db);
  await sql`create table push_deliveries (
    id uuid primary key default gen_random_uuid(),
    message_key text not null,
    delivery_id uuid not null,
    push_subscription_id uuid references push_subscriptions(id) on delete set null,
    status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed', 'gone')),
    attempts integer not null default 0,
    lease_owner text,
    lease_expires_at timestamptz,
    provider_message_id text,
    error text,
    created_at timestamptz not null default now(),
    sent_at timestamptz,
    unique (message_key, push_subscription_id)
  )`.execute(db);
  await sql`create index push_deliveries_queued_idx on push_deliveries (created_at) where status = 'queued'`.execute(db);
  await sql`create index push_deliveries_lease_idx on push_deliveries (lease_expires_at) where status = 'sending'`.execute(db);
  await sql`create index push_deliveries_delivery_idx on push_deliveries (delivery_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists push_deliveries`.execute(db);
  await sql`drop table if exists push_subscriptions`.execute(db);
}
