import { outbox } from '@walkon/db';
import type { EmailMessage, Notifier, SmsMessage } from './types.ts';

const emailRow = (m: EmailMessage) => ({
  channel: 'email' as const,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  headers: m.headers ?? null,
  deliveryId: m.deliveryId ?? null,
  deliveryIds: m.deliveryIds ?? null,
});
const smsRow = (m: SmsMessage) => ({
  channel: 'sms' as const,
  to: m.to,
  text: m.text,
  deliveryId: m.deliveryId ?? null,
  deliveryIds: m.deliveryIds ?? null,
});

/**
 * The outbox transport (`NOTIFY_TRANSPORT=outbox`, default in development, docs/DESIGN.md §5): messages are stored in
 * `outbox_messages` (shown to admins) instead of leaving the machine, in the caller's transaction; `sendMany`
 * writes a batch in one insert. Explicit setting, never a silent fake.
 */
export function createOutboxNotifier(): Notifier {
  const ids = (rows: string[]) => rows.map((id) => ({ messageId: `outbox:${id}` }));
  return {
    kind: 'outbox',
    email: {
      kind: 'outbox',
      send: async (m, { db }) => ({ messageId: `outbox:${await outbox.insertOutboxMessage(db, emailRow(m))}` }),
      sendMany: async (ms, { db }) => ids(await outbox.insertOutboxMessages(db, ms.map(emailRow))),
    },
    sms: {
      kind: 'outbox',
      send: async (m, { db }) => ({ messageId: `outbox:${await outbox.insertOutboxMessage(db, smsRow(m))}` }),
      sendMany: async (ms, { db }) => ids(await outbox.insertOutboxMessages(db, ms.map(smsRow))),
    },
  };
}
