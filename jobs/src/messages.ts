import { format } from 'date-fns';
import { flightDestination } from './providers/flights/catalogue.ts';
import type { FlightResult } from './providers/flights/types.ts';

/** What a sender needs to write an alert. */
export interface AlertMessageInput {
  kind: string;
  rideName: string;
  /** Standby wait in minutes, or null (test alerts may have none). */
  waitTime: number | null;
  parkName: string | null;
  /** One-click unsubscribe URL, when the alert belongs to a subscription. */
  unsubscribeUrl: string | null;
}

/** A rendered e-mail. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function headline(m: AlertMessageInput): string {
  const park = m.parkName ? ` at ${m.parkName}` : '';
  if (m.kind === 'test_alert') return `Test alert: WalkOn alerts are working for ${m.parkName ?? 'your park'}.`;
  if (m.waitTime === 0 || m.waitTime === null) return `${m.rideName} is a walk-on right now${park}.`;
  return `${m.rideName} has a ${m.waitTime} min standby wait right now${park}.`;
}

/**
 * The e-mail for a ride alert (spec part 1 §1: ride, wait, park), plain text and HTML, with the unsubscribe
 * link in the body (the List-Unsubscribe headers are added by the notifier).
 */
export function formatRideAlertEmail(m: AlertMessageInput): EmailContent {
  const line = headline(m);
  const subject = m.kind === 'test_alert' ? 'WalkOn test alert' : `${m.rideName}: ${m.waitTime ?? 0} min standby wait`;
  const foot = 'Standby waits change quickly; WalkOn uses public wait-time data and is independent of the park operators.';
  const unsub = m.unsubscribeUrl ? `\n\nStop these alerts: ${m.unsubscribeUrl}` : '';
  const text = `${line}\n\n${foot}${unsub}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p style="font-size:18px"><strong>${escapeHtml(line)}</strong></p>
<p style="color:#555">${escapeHtml(foot)}</p>
${m.unsubscribeUrl ? `<p><a href="${escapeHtml(m.unsubscribeUrl)}">Stop these alerts</a></p>` : ''}
</body></html>`;
  return { subject, text, html };
}

// GSM 03.38 basic character set (plus the extension table characters counted as two).
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'.split(
    '',
  ),
);
const GSM7_EXT = new Set('^{}\\[~]|€'.split(''));

/** Replaces characters outside GSM-7 with close equivalents (curly quotes, dashes) or drops them. */
export function toGsm7(s: string): string {
  const mapped = s.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, '-').replace(/…/g, '...');
  return [...mapped].filter((c) => GSM7.has(c) || GSM7_EXT.has(c)).join('');
}

/** Length of a GSM-7 string in septets (extension characters count twice). */
export function gsm7Length(s: string): number {
  return [...s].reduce((n, c) => n + (GSM7_EXT.has(c) ? 2 : 1), 0);
}

/**
 * The SMS for a ride alert: one 160-septet GSM-7 segment with the ride, wait and park (issue 3 item 5).
 * Long ride or park names are shortened with "..." so the message never exceeds one segment.
 */
export function formatRideAlertSms(m: AlertMessageInput): string {
  return oneSegmentSms(headline(m));
}

/** `WalkOn: <body> Reply STOP to opt out.` in GSM-7, the body shortened with "..." to fit one 160-septet segment. */
function oneSegmentSms(body: string): string {
  const tail = ' Reply STOP to opt out.';
  let text = toGsm7(`WalkOn: ${body}`);
  const budget = 160 - gsm7Length(tail);
  if (gsm7Length(text) > budget) {
    while (gsm7Length(text) > budget - 3) text = text.slice(0, -1);
    text = `${text.trimEnd()}...`;
  }
  return text + tail;
}

/** What a return-time alert says (issue 6, beyond the spec: Lightning Lane return times from live data). */
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

