import type { Database } from '@walkon/db';
import { accounts, deliveries, restaurantAlerts } from '@walkon/db';
import { type Kysely, sql, type Transaction } from 'kysely';
import {
  type EmailContent,
  formatAffiliateConfirmation,
  formatNewsletterConfirmation,
  formatPassConfirmation,
  formatPassConfirmationSms,
  formatRestaurantAlertEmail,
  formatReturnTimeEmail,
  formatReturnTimeSms,
  formatRideAlertEmail,
  formatRideAlertSms,
  oneClickUnsubscribe,
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
    const unsubscribe = d.unsubscribeToken ? oneClickUnsubscribe(deps.publicOrigin, d.unsubscribeToken) : null;
    const input = {
      kind: d.kind,
      rideName: d.rideName,
      waitTime: d.waitTime,
      parkName: d.parkName ?? null,
      unsubscribeUrl: unsubscribe?.url ?? null,
    };
    try {
      let messageId: string;
      if (d.kind === 'restaurant_alert') {
        // Restaurant alerts (issue 6): the alert's own unsubscribe token and details.
        const r = await restaurantAlerts.deliveryContext(tx, deliveryId);
        if (!r) {
          await deliveries.markAttemptFailed(tx, deliveryId, 'restaurant alert deleted', true);
          return { status: 'failed', deliveryId, reason: 'restaurant alert deleted' };
        }
        const unsub = oneClickUnsubscribe(deps.publicOrigin, r.unsubscribeToken);
        const mail = formatRestaurantAlertEmail({ ...r, unsubscribeUrl: unsub.url, publicOrigin: deps.publicOrigin });
        ({ messageId } = await deps.notifier.sendEmail({ to: d.address, ...mail, headers: unsub.headers, deliveryId }, { db: tx }));
      } else if (d.kind === 'return_time') {
        // Return-time alerts (issue 6): the headline was written at claim time; unsubscribe like ride alerts.
        if (d.channel === 'email') {
          const mail = formatReturnTimeEmail({ rideName: d.rideName, headline: d.message, unsubscribeUrl: input.unsubscribeUrl });
          const headers = unsubscribe?.headers ?? {};
          ({ messageId } = await deps.notifier.sendEmail({ to: d.address, ...mail, headers, deliveryId }, { db: tx }));
        } else {
          ({ messageId } = await deps.notifier.sendSms({ to: d.address, text: formatReturnTimeSms(d.message), deliveryId }, { db: tx }));
        }
      } else if (d.channel === 'email') {
        const mail = formatRideAlertEmail(input);
        const headers = unsubscribe?.headers ?? {};
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
 * Sends a confirmation e-mail once (issue 4 newsletter, issue 7 affiliate application, issue 3 pass receipt
 * for a fulfilled checkout or a promo redemption — plus an SMS for SMS passes): the row is locked and
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
      const unsubscribe = oneClickUnsubscribe(deps.publicOrigin, row.unsubscribe_token);
      to = row.email;
      mail = formatNewsletterConfirmation(unsubscribe.url);
      headers = unsubscribe.headers;
    } else if (kind === 'affiliate') {
      const row = await tx
        .selectFrom('affiliate_applications')
        .select(['email', 'full_name', 'confirmation_sent_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.confirmation_sent_at) return false;
      to = row.email;
      mail = formatAffiliateConfirmation(row.full_name);
    } else {
      const pass = await passConfirmationOf(tx, kind, id);
      if (!pass) return false;
      const unsubscribe = pass.unsubscribeToken ? oneClickUnsubscribe(deps.publicOrigin, pass.unsubscribeToken) : null;
      to = pass.email;
      // Bought without an account: a single-use link lets the buyer prove the address and see the alerts.
      const claimUrl = pass.userId
        ? null
        : `${deps.publicOrigin.replace(/\/$/, '')}/verify-email?token=${await accounts.createLinkToken(tx, {
            purpose: 'claim',
            userId: null,
            email: pass.email,
            now: deps.now(),
          })}`;
      mail = formatPassConfirmation({ ...pass, unsubscribeUrl: unsubscribe?.url ?? null, publicOrigin: deps.publicOrigin, claimUrl });
      if (unsubscribe) headers = unsubscribe.headers;
      if (pass.channel === 'sms' && pass.phoneNumber) {
        try {
          await deps.notifier.sendSms({ to: pass.phoneNumber, text: formatPassConfirmationSms(pass.parkName, pass.days) }, { db: tx });
        } catch (err) {
          // An opted-out (STOP) or rejected number still gets the e-mail receipt.
          if (!(err instanceof PermanentNotifyError)) throw err;
        }
      }
    }
    await deps.notifier.sendEmail({ to, ...mail, headers }, { db: tx });
    const table = (
      {
        newsletter: 'newsletter_subscriptions',
        affiliate: 'affiliate_applications',
        checkout: 'checkout_sessions',
        promo: 'promo_redemptions',
      } as const
    )[kind];
    await tx.updateTable(table).set({ confirmation_sent_at: deps.now() }).where('id', '=', id).execute();
    return true;
  });
}

/** The park's name and, when the person has one, their subscription's id and unsubscribe token for it. */
function parkAndSubscription(tx: Transaction<Database>, parkId: string, email: string) {
  return tx
    .selectFrom('parks as p')
    .leftJoin('subscriptions as s', (j) => j.onRef('s.park_id', '=', 'p.id').on('s.email', '=', email))
    .select(['p.name', 's.id as subscriptionId', 's.unsubscribe_token', 's.user_id as subscriptionUserId'])
    .where('p.id', '=', parkId)
    .executeTakeFirst();
}

/**
 * What a pass confirmation needs, from a fulfilled checkout session or a promo redemption (row locked so a
 * confirmation leaves once). Undefined when missing, not fulfilled, or already confirmed.
 */
async function passConfirmationOf(tx: Transaction<Database>, kind: 'checkout' | 'promo', id: string) {
  if (kind === 'checkout') {
    const c = await tx.selectFrom('checkout_sessions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (c?.status !== 'fulfilled' || c.confirmation_sent_at) return undefined;
    const extra = await parkAndSubscription(tx, c.park_id, c.email);
    return {
      email: c.email,
      userId: c.user_id,
      channel: c.channel,
      phoneNumber: c.phone_number,
      days: c.days,
      amountCents: c.amount_total,
      transactionId: c.payment_intent ?? c.id,
      parkName: extra?.name ?? c.park_id,
      unsubscribeToken: extra?.unsubscribe_token ?? null,
    };
  }
  const r = await tx.selectFrom('promo_redemptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!r || r.confirmation_sent_at || r.checkout_session_id) return undefined;
  const extra = await parkAndSubscription(tx, r.park_id, r.email);
  const days = extra?.subscriptionId
    ? (
        await tx
          .selectFrom('pass_days')
          .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'))
          .where('subscription_id', '=', extra.subscriptionId)
          .where('source', '=', 'promo')
          .where('reference', '=', r.code)
          .orderBy('day')
          .execute()
      ).map((d) => d.day)
    : [r.first_day];
  return {
    email: r.email,
    userId: extra?.subscriptionUserId ?? null,
    channel: 'email' as const,
    phoneNumber: null,
    days,
    amountCents: 0,
    transactionId: null,
    parkName: extra?.name ?? r.park_id,
    unsubscribeToken: extra?.unsubscribe_token ?? null,
  };
}
