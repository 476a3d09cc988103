import type { Database } from '@walkon/db';
import { deliveries } from '@walkon/db';
import type { Kysely } from 'kysely';
import {
  type EmailContent,
  formatAffiliateConfirmation,
  formatNewsletterConfirmation,
  formatRideAlertEmail,
  formatRideAlertSms,
} from '../messages.ts';
import { type Notifier, PermanentNotifyError } from '../providers/notify/index.ts';
import type { ConfirmationKind } from '../queues.ts';

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
}

/**
 * DESIGN §2.5 send: sends one claimed delivery through the notifier and marks it `sent` with the provider
 * message id. The delivery row is locked (`FOR UPDATE`) for the duration, so a delivery that is already sent
 * or being sent by another worker is skipped: each alert leaves once. With the outbox transport the message
 * and the `sent` mark commit in one transaction (exactly-once). A PermanentNotifyError marks it `failed`;
 * any other error is recorded and rethrown so the job retries with backoff.
 */
export async function sendDelivery(deps: SendDeps, deliveryId: string): Promise<SendOutcome> {
  return deps.db.transaction().execute(async (tx) => {
    const locked = await tx
      .selectFrom('deliveries')
      .select(['id', 'status'])
      .where('id', '=', deliveryId)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!locked) return { status: 'skipped', deliveryId, reason: 'missing or being sent elsewhere' };
    if (locked.status !== 'queued') return { status: 'skipped', deliveryId, reason: `already ${locked.status}` };
    const d = await deliveries.getDeliveryForSend(tx, deliveryId);
    if (!d) return { status: 'skipped', deliveryId, reason: 'missing' };
    const unsubscribeUrl = d.unsubscribeToken ? `${deps.publicOrigin.replace(/\/$/, '')}/unsubscribe?token=${d.unsubscribeToken}` : null;
    const input = { kind: d.kind, rideName: d.rideName, waitTime: d.waitTime, parkName: d.parkName ?? null, unsubscribeUrl };
    try {
      let messageId: string;
      if (d.channel === 'email') {
        const mail = formatRideAlertEmail(input);
        const headers: Record<string, string> = unsubscribeUrl
          ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
          : {};
        ({ messageId } = await deps.notifier.sendEmail({ to: d.address, ...mail, headers, deliveryId }, { db: tx }));
      } else {
        ({ messageId } = await deps.notifier.sendSms({ to: d.address, text: formatRideAlertSms(input), deliveryId }, { db: tx }));
      }
      await deliveries.markSent(tx, deliveryId, messageId, deps.now());
      return {
        status: 'sent',
        deliveryId,
        messageId,
        channel: d.channel,
        address: d.address,
        rideId: d.rideId,
        rideName: d.rideName,
        waitTime: d.waitTime,
      };
    } catch (err) {
      if (err instanceof PermanentNotifyError) {
        await deliveries.markAttemptFailed(tx, deliveryId, err.message, true);
        return { status: 'failed', deliveryId, reason: err.message };
      }
      throw err;
    }
  });
}

/** Records a transient send failure outside the (rolled back) send transaction; `final` marks it failed. */
export async function recordSendFailure(deps: Pick<SendDeps, 'db'>, deliveryId: string, reason: string, final: boolean): Promise<void> {
  await deliveries.markAttemptFailed(deps.db, deliveryId, reason, final);
}

/**
 * Sends a confirmation e-mail once (issue 4 newsletter, issue 7 affiliate application): the row is locked and
 * `confirmation_sent_at` set in the same transaction as the send, so a retry after success sends nothing.
 * Returns whether an e-mail left.
 */
export async function sendConfirmation(deps: SendDeps, kind: ConfirmationKind, id: string): Promise<boolean> {
  return deps.db.transaction().execute(async (tx) => {
    let to: string;
    let mail: EmailContent;
    let headers: Record<string, string> = {};
    if (kind === 'newsletter') {
      const row = await tx
        .selectFrom('newsletter_subscriptions')
        .select(['email', 'unsubscribe_token', 'confirmation_sent_at', 'unsubscribed_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.confirmation_sent_at || row.unsubscribed_at) return false;
      const unsubscribeUrl = `${deps.publicOrigin.replace(/\/$/, '')}/unsubscribe?token=${row.unsubscribe_token}`;
      to = row.email;
      mail = formatNewsletterConfirmation(unsubscribeUrl);
      headers = { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    } else {
      const row = await tx
        .selectFrom('affiliate_applications')
        .select(['email', 'full_name', 'confirmation_sent_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.confirmation_sent_at) return false;
      to = row.email;
      mail = formatAffiliateConfirmation(row.full_name);
    }
    await deps.notifier.sendEmail({ to, ...mail, headers }, { db: tx });
    await tx
      .updateTable(kind === 'newsletter' ? 'newsletter_subscriptions' : 'affiliate_applications')
      .set({ confirmation_sent_at: deps.now() })
      .where('id', '=', id)
      .execute();
    return true;
  });
}
