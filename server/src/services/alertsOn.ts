import { alertsOn, type EmailOwner, pushDeliveries, ruleBook, scopeOf, subscriptions } from '@walkon/db';
import { alertsOnSentence } from '@walkon/domain/messages/alertsOn';
import { shortNowCount, todaysClosing } from '@walkon/domain/rules/alertsOn';
import type { EmbeddedHours } from '@walkon/domain/rules/liveData';
import { boundsAllow, mutedAt, parkAllowsAlerts, quietHoursHold } from '@walkon/domain/rules/ruleBook';
import { formatTime } from '@walkon/domain/timeFormat';
import { enqueueDeliveries, enqueuePushDeliveries } from '@walkon/jobs/producers';
import type { AppDeps } from '../deps.ts';

/**
 * Queues the confirmation that alerts are on (docs/rules.md R16b) for the person `owner` at
 * `parkId`, on the channel of their pass for today: "Alerts on for 12 rides at Magic Kingdom Park until 11:00 PM
 * park time; 3 are short right now." Sent only when alerts are on right now (a valid subscription: active, a
 * pass day today, past any scheduled start) and rides are watched; with `grantedDays` (a purchase or promo
 * pass), only when they include the park-local today; and only when the rule book lets it go now (docs/rules.md
 * R56, `boundsAllow('alerts_on', …)`): the park inside its published hours and not in their last 15 minutes (R3),
 * the park not muted, the person's quiet hours not holding (R16a) — else nothing is sent (the page says alerts
 * are on; the first ride alert follows). `activation` names the activation (e.g.
 * `promo:<redemption id>`): one delivery per subscription and activation (dedup key), through the delivery
 * queue and the outbox / provider path, exactly once (docs/decisions/015, R8). Never throws: a failure is logged and
 * the activation stands (a delivery claimed but not enqueued is re-queued by the sweeper).
 */
export async function queueAlertsOn(
  deps: AppDeps,
  owner: EmailOwner,
  parkId: string,
  activation: string,
  opts: { grantedDays?: string[] } = {},
): Promise<void> {
  try {
    const now = deps.now();
    const { email } = scopeOf(owner);
    const sub = (await subscriptions.listForEmail(deps.db, owner, now)).find((s) => s.parkId === parkId);
    if (!sub?.valid) return;
    const facts = await alertsOn.confirmationFacts(deps.db, email, parkId, now);
    const { today } = facts;
    if (opts.grantedDays && !opts.grantedDays.includes(today)) return;
    if (!facts.park || facts.rides.length === 0) return;
    const timezone = facts.park.timezone;
    const steering = (await ruleBook.steeringOf(deps.db, [email], [parkId])).get(email);
    const hours = await ruleBook.parkHoursAt(deps.db, parkId, now);
    const bounds = boundsAllow('alerts_on', {
      scheduleAllows: hours ? parkAllowsAlerts(hours, hours.schedule, now) : true,
      ...mutedAt(steering?.mutes ?? [], { parkId, attractionId: null }, now),
      quiet: quietHoursHold(steering?.quiet, timezone, now),
    });
    if (!bounds.allowed) {
      deps.logger.info({ parkId, activation, heldBy: bounds.blockedBy }, 'alerts-on confirmation held by the rule book');
      return;
    }
    const closing = todaysClosing(facts.schedule, today, timezone);
    const shortNow = shortNowCount(
      facts.rides.map((r) => ({ ...r, operatingHours: r.operatingHours as EmbeddedHours })),
      { ...facts.park, liveHours: facts.park.liveHours as EmbeddedHours },
      facts.schedule,
      now,
    );
    const message = alertsOnSentence({
      rideCount: facts.rides.length,
      parkName: facts.park.name,
      until: closing && closing.getTime() > now.getTime() ? formatTime(closing, { park: timezone ?? 'UTC' }) : null,
      shortNow,
    });
    const channel = (sub.todayChannel ?? sub.alertType) === 'sms' && sub.phoneNumber ? 'sms' : 'email';
    const claimed = await alertsOn.insertAlertsOn(
      deps.db,
      {
        activation,
        subscriptionId: sub.id,
        email,
        channel,
        address: channel === 'sms' ? sub.phoneNumber! : email,
        parkId,
        message,
      },
      now,
    );
    if (!claimed) return;
    // Beside the pass's channel, on each of the person's phones with push on (docs/decisions/038).
    const pushes = await pushDeliveries.createForDeliveries(deps.db, [claimed.id], now);
    await enqueueDeliveries(deps.queues, [claimed], 'on');
    if (pushes.length) await enqueuePushDeliveries(deps.queues, pushes);
  } catch (err) {
    deps.logger.warn({ parkId, activation, err }, 'alerts-on confirmation not queued');
  }
}
