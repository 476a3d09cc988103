import { type PushToSend, pushDeliveries } from '@walkon/db';
import { rendererOf } from '@walkon/domain/messages/deliveries';
import { formatRideAlertPush, pushTopic } from '@walkon/domain/messages/push';
import { createPushSender, PUSH_TTL_SECONDS, type PushMessage, type PushSender } from '@walkon/integrations/providers/push.ts';
import { QUEUE } from '../queues.ts';
import type { Channel } from './channel.ts';

/**
 * The Web Push channel (docs/decisions/038, docs/DESIGN.md §2.5 "Push"): `push_deliveries` rows (one
 * per message and push subscription) on the `send-push` queue, sent by the worker's PushSender (VAPID keys set;
 * without them the channel is off), PUSH_CONCURRENCY (default 32) pushes in flight, 500 rows a job. Each message's
 * deliveries are read once (pushDeliveries.messagesFor) and its payload written by formatRideAlertPush (the
 * e-mail's rule: shortest wait first, "+N more"), topic = the first ride's attraction. Rows left after the last
 * attempt stay for the sweeper; the store fails them once older than PUSH_TTL_SECONDS.
 */
export const pushChannel: Channel<PushToSend, PushMessage> = {
  name: 'push',
  queue: QUEUE.sendPush,
  batchSize: 500,
  store: pushDeliveries.pushDeliveryStore(PUSH_TTL_SECONDS),
  async render(deps, rows) {
    const messages = await pushDeliveries.messagesFor(
      deps.db,
      rows.map((r) => r.messageKey),
    );
    return rows.map((r) => {
      const group = messages.get(r.messageKey);
      if (!group?.length) return { ids: [r.id], failed: 'the alert was deleted' };
      const d = group[0]!;
      const payload = formatRideAlertPush({
        kind: rendererOf(d.kind).push,
        parkId: d.parkId,
        parkName: d.parkName ?? d.parkId,
        timezone: d.timezone,
        readingAt: new Date(d.createdAt),
        items: group.map((x) => ({ kind: x.kind, rideName: x.rideName, waitTime: x.waitTime, rideId: x.rideId })),
        message: d.message,
      });
      return {
        ids: [r.id],
        message: {
          target: { endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } },
          payload: JSON.stringify(payload),
          topic: pushTopic(payload.tag),
        },
      };
    });
  },
  sender: (deps) => (deps.senders?.push as PushSender | null | undefined) ?? null,
  // Off without the three VAPID settings or with PUSH=off (docs/decisions/038).
  fromEnv: (env) =>
    env.PUSH === 'on' && env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
      ? createPushSender(
          { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT },
          { allowInsecureEndpoints: env.PUSH_ALLOW_INSECURE_ENDPOINTS === 'on' },
        )
      : null,
  concurrency: (deps) => deps.pushConcurrency ?? 32,
  lastAttempt: 'keep',
  pausedMessage:
    'send-push: the push service refused our VAPID key (403): pushing to it is paused, subscriptions kept; check VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY',
};
