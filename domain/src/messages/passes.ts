import { format } from 'date-fns';
import { escapeHtml } from '../html.ts';
import { formatUsd } from '../money.ts';
import { DEFAULT_THRESHOLD_MINUTES, MIN_ALERT_WAIT_MINUTES } from '../rules/alerts.ts';
import type { EmailContent } from './email.ts';
import { oneSegmentSms } from './sms.ts';

/** What a pass confirmation says (spec part 1 §2 "What happens next"). */
export interface PassConfirmationInput {
  parkName: string;
  channel: 'email' | 'sms';
  /** Park-local dates 'YYYY-MM-DD'. */
  days: string[];
  /** Paid amount in cents; 0 for a promo day. */
  amountCents: number;
  /** Payment reference shown as the transaction id, when paid. */
  transactionId: string | null;
  unsubscribeUrl: string | null;
  /** e.g. http://localhost:3000 — where to manage alerts. */
  publicOrigin: string;
  /** Whether the address already has a WalkOn account (then: "Manage your alerts", not "create an account"). */
  hasAccount?: boolean;
  /**
   * For a purchase made without an account: the single-use link (/verify-email?token=…) that, opened while
   * signed up or logged in with this address, proves it and shows these alerts. Null for a signed-in buyer.
   */
  claimUrl?: string | null;
}

/** A park-local date 'YYYY-MM-DD' as people write it: "Tue 24 Nov". */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), 'EEE d MMM');
}

/** The receipt e-mail for a pass bought or redeemed: park, dates, channel, amount, and how to manage it. */
export function formatPassConfirmation(m: PassConfirmationInput): EmailContent {
  const dates = m.days.map(formatDay).join(', ');
  const paid =
    m.amountCents > 0
      ? `Paid: ${formatUsd(m.amountCents)}${m.transactionId ? ` (transaction ${m.transactionId})` : ''}`
      : 'Free with your promo code.';
  const how = m.channel === 'sms' ? 'text messages (and e-mail receipts)' : 'e-mail';
  const manage = `${m.publicOrigin.replace(/\/$/, '')}/manage-alerts`;
  const lines = [
    `Your WalkOn alerts for ${m.parkName} are set up.`,
    `Dates: ${dates}`,
    `Alerts by ${how} for ALL rides of the park, whenever a standby wait drops to ${MIN_ALERT_WAIT_MINUTES}-${DEFAULT_THRESHOLD_MINUTES} minutes.`,
    paid,
    m.hasAccount
      ? `Manage your alerts (rides, thresholds, reminders): ${m.claimUrl ?? manage}`
      : m.claimUrl
        ? `To choose rides, open this link and sign up (or log in) with this e-mail address; it confirms the address and shows these alerts in your account (it works once, for 30 days): ${m.claimUrl}`
        : `To choose rides, create an account with this e-mail address and open ${manage}.`,
  ];
  const unsub = m.unsubscribeUrl ? `\n\nStop these alerts: ${m.unsubscribeUrl}` : '';
  const text = `${lines.join('\n\n')}${unsub}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${m.unsubscribeUrl ? `<p><a href="${escapeHtml(m.unsubscribeUrl)}">Stop these alerts</a></p>` : ''}
</body></html>`;
  return { subject: `WalkOn alerts confirmed: ${m.parkName}`, text, html };
}

/** The SMS confirmation of an SMS pass: one GSM-7 segment (160 septets). */
export function formatPassConfirmationSms(parkName: string, days: string[]): string {
  const range = days.length === 1 ? formatDay(days[0]!) : `${formatDay(days[0]!)} +${days.length - 1} more`;
  return oneSegmentSms(`SMS alerts are set for ${parkName} on ${range}.`);
}
