import { accounts, confirmations, users } from '@walkon/db';
import { formatAffiliateConfirmation } from '@walkon/domain/messages/affiliate';
import { type EmailContent, oneClickUnsubscribe } from '@walkon/domain/messages/email';
import { formatFlightAlertConfirmation } from '@walkon/domain/messages/flightAlertConfirmation';
import { formatNewsletterConfirmation } from '@walkon/domain/messages/newsletter';
import { formatPassConfirmation, formatPassConfirmationSms } from '@walkon/domain/messages/passes';
import { PermanentNotifyError } from '@walkon/integrations/providers/notify/index.ts';
import type { ConfirmationKind } from '../queues.ts';
import type { SendDeps } from './send.ts';

/** The double opt-in link of a newsletter subscription or flight alert: the API's `/confirm` page (docs/decisions/027). */
export function confirmLink(publicOrigin: string, token: string): string {
  return `${publicOrigin.replace(/\/$/, '')}/confirm?token=${token}`;
}

/**
 * Sends a confirmation e-mail once (newsletter and flight alert double opt-in, affiliate application, pass receipt for a fulfilled
 * checkout or a promo redemption — plus an SMS for SMS passes, unless the purchase's "alerts on" confirmation
 * went as an SMS already: one text per purchase, docs/rules.md R24): the row is locked and
 * `confirmation_sent_at` set in the same transaction as the send, so a retry after success sends nothing.
 * Returns whether an e-mail left.
 */
export async function sendConfirmation(deps: SendDeps, kind: ConfirmationKind, id: string): Promise<boolean> {
  return deps.db.transaction().execute(async (tx) => {
    let to: string;
    let mail: EmailContent;
    let headers: Record<string, string> = {};
    if (kind === 'newsletter') {
      const row = await confirmations.lockNewsletter(tx, id);
      if (!row || row.confirmationSentAt || row.unsubscribedAt || row.confirmedAt) return false;
      const unsubscribe = oneClickUnsubscribe(deps.publicOrigin, row.unsubscribeToken);
      to = row.email;
      mail = formatNewsletterConfirmation(confirmLink(deps.publicOrigin, row.confirmToken), unsubscribe.url);
      headers = unsubscribe.headers;
    } else if (kind === 'flight_alert') {
      const row = await confirmations.lockFlightAlert(tx, id);
      if (!row || row.confirmationSentAt || row.confirmedAt || !row.active) return false;
      const unsubscribe = oneClickUnsubscribe(deps.publicOrigin, row.unsubscribeToken);
      to = row.email;
      mail = formatFlightAlertConfirmation({
        ...row,
        confirmUrl: confirmLink(deps.publicOrigin, row.confirmToken),
        unsubscribeUrl: unsubscribe.url,
      });
      headers = unsubscribe.headers;
    } else if (kind === 'affiliate') {
      const row = await confirmations.lockAffiliate(tx, id);
      if (!row || row.confirmationSentAt) return false;
      to = row.email;
      mail = formatAffiliateConfirmation(row.fullName);
    } else {
      const pass = await confirmations.lockPassConfirmation(tx, kind, id);
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
      // One text per purchase (docs/rules.md R24): when the activation already texted "Alerts on …" (R16b), the
      // receipt goes by e-mail only.
      const texted = pass.channel === 'sms' && (await confirmations.alertsOnTextClaimed(tx, pass.email, kind, id));
      if (pass.channel === 'sms' && pass.phoneNumber && !texted) {
        try {
          await deps.notifier.sms.send({ to: pass.phoneNumber, text: formatPassConfirmationSms(pass.parkName, pass.days) }, { db: tx });
        } catch (err) {
          // An opted-out (STOP) or rejected number still gets the e-mail receipt.
          if (!(err instanceof PermanentNotifyError)) throw err;
        }
      }
    }
    await deps.notifier.email.send({ to, ...mail, headers }, { db: tx });
    await confirmations.markSent(tx, kind, id, deps.now());
    return true;
  });
}
