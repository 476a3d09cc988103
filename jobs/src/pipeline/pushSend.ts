import type { Database, Kysely, PushMessageDelivery, PushToSend } from '@walkon/db';
import { pushDeliveries, pushSubscriptions } from '@walkon/db';
import { formatRideAlertPush, type PushPayload, pushTopic } from '@walkon/domain/messages/push';
import {
  PUSH_TTL_SECONDS,
  PushEndpointRefusedError,
  PushGoneError,
  PushRejectedError,
  type PushSender,
  PushServiceRefusedError,
  PushThrottledError,
} from '@walkon/integrations/providers/push.ts';
import { coalescedMarks, renewLeasesWhileOpen } from './leasedBatch.ts';
import { WORKER_ID } from './send.ts';

/** Dependencies of the push sender. */
export interface PushSendDeps {
  db: Kysely<Database>;
  push: PushSender;
  now: () => Date;
  /** Push requests in flight per batch (PUSH_CONCURRENCY, default 32). */
  concurrency?: number;
  /** This worker's id in leases (default the process's WORKER_ID). */
  workerId?: string;
  /** Lease of a batch's push deliveries (ms, default 60 s; SEND_LEASE_SECONDS), renewed every third of it. */
  leaseMs?: number;
  /** Longest a message waits in total on 429 answers before its batch is put off (ms, default 30 s). */
  maxThrottleWaitMs?: number;
  /** Waits `ms` (tests may shorten it; default a timer). */
  sleep?: (ms: number) => Promise<void>;
}

/** What a push batch did, by outcome (counts of push deliveries). */
export interface PushBatchOutcome {
  sent: number;
  failed: number;
  /** Subscriptions the push service called gone (404/410): deleted. */
  gone: number;
  /**
   * 403 answers (the push service refuses our VAPID key: a configuration fault, decision 047) and the origins whose
   * pause they started (`first`, to log once); their pushes, and those to a paused service, are back to `queued`
   * without an attempt (`paused`), the subscriptions kept.
   */
  refused: { answers: number; byOrigin: { origin: string; answers: number }[]; firstOrigins: string[]; paused: number };
  /** 429 answers met (each waited and resent). */
  throttledAnswers: number;
  /** Already sent or held elsewhere. */
  skipped: number;
  /** A transient error (5xx, network): those deliveries are back to `queued` and the job should retry. */
  retry: Error | null;
  /** 429 for longer than maxThrottleWaitMs: back to `queued` without an attempt; the job should run later. */
  throttled: Error | null;
}

/** The payload `kind` of a delivery kind: alerts, the test alert, and anything else (an activation confirmation). */
export function pushKindOf(deliveryKind: string): PushPayload['kind'] {
  if (deliveryKind === 'test_alert') return 'test';
  if (deliveryKind === 'ride_alert' || deliveryKind === 'back_in_service' || deliveryKind === 'return_time') return 'alert';
  return 'confirmation';
}

/**
 * The push of one message (domain/src/messages/push.ts, the e-mail's rule: shortest wait first, "+N more"):
 * its deliveries (one person's alerts of one tick, or one test alert / confirmation).
 */
