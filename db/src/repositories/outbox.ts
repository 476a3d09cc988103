import type { Generated } from 'kysely';
import type { Executor } from '../client.ts';
import type { AlertChannel, GeneratedTimestamp, Json } from '../types.ts';

/** A message written to the outbox transport instead of SES/SNS (`NOTIFY_TRANSPORT=outbox`, docs/DESIGN.md §5). */
export interface OutboxInput {
  channel: AlertChannel;
  to: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  headers?: Record<string, string> | null;
  deliveryId?: string | null;
  /** Every delivery a grouped message carries. */
  deliveryIds?: string[] | null;
}

/** The `outbox_messages` columns of one message (no id: the table's default, or the batch's own). */
function outboxRow(m: OutboxInput) {
  return {
    channel: m.channel,
    to_address: m.to,
    subject: m.subject ?? null,
    body_text: m.text,
    body_html: m.html ?? null,
    headers: m.headers ? JSON.stringify(m.headers) : null,
    delivery_id: m.deliveryId ?? null,
    delivery_ids: m.deliveryIds ?? (m.deliveryId ? [m.deliveryId] : null),
  };
}

/** Stores one outbox message; returns its id (used as the provider message id). */
export async function insertOutboxMessage(db: Executor, m: OutboxInput): Promise<string> {
  const r = await db.insertInto('outbox_messages').values(outboxRow(m)).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Stores many outbox messages in ONE insert (a send batch, docs/DESIGN.md §2.5); returns their ids in input order. */
export async function insertOutboxMessages(db: Executor, ms: OutboxInput[]): Promise<string[]> {
  if (ms.length === 0) return [];
  const ids = ms.map(() => crypto.randomUUID());
  await db
    .insertInto('outbox_messages')
    .values(ms.map((m, k) => ({ id: ids[k]!, ...outboxRow(m) })))
    .execute();
  return ids;
}

/**
 * The newest outbox messages (admins' /admin/outbox, tests), newest first → { id, channel, toAddress, subject,
 * bodyText, bodyHtml, headers, deliveryId, deliveryIds, createdAt }; `to` keeps one recipient's only.
 */
export async function listOutbox(db: Executor, opts: { limit?: number; to?: string } = {}) {
  let q = db
    .selectFrom('outbox_messages')
    .select([
      'id',
      'channel',
      'to_address as toAddress',
      'subject',
      'body_text as bodyText',
      'body_html as bodyHtml',
      'headers',
      'delivery_id as deliveryId',
      'delivery_ids as deliveryIds',
      'created_at as createdAt',
    ])
    .orderBy('created_at', 'desc')
    .limit(opts.limit ?? 50);
  if (opts.to) q = q.where('to_address', '=', opts.to);
  return q.execute();
}

export interface OutboxMessagesTable {
  id: Generated<string>;
  channel: AlertChannel;
  to_address: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  headers: Json<Record<string, string> | null> | null;
  delivery_id: string | null;
  /** Every delivery a grouped message carries (docs/DESIGN.md §2.5); `delivery_id` is the first. */
  delivery_ids: string[] | null;
  created_at: GeneratedTimestamp;
}
