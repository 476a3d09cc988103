import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { formatDay } from '../days.ts';
import { escapeHtml } from '../html.ts';
import { parkZoneName } from '../timeFormat.ts';
import { type EmailContent, emailLayout, originOf } from './email.ts';
import { gsm7Length, oneSegmentSms, toGsm7 } from './sms.ts';

/** What a sender needs to write a single alert (a test alert, or a delivery outside a grouped message). */
export interface AlertMessageInput {
  kind: string;
  rideName: string;
  /** Standby wait in minutes, or null (test alerts may have none). */
  waitTime: number | null;
  parkName: string | null;
  /** One-click unsubscribe URL, when the alert belongs to a subscription. */
  unsubscribeUrl: string | null;
}

/**
 * The test alert's sentence (docs/rules.md R13), written once: the e-mail and SMS say it, and the history row
 * of the test alert (`deliveries.message`) records it.
 * @param parkName the park's name; null writes "your park".
 */
export function testAlertSentence(parkName: string | null): string {
  return `Test alert: WalkOn alerts are working for ${parkName ?? 'your park'}.`;
}

/**
 * The sentence of one ride alert in the person's alert history (`deliveries.message`, docs/rules.md R14), e.g.
 * "Dumbo the Flying Elephant has a 15 min standby wait at Magic Kingdom Park." or "Space Mountain is back in
 * service at Magic Kingdom Park.". The alert engine writes it inside its claim statement: it calls this function
 * with placeholders for the ride name and the wait and turns the result into SQL (db alertEngine
 * `historySentenceSql`), so this stays the one place the sentence is written.
 * @param kind 'back_in_service', else a ride alert.
 * @param wait standby wait in minutes (or the placeholder standing for it).
 */
export function alertHistorySentence(kind: string, rideName: string, wait: number | string, parkName: string): string {
  return kind === 'back_in_service'
    ? `${rideName} is back in service at ${parkName}.`
    : `${rideName} has a ${wait} min standby wait at ${parkName}.`;
}

function headline(m: AlertMessageInput): string {
  const park = m.parkName ? ` at ${m.parkName}` : '';
  if (m.kind === 'test_alert') return testAlertSentence(m.parkName);
  if (m.waitTime === 0 || m.waitTime === null) return `${m.rideName} is a walk-on right now${park}.`;
  return `${m.rideName} has a ${m.waitTime} min standby wait right now${park}.`;
}

/**
 * The e-mail for a single ride alert (docs/spec/part-1.md §1: ride, wait, park), plain text and HTML, with the
 * unsubscribe link in the body (the List-Unsubscribe headers are added by the sender).
 */
export function formatRideAlertEmail(m: AlertMessageInput): EmailContent {
  const line = headline(m);
  const subject = m.kind === 'test_alert' ? 'WalkOn test alert' : `${m.rideName}: ${m.waitTime ?? 0} min standby wait`;
  const foot = 'Standby waits change quickly; WalkOn uses public wait-time data and is independent of the park operators.';
  const unsub = m.unsubscribeUrl ? `\n\nStop these alerts: ${m.unsubscribeUrl}` : '';
  const text = `${line}\n\n${foot}${unsub}\n`;
  const html = `<p style="font-size:18px"><strong>${escapeHtml(line)}</strong></p>
<p style="color:#555">${escapeHtml(foot)}</p>
${m.unsubscribeUrl ? `<p><a href="${escapeHtml(m.unsubscribeUrl)}">Stop these alerts</a></p>` : ''}`;
  return emailLayout({ subject, text, html }, m.unsubscribeUrl ? originOf(m.unsubscribeUrl) : null);
}

/**
 * The SMS for a single ride alert: one 160-septet GSM-7 segment with the ride, wait and park. Long ride or
 * park names are shortened with "..." so the message never exceeds one segment.
 */
export function formatRideAlertSms(m: AlertMessageInput): string {
  return oneSegmentSms(headline(m));
}

