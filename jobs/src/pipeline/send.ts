import { hostname } from 'node:os';
import type { Database, Kysely } from '@walkon/db';
import { type DeliveryToSend, deliveries, type Executor, restaurantAlerts } from '@walkon/db';
import { formatAlertsOnEmail, formatAlertsOnSms } from '@walkon/domain/messages/alertsOn';
import { oneClickUnsubscribe } from '@walkon/domain/messages/email';
import { formatRestaurantAlertEmail } from '@walkon/domain/messages/restaurants';
import { formatReturnTimeEmail, formatReturnTimeSms } from '@walkon/domain/messages/returnTimes';
import {
  formatRideAlertEmail,
  formatRideAlertGroupEmail,
  formatRideAlertGroupSms,
  formatRideAlertSms,
} from '@walkon/domain/messages/rideAlerts';
import {
  type EmailMessage,
  type Notifier,
  PermanentNotifyError,
  type SmsMessage,
  ThrottledNotifyError,
} from '@walkon/integrations/providers/notify/index.ts';
import { coalescedMarks, renewLeasesWhileOpen } from './leasedBatch.ts';

/** What sending one delivery did. */
export type SendOutcome =
  | {
      status: 'sent';
      deliveryId: string;
      messageId: string;
      channel: 'email' | 'sms';
      address: string;
      rideId: string | null;
      rideName: string;
      waitTime: number | null;
    }
  | { status: 'skipped'; deliveryId: string; reason: string }
  | { status: 'failed'; deliveryId: string; reason: string };

/** Dependencies of the senders. */
export interface SendDeps {
  db: Kysely<Database>;
  notifier: Notifier;
  now: () => Date;
  /** e.g. http://localhost:3000 — the base of unsubscribe links. */
  publicOrigin: string;
  /**
   * How many provider calls (SES / SNS) one batch makes at once (SEND_PROVIDER_CONCURRENCY, default 8): the
   * provider throughput limit per send worker slot. The outbox transport writes a whole batch in one insert.
   */
  providerConcurrency?: number;
  /** This worker's id in delivery leases (default: host, pid and a random suffix, one per process). */
  workerId?: string;
  /** How long a provider batch's lease lasts (ms, default 60 s; SEND_LEASE_SECONDS), renewed every third of it. */
  leaseMs?: number;
}

/** The process's worker id for delivery leases: host, pid and a random suffix. */
export const WORKER_ID = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

/** Largest number of deliveries one send job carries (DESIGN §2.5). */
export const SEND_BATCH_SIZE = 500;

/** What a batch sent: outcomes per delivery, messages written, and whether a transient failure asks for a retry. */
export interface BatchOutcome {
  outcomes: SendOutcome[];
  messages: number;
  /** A transient provider error on at least one message: those deliveries stay queued and the job should retry. */
  retry: Error | null;
  /**
   * Provider sends only: messages the provider kept throttling (ThrottledNotifyError); their deliveries are back
   * to `queued` without an attempt counted, and the job should run again later without spending an attempt.
   */
  throttled?: Error | null;
}

interface Rendered {
  deliveries: DeliveryToSend[];
  channel: 'email' | 'sms';
  email?: EmailMessage;
  sms?: SmsMessage;
}

/** Runs `fn` over `items` with at most `limit` calls in flight; results in order, never rejects. */
async function settleLimited<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const out: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const k = next++;
      try {
        out[k] = { status: 'fulfilled', value: await fn(items[k]!) };
      } catch (reason) {
        out[k] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return out;
}

