import { hostname } from 'node:os';
import type { Lease, LeasedRow, LeaseEnd } from '@walkon/db';
import {
  GoneNotifyError,
  PausedNotifyError,
  PermanentNotifyError,
  type Sender,
  ThrottledNotifyError,
} from '@walkon/integrations/providers/sender.ts';
import type { Channel, RenderedMessage, SendDb } from './channel.ts';

/** The process's worker id in delivery leases: host, pid and a random suffix. */
export const WORKER_ID = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

/** What one channel batch needs. */
export interface ChannelSendDeps<M = unknown> {
  db: SendDb;
  now: () => Date;
  /** e.g. http://localhost:3000 — the base of links in messages. */
  publicOrigin: string;
  /** The channel's provider (Channel.sender). */
  sender: Sender<M>;
  /** Sends in flight per batch (Channel.concurrency). */
  concurrency: number;
  /** This worker's id in leases (default WORKER_ID). */
  workerId?: string;
  /** How long a batch's lease lasts (ms, default 60 s; SEND_LEASE_SECONDS), renewed every third of it. */
  leaseMs?: number;
  /** Longest a message waits in total on throttling answers that say how long (Retry-After) before it is put off (ms, default 30 s). */
  maxThrottleWaitMs?: number;
  /** Waits `ms` (tests may shorten it; default a timer). */
  sleep?: (ms: number) => Promise<void>;
}

/** What became of one store row of the batch. */
export type RowOutcome<Row> =
  | { status: 'sent'; id: string; messageId: string; row: Row }
  | { status: 'failed' | 'gone' | 'retry' | 'throttled' | 'paused' | 'skipped'; id: string; reason: string };

/** What a channel batch did. */
export interface ChannelBatchOutcome<Row> {
  outcomes: RowOutcome<Row>[];
  /** Messages that left. */
  messages: number;
  /** A transient error on at least one message: its rows are back to `queued` (attempt counted); the job should retry. */
  retry: Error | null;
  /** Throttled past the wait: rows back to `queued` without an attempt; the job should run again later. */
  throttled: Error | null;
  /** Throttling answers met (each waited and resent, or put off). */
  throttledAnswers: number;
  /** Pauses (PausedNotifyError): answers per service, and the services whose pause an answer of this batch started. */
  paused: { byService: { service: string; answers: number }[]; first: string[] };
}

/**
 * Renews the leases of the ids in `open` every `leaseMs / 3` (errors ignored: an expired lease is the sweeper's).
 * Returns the timer (unref'd); the caller clears it when the batch ends.
 */
function renewLeasesWhileOpen(open: Set<string>, renew: (ids: string[]) => Promise<unknown>, leaseMs: number): NodeJS.Timeout {
  const timer = setInterval(() => {
    void renew([...open]).catch(() => {});
  }, leaseMs / 3);
  timer.unref();
  return timer;
}

/**
 * `sent` marks coalesced: rows queued while a write is in flight go out together in the next one; each call
 * resolves once its rows are committed (a failed write keeps them queued for the next call and rejects).
 */
function coalescedMarks(
  write: (rows: { id: string; messageId: string }[]) => Promise<unknown>,
): (rows: { id: string; messageId: string }[]) => Promise<void> {
  let pending: { id: string; messageId: string }[] = [];
  let tail: Promise<void> = Promise.resolve();
  return (rows) => {
    pending.push(...rows);
    const p = tail.then(async () => {
      if (pending.length === 0) return;
      const batch = pending;
      pending = [];
      try {
        await write(batch);
      } catch (err) {
        pending.unshift(...batch);
        throw err;
      }
    });
    tail = p.catch(() => {});
    return p;
  };
}

