import type { Database, Kysely } from '@walkon/db';
import { type DeliveryToSend, deliveries, type Executor, restaurantAlerts } from '@walkon/db';
import { oneClickUnsubscribe } from '@walkon/domain/messages/email';
import { formatRestaurantAlertEmail } from '@walkon/domain/messages/restaurants';
import { formatReturnTimeEmail, formatReturnTimeSms } from '@walkon/domain/messages/returnTimes';
import {
  formatRideAlertEmail,
  formatRideAlertGroupEmail,
  formatRideAlertGroupSms,
  formatRideAlertSms,
} from '@walkon/domain/messages/rideAlerts';
import { type EmailMessage, type Notifier, PermanentNotifyError, type SmsMessage } from '../providers/notify/index.ts';

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
}

/** Largest number of deliveries one send job carries (DESIGN §2.5). */
export const SEND_BATCH_SIZE = 500;

/** What a batch sent: outcomes per delivery, messages written, and whether a transient failure asks for a retry. */
export interface BatchOutcome {
  outcomes: SendOutcome[];
  messages: number;
  /** A transient provider error on at least one message: those deliveries stay queued and the job should retry. */
  retry: Error | null;
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
async function render(tx: Executor, deps: SendDeps, group: DeliveryToSend[]): Promise<Rendered | { failed: string }> {
  const d = group[0]!;
  const unsubscribe = d.unsubscribeToken ? oneClickUnsubscribe(deps.publicOrigin, d.unsubscribeToken) : null;
  const ids = group.map((g) => g.id);
  if (d.kind === 'ride_alert' || d.kind === 'back_in_service') {
    const g = {
      parkId: d.parkId,
      parkName: d.parkName ?? d.parkId,
      timezone: d.timezone,
      readingAt: new Date(d.createdAt),
      items: group.map((x) => ({ kind: x.kind, rideName: x.rideName, waitTime: x.waitTime })),
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
    const r = await restaurantAlerts.deliveryContext(tx, d.id);
    if (!r) return { failed: 'restaurant alert deleted' };
    const unsub = oneClickUnsubscribe(deps.publicOrigin, r.unsubscribeToken);
    const mail = formatRestaurantAlertEmail({ ...r, unsubscribeUrl: unsub.url, publicOrigin: deps.publicOrigin });
    return {
      deliveries: group,
      channel: 'email',
      email: { to: d.address, ...mail, headers: unsub.headers, deliveryId: d.id, deliveryIds: ids },
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
 * DESIGN §2.5 send, one batch (up to SEND_BATCH_SIZE deliveries) in ONE transaction: locks the still-queued
 * deliveries (`FOR UPDATE SKIP LOCKED`: one held by another sender, or already sent, is skipped — each alert
 * leaves once), groups them into one message per `message_key` (one person, channel and tick: ride alerts and
 * back-in-service alerts; other kinds are a message each), renders, writes every message (the outbox
 * transport: one insert for the batch, committed with the `sent` marks, so exactly once; SES / SNS: calls
 * made concurrently, at most `providerConcurrency` at a time) and marks the sent deliveries in one update.
 * A PermanentNotifyError marks that message's deliveries `failed`; a transient error leaves them queued
 * (attempt recorded) and is returned as `retry` after the others commit, so the job retries only those.
 */
export async function sendDeliveryBatch(deps: SendDeps, deliveryIds: string[]): Promise<BatchOutcome> {
  return deps.db.transaction().execute(async (tx) => {
    const locked = await deliveries.lockQueuedForSend(tx, deliveryIds);
    const outcomes: SendOutcome[] = [];
    const seen = new Set(locked.map((d) => d.id));
    for (const id of deliveryIds)
      if (!seen.has(id)) outcomes.push({ status: 'skipped', deliveryId: id, reason: 'already sent or being sent elsewhere' });
    const groups = new Map<string, DeliveryToSend[]>();
    for (const d of locked) {
      const key = d.messageKey ?? `single:${d.id}`;
      const g = groups.get(key);
      if (g) g.push(d);
      else groups.set(key, [d]);
    }
    const rendered: Rendered[] = [];
    const permanent: { ids: string[]; reason: string }[] = [];
    for (const group of groups.values()) {
      const r = await render(tx, deps, group);
      if ('failed' in r) permanent.push({ ids: group.map((g) => g.id), reason: r.failed });
      else rendered.push(r);
    }
    let results: PromiseSettledResult<{ messageId: string }>[];
    if (deps.notifier.sendMany) {
      const ids = await deps.notifier.sendMany(
        rendered.map((r) => (r.email ? { channel: 'email' as const, message: r.email } : { channel: 'sms' as const, message: r.sms! })),
        { db: tx },
      );
      results = ids.map((value) => ({ status: 'fulfilled', value }));
    } else {
      results = await settleLimited(rendered, deps.providerConcurrency ?? 8, (r) =>
        r.email ? deps.notifier.sendEmail(r.email, { db: tx }) : deps.notifier.sendSms(r.sms!, { db: tx }),
      );
    }
    const sent: { id: string; messageId: string }[] = [];
    let retry: Error | null = null;
    const transient: { ids: string[]; reason: string }[] = [];
    results.forEach((res, k) => {
      const r = rendered[k]!;
      if (res.status === 'fulfilled') {
        for (const d of r.deliveries) {
          sent.push({ id: d.id, messageId: res.value.messageId });
          outcomes.push({
            status: 'sent',
            deliveryId: d.id,
            messageId: res.value.messageId,
            channel: d.channel,
            address: d.address,
            rideId: d.rideId,
            rideName: d.rideName,
            waitTime: d.waitTime,
          });
        }
      } else {
        const err = res.reason as Error;
        const ids = r.deliveries.map((d) => d.id);
        if (err instanceof PermanentNotifyError) permanent.push({ ids, reason: err.message });
        else {
          transient.push({ ids, reason: err.message });
          retry = err;
        }
      }
    });
    await deliveries.markSentMany(tx, sent, deps.now());
    for (const p of permanent) {
      await deliveries.markManyFailed(tx, p.ids, p.reason, true);
      for (const id of p.ids) outcomes.push({ status: 'failed', deliveryId: id, reason: p.reason });
    }
    for (const t of transient) {
      await deliveries.markManyFailed(tx, t.ids, t.reason, false);
      for (const id of t.ids) outcomes.push({ status: 'skipped', deliveryId: id, reason: `will retry: ${t.reason}` });
    }
    return { outcomes, messages: sent.length ? results.filter((r) => r.status === 'fulfilled').length : 0, retry };
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
