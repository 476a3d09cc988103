import { accounts, confirmations, type Executor, users } from '@walkon/db';
import {
  type EmailContent,
  formatAffiliateConfirmation,
  formatNewsletterConfirmation,
  formatPassConfirmation,
  formatPassConfirmationSms,
  oneClickUnsubscribe,
} from '../messages.ts';
import { PermanentNotifyError } from '../providers/notify/index.ts';
import type { ConfirmationKind } from '../queues.ts';
import type { SendDeps } from './send.ts';

/**
 * Sends a confirmation e-mail once (newsletter welcome, affiliate application, pass receipt for a fulfilled
 * checkout or a promo redemption — plus an SMS for SMS passes): the row is locked and `confirmation_sent_at`
 * set in the same transaction as the send, so a retry after success sends nothing. Returns whether an e-mail
 * left.
 */
export async function sendConfirmation(deps: SendDeps, kind: ConfirmationKind, id: string): Promise<boolean> {
  return deps.db.transaction().execute(async (tx) => {
    let to: string;
    let mail: EmailContent;
    let headers: Record<string, string> = {};
    if (kind === 'newsletter') {
      const row = await confirmations.lockNewsletter(tx, id);
      if (!row || row.confirmationSentAt || row.unsubscribedAt) return false;
      const unsubscribe = oneClickUnsubscribe(deps.publicOrigin, row.unsubscribeToken);
      to = row.email;
      mail = formatNewsletterConfirmation(unsubscribe.url);
      headers = unsubscribe.headers;
    } else if (kind === 'affiliate') {
      const row = await confirmations.lockAffiliate(tx, id);
      if (!row || row.confirmationSentAt) return false;
      to = row.email;
      mail = formatAffiliateConfirmation(row.fullName);
    } else {
      const pass = await passConfirmationOf(tx, kind, id);
      if (!pass) return false;
      const unsubscribe = pass.unsubscribeToken ? oneClickUnsubscribe(deps.publicOrigin, pass.unsubscribeToken) : null;
      to = pass.email;
      const account = await users.findByEmail(tx, pass.email);
      // Bought without an account: a single-use link lets the buyer prove the address and see the alerts.
      const claimUrl = pass.userId
        ? null
        : `${deps.publicOrigin.replace(/\/$/, '')}/verify-email?token=${await accounts.createLinkToken(tx, {
            purpose: 'claim',
            userId: null,
            email: pass.email,
            now: deps.now(),
          })}`;
      mail = formatPassConfirmation({
        ...pass,
        unsubscribeUrl: unsubscribe?.url ?? null,
        publicOrigin: deps.publicOrigin,
        hasAccount: Boolean(account),
        claimUrl,
      });
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
    await confirmations.markSent(tx, kind, id, deps.now());
    return true;
  });
}

/**
 * What a pass confirmation needs, from a fulfilled checkout session or a promo redemption (row locked so a
 * confirmation leaves once). Undefined when missing, not fulfilled, or already confirmed.
 */
async function passConfirmationOf(tx: Executor, kind: 'checkout' | 'promo', id: string) {
  if (kind === 'checkout') {
    const c = await confirmations.lockCheckout(tx, id);
    if (c?.status !== 'fulfilled' || c.confirmationSentAt) return undefined;
    const extra = await confirmations.parkAndSubscription(tx, c.parkId, c.email);
    return {
      email: c.email,
      userId: c.userId,
      channel: c.channel,
      phoneNumber: c.phoneNumber,
      days: c.days,
      amountCents: c.amountTotal,
      transactionId: c.paymentIntent ?? c.id,
      parkName: extra?.parkName ?? c.parkId,
      unsubscribeToken: extra?.unsubscribeToken ?? null,
    };
  }
  const r = await confirmations.lockPromoRedemption(tx, id);
  if (!r || r.confirmationSentAt || r.checkoutSessionId) return undefined;
  const extra = await confirmations.parkAndSubscription(tx, r.parkId, r.email);
  const days = extra?.subscriptionId ? await confirmations.promoPassDays(tx, extra.subscriptionId, r.code) : [r.firstDay];
  return {
    email: r.email,
    userId: extra?.subscriptionUserId ?? null,
    channel: 'email' as const,
    phoneNumber: null,
    days,
    amountCents: 0,
    transactionId: null,
    parkName: extra?.parkName ?? r.parkId,
    unsubscribeToken: extra?.unsubscribeToken ?? null,
  };
}
