import { type Database, flights as flightAlerts } from '@walkon/db';
import type { Kysely, Selectable } from 'kysely';
import type { Logger } from '../logger.ts';
import { flightDestination } from '../providers/flights/catalogue.ts';
import type { FlightResult, FlightSearch, FlightSearchOutcome } from '../providers/flights/types.ts';
import type { Notifier } from '../providers/notify/index.ts';
import { cheapestMatch, type FlightAlertGroup, groupAlerts, shouldNotify } from './flightRules.ts';

/** A `flight_alerts` row as the check reads it. */
type FlightAlertRow = Selectable<Database['flight_alerts']>;

/**
 * The minimal flight search the check needs: the cached search service of providers/flights (or a provider,
 * or a test fake). `search` resolves the outcome (cheapest first) or throws when the provider cannot answer.
 */
export interface FlightSearcher {
  search(q: FlightSearch): Promise<FlightSearchOutcome>;
}

/** Dependencies of the flight price check. */
export interface FlightPriceCheckDeps {
  db: Kysely<Database>;
  /** The worker's notifier (outbox or AWS). */
  notifier: Notifier;
  /** Flight search; null/absent = unavailable (the check then only deactivates past alerts). */
  flights?: FlightSearcher | null;
  logger: Logger;
  now: () => Date;
  /** e.g. http://localhost:3000 — the base of the unsubscribe link. */
  publicOrigin: string;
  /** Searches run at once (default 2). */
  concurrency?: number;
}

/** What one run did. */
export interface FlightPriceCheckResult {
  /** Alerts deactivated because their departure date passed. */
  deactivated: number;
  /** Distinct searches among the active alerts. */
  groups: number;
  /** Provider (service) searches made. */
  searches: number;
  /** Alerts e-mailed. */
  notified: number;
  /** Groups whose search failed (logged and skipped). */
  failedGroups: number;
}

/** The UTC calendar date of an instant, 'yyyy-MM-dd' (departure dates are compared in UTC, issue 7). */
export const utcDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The `flight-price-check` job (issue 7; spec part 2 §3 "Flight alert"), every 6 hours:
 * 1. deactivates alerts whose departure date is before today (UTC);
 * 2. reads the active alerts and groups them so ONE search serves every alert with the same search;
 * 3. runs each group's search (at most `concurrency` at once); a failing group is logged, counted in
 *    `failedGroups` and skipped, the others continue;
 * 4. for each alert where `shouldNotify` holds for the cheapest USD fare, claims the notification
 *    (`flights.claimNotification`, a conditional UPDATE that locks the row), sends ONE e-mail through the
 *    notifier (text + HTML, one-click unsubscribe link and RFC 8058 List-Unsubscribe headers) and
 *    `markNotified`s it, all in one transaction: two workers running the check at once never mail one alert
 *    twice in a day; a failed send rolls the claim back so the next run retries. A send failure is logged and
 *    the other alerts continue.
 * Without a flight search (`flights` null) it logs "flight search unavailable" and only deactivates.
 * @returns the counts; never throws for a single group's or alert's failure (database errors propagate).
 */
