import { type ClaimedDelivery, type Database, features, type Kysely, restaurantAlerts, ruleBook } from '@walkon/db';
import { gateAllows } from '@walkon/domain/rules/features';
import {
  groupRestaurantAlerts,
  type RestaurantGroup,
  restaurantMatchMessage,
  suitsPreferredTime,
} from '@walkon/domain/rules/restaurantRules';
import { boundsAllow, mutedAt, parkAllowsAlerts, quietHoursHold } from '@walkon/domain/rules/ruleBook';
import type { Logger } from '@walkon/integrations/logger';
import type { DiningAnswer, DiningAvailabilityProvider } from '@walkon/integrations/providers/dining/types.ts';

/** A group whose alerts were all checked this recently is skipped (unless `force`): a second click re-reads nothing. */
export const RESTAURANT_RECHECK_MS = 10 * 60_000;

/** Dependencies of the restaurant check. */
export interface RestaurantCheckDeps {
  db: Kysely<Database>;
  /**
   * Hands the claimed deliveries to the send queues (the processes pass `@walkon/jobs/producers`
   * `enqueueDeliveries(queues, claimed)`: `send-email` jobs). A failure is logged; the sweeper re-enqueues.
   */
  enqueue: (claimed: ClaimedDelivery[]) => Promise<unknown>;
  /** The availability source; null = off (the check then only expires alerts). */
  provider: DiningAvailabilityProvider | null;
  logger: Logger;
  now: () => Date;
  /** Provider checks run at once (default 4). */
  concurrency?: number;
}

/** Options of one run (the admin's manual test, docs/spec/part-2.md §7 manual-test-restaurant-alerts: force, dates). */
export interface RestaurantCheckOptions {
  /** Check groups even when their alerts were checked within the last 10 minutes. */
  force?: boolean;
  /** Only these park-local dates ('YYYY-MM-DD'); default every date still to come. Such a run marks no alert as checked. */
  dates?: string[];
}

/** What one run did. */
export interface RestaurantCheckResult {
  /** Alerts deactivated because their last date passed. */
  expired: number;
  /** Active alerts with dates to check. */
  alerts: number;
  /** (restaurant, date, party size) groups. */
  groups: number;
  /** Provider checks made (one per group not skipped). */
  checks: number;
  /** Groups skipped because checked within the last 10 minutes. */
  skipped: number;
  /** Checks the source could not answer (date not published, stale, upstream fault). */
  unknown: number;
  /** (alert, date) pairs with availability in the preferred time. */
  matched: number;
  /** Deliveries claimed and queued (docs/spec/part-2.md §7 `populate.queueItemsCreated`). */
  queued: number;
  /** Matches already mailed for that date (dedup). */
  duplicates: number;
  /**
   * Matches held back by the rule book (docs/rules.md R56): the park outside its published hours, the park
   * muted, or the owner's quiet hours. Not claimed: a later check mails them if the table is still there.
   */
  held: number;
}

type Alert = restaurantAlerts.AlertToCheck;

/**
 * The `restaurant-check` job (docs/decisions/009; every 15 minutes on the maintenance queue, and the admin's manual test):
 * 1. expires alerts whose last date is before their park's local today;
 * 2. reads the active alerts' dates still to come — of owners the `restaurant_alerts` gate lets in
 *    (`gateAllows` of @walkon/domain/rules/features) — and groups them by (restaurant, date, party size)
 *    (`groupRestaurantAlerts`) so ONE provider check serves every alert of a group;
 * 3. for an `available` answer, keeps the alerts whose preferred time suits the availability's park-local time
 *    (`suitsPreferredTime`);
 * 4. holds back the matches the rule book bounds (docs/rules.md R56, `boundsAllow('restaurant', …)` of
 *    @walkon/domain/rules/ruleBook): the park outside its published hours or in their last 15 minutes (R3), the
 *    park muted, or the owner's quiet hours at the park-local time (R16a); freshness (R2) is the provider's;
 * 5. claims one `restaurant_alert` delivery per (alert, date) — dedup key `restaurant:<alertId>:<date>`, so a
 *    second run, or a concurrent one, never mails twice — and fans them out to `send-email` (the sender writes
 *    the e-mail with its one-click unsubscribe link). A Redis fault while fanning out is logged: the delivery
 *    sweeper re-enqueues queued deliveries.
 * Never invents availability: `none` and `unknown` answers match nothing.
 * @returns the counts (database errors propagate).
 */
