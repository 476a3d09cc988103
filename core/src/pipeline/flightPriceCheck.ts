import { type Database, flights as flightAlerts, type Kysely } from '@walkon/db';
import { oneClickUnsubscribe } from '@walkon/domain/messages/email';
import { formatFlightDealEmail } from '@walkon/domain/messages/flights';
import { cheapestMatch, type FlightAlertGroup, groupAlerts, shouldNotify } from '@walkon/domain/rules/flightRules';
import type { Logger } from '@walkon/integrations/logger';
import type { FlightResult, FlightSearch, FlightSearchOutcome } from '@walkon/integrations/providers/flights/types.ts';
import type { Notifier } from '@walkon/integrations/providers/notify/index.ts';

/** A flight alert as the check reads it. */
type FlightAlertRow = flightAlerts.FlightAlert;

/**
 * The minimal flight search the check needs: the cached search service of providers/flights (or a provider,
 * or a test fake). `search` resolves the outcome (cheapest first) or throws when the provider cannot answer.
 */
export interface FlightSearcher {
  search(q: FlightSearch): Promise<FlightSearchOutcome>;
  /** `replay` = recorded fares (the e-mail then says it is sample data, like the restaurant check's). */
  readonly kind?: string;
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

/** The UTC calendar date of an instant, 'yyyy-MM-dd' (departure dates are compared in UTC, docs/decisions/019). */
export const utcDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The `flight-price-check` job (docs/decisions/019; docs/spec/part-2.md §3 "Flight alert"), every 6 hours:
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
  const groups = groupAlerts(alerts, (a, err) => log.warn({ alertId: a.id, err }, 'flight-price-check: alert cannot be searched'));
  result.groups = groups.length;

  const runGroup = async (g: FlightAlertGroup<FlightAlertRow>) => {
    let outcome: FlightSearchOutcome;
    try {
      result.searches++;
      outcome = await service.search(g.search);
    } catch (err) {
      result.failedGroups++;
      log.warn({ search: g.search, alerts: g.alerts.length, err }, 'flight-price-check: search failed, group skipped');
      return;
    }
    if (outcome.unresolvedDestinations.length > 0)
      log.info({ search: g.search, unresolved: outcome.unresolvedDestinations }, 'flight-price-check: some destinations unresolved');
    const cheapest = cheapestMatch(outcome);
    if (!cheapest) return;
    for (const alert of g.alerts) {
      const now = deps.now();
      const due = shouldNotify({
        maxPriceDollars: alert.maxPrice,
        cheapestCents: cheapest.priceCents,
        lastNotifiedAt: alert.lastNotifiedAt,
        lastNotifiedPriceCents: alert.lastNotifiedPriceCents,
        now,
      });
      if (!due) continue;
      try {
        if (await notifyAlert(deps, alert, cheapest, now)) result.notified++;
      } catch (err) {
        log.warn({ alertId: alert.id, err }, 'flight-price-check: e-mail failed, retried next run');
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
    const unsubscribe = oneClickUnsubscribe(deps.publicOrigin, alert.unsubscribeToken);
    const mail = formatFlightDealEmail({ alert, flight, unsubscribeUrl: unsubscribe.url, sample: deps.flights?.kind === 'replay' });
    await deps.notifier.email.send({ to: alert.email, ...mail, headers: unsubscribe.headers }, { db: tx });
    await flightAlerts.markNotified(tx, alert.id, flight.priceCents, at);
    return true;
  });
}