/** 'HH:MM' (24 h) → '7:20 PM'. */
export function formatClockTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
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
 * The e-mail of a return-time alert (issue 6): the stored headline, a note that return times go quickly and
 * are booked in the park operator's app, and the one-click unsubscribe link like ride alerts (the
 * List-Unsubscribe headers are added by the sender).
 */
export function formatReturnTimeEmail(m: { rideName: string; headline: string; unsubscribeUrl: string | null }): EmailContent {
  const subject = `Lightning Lane return time: ${m.rideName}`;
  const foot =
    "Return times change quickly and are booked in the park operator's app; WalkOn uses public live data, cannot book for you and is independent of the park operators. You get at most one e-mail per attraction, Lightning Lane type and day.";
  const unsub = m.unsubscribeUrl ? `\n\nStop these alerts: ${m.unsubscribeUrl}` : '';
  const text = `${m.headline}\n\n${foot}${unsub}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p style="font-size:18px"><strong>${escapeHtml(m.headline)}</strong></p>
<p style="color:#555">${escapeHtml(foot)}</p>
${m.unsubscribeUrl ? `<p><a href="${escapeHtml(m.unsubscribeUrl)}">Stop these alerts</a></p>` : ''}
</body></html>`;
  return { subject, text, html };
}

/** The SMS of a return-time alert: the stored headline in one 160-septet GSM-7 segment (like ride alerts). */
export function formatReturnTimeSms(headline: string): string {
  return oneSegmentSms(headline);
}

/** The newsletter confirmation e-mail (issue 4), with its unsubscribe link. */
export function formatNewsletterConfirmation(unsubscribeUrl: string): EmailContent {
  const text = `Welcome to the WalkOn newsletter!\n\nYou will hear from us about new parks, features and tips for shorter waits.\n\nUnsubscribe at any time: ${unsubscribeUrl}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p style="font-size:18px"><strong>Welcome to the WalkOn newsletter!</strong></p>
<p>You will hear from us about new parks, features and tips for shorter waits.</p>
<p><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`;
  return { subject: 'Welcome to the WalkOn newsletter', text, html };
}

/** The affiliate application confirmation (spec part 2 §2: we reach out within 2–3 business days). */
export function formatAffiliateConfirmation(fullName: string): EmailContent {
  const text = `Hi ${fullName},\n\nThank you for applying to the WalkOn affiliate program. Our team will review your application and reach out within 2-3 business days about the commission structure and payment.\n\nThe WalkOn team\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p>Hi ${escapeHtml(fullName)},</p>
<p>Thank you for applying to the WalkOn affiliate program. Our team will review your application and reach out within 2-3 business days about the commission structure and payment.</p>
<p>The WalkOn team</p>
</body></html>`;
  return { subject: 'We received your WalkOn affiliate application', text, html };
}

/** What a pass confirmation says (issue 3, spec part 1 §2 "What happens next"). */
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
      ? `Paid: $${(m.amountCents / 100).toFixed(2)}${m.transactionId ? ` (transaction ${m.transactionId})` : ''}`
      : 'Free with your promo code.';
  const how = m.channel === 'sms' ? 'text messages (and e-mail receipts)' : 'e-mail';
  const manage = `${m.publicOrigin.replace(/\/$/, '')}/manage-alerts`;
  const lines = [
    `Your WalkOn alerts for ${m.parkName} are set up.`,
    `Dates: ${dates}`,
    `Alerts by ${how} for ALL rides of the park, whenever a standby wait drops to 1-15 minutes.`,
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
  const tail = ' Reply STOP to opt out.';
  const range = days.length === 1 ? formatDay(days[0]!) : `${formatDay(days[0]!)} +${days.length - 1} more`;
  let text = toGsm7(`WalkOn: SMS alerts are set for ${parkName} on ${range}.`);
  const budget = 160 - gsm7Length(tail);
  while (gsm7Length(text) > budget) text = `${text.slice(0, budget - 4).trimEnd()}...`;
  return text + tail;
}

