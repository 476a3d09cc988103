import type { Executor } from '../client.ts';

/**
 * The leased-delivery store (docs/decisions/062-one-seam-for-channels.md, DESIGN §2.5 "claim, send, mark"): what
 * the worker's one send pipeline needs of a channel's table. `deliveries` (e-mail, SMS) and `push_deliveries`
 * (decision 038's own table) implement it; a new channel with a table of its own implements it too.
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

/** One channel's table of deliveries, sent by claim → send → mark with leases (decision 037). */
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
   * The sweeper's half (DESIGN §2.5): rows too old to be worth sending are failed (when the channel has a TTL);
   * `sending` rows whose lease ended before `now` go back to `queued`; returns those and the `queued` rows created
   * before `staleBefore`, at most `limit` of each, for re-enqueueing.
   */
  requeueExpired(db: Executor, now: Date, staleBefore: Date, limit?: number): Promise<LeasedRow[]>;
}
