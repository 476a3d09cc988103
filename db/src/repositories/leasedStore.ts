import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../client.ts';

/**
 * The leased-delivery store (docs/decisions/062, docs/DESIGN.md §2.5 "claim, send, mark"): what
 * the worker's one send pipeline needs of a channel's table. `deliveries` (e-mail, SMS) and `push_deliveries`
 * (docs/decisions/038's own table) implement it; a new channel with a table of its own implements it too.
 */

/** A row of a leased store as fan-out and the sweeper see it: deliveries sharing a `messageKey` leave as one message. */
export interface LeasedRow {
  id: string;
  messageKey?: string | null;
}

/** A lease: the worker that holds the rows and until when (UTC). */
export interface Lease {
  owner: string;
  until: Date;
}

/**
 * How a lease ends for rows that did not leave: `failed` (permanent; reason kept), `gone` (the address no longer
 * exists; the store deletes it — a store without addresses of its own marks the rows failed), `retry` (back to
 * `queued`, the attempt counted) or `throttled` (back to `queued`, no attempt counted: the provider's rate limit
 * or a pause).
 */
export type LeaseEnd = 'failed' | 'gone' | 'retry' | 'throttled';

/** One channel's table of deliveries, sent by claim → send → mark with leases (docs/decisions/037). */
export interface LeasedStore<Row extends LeasedRow = LeasedRow> {
  /**
   * Claims the still-`queued` rows among `ids` (rows another sender holds are skipped, `FOR UPDATE SKIP LOCKED`),
   * returning them with what their messages need. With a `lease`: `queued` → `sending` with `owner` until `until`
   * (one short transaction of its own). With `null`: the rows are only locked for the caller's transaction
   * (the outbox batch, which marks them in the same transaction).
   */
  claim(db: Executor, ids: string[], lease: Lease | null): Promise<Row[]>;
  /** Extends `owner`'s lease on its `sending` rows among `ids` to `until`. Returns how many it still holds. */
  renewLeases(db: Executor, ids: string[], lease: Lease): Promise<number>;
  /**
   * Marks rows the provider accepted `sent` with its message ids (one statement). Rows still `sending` or
   * `queued` (locked by the caller, or re-queued by the sweeper after their lease expired) change, so a re-queued
   * copy is not sent again. Returns how many changed.
   */
  markSent(db: Executor, sent: { id: string; messageId: string }[], now: Date): Promise<number>;
  /**
   * Ends the lease of rows that did not leave (LeaseEnd). `owner` = the lease holder (rows `sending` under it
   * change); `null` = rows still `queued` (locked by the caller's transaction, or after a failed batch).
   */
  markFailed(db: Executor, ids: string[], owner: string | null, end: LeaseEnd, reason: string): Promise<void>;
  /**
   * The sweeper's half (docs/DESIGN.md §2.5): rows too old to be worth sending are failed (when the channel has a TTL);
   * `sending` rows whose lease ended before `now` go back to `queued`; returns those and the `queued` rows created
   * before `staleBefore`, at most `limit` of each, for re-enqueueing.
   */
  requeueExpired(db: Executor, now: Date, staleBefore: Date, limit?: number): Promise<LeasedRow[]>;
}

/**
 * The statements every leased table shares (columns `id`, `status`, `lease_owner`, `lease_expires_at`, `attempts`,
 * `error`, `provider_message_id`, `sent_at`, `message_key`, `created_at`), written once for the stores of
 * `deliveries` and `push_deliveries` (and a new channel's table). `scope` narrows the sweeper's statements to the
 * store's rows (e.g. one channel of `deliveries`).
 */
export function leaseStatements(table: string, scope: RawBuilder<unknown> = sql`true`) {
  const t = sql.table(table);
  return {
    /**
     * The first half of LeasedStore.claim's leased form: a CTE `u` of the rows among `ids` still `queued` (locked,
     * skipping those another worker holds), updated by `set` (default: `sending` under `held`), returning `u.*`;
     * the store selects its message shape `from u`.
     */
    claimed(ids: string[], held: Lease, set?: RawBuilder<unknown>) {
      const assign = set ?? sql`status = 'sending', lease_owner = ${held.owner}, lease_expires_at = ${held.until}`;
      return sql`with c as (
          select id from ${t} where id = any(${ids}::uuid[]) and status = 'queued' for update skip locked
        ), u as (
          update ${t} p set ${assign} from c where p.id = c.id returning p.*
        )`;
    },
    /** LeasedStore.renewLeases on this table. */
    async renewLeases(db: Executor, ids: string[], lease: Lease): Promise<number> {
      if (ids.length === 0) return 0;
      const r = await sql`update ${t} set lease_expires_at = ${lease.until}
        where id = any(${ids}::uuid[]) and status = 'sending' and lease_owner = ${lease.owner}`.execute(db);
      return Number(r.numAffectedRows ?? 0);
    },
    /**
     * The `sent` update of LeasedStore.markSent (rows `sending` or `queued` among `sent`; `returning` columns when
     * given), as a statement the caller executes or wraps (push records its subscriptions' use in the same statement).
     */
    markSent(sent: { id: string; messageId: string }[], now: Date, returning?: RawBuilder<unknown>) {
      return sql`update ${t} p set status = 'sent', provider_message_id = x.message_id, sent_at = ${now}, attempts = p.attempts + 1,
               error = null, lease_owner = null, lease_expires_at = null
        from unnest(${sent.map((s) => s.id)}::uuid[], ${sent.map((s) => s.messageId)}::text[]) as x(id, message_id)
        where p.id = x.id and p.status in ('sending', 'queued')
        ${returning ? sql`returning ${returning}` : sql``}`;
    },
    /**
     * LeasedStore.markFailed on this table: the rows become `status` (`queued` again for retry / throttled), the
     * attempt counted unless `end` is `throttled`. Returns the changed rows' `returning` columns.
     */
    async markFailed<R = { id: string }>(
      db: Executor,
      ids: string[],
      owner: string | null,
      end: LeaseEnd,
      status: string,
      reason: string,
      returning: RawBuilder<unknown> = sql`id`,
    ): Promise<R[]> {
      if (ids.length === 0) return [];
      const held = owner === null ? sql`status = 'queued'` : sql`status = 'sending' and lease_owner = ${owner}`;
      const { rows } = await sql<R>`update ${t} set status = ${status}, attempts = attempts + ${end === 'throttled' ? 0 : 1},
          error = ${reason.slice(0, 1000)}, lease_owner = null, lease_expires_at = null
        where id = any(${ids}::uuid[]) and ${held}
        returning ${returning}`.execute(db);
      return rows;
    },
    /** The re-queue and stale listing of LeasedStore.requeueExpired on this table (at most `limit` of each). */
    async requeueExpired(db: Executor, now: Date, staleBefore: Date, limit: number): Promise<LeasedRow[]> {
      const { rows: expired } = await sql<LeasedRow>`
        update ${t} d set status = 'queued', lease_owner = null, lease_expires_at = null
        from (select id from ${t} where status = 'sending' and lease_expires_at < ${now} and ${scope}
              order by lease_expires_at limit ${limit} for update skip locked) x
        where d.id = x.id
        returning d.id, d.message_key as "messageKey"`.execute(db);
      const { rows: stale } = await sql<LeasedRow>`
        select id, message_key as "messageKey" from ${t}
        where status = 'queued' and created_at < ${staleBefore} and ${scope}
        order by created_at limit ${limit}`.execute(db);
      const seen = new Set(stale.map((d) => d.id));
      return [...stale, ...expired.filter((d) => !seen.has(d.id))];
    },
  };
}