export async function runFlightPriceCheck(deps: FlightPriceCheckDeps): Promise<FlightPriceCheckResult> {
  const log = deps.logger;
  const today = utcDate(deps.now());
  const deactivated = await flightAlerts.deactivatePast(deps.db, today);
  const result: FlightPriceCheckResult = { deactivated, groups: 0, searches: 0, notified: 0, failedGroups: 0 };
  const service = deps.flights;
  if (!service) {
    log.warn({ deactivated }, 'flight-price-check: flight search unavailable');
    return result;
  }

  const alerts = await flightAlerts.activeAlerts(deps.db, today);
  const groups = groupAlerts(alerts, (a, err) =>
    log.warn({ alertId: a.id, err: err.message }, 'flight-price-check: alert cannot be searched'),
  );
  result.groups = groups.length;

  const runGroup = async (g: FlightAlertGroup<FlightAlertRow>) => {
    let outcome: FlightSearchOutcome;
    try {
      result.searches++;
      outcome = await service.search(g.search);
    } catch (err) {
      result.failedGroups++;
      log.warn(
        { search: g.search, alerts: g.alerts.length, err: (err as Error).message },
        'flight-price-check: search failed, group skipped',
      );
      return;
    }
    if (outcome.unresolvedDestinations.length > 0)
      log.info({ search: g.search, unresolved: outcome.unresolvedDestinations }, 'flight-price-check: some destinations unresolved');
    const cheapest = cheapestMatch(outcome);
    if (!cheapest) return;
    for (const alert of g.alerts) {
      const now = deps.now();
      const due = shouldNotify({
        maxPriceDollars: alert.max_price,
        cheapestCents: cheapest.priceCents,
        lastNotifiedAt: alert.last_notified_at,
        lastNotifiedPriceCents: alert.last_notified_price_cents,
        now,
      });
      if (!due) continue;
      try {
        if (await notifyAlert(deps, alert, cheapest, now)) result.notified++;
      } catch (err) {
        log.warn({ alertId: alert.id, err: (err as Error).message }, 'flight-price-check: e-mail failed, retried next run');
      }
    }
  };

  const queue = [...groups];
  const lanes = Array.from({ length: Math.max(1, Math.min(deps.concurrency ?? 2, queue.length)) }, async () => {
    for (let g = queue.shift(); g; g = queue.shift()) await runGroup(g);
  });
  await Promise.all(lanes);
  log.info({ ...result }, 'flight-price-check');
  return result;
}

/**
 * Claims, sends and marks one alert's e-mail in one transaction (see runFlightPriceCheck step 4).
 * @returns false when the claim was lost (already mailed within 24 h, not a further drop, or unsubscribed).
 * @throws whatever the notifier throws (the transaction, and so the claim, is rolled back).
 */
async function notifyAlert(deps: FlightPriceCheckDeps, alert: FlightAlertRow, flight: FlightResult, at: Date): Promise<boolean> {
  return deps.db.transaction().execute(async (tx) => {
    if (!(await flightAlerts.claimNotification(tx, alert.id, flight.priceCents, at))) return false;
    const unsubscribeUrl = `${deps.publicOrigin.replace(/\/$/, '')}/unsubscribe?token=${alert.unsubscribe_token}`;
    const mail = formatFlightDealEmail({ alert, flight, unsubscribeUrl });
    const headers = { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    await deps.notifier.sendEmail({ to: alert.email, ...mail, headers }, { db: tx });
    await flightAlerts.markNotified(tx, alert.id, flight.priceCents, at);
    return true;
  });
}

/** What a flight deal e-mail says. */
export interface FlightDealInput {
  alert: Pick<FlightAlertRow, 'home_airport' | 'destination_park' | 'airport' | 'max_price' | 'departure_date_start' | 'return_date_start'>;
  /** The cheapest USD fare (priceCents in cents, for the whole trip). */
  flight: FlightResult;
  /** One-click unsubscribe URL of the alert. */
  unsubscribeUrl: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
  const dest = flightDestination(alert.destination_park);
  const where = alert.airport
    ? `${dest?.name ?? alert.destination_park} via ${alert.airport.trim()}`
    : `${dest?.name ?? alert.destination_park} (any airport: ${dest?.airports.map((a) => a.code).join(', ') ?? ''})`;
  const trip = alert.return_date_start ? `round trip, returning ${alert.return_date_start}` : 'one way';
  const stops = flight.stops === 0 ? 'Nonstop' : `${flight.stops} stop${flight.stops === 1 ? '' : 's'}`;
  const duration = `${Math.floor(flight.durationMinutes / 60)} h ${flight.durationMinutes % 60} min`;
  const details: [string, string][] = [
    ['Airline', flight.airline],
    ['Departs', `${flight.departure} ${localTime(flight.departureTime)} (local time)`],
    ['Arrives', `${flight.arrival} ${localTime(flight.arrivalTime)} (local time)`],
    ['Stops', `${stops}, ${duration}`],
    ['Price', `${price} (economy, 1 adult, ${alert.return_date_start ? 'round trip' : 'one way'})`],
  ];
  // The provider gives https links; anything else (never expected) is left out rather than linked.
  const book = /^https:\/\//i.test(flight.bookingLink) ? flight.bookingLink : null;
  const criteria = `Your alert: ${alert.home_airport.trim()} → ${where}, departing ${alert.departure_date_start}, ${trip}, at or below ${formatUsd(alert.max_price * 100)}.`;
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
