import { escapeHtml } from '../html.ts';
import { formatUsd } from '../money.ts';
import { type EmailContent, emailLayout, originOf } from './email.ts';
import { oneSegmentSms } from './sms.ts';

/** What a return-time alert says (beyond the spec: Lightning Lane return times from live data). */
export interface ReturnTimeAlertInput {
  rideName: string;
  parkName: string | null;
  queueType: 'RETURN_TIME' | 'PAID_RETURN_TIME';
  /** Park-local return start 'HH:MM' (24 h). */
  returnStartLocal: string;
  /** Single Pass price in cents (PAID_RETURN_TIME), or null. */
  priceCents: number | null;
  /** ISO currency of the price, or null (= USD). */
  currency: string | null;
  /** Upstream display text such as "$21.00", when published. */
  priceFormatted: string | null;
}

/** 'HH:MM' (24 h, park-local; '24:00' is the midnight that ends the day) → '7:20 PM', '12:00 AM'. */
export function formatClockTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h % 24 < 12 ? 'AM' : 'PM'}`;
}

/** A Single Pass price: the upstream text when published, else `$21` / `$13.50` from cents (other currencies: `21.00 EUR`). */
export function formatReturnPrice(priceCents: number, currency: string | null, formatted: string | null): string {
  if (formatted) return formatted;
  if (!currency || currency === 'USD') return formatUsd(priceCents);
  return `${(priceCents / 100).toFixed(2)} ${currency}`;
}

/**
 * The headline of a return-time alert, written when the alert is claimed and stored as the delivery's message
 * (alert history shows it): "Lightning Lane for Space Mountain: return from 7:20 PM (Magic Kingdom Park)." —
 * "Lightning Lane Single Pass for TRON Lightcycle / Run: return from 3:55 PM, $21.00 (Magic Kingdom Park)."
 */
export function formatReturnTimeHeadline(m: ReturnTimeAlertInput): string {
  const paid = m.queueType === 'PAID_RETURN_TIME';
  const price = paid && m.priceCents !== null ? `, ${formatReturnPrice(m.priceCents, m.currency, m.priceFormatted)}` : '';
  const park = m.parkName ? ` (${m.parkName})` : '';
  return `Lightning Lane${paid ? ' Single Pass' : ''} for ${m.rideName}: return from ${formatClockTime(m.returnStartLocal)}${price}${park}.`;
}

/**
 * The e-mail of a return-time alert: the stored headline, a note that return times go quickly and are booked
 * in the park operator's app, and the one-click unsubscribe link like ride alerts (the List-Unsubscribe
 * headers are added by the sender).
 */
export function formatReturnTimeEmail(m: { rideName: string; headline: string; unsubscribeUrl: string | null }): EmailContent {
  const subject = `Lightning Lane return time: ${m.rideName}`;
  const foot =
    "Return times change quickly and are booked in the park operator's app; WalkOn uses public live data, cannot book for you and is independent of the park operators. You get at most one e-mail per attraction, Lightning Lane type and day.";
  const unsub = m.unsubscribeUrl ? `\n\nStop these alerts: ${m.unsubscribeUrl}` : '';
  const text = `${m.headline}\n\n${foot}${unsub}\n`;
  const html = `<p style="font-size:18px"><strong>${escapeHtml(m.headline)}</strong></p>
<p style="color:#555">${escapeHtml(foot)}</p>
${m.unsubscribeUrl ? `<p><a href="${escapeHtml(m.unsubscribeUrl)}">Stop these alerts</a></p>` : ''}`;
  return emailLayout({ subject, text, html }, m.unsubscribeUrl ? originOf(m.unsubscribeUrl) : null);
}

/** The SMS of a return-time alert: the stored headline in one 160-septet GSM-7 segment (like ride alerts). */
export function formatReturnTimeSms(headline: string): string {
  return oneSegmentSms(headline);
}