/** Renders one message: a grouped ride-alert message, or the message of a single delivery of another kind. */
async function render(db: Executor, deps: SendDeps, group: DeliveryToSend[]): Promise<Rendered | { failed: string }> {
  const d = group[0]!;
  const unsubscribe = d.unsubscribeToken ? oneClickUnsubscribe(deps.publicOrigin, d.unsubscribeToken) : null;
  const ids = group.map((g) => g.id);
  if (d.kind === 'ride_alert' || d.kind === 'back_in_service') {
    const g = {
      parkId: d.parkId,
      parkName: d.parkName ?? d.parkId,
      timezone: d.timezone,
      readingAt: new Date(d.createdAt),
      items: group.map((x) => ({ kind: x.kind, rideName: x.rideName, waitTime: x.waitTime, rideId: x.rideId })),
      publicOrigin: deps.publicOrigin,
      unsubscribeUrl: unsubscribe?.url ?? null,
    };
    if (d.channel === 'email') {
      return {
        deliveries: group,
        channel: 'email',
        email: { to: d.address, ...formatRideAlertGroupEmail(g), headers: unsubscribe?.headers ?? {}, deliveryId: d.id, deliveryIds: ids },
      };
    }
    return {
      deliveries: group,
      channel: 'sms',
      sms: { to: d.address, text: formatRideAlertGroupSms(g), deliveryId: d.id, deliveryIds: ids },
    };
  }
  const input = {
    kind: d.kind,
    rideName: d.rideName,
    waitTime: d.waitTime,
    parkName: d.parkName ?? null,
    unsubscribeUrl: unsubscribe?.url ?? null,
  };
  if (d.kind === 'restaurant_alert') {
    // Restaurant alerts: the alert's own unsubscribe token and details.
    const r = await restaurantAlerts.deliveryContext(db, d.id);
    if (!r) return { failed: 'restaurant alert deleted' };
    const unsub = oneClickUnsubscribe(deps.publicOrigin, r.unsubscribeToken);
    const mail = formatRestaurantAlertEmail({ ...r, unsubscribeUrl: unsub.url, publicOrigin: deps.publicOrigin });
    return {
      deliveries: group,
      channel: 'email',
      email: { to: d.address, ...mail, headers: unsub.headers, deliveryId: d.id, deliveryIds: ids },
    };
  }
  if (d.kind === 'alerts_on') {
    // The alerts-on confirmation (docs/rules.md R16b): its sentence was written when alerts were switched on.
    if (d.channel === 'email') {
      const manageUrl = `${deps.publicOrigin.replace(/\/$/, '')}/manage-alerts`;
      const mail = formatAlertsOnEmail({
        sentence: d.message,
        parkName: d.parkName ?? d.parkId,
        manageUrl,
        unsubscribeUrl: input.unsubscribeUrl,
      });
      return {
        deliveries: group,
        channel: 'email',
        email: { to: d.address, ...mail, headers: unsubscribe?.headers ?? {}, deliveryId: d.id, deliveryIds: ids },
      };
    }
    return {
      deliveries: group,
      channel: 'sms',
      sms: { to: d.address, text: formatAlertsOnSms(d.message), deliveryId: d.id, deliveryIds: ids },
    };
  }
  if (d.kind === 'return_time') {
    // Return-time alerts: the headline was written at claim time; unsubscribe like ride alerts.
    if (d.channel === 'email') {
      const mail = formatReturnTimeEmail({ rideName: d.rideName, headline: d.message, unsubscribeUrl: input.unsubscribeUrl });
      return {
        deliveries: group,
        channel: 'email',
        email: { to: d.address, ...mail, headers: unsubscribe?.headers ?? {}, deliveryId: d.id, deliveryIds: ids },
      };
    }
    return {
      deliveries: group,
      channel: 'sms',
      sms: { to: d.address, text: formatReturnTimeSms(d.message), deliveryId: d.id, deliveryIds: ids },
    };
  }
  if (d.channel === 'email') {
    const mail = formatRideAlertEmail(input);
    return {
      deliveries: group,
      channel: 'email',
      email: { to: d.address, ...mail, headers: unsubscribe?.headers ?? {}, deliveryId: d.id, deliveryIds: ids },
    };
  }
  return { deliveries: group, channel: 'sms', sms: { to: d.address, text: formatRideAlertSms(input), deliveryId: d.id, deliveryIds: ids } };
}

/**
 * DESIGN §2.5 send, one batch (up to SEND_BATCH_SIZE deliveries). A transport that writes batches
 * (`sendMany`, the outbox) runs sendOutboxBatch: one transaction, exactly once. A provider (SES / SNS) runs
 * sendProviderBatch: claim with a lease, call outside any transaction, mark — at most once per lease.
 */
export async function sendDeliveryBatch(deps: SendDeps, deliveryIds: string[]): Promise<BatchOutcome> {
  return deps.notifier.sendMany ? sendOutboxBatch(deps, deliveryIds) : sendProviderBatch(deps, deliveryIds);
}

/** Groups deliveries into messages: one per `message_key`, others a message each. */
function groupMessages(rows: DeliveryToSend[]): DeliveryToSend[][] {
  const groups = new Map<string, DeliveryToSend[]>();
  for (const d of rows) {
    const key = d.messageKey ?? `single:${d.id}`;
    const g = groups.get(key);
    if (g) g.push(d);
    else groups.set(key, [d]);
  }
  return [...groups.values()];
}

