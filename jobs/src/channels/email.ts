import { type DeliveryToSend, deliveries } from '@walkon/db';
import type { EmailMessage } from '@walkon/integrations/providers/notify/types.ts';
import { emailQueueWork } from '../jobs/send.ts';
import { QUEUE } from '../queues.ts';
import type { Channel } from './channel.ts';
import { renderDeliveryGroups, rendererOf } from './deliveryMessages.ts';

/**
 * The e-mail channel (docs/DESIGN.md §2.5): `deliveries` rows of channel `email` on the `send-email` queue, sent by the
 * notifier's e-mail sender (SES, or the outbox), SEND_PROVIDER_CONCURRENCY (default 8) messages in flight, 500
 * rows a job. The last failed attempt marks the rows failed (docs/rules.md R8). Its queue also carries
 * confirmations and account e-mails (jobs/send.ts).
 */
export const emailChannel: Channel<DeliveryToSend, EmailMessage> = {
  name: 'email',
  queue: QUEUE.sendEmail,
  batchSize: 500,
  store: deliveries.deliveryStore('email'),
  render: (deps, rows) =>
    renderDeliveryGroups(deps, rows, (g, d, headers, ids) => ({
      to: d.address,
      ...rendererOf(g.kind).email(g),
      headers,
      deliveryId: d.id,
      deliveryIds: ids,
    })),
  sender: (deps) => deps.notifier?.email ?? null,
  concurrency: (deps) => deps.providerConcurrency ?? 8,
  lastAttempt: 'fail',
  otherWork: emailQueueWork,
};