/** One alert inside a grouped message: a ride with its standby wait, or a ride back in service. */
export interface RideAlertItem {
  kind: 'ride_alert' | 'back_in_service' | string;
  rideName: string;
  /** Standby wait in minutes, or null (back in service without a published wait). */
  waitTime: number | null;
  /** The ride's id: its name in the e-mail links to its ride page. Absent or null: the name is not a link. */
  rideId?: string | null;
}

/** What one grouped ride-alert message says (docs/DESIGN.md §2.5: one message per person per tick). */
export interface RideAlertGroup {
  parkId: string;
  parkName: string;
  /** IANA zone of the park (null = UTC): the reading's time and date are written in it. */
  timezone: string | null;
  /** The poll instant the alerts were decided at (UTC). */
  readingAt: Date;
  items: RideAlertItem[];
  /** e.g. https://walkon.example — the base of every link. */
  publicOrigin: string;
  /** One-click unsubscribe URL, when the alerts belong to a subscription. */
  unsubscribeUrl: string | null;
}

/** Shortest standby waits first; back-in-service alerts (no wait) after them, then by name. */
export function sortAlertItems(items: RideAlertItem[]): RideAlertItem[] {
  return [...items].sort((a, b) => (a.waitTime ?? 1e9) - (b.waitTime ?? 1e9) || a.rideName.localeCompare(b.rideName));
}

/** "Tue, Nov 24" and "2:05 PM" of an instant in the park's zone (the site's day format, @walkon/domain/days). */
export function parkLocalStamp(at: Date, timezone: string | null): { date: string; time: string } {
  const z = new TZDate(at.getTime(), timezone ?? 'UTC');
  return { date: formatDay(format(z, 'yyyy-MM-dd')), time: format(z, 'h:mm a') };
}

/**
 * The live waits page of a park (`/live-wait-times?park=<id>`, its route's search param), Manage Alerts, and with
 * `rideId` the ride's page (`/live-wait-times/<park>/<ride>`; null without one).
 */
export function rideAlertLinks(
  publicOrigin: string,
  parkId: string,
  rideId?: string,
): { live: string; manage: string; ride: string | null } {
  const base = publicOrigin.replace(/\/$/, '');
  return {
    live: `${base}/live-wait-times?park=${encodeURIComponent(parkId)}`,
    manage: `${base}/manage-alerts`,
    ride: rideId ? `${base}/live-wait-times/${encodeURIComponent(parkId)}/${encodeURIComponent(rideId)}` : null,
  };
}

const itemLine = (i: RideAlertItem) =>
  i.kind === 'back_in_service'
    ? `${i.rideName} is back in service${i.waitTime !== null ? ` (${i.waitTime} min standby wait)` : ''}`
    : `${i.rideName}: ${i.waitTime} min standby wait`;

/**
 * The e-mail of one person's alerts of one tick (docs/DESIGN.md §2.5, docs/spec/part-1.md §1: ride, wait, park): subject with
 * the shortest wait and "+N more"; text and HTML parts with every ride (shortest wait first), the park-local
 * time and date of the reading, each ride's name linked to its ride page, links to the park's live waits and to
 * Manage Alerts, and the unsubscribe link (the List-Unsubscribe headers are added by the sender); in the branded
 * layout (emailLayout).
 */