function sentOutcome(d: DeliveryToSend, messageId: string): SendOutcome {
  return {
    status: 'sent',
    deliveryId: d.id,
    messageId,
    channel: d.channel,
    address: d.address,
    rideId: d.rideId,
    rideName: d.rideName,
    waitTime: d.waitTime,
  };
}

/**
 * DESIGN §2.5 "claim, send, mark" for providers (SES / SNS), never a transaction across a network call:
 * 1. one short transaction claims the still-`queued` deliveries among `deliveryIds` (`queued` → `sending`, lease
 *    = this worker's id until now + leaseMs; rows held elsewhere are skipped);
 * 2. messages are rendered and sent outside any transaction, at most `providerConcurrency` calls at once (the
 *    notifier keeps the account-wide rate limit); the lease is renewed every third of leaseMs while it runs;
 * 3. each accepted message is marked `sent` with the provider's message id right after the call (coalesced
 *    short updates; a lane waits for its mark before taking the next message), so a crash can repeat only the
 *    messages in flight at that instant — at most one per lane (docs/rules.md R8);
 * 4. a last short update ends the lease of what did not leave: PermanentNotifyError → `failed` with the reason;
 *    ThrottledNotifyError → `queued`, no attempt counted (`throttled`); any other error → `queued` with the
 *    attempt recorded (`retry`).
 * Rows whose worker died stay `sending` until their lease expires; the sweeper then re-queues them.
 */
export async function sendProviderBatch(deps: SendDeps, deliveryIds: string[]): Promise<BatchOutcome> {
  const owner = deps.workerId ?? WORKER_ID;
  const leaseMs = deps.leaseMs ?? 60_000;
  const leaseUntil = () => new Date(deps.now().getTime() + leaseMs);
  const claimed = await deps.db.transaction().execute((tx) => deliveries.claimForSend(tx, deliveryIds, owner, leaseUntil()));
  const outcomes: SendOutcome[] = [];
  const seen = new Set(claimed.map((d) => d.id));
  for (const id of deliveryIds)
    if (!seen.has(id)) outcomes.push({ status: 'skipped', deliveryId: id, reason: 'already sent or being sent elsewhere' });
  if (claimed.length === 0) return { outcomes, messages: 0, retry: null, throttled: null };

  const open = new Set(seen);
  const renew = renewLeasesWhileOpen(open, (ids) => deliveries.renewLeases(deps.db, ids, owner, leaseUntil()), leaseMs);

  // Sent marks: coalesced into one short update per round trip; each caller resolves once its mark committed.
  const markSent = coalescedMarks((batch) => deliveries.markLeasedSent(deps.db, batch, deps.now()));

  const failed: { ids: string[]; reason: string }[] = [];
  const retry: { ids: string[]; err: Error }[] = [];
  const throttled: { ids: string[]; err: Error }[] = [];
  let messages = 0;
  try {
    await settleLimited(groupMessages(claimed), deps.providerConcurrency ?? 8, async (group) => {
      const ids = group.map((d) => d.id);
      let messageId: string;
      try {
        const r = await render(deps.db, deps, group);
        if ('failed' in r) {
          failed.push({ ids, reason: r.failed });
          return;
        }
        ({ messageId } = r.email
          ? await deps.notifier.sendEmail(r.email, { db: deps.db })
          : await deps.notifier.sendSms(r.sms!, { db: deps.db }));
      } catch (err) {
        if (err instanceof PermanentNotifyError) failed.push({ ids, reason: err.message });
        else if (err instanceof ThrottledNotifyError) throttled.push({ ids, err });
        else retry.push({ ids, err: err as Error });
        return;
      }
      messages++;
      for (const d of group) outcomes.push(sentOutcome(d, messageId));
      // The message left: never released back to `queued` from here. A mark that fails stays pending and is
      // retried by the next flush; if the last flush fails too, the batch throws and the rows stay `sending`.
      await markSent(ids.map((id) => ({ id, messageId }))).catch(() => {});
      for (const id of ids) open.delete(id);
    });
    await markSent([]);
    // A last flush that failed (database unreachable) threw above: its rows stay `sending` until the lease
    // expires and the sweeper re-queues them (the only way a message is repeated, docs/rules.md R8).
    for (const p of failed) {
      await deliveries.releaseLeases(deps.db, p.ids, owner, 'failed', p.reason);
      for (const id of p.ids) outcomes.push({ status: 'failed', deliveryId: id, reason: p.reason });
    }
    for (const t of retry) {
      await deliveries.releaseLeases(deps.db, t.ids, owner, 'retry', t.err.message);
      for (const id of t.ids) outcomes.push({ status: 'skipped', deliveryId: id, reason: `will retry: ${t.err.message}` });
    }
    for (const t of throttled) {
      await deliveries.releaseLeases(deps.db, t.ids, owner, 'throttled', t.err.message);
      for (const id of t.ids) outcomes.push({ status: 'skipped', deliveryId: id, reason: `throttled: ${t.err.message}` });
    }
  } finally {
    clearInterval(renew);
  }
  return { outcomes, messages, retry: retry[0]?.err ?? null, throttled: throttled[0]?.err ?? null };
}

