import { type DeliveryToSend, deliveries } from '@walkon/db';
import type { SmsMessage } from '@walkon/integrations/providers/notify/types.ts';
import { QUEUE } from '../queues.ts';
import type { Channel } from './channel.ts';
import { renderDeliveryGroups, rendererOf } from './deliveryMessages.ts';

/**
 * The SMS channel (docs/DESIGN.md §2.5): `deliveries` rows of channel `sms` on the `send-sms` queue, sent by the
 * notifier's SMS sender (SNS, or the outbox), SEND_PROVIDER_CONCURRENCY (default 8) messages in flight, 500 rows a
 * job. The last failed attempt marks the rows failed (docs/rules.md R8).
 */
export const smsChannel: Channel<DeliveryToSend, SmsMessage> = {
  name: 'sms',
  queue: QUEUE.sendSms,
  batchSize: 500,
  store: deliveries.deliveryStore('sms'),
  render: (deps, rows) =>
    renderDeliveryGroups(deps, rows, (g, d, _headers, ids) => {
      const text = rendererOf(g.kind).sms(g);
      return text === null ? null : { to: d.address, text, deliveryId: d.id, deliveryIds: ids };
    }),
  sender: (deps) => deps.notifier?.sms ?? null,
  concurrency: (deps) => deps.providerConcurrency ?? 8,
  lastAttempt: 'fail',
};
