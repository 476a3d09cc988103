import { escapeHtml } from '../html.ts';
import { type EmailContent, emailLayout, originOf } from './email.ts';
import { oneSegmentSms } from './sms.ts';

/**
 * The confirmation sent when alerts are switched on (docs/rules.md R16b): the sentence is
 * built once here, stored with the delivery when alerts are activated, and rendered as an e-mail or one SMS
 * segment by the sender. The spec has no text for it.
 */

/** What the sentence says. */
export interface AlertsOnFacts {
  /** Watched rides (active selections) of the park. */
  rideCount: number;
  parkName: string;
  /**
   * When today's alerting ends, already formatted in the product's time format ('11:00 PM park time', the
   * park's published closing), or null when no closing is published (the pass day ends at park-local midnight).
   */
  until: string | null;
  /** Watched rides short right now by the engine's rules (fresh, qualifying, wait ≤ the person's threshold). */
  shortNow: number;
}

/**
 * "Alerts on for 12 rides at Magic Kingdom Park until 11:00 PM park time; 3 are short right now." — singular for
 * one ride ("1 ride", "1 is short"), "none is short right now" for 0, "until midnight park time" without a
 * published closing.
 */
export function alertsOnSentence(f: AlertsOnFacts): string {
  const rides = `${f.rideCount} ride${f.rideCount === 1 ? '' : 's'}`;
  const until = f.until ?? 'midnight park time';
  const short =
    f.shortNow === 0 ? 'none is short right now' : f.shortNow === 1 ? '1 is short right now' : `${f.shortNow} are short right now`;
  return `Alerts on for ${rides} at ${f.parkName} until ${until}; ${short}.`;
}

/** The confirmation e-mail: the sentence, where to change it, and the one-click unsubscribe link. */
export function formatAlertsOnEmail(m: {
  sentence: string;
  parkName: string;
  manageUrl: string;
  unsubscribeUrl: string | null;
}): EmailContent {
  const subject = `WalkOn alerts are on: ${m.parkName}`;
  const how =
    'We alert you the moment a ride you watch drops to a walk-on or a short wait. Mute a ride or the park, or set quiet hours, on Manage Alerts:';
  const unsub = m.unsubscribeUrl ? `\n\nStop these alerts: ${m.unsubscribeUrl}` : '';
  const text = `${m.sentence}\n\n${how} ${m.manageUrl}${unsub}\n`;
  const html = `<p style="font-size:18px"><strong>${escapeHtml(m.sentence)}</strong></p>
<p>${escapeHtml(how)} <a href="${escapeHtml(m.manageUrl)}">Manage Alerts</a></p>
${m.unsubscribeUrl ? `<p><a href="${escapeHtml(m.unsubscribeUrl)}">Stop these alerts</a></p>` : ''}`;
  return emailLayout({ subject, text, html }, originOf(m.manageUrl));
}

/** The confirmation SMS: one GSM-7 segment ending "Reply STOP to opt out." (docs/rules.md R15). */
export function formatAlertsOnSms(sentence: string): string {
  return oneSegmentSms(sentence);
}