/**
 * DESIGN §2.5 send for a batch-writing transport (the outbox), one batch in ONE transaction: locks the still-queued
 * deliveries (`FOR UPDATE SKIP LOCKED`: one held by another sender, or already sent, is skipped — each alert
 * leaves once), groups them into one message per `message_key` (one person, channel and tick: ride alerts and
 * back-in-service alerts; other kinds are a message each), renders, writes every message in one insert
 * committed with the `sent` marks (one update) — so exactly once. A message that cannot be rendered (a deleted
 * restaurant alert) marks its deliveries `failed`.
 * @throws Error when the notifier has no `sendMany`.
 */
export async function sendOutboxBatch(deps: SendDeps, deliveryIds: string[]): Promise<BatchOutcome> {
  const sendMany = deps.notifier.sendMany;
  if (!sendMany) throw new Error('sendOutboxBatch needs a transport that writes batches (sendMany)');
  return deps.db.transaction().execute(async (tx) => {
    const locked = await deliveries.lockQueuedForSend(tx, deliveryIds);
    const outcomes: SendOutcome[] = [];
    const seen = new Set(locked.map((d) => d.id));
    for (const id of deliveryIds)
      if (!seen.has(id)) outcomes.push({ status: 'skipped', deliveryId: id, reason: 'already sent or being sent elsewhere' });
    const rendered: Rendered[] = [];
    const permanent: { ids: string[]; reason: string }[] = [];
    for (const group of groupMessages(locked)) {
      const r = await render(tx, deps, group);
      if ('failed' in r) permanent.push({ ids: group.map((g) => g.id), reason: r.failed });
      else rendered.push(r);
    }
    const ids = await sendMany.call(
      deps.notifier,
      rendered.map((r) => (r.email ? { channel: 'email' as const, message: r.email } : { channel: 'sms' as const, message: r.sms! })),
      { db: tx },
    );
    const sent: { id: string; messageId: string }[] = [];
    rendered.forEach((r, k) => {
      const messageId = ids[k]!.messageId;
      for (const d of r.deliveries) {
        sent.push({ id: d.id, messageId });
        outcomes.push(sentOutcome(d, messageId));
      }
    });
    await deliveries.markSentMany(tx, sent, deps.now());
    for (const p of permanent) {
      await deliveries.markManyFailed(tx, p.ids, p.reason, true);
      for (const id of p.ids) outcomes.push({ status: 'failed', deliveryId: id, reason: p.reason });
    }
    return { outcomes, messages: rendered.length, retry: null };
  });
}

/**
 * Sends one claimed delivery (with the batch sender: it leaves as its own message unless other deliveries of
 * its message are sent with it). Returns its outcome.
 * @throws the transient provider error, after recording the attempt (the caller retries).
 */
export async function sendDelivery(deps: SendDeps, deliveryId: string): Promise<SendOutcome> {
  const out = await sendDeliveryBatch(deps, [deliveryId]);
  if (out.retry) throw out.retry;
  return out.outcomes[0] ?? { status: 'skipped', deliveryId, reason: 'missing' };
}

/** Records a send failure of deliveries outside the (rolled back) send transaction; `final` marks them failed. */
export async function recordSendFailures(deps: Pick<SendDeps, 'db'>, deliveryIds: string[], reason: string, final: boolean): Promise<void> {
  await deliveries.markManyFailed(deps.db, deliveryIds, reason, final);
}
