import { type Kysely, sql } from 'kysely';

/** `deliveries_yYYYYmMM`: the monthly partition of `deliveries` whose `key_month` is that month. */
export function deliveryPartitionName(year: number, month: number): string {
  return `deliveries_y${year}m${String(month).padStart(2, '0')}`;
}

/** The catch-all partition: a month without its own partition yet (the worker moves its rows out, docs/OPERATIONS.md). */
export const DELIVERY_DEFAULT_PARTITION = 'deliveries_default';

const COLUMNS = `id, dedup_key, kind, email, channel, address, park_id, ride_id, ride_name, wait_time, message, subscription_id,
  status, attempts, provider_message_id, error, hidden, created_at, sent_at, message_key, lease_owner, lease_expires_at`;

/**
 * Retention of deliveries (docs/OPERATIONS.md "Retention", docs/decisions/041):
 * `deliveries` becomes range-partitioned by `key_month`, the first day of the UTC month of the period its dedup key
 * names, so old months are dropped whole. The key stays unique because `key_month` is a function of the key:
 * - ride / back-in-service alerts (hour bucket) and test alerts (minute bucket): the month of `created_at`, which is
 *   the instant the bucket was taken from (an hour or minute never spans two UTC months);
 * - restaurant alerts (`restaurant:<alert>:<date>`) and return-time alerts (`rt:…:<park-local date>:<before>`): the
 *   month of the date in the key.
 * `delivery_key_month(dedup_key, created_at)` states that rule once; every insert sets `key_month` with it (or the
 * same month computed from the same instant). Unique (dedup_key, key_month) is therefore as strong as the old
 * unique dedup_key (docs/rules.md R8), across month boundaries too. The primary key becomes (id, key_month); no
 * foreign key points at deliveries (outbox_messages.delivery_id is a plain uuid). Months from the oldest row to
 * three ahead get their partition; anything else lands in `deliveries_default`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function delivery_key_month(dedup_key text, created_at timestamptz) returns date
    language sql stable parallel safe as $$
      select coalesce(
        case when dedup_key like 'restaurant:%' then to_date((regexp_match(dedup_key, ':(\\d{4}-\\d{2})-\\d{2}$'))[1], 'YYYY-MM')
             when dedup_key like 'rt:%' then to_date((regexp_match(dedup_key, ':(\\d{4}-\\d{2})-\\d{2}:(?:any|[0-9:]+)$'))[1], 'YYYY-MM')
        end,
        date_trunc('month', created_at at time zone 'UTC')::date)
    $$`.execute(db);

  await sql`alter table deliveries rename to deliveries_legacy`.execute(db);
  await sql`alter index deliveries_pkey rename to deliveries_legacy_pkey`.execute(db);
  await sql`alter index deliveries_dedup_key_key rename to deliveries_legacy_dedup_key_key`.execute(db);
  await sql`drop index deliveries_email_created_idx`.execute(db);
  await sql`drop index deliveries_queued_idx`.execute(db);
  await sql`drop index deliveries_lease_idx`.execute(db);

  await sql`
    create table deliveries (
      id uuid not null default gen_random_uuid(),
      dedup_key text not null,
      kind text not null default 'ride_alert',
      email text not null,
      channel text not null constraint deliveries_channel_check check (channel in ('email', 'sms')),
      address text not null,
      park_id text not null,
      ride_id text,
      ride_name text not null,
      wait_time integer,
      message text not null,
      subscription_id uuid,
      status text not null default 'queued'
        constraint deliveries_status_check check (status in ('queued', 'sending', 'sent', 'failed', 'capped')),
      attempts integer not null default 0,
      provider_message_id text,
      error text,
      hidden boolean not null default false,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      message_key text,
      lease_owner text,
      lease_expires_at timestamptz,
      key_month date not null default date_trunc('month', now() at time zone 'UTC')::date
        constraint deliveries_key_month_check check (extract(day from key_month) = 1),
      constraint deliveries_pkey primary key (id, key_month),
      constraint deliveries_dedup_key_month_key unique (dedup_key, key_month)
    ) partition by range (key_month)`.execute(db);
  await sql`create index deliveries_email_created_idx on deliveries (email, created_at)`.execute(db);
  await sql`create index deliveries_queued_idx on deliveries (created_at) where status = 'queued'`.execute(db);
  await sql`create index deliveries_lease_idx on deliveries (lease_expires_at) where status = 'sending'`.execute(db);
  await sql.raw(`create table ${DELIVERY_DEFAULT_PARTITION} partition of deliveries default`).execute(db);

  const { rows } = await sql<{ oldest: string | null }>`
    select to_char(min(delivery_key_month(dedup_key, created_at)), 'YYYY-MM-DD') as oldest from deliveries_legacy`.execute(db);
  const now = new Date();
  const [y0, m0] = (rows[0]?.oldest ?? now.toISOString()).split('-').map(Number) as [number, number];
  const end = now.getUTCFullYear() * 12 + now.getUTCMonth() + 3;
  // At most 13 months back (older rows stay in the default partition until the retention sweep deletes them).
  for (let i = Math.max(y0 * 12 + (m0 - 1), end - 16); i <= end; i++) {
    const y = Math.floor(i / 12);
    const m = (i % 12) + 1;
    const from = `${y}-${String(m).padStart(2, '0')}-01`;
    const to = `${Math.floor((i + 1) / 12)}-${String(((i + 1) % 12) + 1).padStart(2, '0')}-01`;
    await sql
      .raw(`create table ${deliveryPartitionName(y, m)} partition of deliveries for values from ('${from}') to ('${to}')`)
      .execute(db);
  }
  await sql
    .raw(`insert into deliveries (${COLUMNS}, key_month)
          select ${COLUMNS}, delivery_key_month(dedup_key, created_at) from deliveries_legacy`)
    .execute(db);
  await sql`drop table deliveries_legacy`.execute(db);
}

/** Back to one unpartitioned table with a globally unique dedup key (fails if a key repeats across months). */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table deliveries rename to deliveries_partitioned`.execute(db);
  await sql`alter index deliveries_pkey rename to deliveries_partitioned_pkey`.execute(db);
  await sql`alter index deliveries_dedup_key_month_key rename to deliveries_partitioned_dedup_key_month_key`.execute(db);
  await sql`drop index deliveries_email_created_idx`.execute(db);
  await sql`drop index deliveries_queued_idx`.execute(db);
  await sql`drop index deliveries_lease_idx`.execute(db);
  await sql`
    create table deliveries (
      id uuid primary key default gen_random_uuid(),
      dedup_key text not null unique,
      kind text not null default 'ride_alert',
      email text not null,
      channel text not null constraint deliveries_channel_check check (channel in ('email', 'sms')),
      address text not null,
      park_id text not null,
      ride_id text,
      ride_name text not null,
      wait_time integer,
      message text not null,
      subscription_id uuid,
      status text not null default 'queued'
        constraint deliveries_status_check check (status in ('queued', 'sending', 'sent', 'failed', 'capped')),
      attempts integer not null default 0,
      provider_message_id text,
      error text,
      hidden boolean not null default false,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      message_key text,
      lease_owner text,
      lease_expires_at timestamptz
    )`.execute(db);
  await sql`create index deliveries_email_created_idx on deliveries (email, created_at)`.execute(db);
  await sql`create index deliveries_queued_idx on deliveries (created_at) where status = 'queued'`.execute(db);
  await sql`create index deliveries_lease_idx on deliveries (lease_expires_at) where status = 'sending'`.execute(db);
  await sql.raw(`insert into deliveries (${COLUMNS}) select ${COLUMNS} from deliveries_partitioned`).execute(db);
  await sql`drop table deliveries_partitioned`.execute(db);
  await sql`drop function delivery_key_month(text, timestamptz)`.execute(db);
}