export async function runRestaurantCheck(deps: RestaurantCheckDeps, opts: RestaurantCheckOptions = {}): Promise<RestaurantCheckResult> {
  const log = deps.logger;
  const started = deps.now();
  const expired = await restaurantAlerts.expirePast(deps.db, started);
  const result: RestaurantCheckResult = {
    expired,
    alerts: 0,
    groups: 0,
    checks: 0,
    skipped: 0,
    unknown: 0,
    matched: 0,
    queued: 0,
    duplicates: 0,
    held: 0,
  };
  const provider = deps.provider;
  if (!provider) {
    log.warn({ expired }, 'restaurant-check: dining availability source is off');
    return result;
  }
  // Only owners the gate lets in right now (the same rule as every gated procedure): turning the feature off
  // or revoking early access stops the e-mails without deleting anyone's alerts.
  const flag = await features.getFlag(deps.db, 'restaurant_alerts');
  const alerts = (await restaurantAlerts.activeForCheck(deps.db, started, opts.dates)).filter((a) =>
    gateAllows(flag.state, { isAdmin: a.ownerIsAdmin, hasGrant: a.ownerHasGrant }),
  );
  result.alerts = alerts.length;
  const groups = groupRestaurantAlerts(alerts);
  result.groups = groups.length;

  const matches: restaurantAlerts.RestaurantMatch[] = [];
  const checked = new Set<string>();
  const recent = (a: Alert) => a.lastCheckedAt !== null && started.getTime() - a.lastCheckedAt.getTime() < RESTAURANT_RECHECK_MS;

  const runGroup = async (g: RestaurantGroup<Alert>) => {
    if (!opts.force && g.alerts.every(recent)) {
      result.skipped++;
      return;
    }
    result.checks++;
    let answer: DiningAnswer;
    try {
      answer = await provider.check(g.query);
    } catch (err) {
      answer = { status: 'unknown', reason: (err as Error).message };
    }
    for (const a of g.alerts) checked.add(a.id);
    if (answer.status === 'unknown') {
      result.unknown++;
      log.debug({ query: g.query, reason: answer.reason }, 'restaurant-check: not answered');
      return;
    }
    if (answer.status !== 'available') return;
    for (const a of g.alerts) {
      if (!suitsPreferredTime(a.preferredTime, answer.time)) continue;
      matches.push({
        alertId: a.id,
        date: g.query.date,
        waitMinutes: answer.waitMinutes,
        message: restaurantMatchMessage({
          restaurantName: a.restaurantName,
          parkName: a.parkName,
          partySize: a.partySize,
          date: g.query.date,
          time: answer.time,
          waitMinutes: answer.waitMinutes,
          sample: provider.kind === 'replay',
        }),
      });
    }
  };

  const queue = [...groups];
  const lanes = Array.from({ length: Math.max(1, Math.min(deps.concurrency ?? 4, queue.length)) }, async () => {
    for (let g = queue.shift(); g; g = queue.shift()) await runGroup(g);
  });
  await Promise.all(lanes);

  result.matched = matches.length;
  const sendable = await boundedMatches(deps.db, matches, alerts, deps.now());
  result.held = matches.length - sendable.length;
  const claimed = await restaurantAlerts.claimMatches(deps.db, sendable, deps.now());
  result.queued = claimed.length;
  result.duplicates = sendable.length - claimed.length;
  // A run restricted to some dates (the admin's manual test) did not check the alerts' other dates: marking the
  // alerts as checked would make the next scheduled run skip those dates for 10 minutes.
  if (!opts.dates?.length) await restaurantAlerts.markChecked(deps.db, [...checked], deps.now());
  try {
    await deps.enqueue(claimed);
  } catch (err) {
    log.warn({ claimed: claimed.length, err }, 'restaurant-check: fan-out failed, the sweeper will re-enqueue');
  }
  log.info({ ...result, provider: provider.kind }, 'restaurant-check');
  return result;
}

/**
 * The matches the rule book lets go now (docs/rules.md R56; docs/decisions/048): for each, the
 * park's hours (`parkAllowsAlerts`, R3), a mute of the park or of the restaurant (`mutedAt`, R16a) and the
 * owner's quiet hours in the park's zone (`quietHoursHold`) go through `boundsAllow('restaurant', …)`.
 */
async function boundedMatches(
  db: Kysely<Database>,
  matches: restaurantAlerts.RestaurantMatch[],
  alerts: Alert[],
  now: Date,
): Promise<restaurantAlerts.RestaurantMatch[]> {
  if (matches.length === 0) return matches;
  const byId = new Map(alerts.map((a) => [a.id, a]));
  const parkIds = [...new Set(matches.map((m) => byId.get(m.alertId)!.parkId))];
  const parks = new Map(await Promise.all(parkIds.map(async (id) => [id, await ruleBook.parkHoursAt(db, id, now)] as const)));
  const steering = await ruleBook.steeringOf(
    db,
    matches.map((m) => byId.get(m.alertId)!.email),
    parkIds,
  );
  return matches.filter((m) => {
    const a = byId.get(m.alertId)!;
    const park = parks.get(a.parkId);
    const s = steering.get(a.email);
    return boundsAllow('restaurant', {
      scheduleAllows: park ? parkAllowsAlerts(park, park.schedule, now) : true,
      ...mutedAt(s?.mutes ?? [], { parkId: a.parkId, attractionId: a.restaurantId }, now),
      quiet: quietHoursHold(s?.quiet, park?.timezone ?? a.timezone, now),
    }).allowed;
  });
}