export function formatRideAlertGroupEmail(g: RideAlertGroup): EmailContent {
  const items = sortAlertItems(g.items);
  const first = items[0]!;
  const more = items.length > 1 ? ` +${items.length - 1} more` : '';
  const lead = first.kind === 'back_in_service' ? `${first.rideName} is back in service` : `${first.rideName} ${first.waitTime} min`;
  const subject = `${lead}${more} at ${g.parkName}`;
  const { date, time } = parkLocalStamp(g.readingAt, g.timezone);
  const links = rideAlertLinks(g.publicOrigin, g.parkId);
  // Each ride's name links to its ride page (today's waits, the typical day, best times).
  const rideLink = (i: RideAlertItem) =>
    i.rideId
      ? `<a href="${escapeHtml(rideAlertLinks(g.publicOrigin, g.parkId, i.rideId).ride!)}" style="color:#0f766e">${escapeHtml(i.rideName)}</a>`
      : escapeHtml(i.rideName);
  const intro = `Standby waits at ${g.parkName} at ${time} on ${date} (park time):`;
  const foot = 'Standby waits change quickly; WalkOn uses public wait-time data and is independent of the park operators.';
  const text = [
    intro,
    '',
    ...items.map((i) => `- ${itemLine(i)}`),
    '',
    `All live waits at ${g.parkName}: ${links.live}`,
    `Manage your alerts: ${links.manage}`,
    '',
    foot,
    ...(g.unsubscribeUrl ? ['', `Stop these alerts: ${g.unsubscribeUrl}`] : []),
    '',
  ].join('\n');
  const html = `<p style="font-size:16px">${escapeHtml(intro)}</p>
<ul>
${items.map((i) => `<li style="font-size:18px"><strong>${rideLink(i)}</strong>: ${escapeHtml(i.kind === 'back_in_service' ? 'back in service' : `${i.waitTime} min standby wait`)}</li>`).join('\n')}
</ul>
<p><a href="${escapeHtml(links.live)}">All live waits at ${escapeHtml(g.parkName)}</a> · <a href="${escapeHtml(links.manage)}">Manage your alerts</a></p>
<p style="color:#555">${escapeHtml(foot)}</p>
${g.unsubscribeUrl ? `<p><a href="${escapeHtml(g.unsubscribeUrl)}">Stop these alerts</a></p>` : ''}`;
  return emailLayout({ subject, text, html }, g.publicOrigin);
}

/**
 * The SMS of one person's alerts of one tick: ONE GSM-7 segment (at most 160 septets): the park-local time with
 * its zone's short name ('WalkOn 8:15 PM EST:', R25a),
 * the rides with the shortest waits first as many as fit ("Dumbo 5m"; "back" for back in service), "+N more"
 * for the rest, the park's live waits link and "Reply STOP to opt out." (docs/rules.md). Ride names that alone do not fit
 * are shortened with "...".
 */
export function formatRideAlertGroupSms(g: RideAlertGroup): string {
  const items = sortAlertItems(g.items);
  const { time } = parkLocalStamp(g.readingAt, g.timezone);
  const link = rideAlertLinks(g.publicOrigin, g.parkId).live;
  const tail = ` ${link} Reply STOP to opt out.`;
  const head = toGsm7(`WalkOn ${time} ${parkZoneName(g.readingAt, g.timezone)}: `);
  const part = (i: RideAlertItem) => toGsm7(`${i.rideName} ${i.kind === 'back_in_service' ? 'back' : `${i.waitTime}m`}`);
  const budget = 160 - gsm7Length(tail);
  const fits = (body: string) => gsm7Length(body) <= budget;
  let body = head;
  let shown = 0;
  for (let k = 0; k < items.length; k++) {
    const rest = items.length - k - 1;
    const candidate = `${body}${shown ? ', ' : ''}${part(items[k]!)}`;
    const suffix = rest > 0 ? ` +${rest} more` : '';
    if (fits(candidate + suffix)) {
      body = candidate;
      shown++;
    } else break;
  }
  if (shown === 0) {
    // The first ride's name alone is too long: shorten it.
    const suffix = items.length > 1 ? ` +${items.length - 1} more` : '';
    let p = part(items[0]!);
    while (p.length > 1 && !fits(`${head}${p}...${suffix}`)) p = p.slice(0, -1);
    body = `${head}${p.trimEnd()}...`;
    shown = 1;
  }
  const rest = items.length - shown;
  return `${body}${rest > 0 ? ` +${rest} more` : ''}${tail}`;
}
