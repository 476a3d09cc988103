import { type FlightResult, flightDestination } from '../flights.ts';
import { escapeHtml } from '../html.ts';
import { formatUsd } from '../money.ts';
import { type EmailContent, emailLayout, originOf } from './email.ts';

/** The stored flight alert fields a deal e-mail repeats (a flight alert row as its repository returns it). */
export interface FlightAlertCriteria {
  homeAirport: string;
  /** Destination id of the fixed catalogue (e.g. 'disney-world'). */
  destinationPark: string;
  /** A specific airport of the destination, or null for all of them. */
  airport: string | null;
  /** Whole US dollars. */
  maxPrice: number;
  /** 'YYYY-MM-DD'. */
  departureDateStart: string;
  /** 'YYYY-MM-DD', or null for one way. */
  returnDateStart: string | null;
}

/** What a flight deal e-mail says. */
export interface FlightDealInput {
  alert: FlightAlertCriteria;
  /** The cheapest USD fare (priceCents in cents, for the whole trip). */
  flight: FlightResult;
  /** One-click unsubscribe URL of the alert. */
  unsubscribeUrl: string;
  /** The fare comes from replayed recordings (FLIGHTS_SOURCE=replay): labelled sample data. */
  sample?: boolean;
}

/** The line a flight e-mail built from replayed recordings starts with. */
export const SAMPLE_FLIGHT_LINE = 'Sample data: this fare was replayed from recorded offers, not searched live. Do not book from it.';

/** 'yyyy-MM-ddTHH:mm:ss' (airport local time) → 'yyyy-MM-dd HH:mm'. */
const localTime = (t: string) => t.replace('T', ' ').slice(0, 16);

/**
 * The flight deal e-mail (docs/spec/part-2.md §3): subject `Flight deal: JFK → MCO from $123`, plain text and HTML
 * with airline, departure/arrival (airport local times), stops, duration, price (whole trip), the Book Now
 * link, the alert's criteria (route, dates, limit in whole dollars) and the unsubscribe link (the
 * List-Unsubscribe headers are added by the sender).
 */
export function formatFlightDealEmail(m: FlightDealInput): EmailContent {
  const { alert, flight } = m;
  const price = formatUsd(flight.priceCents);
  const subject = `${m.sample ? '[Sample] ' : ''}Flight deal: ${flight.departure} → ${flight.arrival} from ${price}`;
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
    ...(m.sample ? [SAMPLE_FLIGHT_LINE] : []),
    `A flight matches your WalkOn price alert: ${flight.departure} → ${flight.arrival} from ${price}.`,
    details.map(([k, v]) => `${k}: ${v}`).join('\n'),
    book ? `Book now: ${book}` : 'Book with the airline.',
    criteria,
    foot,
    `Stop this alert: ${m.unsubscribeUrl}`,
  ].join('\n\n');
  const html = `${m.sample ? `<p style="background:#fef3c7;padding:8px"><strong>${escapeHtml(SAMPLE_FLIGHT_LINE)}</strong></p>\n` : ''}<p style="font-size:18px"><strong>${escapeHtml(`${flight.departure} → ${flight.arrival} from ${price}`)}</strong></p>
<table cellpadding="4">
${details.map(([k, v]) => `<tr><td style="color:#555">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('\n')}
</table>
${book ? `<p><a href="${escapeHtml(book)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">Book Now</a></p>` : ''}
<p>${escapeHtml(criteria)}</p>
<p style="color:#555">${escapeHtml(foot)}</p>
<p><a href="${escapeHtml(m.unsubscribeUrl)}">Stop this alert</a></p>`;
  return emailLayout({ subject, text: `${text}\n`, html }, originOf(m.unsubscribeUrl));
}
