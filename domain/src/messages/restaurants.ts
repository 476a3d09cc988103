import { escapeHtml } from '../html.ts';
import { type EmailContent, emailLayout } from './email.ts';

/** What a restaurant alert e-mail says (docs/spec/part-2.md §2 Restaurant Alerts). */
export interface RestaurantAlertEmailInput {
  restaurantName: string;
  parkName: string | null;
  /** Park-local 'YYYY-MM-DD'. */
  date: string;
  partySize: number;
  preferredTime: 'breakfast' | 'lunch' | 'dinner' | 'any';
  /** Walk-up wait in minutes as published, or null. */
  waitMinutes: number | null;
  /** The match summary stored with the delivery (says "Sample data" for replayed data). */
  message: string;
  /** One-click unsubscribe URL of the alert. */
  unsubscribeUrl: string;
  /** e.g. http://localhost:3000 — where to manage alerts. */
  publicOrigin: string;
}

/**
 * The restaurant alert e-mail: subject `Table available: <restaurant> for 2 on 2026-04-14`, plain text and
 * HTML with the restaurant, park, date, party size, preferred time, the published wait, where the data comes
 * from, a link to manage alerts and the one-click unsubscribe link (List-Unsubscribe headers are added by the
 * sender).
 */
export function formatRestaurantAlertEmail(m: RestaurantAlertEmailInput): EmailContent {
  const subject = `Table available: ${m.restaurantName} for ${m.partySize} on ${m.date}`;
  const details: [string, string][] = [
    ['Restaurant', m.restaurantName],
    ['Park', m.parkName ?? '—'],
    ['Date', m.date],
    ['Party size', String(m.partySize)],
    ['Preferred time', m.preferredTime === 'any' ? 'Any time' : m.preferredTime[0]!.toUpperCase() + m.preferredTime.slice(1)],
    ['Wait', m.waitMinutes === null ? 'walk-up (no wait published)' : `about ${m.waitMinutes} min`],
  ];
  const foot =
    "Availability comes from ThemeParks.wiki's published walk-up availability and changes quickly; WalkOn cannot book for you and is independent of the park operators. You get at most one e-mail per alert and date.";
  const manage = `${m.publicOrigin.replace(/\/$/, '')}/manage-restaurant-alerts`;
  const text = [
    m.message,
    details.map(([k, v]) => `${k}: ${v}`).join('\n'),
    foot,
    `Manage your restaurant alerts: ${manage}`,
    `Stop this alert: ${m.unsubscribeUrl}`,
  ].join('\n\n');
  const html = `<p style="font-size:18px"><strong>${escapeHtml(m.message)}</strong></p>
<table cellpadding="4">
${details.map(([k, v]) => `<tr><td style="color:#555">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('\n')}
</table>
<p style="color:#555">${escapeHtml(foot)}</p>
<p><a href="${escapeHtml(manage)}">Manage your restaurant alerts</a></p>
<p><a href="${escapeHtml(m.unsubscribeUrl)}">Stop this alert</a></p>`;
  return emailLayout({ subject, text: `${text}\n`, html }, m.publicOrigin);
}
