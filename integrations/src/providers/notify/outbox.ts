import { outbox } from '@walkon/db';
import type { Notifier } from './types.ts';

/**
 * The outbox transport (`NOTIFY_TRANSPORT=outbox`, default in development, DESIGN §5): messages are stored in
 * `outbox_messages` (shown to admins) instead of leaving the machine. Explicit setting, never a silent fake.
 */
export function createOutboxNotifier(): Notifier {
  return {
    kind: 'outbox',
    async sendEmail(m, { db }) {
      const id = await outbox.insertOutboxMessage(db, {
        channel: 'email',
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        headers: m.headers ?? null,
        deliveryId: m.deliveryId ?? null,
        deliveryIds: m.deliveryIds ?? null,
      });
      return { messageId: `outbox:${id}` };
    },
    async sendMany(messages, { db }) {
      const ids = await outbox.insertOutboxMessages(
        db,
        messages.map((b) =>
          b.channel === 'email'
            ? {
                channel: 'email' as const,
                to: b.message.to,
                subject: b.message.subject,
                text: b.message.text,
                html: b.message.html,
                headers: b.message.headers ?? null,
                deliveryId: b.message.deliveryId ?? null,
                deliveryIds: b.message.deliveryIds ?? null,
              }
            : {
                channel: 'sms' as const,
                to: b.message.to,
                text: b.message.text,
                deliveryId: b.message.deliveryId ?? null,
                deliveryIds: b.message.deliveryIds ?? null,
              },
        ),
      );
      return ids.map((id) => ({ messageId: `outbox:${id}` }));
    },
    async sendSms(m, { db }) {
      const id = await outbox.insertOutboxMessage(db, {
        channel: 'sms',
        to: m.to,
        text: m.text,
        deliveryId: m.deliveryId ?? null,
        deliveryIds: m.deliveryIds ?? null,
      });
      return { messageId: `outbox:${id}` };
    },
  };
}