/** Runs `fn` over `items` with at most `limit` calls in flight (never rejects: `fn` handles its errors). */
async function eachLimited<T>(items: T[], limit: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const emptyOutcome = <Row>(): ChannelBatchOutcome<Row> => ({
  outcomes: [],
  messages: 0,
  retry: null,
  throttled: null,
  throttledAnswers: 0,
  paused: { byService: [], first: [] },
});

/**
 * docs/DESIGN.md §2.5 send, one batch of a channel's store rows (docs/decisions/037, 062). A sender that
 * writes batches (`sendMany`, the outbox) runs in ONE transaction: the rows are locked (`claim` without a lease),
 * rendered, written in one call and marked `sent` in the same transaction — exactly once. Any other sender runs
 * "claim, send, mark", never a transaction across a network call:
 * 1. one short transaction claims the still-`queued` rows (`queued` → `sending`, lease = this worker until now +
 *    leaseMs, renewed every third of it while the batch runs; rows held elsewhere are skipped);
 * 2. the channel renders its messages (one per `messageKey`, or per row);
 * 3. messages go out `concurrency` at once; each accepted one is marked `sent` with the provider's id right after
 *    its call (coalesced short updates; a lane waits for its mark), so a crash repeats at most the messages in
 *    flight (docs/rules.md R8);
 * 4. what did not leave ends its lease: PermanentNotifyError → `failed` at once (GoneNotifyError → `gone`, the
 *    address deleted); ThrottledNotifyError with `retryAfterMs` → wait and resend up to maxThrottleWaitMs in all,
 *    then (or at once without it) back to `queued` with no attempt counted (`throttled`); PausedNotifyError →
 *    back to `queued` with no attempt (`paused`); anything else → back to `queued` with the attempt counted (`retry`).
 * Rows whose worker died stay `sending` until their lease expires; the sweeper then re-queues them (channels/sweep.ts).
 */
export async function sendChannelBatch<Row extends LeasedRow, M>(
  channel: Channel<Row, M>,
  deps: ChannelSendDeps<M>,
  ids: string[],
): Promise<ChannelBatchOutcome<Row>> {
  return deps.sender.sendMany ? sendInTransaction(channel, deps, ids) : sendLeased(channel, deps, ids);
}

function skippedOutcomes<Row>(ids: string[], claimed: LeasedRow[]): RowOutcome<Row>[] {
  const seen = new Set(claimed.map((c) => c.id));
  return ids.filter((id) => !seen.has(id)).map((id) => ({ status: 'skipped', id, reason: 'already sent or being sent elsewhere' }));
}

async function sendInTransaction<Row extends LeasedRow, M>(
  channel: Channel<Row, M>,
  deps: ChannelSendDeps<M>,
  ids: string[],
): Promise<ChannelBatchOutcome<Row>> {
  const sendMany = deps.sender.sendMany!;
  return deps.db.transaction().execute(async (tx) => {
    const locked = await channel.store.claim(tx, ids, null);
    const out = emptyOutcome<Row>();
    out.outcomes.push(...skippedOutcomes<Row>(ids, locked));
    const byId = new Map(locked.map((r) => [r.id, r]));
    const rendered = await channel.render({ db: tx, publicOrigin: deps.publicOrigin }, locked);
    const ok = rendered.filter((r): r is { ids: string[]; message: M } => 'message' in r);
    const sentIds = await sendMany.call(
      deps.sender,
      ok.map((r) => r.message),
      { db: tx },
    );
    const sent: { id: string; messageId: string }[] = [];
    ok.forEach((r, k) => {
      const messageId = sentIds[k]!.messageId;
      for (const id of r.ids) {
        sent.push({ id, messageId });
        out.outcomes.push({ status: 'sent', id, messageId, row: byId.get(id)! });
      }
    });
    await channel.store.markSent(tx, sent, deps.now());
    for (const r of rendered) {
      if (!('failed' in r)) continue;
      await channel.store.markFailed(tx, r.ids, null, 'failed', r.failed);
      for (const id of r.ids) out.outcomes.push({ status: 'failed', id, reason: r.failed });
    }
    out.messages = ok.length;
    return out;
  });
}

async function sendLeased<Row extends LeasedRow, M>(
  channel: Channel<Row, M>,
  deps: ChannelSendDeps<M>,
  ids: string[],
): Promise<ChannelBatchOutcome<Row>> {
  const owner = deps.workerId ?? WORKER_ID;
  const leaseMs = deps.leaseMs ?? 60_000;
  const sleep = deps.sleep ?? defaultSleep;
  const maxWait = deps.maxThrottleWaitMs ?? 30_000;
  const lease = (): Lease => ({ owner, until: new Date(deps.now().getTime() + leaseMs) });
  const store = channel.store;
  const claimed = await deps.db.transaction().execute((tx) => store.claim(tx, ids, lease()));
  const out = emptyOutcome<Row>();
  out.outcomes.push(...skippedOutcomes<Row>(ids, claimed));
  if (claimed.length === 0) return out;

  const byId = new Map(claimed.map((r) => [r.id, r]));
  const open = new Set(byId.keys());
  const renew = renewLeasesWhileOpen(open, (held) => store.renewLeases(deps.db, held, lease()), leaseMs);
  const markSent = coalescedMarks((batch) => store.markSent(deps.db, batch, deps.now()));
  const ends: Record<LeaseEnd | 'paused', { ids: string[]; reason: string }[]> = {
    failed: [],
    gone: [],
    retry: [],
    throttled: [],
    paused: [],
  };
  const errors: { retry: Error | null; throttled: Error | null } = { retry: null, throttled: null };

  const one = async (r: RenderedMessage<M>) => {
    if ('failed' in r) {
      ends.failed.push({ ids: r.ids, reason: r.failed });
      return;
    }
    let waited = 0;
    for (;;) {
      try {
        const { messageId } = await deps.sender.send(r.message, { db: deps.db });
        out.messages++;
        for (const id of r.ids) out.outcomes.push({ status: 'sent', id, messageId, row: byId.get(id)! });
        // The message left: never released back to `queued` from here. A mark that fails stays pending and is
        // retried by the next flush; if the last flush fails too, the batch throws and the rows stay `sending`.
        await markSent(r.ids.map((id) => ({ id, messageId }))).catch(() => {});
        for (const id of r.ids) open.delete(id);
        return;
      } catch (err) {
        const e = err as Error;
        if (err instanceof ThrottledNotifyError) {
          out.throttledAnswers++;
          if (err.retryAfterMs !== undefined && waited + err.retryAfterMs <= maxWait) {
            waited += err.retryAfterMs;
            await sleep(err.retryAfterMs);
            continue;
          }
          ends.throttled.push({ ids: r.ids, reason: e.message });
          errors.throttled ??= e;
        } else if (err instanceof PausedNotifyError) {
          if (err.answered) {
            const s = out.paused.byService.find((x) => x.service === err.service);
            if (s) s.answers++;
            else out.paused.byService.push({ service: err.service, answers: 1 });
          }
          if (err.first) out.paused.first.push(err.service);
          ends.paused.push({ ids: r.ids, reason: e.message });
        } else if (err instanceof GoneNotifyError) ends.gone.push({ ids: r.ids, reason: e.message });
        else if (err instanceof PermanentNotifyError) ends.failed.push({ ids: r.ids, reason: e.message });
        else {
          ends.retry.push({ ids: r.ids, reason: e.message });
          errors.retry ??= e;
        }
        return;
      }
    }
  };

  try {
    let rendered: RenderedMessage<M>[];
    try {
      rendered = await channel.render({ db: deps.db, publicOrigin: deps.publicOrigin }, claimed);
    } catch (err) {
      // Nothing left: the rows go back to `queued` with the attempt counted, and the job retries.
      await store.markFailed(deps.db, [...open], owner, 'retry', (err as Error).message);
      throw err;
    }
    await eachLimited(rendered, deps.concurrency, one);
    // A last flush that failed (database unreachable) throws: its rows stay `sending` until the lease expires and
    // the sweeper re-queues them (the only way a message is repeated, docs/rules.md R8).
    await markSent([]);
    for (const end of ['failed', 'gone', 'retry', 'throttled', 'paused'] as const) {
      for (const e of ends[end]) {
        // A pause is the provider's, not the message's: back to `queued` without an attempt, like throttling.
        await store.markFailed(deps.db, e.ids, owner, end === 'paused' ? 'throttled' : end, e.reason);
        for (const id of e.ids) out.outcomes.push({ status: end, id, reason: e.reason });
      }
    }
  } finally {
    clearInterval(renew);
  }
  out.retry = errors.retry;
  out.throttled = errors.throttled;
  return out;
}