export function renderPush(group: PushMessageDelivery[]): PushPayload {
  const d = group[0]!;
  return formatRideAlertPush({
    kind: pushKindOf(d.kind),
    parkId: d.parkId,
    parkName: d.parkName ?? d.parkId,
    timezone: d.timezone,
    readingAt: new Date(d.createdAt),
    items: group.map((x) => ({ kind: x.kind, rideName: x.rideName, waitTime: x.waitTime, rideId: x.rideId })),
    message: d.message,
  });
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * DESIGN §2.5 "Push", one batch (decision 037's claim, send, mark, never a transaction across a network call):
 * 1. one short transaction claims the still-`queued` push deliveries among `pushIds` (`queued` → `sending`, lease
 *    = this worker until now + leaseMs, renewed every third of it while the batch runs);
 * 2. each message's deliveries are read once (pushDeliveries.messagesFor) and its payload written (renderPush);
 * 3. pushes go out outside any transaction, `concurrency` at once (web-push encrypts and signs; TTL 900 s,
 *    urgency high, topic = the first ride's attraction); each accepted one is marked `sent` with the push
 *    service's message id right after its call (coalesced short updates; a lane waits for its mark), so a crash
 *    repeats at most the pushes in flight (docs/rules.md R8);
 * 4. 404/410 → the row `gone` and the subscription deleted; 429 → wait Retry-After and resend, up to
 *    maxThrottleWaitMs in all, then back to `queued` without an attempt (`throttled`); 403 (our VAPID key refused:
 *    a configuration fault) → that push service paused, the row back to `queued` without an attempt and the
 *    subscription kept (`refused`, decision 047); an endpoint or key that can never work (against the endpoint
 *    policy, a non-public address, keys that cannot be encrypted to) or another 4xx (400, 413…) → `failed` at
 *    once; anything else (5xx, network) → back to `queued` with the attempt counted (`retry`).
 */
export async function sendPushBatch(deps: PushSendDeps, pushIds: string[]): Promise<PushBatchOutcome> {
  const owner = deps.workerId ?? WORKER_ID;
  const leaseMs = deps.leaseMs ?? 60_000;
  const sleep = deps.sleep ?? defaultSleep;
  const maxWait = deps.maxThrottleWaitMs ?? 30_000;
  const leaseUntil = () => new Date(deps.now().getTime() + leaseMs);
  const claimed = await deps.db.transaction().execute((tx) => pushDeliveries.claimForSend(tx, pushIds, owner, leaseUntil()));
  const out: PushBatchOutcome = {
    sent: 0,
    failed: 0,
    gone: 0,
    throttledAnswers: 0,
    refused: { answers: 0, byOrigin: [], firstOrigins: [], paused: 0 },
    skipped: pushIds.length - claimed.length,
    retry: null,
    throttled: null,
  };
  if (claimed.length === 0) return out;
  const messages = await pushDeliveries.messagesFor(
    deps.db,
    claimed.map((c) => c.messageKey),
  );

  const open = new Set(claimed.map((c) => c.id));
  const renew = renewLeasesWhileOpen(open, (ids) => pushDeliveries.renewLeases(deps.db, ids, owner, leaseUntil()), leaseMs);

  const markSent = coalescedMarks((batch) => pushDeliveries.markSent(deps.db, batch, deps.now()));

  const failed: { id: string; reason: string }[] = [];
  const gone: PushToSend[] = [];
  const retry: { id: string; err: Error }[] = [];
  const throttled: { id: string; err: Error }[] = [];
  const paused: { id: string; err: Error }[] = [];
  const one = async (c: PushToSend) => {
    const group = messages.get(c.messageKey);
    if (!group?.length) {
      failed.push({ id: c.id, reason: 'the alert was deleted' });
      return;
    }
    const payload = renderPush(group);
    let waited = 0;
    for (;;) {
      try {
        const { messageId } = await deps.push.send(
          { endpoint: c.endpoint, keys: { p256dh: c.p256dh, auth: c.auth } },
          JSON.stringify(payload),
          pushTopic(payload.tag),
        );
        out.sent++;
        await markSent([{ id: c.id, messageId }]).catch(() => {});
        open.delete(c.id);
        return;
      } catch (err) {
        if (err instanceof PushThrottledError) {
          out.throttledAnswers++;
          if (waited + err.retryAfterMs <= maxWait) {
            waited += err.retryAfterMs;
            await sleep(err.retryAfterMs);
            continue;
          }
          throttled.push({ id: c.id, err });
        } else if (err instanceof PushServiceRefusedError) {
          if (err.answered) {
            out.refused.answers++;
            const o = out.refused.byOrigin.find((x) => x.origin === err.origin);
            if (o) o.answers++;
            else out.refused.byOrigin.push({ origin: err.origin, answers: 1 });
          }
          if (err.first) out.refused.firstOrigins.push(err.origin);
          paused.push({ id: c.id, err });
        } else if (err instanceof PushGoneError) gone.push(c);
        else if (err instanceof PushRejectedError || err instanceof PushEndpointRefusedError)
          failed.push({ id: c.id, reason: err.message });
        else retry.push({ id: c.id, err: err as Error });
        return;
      }
    }
  };
  try {
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) await one(claimed[next++]!);
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(deps.concurrency ?? 32, claimed.length)) }, lane));
    await markSent([]);
    for (const f of failed) await pushDeliveries.releaseLeases(deps.db, [f.id], owner, 'failed', f.reason);
    if (gone.length) {
      await pushDeliveries.releaseLeases(
        deps.db,
        gone.map((g) => g.id),
        owner,
        'gone',
        'the push service says this subscription is gone (404/410); deleted',
      );
      await pushSubscriptions.deleteGone(deps.db, [...new Set(gone.map((g) => g.subscriptionId))]);
    }
    for (const r of retry) await pushDeliveries.releaseLeases(deps.db, [r.id], owner, 'retry', r.err.message);
    for (const t of throttled) await pushDeliveries.releaseLeases(deps.db, [t.id], owner, 'throttled', t.err.message);
    // Paused (403): back to `queued` without an attempt; the sweeper re-enqueues them, the TTL ends them.
    for (const p of paused) await pushDeliveries.releaseLeases(deps.db, [p.id], owner, 'throttled', p.err.message);
  } finally {
    clearInterval(renew);
  }
  out.failed = failed.length;
  out.gone = gone.length;
  out.retry = retry[0]?.err ?? null;
  out.throttled = throttled[0]?.err ?? null;
  out.refused.paused = paused.length;
  return out;
}

/**
 * The push sweep (with the delivery sweeper, every minute): pushes older than their TTL that never left are
 * `failed`; expired leases go back to `queued`; what is `queued` for over a minute is returned to re-enqueue.
 */
export async function sweepPushDeliveries(db: Kysely<Database>, now: Date): Promise<string[]> {
  return pushDeliveries.sweep(db, now, new Date(now.getTime() - 60_000), PUSH_TTL_SECONDS);
}