/**
 * The one-click unsubscribe link of a token (RFC 8058; ride alerts, newsletter, passes, flight alerts): the URL
 * served by the API's `/unsubscribe`, and the `List-Unsubscribe` / `List-Unsubscribe-Post` headers carrying it.
 */
export function oneClickUnsubscribe(publicOrigin: string, token: string): { url: string; headers: Record<string, string> } {
  const url = `${publicOrigin.replace(/\/$/, '')}/unsubscribe?token=${token}`;
  return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** What a flight deal e-mail says. */
export interface FlightDealInput {
  /** The alert's trip: airports IATA, dates 'yyyy-MM-dd', `maxPrice` whole US dollars. */
  alert: {
    homeAirport: string;
    destinationPark: string;
    airport: string | null;
    maxPrice: number;
    departureDateStart: string;
    returnDateStart: string | null;
  };
  /** The cheapest USD fare (priceCents in cents, for the whole trip). */
  flight: FlightResult;
  /** One-click unsubscribe URL of the alert. */
  unsubscribeUrl: string;
}

/** US dollars from cents: "$123" for whole dollars, else "$123.45" (thousands separated). */
export function formatUsd(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/** 'yyyy-MM-ddTHH:mm:ss' (airport local time) → 'yyyy-MM-dd HH:mm'. */
const localTime = (t: string) => t.replace('T', ' ').slice(0, 16);

/**
 * The flight deal e-mail (issue 7, spec part 2 §3): subject `Flight deal: JFK → MCO from $123`, plain text
 * and HTML with airline, departure/arrival (airport local times), stops, duration, price (whole trip), the
 * Book Now link, the alert's criteria (route, dates, limit in whole dollars) and the unsubscribe link (the
 * List-Unsubscribe headers are added by the sender).
 */
export function formatFlightDealEmail(m: FlightDealInput): { subject: string; text: string; html: string } {
  const { alert, flight } = m;
  const price = formatUsd(flight.priceCents);
  const subject = `Flight deal: ${flight.departure} → ${flight.arrival} from ${price}`;
  const dest = flightDestination(alert.destinationPark);
  const where = alert.airport
    ? `${dest?.name ?? alert.destinationPark} via ${alert.airport.trim()}`
    : `${dest?.name ?? alert.destinationPark} (any airport: ${dest?.airports.map((a) => a.code).join(', ') ?? ''})`;
  const trip = alert.returnDateStart ? `round trip, returning ${alert.returnDateStart}` : 'one way';
  const stops = flight.stops === 0 ? 'Nonstop' : `${flight.stops} stop${flight.stops === 1 ? '' : 's'}`;
  const duration = `${Math.floor(flight.durationMinutes / 60)} h ${flight.durationMinutes % 60} min`;
  const details: [string, string][] = [
    ['Airline', flight.airline],
    ['Departs', `${flight.departure} ${localTime(flight.departureTime)} (local time)`],
    ['Arrives', `${flight.arrival} ${localTime(flight.arrivalTime)} (local time)`],
    ['Stops', `${stops}, ${duration}`],
    ['Price', `${price} (economy, 1 adult, ${alert.returnDateStart ? 'round trip' : 'one way'})`],
  ];
  // The provider gives https links; anything else (never expected) is left out rather than linked.
  const book = /^https:\/\//i.test(flight.bookingLink) ? flight.bookingLink : null;
  const criteria = `Your alert: ${alert.homeAirport.trim()} → ${where}, departing ${alert.departureDateStart}, ${trip}, at or below ${formatUsd(alert.maxPrice * 100)}.`;
  const foot =
    'Fares change quickly and are not guaranteed until booked. We e-mail you at most once a day, and again only when the price drops further.';
  const text = [
    `A flight matches your WalkOn price alert: ${flight.departure} → ${flight.arrival} from ${price}.`,
    details.map(([k, v]) => `${k}: ${v}`).join('\n'),
    book ? `Book now: ${book}` : 'Book with the airline.',
    criteria,
    foot,
    `Stop this alert: ${m.unsubscribeUrl}`,
  ].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p style="font-size:18px"><strong>${escapeHtml(`${flight.departure} → ${flight.arrival} from ${price}`)}</strong></p>
<table cellpadding="4">
${details.map(([k, v]) => `<tr><td style="color:#555">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('\n')}
</table>
${book ? `<p><a href="${escapeHtml(book)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">Book Now</a></p>` : ''}
<p>${escapeHtml(criteria)}</p>
<p style="color:#555">${escapeHtml(foot)}</p>
<p><a href="${escapeHtml(m.unsubscribeUrl)}">Stop this alert</a></p>
</body></html>`;
  return { subject, text: `${text}\n`, html };
}

/** What a restaurant alert e-mail says (issue 6, spec part 2 §2 Restaurant Alerts). */
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
 * The restaurant alert e-mail (issue 6): subject `Table available: <restaurant> for 2 on 2026-04-14`, plain text
 * and HTML with the restaurant, park, date, party size, preferred time, the published wait, where the data
 * comes from, a link to manage alerts and the one-click unsubscribe link (List-Unsubscribe headers are added
 * by the sender).
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
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p style="font-size:18px"><strong>${escapeHtml(m.message)}</strong></p>
<table cellpadding="4">
${details.map(([k, v]) => `<tr><td style="color:#555">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('\n')}
</table>
<p style="color:#555">${escapeHtml(foot)}</p>
<p><a href="${escapeHtml(manage)}">Manage your restaurant alerts</a></p>
<p><a href="${escapeHtml(m.unsubscribeUrl)}">Stop this alert</a></p>
</body></html>`;
  return { subject, text: `${text}\n`, html };
}

/** Which account e-mail to write (the links' pages are /verify-email and /reset-password). */
export type AccountEmailKind = 'verify_email' | 'signup_existing' | 'reset_password' | 'change_email';

/**
 * The account e-mails (verify the address, someone signed up with your address, reset the password, confirm a
 * new address): a short explanation and one link. `link` is the full URL with its single-use token.
 */
export function formatAccountEmail(kind: AccountEmailKind, link: string): EmailContent {
  const texts: Record<AccountEmailKind, { subject: string; lines: string[]; action: string }> = {
    verify_email: {
      subject: 'Confirm your WalkOn e-mail address',
      lines: [
        'Welcome to WalkOn! Please confirm that this e-mail address is yours.',
        'Once confirmed, your account shows every alert bought for this address, also those bought before you signed up.',
        'The link works once, for 24 hours. If you did not sign up, ignore this e-mail.',
      ],
      action: 'Confirm my e-mail address',
    },
    signup_existing: {
      subject: 'Someone tried to sign up with your e-mail address',
      lines: [
        'Someone (maybe you) tried to create a WalkOn account with this e-mail address, but you already have one.',
        'If it was you and you forgot your password, reset it with the link below (it works once, for 1 hour). Otherwise you can ignore this e-mail: your account is unchanged.',
      ],
      action: 'Reset my password',
    },
    reset_password: {
      subject: 'Reset your WalkOn password',
      lines: [
        'We received a request to reset the password of your WalkOn account.',
        'The link works once, for 1 hour, and signs you out everywhere. If you did not ask for it, ignore this e-mail.',
      ],
      action: 'Choose a new password',
    },
    change_email: {
      subject: 'Confirm your new WalkOn e-mail address',
      lines: [
        'Please confirm that you want to use this address for your WalkOn account.',
        'The change takes effect when you open the link (it works once, for 24 hours). If you did not ask for it, ignore this e-mail.',
      ],
      action: 'Use this e-mail address',
    },
  };
  const t = texts[kind];
  const text = `${t.lines.join('\n\n')}\n\n${t.action}: ${link}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
${t.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>
</body></html>`;
  return { subject: t.subject, text, html };
}
