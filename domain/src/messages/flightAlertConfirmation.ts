import { formatDay } from '../days.ts';
import { flightDestination } from '../flights.ts';
import { escapeHtml } from '../html.ts';
import { formatUsd } from '../money.ts';
import { type EmailContent, emailLayout, originOf } from './email.ts';

/** What the flight alert's double opt-in e-mail says (docs/decisions/027). */
export interface FlightAlertConfirmationInput {
  homeAirport: string;
  /** Flight destination id of the fixed catalogue (docs/spec/part-2.md §3). */
  destinationPark: string;
  airport: string | null;
  /** Whole US dollars. */
  maxPrice: number;
  /** 'yyyy-MM-dd'. */
  departureDate: string;
  returnDate: string | null;
  confirmUrl: string;
  unsubscribeUrl: string;
}

/**
 * The double opt-in e-mail of a new flight price alert: the trip and budget, one link to confirm (no price
 * e-mail is sent until it is opened), and the unsubscribe link. Days and money as the site writes them.
 */
export function formatFlightAlertConfirmation(m: FlightAlertConfirmationInput): EmailContent {
  const to = m.airport ?? flightDestination(m.destinationPark)?.name ?? m.destinationPark;
  const dates = m.returnDate ? `${formatDay(m.departureDate)}, back ${formatDay(m.returnDate)}` : formatDay(m.departureDate);
  const trip = `${m.homeAirport} to ${to}, departing ${dates}, up to ${formatUsd(m.maxPrice * 100)}`;
  const lines = [
    'Please confirm your WalkOn flight price alert.',
    `Trip: ${trip}.`,
    'We check fares only after you confirm, and e-mail you when one drops to your budget. If you did not ask for this alert, ignore this e-mail: nothing more will come.',
  ];
  const text = `${lines.join('\n\n')}\n\nConfirm the alert: ${m.confirmUrl}\n\nStop this alert: ${m.unsubscribeUrl}\n`;
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(m.confirmUrl)}">Confirm the alert</a></p>
<p><a href="${escapeHtml(m.unsubscribeUrl)}">Stop this alert</a></p>`;
  return emailLayout({ subject: `Confirm your flight price alert: ${m.homeAirport} to ${to}`, text, html }, originOf(m.confirmUrl));
}
