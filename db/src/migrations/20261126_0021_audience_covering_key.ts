import { type Kysely, sql } from 'kysely';

/**
 * The audience's primary key covers the evaluation (docs/DESIGN.md §2.3): `alert_audience_pkey` stays
 * `(ride_id, email)` and INCLUDEs every other column the evaluation reads, so a busy tick reads each changed
 * attraction's pairs as an index-only scan of that attraction's contiguous leaf pages instead of fetching
 * every pair's heap row. The heap is in watch-insertion order (person-major), so the plain key made each
 * attraction visit every heap page of the park: at 50,000 visitors × 30 attractions (a park's rows ≈ 220 MB,
 * above `shared_buffers`) a busy evaluation touched ~1.24 million buffers, 0.84 million of them read from
 * outside shared buffers, for 1.5 million pairs (EXPLAIN ANALYZE BUFFERS); with the covering key ~61,000, 24,000
 * of them read.
 * Replacing the key rather than adding an index keeps the number of indexes every write maintains the same.
 */
const covered = [
  'subscription_id',
  'phone_number',
  'remind_hourly',
  'back_in_service',
  'starts_at',
  'threshold_minutes',
  'armed',
  'armed_on',
  'last_alert_at',
  'email_days',
  'sms_days',
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`alter table alert_audience drop constraint alert_audience_pkey,
          add constraint alert_audience_pkey primary key (ride_id, email) include (${covered.join(', ')})`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table alert_audience drop constraint alert_audience_pkey, add constraint alert_audience_pkey primary key (ride_id, email)`.execute(
    db,
  );
}
