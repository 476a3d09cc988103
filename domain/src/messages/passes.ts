import { formatDay, formatDayList } from '../days.ts';
import { escapeHtml } from '../html.ts';
import { formatUsd } from '../money.ts';
import { DEFAULT_THRESHOLD_MINUTES } from '../rules/alerts.ts';
import { type EmailContent, emailLayout } from './email.ts';
import { oneSegmentSms } from './sms.ts';

/** What a pass confirmation says (docs/spec/part-1.md §2 "What happens next"). */
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

/** A park-local date 'YYYY-MM-DD' as the site writes it: "Tue, Nov 24" (the one day format, @walkon/domain/days). */
export { formatDay };

/** One paragraph of an e-mail: its text, and optionally a link written after it (a real <a> in the HTML part). */
interface Paragraph {
  text: string;
  link?: { url: string; label: string };
  /** The HTML part shows only the link (its label says it all). */
  linkOnly?: boolean;
}

/**
 * The receipt e-mail for a pass bought or redeemed: park, dates, channel, amount, and how to manage it. Days
 * and money are written as the site writes them (formatDay, formatUsd); every link is a link in the HTML part.
 */
export function formatPassConfirmation(m: PassConfirmationInput): EmailContent {
  const dates = formatDayList(m.days);
  const paid =
    m.amountCents > 0
      ? `Paid: ${formatUsd(m.amountCents)}${m.transactionId ? ` (transaction ${m.transactionId})` : ''}`
      : 'Free with your promo code.';
  const how = m.channel === 'sms' ? 'text messages (and e-mail receipts)' : 'e-mail';
  const manage = `${m.publicOrigin.replace(/\/$/, '')}/manage-alerts`;
  const paragraphs: Paragraph[] = [
    { text: `Your WalkOn alerts for ${m.parkName} are set up.` },
    { text: `Dates: ${dates}` },
    {
      text: `Alerts by ${how} for ALL rides of the park, whenever a standby wait drops to ${DEFAULT_THRESHOLD_MINUTES} minutes or less (or the threshold you set for a ride).`,
    },
    { text: paid },
    m.hasAccount
      ? { text: 'Manage your alerts (rides, thresholds, reminders):', link: { url: m.claimUrl ?? manage, label: 'Manage your alerts' } }
      : m.claimUrl
        ? {
            text: 'To choose rides, open this link and sign up (or log in) with this e-mail address; it confirms the address and shows these alerts in your account (it works once, for 30 days):',
            link: { url: m.claimUrl, label: 'Claim these alerts' },
          }
        : {
            text: 'To choose rides, create an account with this e-mail address and open Manage Alerts:',
            link: { url: manage, label: 'Manage Alerts' },
          },
  ];
  if (m.unsubscribeUrl)
    paragraphs.push({ text: 'Stop these alerts:', link: { url: m.unsubscribeUrl, label: 'Stop these alerts' }, linkOnly: true });
  const text = `${paragraphs.map((p) => (p.link ? `${p.text} ${p.link.url}` : p.text)).join('\n\n')}\n`;
  const html = `${paragraphs
    .map((p) =>
      p.link
        ? p.linkOnly
          ? `<p><a href="${escapeHtml(p.link.url)}">${escapeHtml(p.link.label)}</a></p>`
          : `<p>${escapeHtml(p.text)}<br><a href="${escapeHtml(p.link.url)}">${escapeHtml(p.link.label)}</a></p>`
        : `<p>${escapeHtml(p.text)}</p>`,
    )
    .join('\n')}`;
  return emailLayout({ subject: `WalkOn alerts confirmed: ${m.parkName}`, text, html }, m.publicOrigin);
}

/** The SMS confirmation of an SMS pass: one GSM-7 segment (160 septets). */
export function formatPassConfirmationSms(parkName: string, days: string[]): string {
  const range = days.length === 1 ? formatDay(days[0]!) : `${formatDay(days[0]!)} +${days.length - 1} more`;
  return oneSegmentSms(`SMS alerts are set for ${parkName} on ${range}.`);
}
