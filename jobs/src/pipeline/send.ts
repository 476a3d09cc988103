import type { Database, Kysely } from '@walkon/db';
import type { Notifier } from '@walkon/integrations/providers/notify/index.ts';
import { type AnyChannel, channelNamed, sendChannelBatch } from '../channels/index.ts';

/** What sending one delivery did (the CLI's `tick` prints the sent ones). */
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

/** Dependencies of sendDeliveryBatch (the CLI and tests; the worker runs channels/job.ts). */
export interface SendDeps {
  db: Kysely<Database>;
  notifier: Notifier;
  now: () => Date;
  /** e.g. http://localhost:3000 — the base of unsubscribe links. */
  publicOrigin: string;
  /** Provider calls (SES / SNS) one batch makes at once (SEND_PROVIDER_CONCURRENCY, default 8). */
  providerConcurrency?: number;
  /** This worker's id in delivery leases (default the process's WORKER_ID). */
  workerId?: string;
  /** How long a provider batch's lease lasts (ms, default 60 s; SEND_LEASE_SECONDS). */
  leaseMs?: number;
}

/** What a batch sent: outcomes per delivery, messages written, and whether a transient failure asks for a retry. */
export interface BatchOutcome {
  outcomes: SendOutcome[];
  messages: number;
  /** A transient provider error on at least one message: those deliveries stay queued. */
  retry: Error | null;
  /** Messages the provider kept throttling: back to `queued` without an attempt counted. */
  throttled: Error | null;
}

/**
 * docs/DESIGN.md §2.5 send of e-mail and SMS deliveries outside the worker (the CLI's `tick`, tests): the ids are split by
 * their `channel` and each part runs its channel's batch (channels/send.ts: one transaction with the outbox,
 * claim → send → mark with SES / SNS). Outcomes in the order the channels return them.
 */
export async function sendDeliveryBatch(deps: SendDeps, deliveryIds: string[]): Promise<BatchOutcome> {
  const rows = deliveryIds.length
    ? await deps.db.selectFrom('deliveries').select(['id', 'channel']).where('id', 'in', deliveryIds).execute()
    : [];
  const channelOf = new Map(rows.map((r) => [r.id, r.channel as string]));
  const byChannel = new Map<string, string[]>();
  const out: BatchOutcome = { outcomes: [], messages: 0, retry: null, throttled: null };
  for (const id of deliveryIds) {
    const name = channelOf.get(id);
    if (!name) {
      out.outcomes.push({ status: 'skipped', deliveryId: id, reason: 'missing' });
      continue;
    }
    byChannel.set(name, [...(byChannel.get(name) ?? []), id]);
  }
  for (const [name, ids] of byChannel) {
    const channel: AnyChannel = channelNamed(name);
    const sender = channel.sender(deps);
    if (!sender) throw new Error(`no sender for the ${name} channel`);
    const batch = await sendChannelBatch(channel, { ...deps, sender, concurrency: channel.concurrency(deps) }, ids);
    out.messages += batch.messages;
    out.retry ??= batch.retry;
    out.throttled ??= batch.throttled;
    for (const o of batch.outcomes) {
      if (o.status === 'sent') {
        const d = o.row as { channel: 'email' | 'sms'; address: string; rideId: string | null; rideName: string; waitTime: number | null };
        out.outcomes.push({ status: 'sent', deliveryId: o.id, messageId: o.messageId, channel: d.channel, ...pick(d) });
      } else if (o.status === 'failed' || o.status === 'gone') out.outcomes.push({ status: 'failed', deliveryId: o.id, reason: o.reason });
      else out.outcomes.push({ status: 'skipped', deliveryId: o.id, reason: `${o.status}: ${o.reason}` });
    }
  }
  return out;
}

const pick = (d: { address: string; rideId: string | null; rideName: string; waitTime: number | null }) => ({
  address: d.address,
  rideId: d.rideId,
  rideName: d.rideName,
  waitTime: d.waitTime,
});

/**
 * Sends one claimed delivery (sendDeliveryBatch: it leaves as its own message unless other deliveries of its
 * message are sent with it). Returns its outcome.
 * @throws the transient provider error (its attempt is recorded; the caller retries).
 */
export async function sendDelivery(deps: SendDeps, deliveryId: string): Promise<SendOutcome> {
  const out = await sendDeliveryBatch(deps, [deliveryId]);
  if (out.retry) throw out.retry;
  return out.outcomes[0] ?? { status: 'skipped', deliveryId, reason: 'missing' };
}
