import { formatAlertsOnEmail, formatAlertsOnSms } from './alertsOn.ts';
import type { EmailContent } from './email.ts';
import type { PushPayload } from './push.ts';
import { formatRestaurantAlertEmail, type RestaurantAlertEmailInput } from './restaurants.ts';
import { formatReturnTimeEmail, formatReturnTimeSms } from './returnTimes.ts';
import {
  formatRideAlertEmail,
  formatRideAlertGroupEmail,
  formatRideAlertGroupSms,
  formatRideAlertSms,
  type RideAlertItem,
} from './rideAlerts.ts';

/**
 * The message of one delivery group, per delivery kind (docs/decisions/062): every kind
 * of `deliveries.kind` has one renderer here, and each channel asks it for its own form (e-mail, SMS, push kind).
 * A new kind is one entry of DELIVERY_KINDS; a new channel adds one method to KindRenderer.
 */

/** What a message of one or more deliveries of one person, channel and tick carries (docs/DESIGN.md §2.5). */
export interface DeliveryGroupMessage {
  kind: string;
  parkId: string;
  parkName: string | null;
  /** IANA zone of the park (null = UTC). */
  timezone: string | null;
  /** The poll instant the alerts were decided at (UTC). */
  readingAt: Date;
  /** The deliveries' rides, in message order (the first one leads a single-delivery message). */
  items: (RideAlertItem & { rideId: string | null })[];
  /** The first delivery's stored sentence (the alerts-on sentence, the return-time headline, the test alert…). */
  message: string;
  /** e.g. https://walkon.example — the base of every link. */
  publicOrigin: string;
  /** One-click unsubscribe URL of the subscription, when there is one. */
  unsubscribeUrl: string | null;
  /** A restaurant alert's details (read by the channel for `restaurant_alert` deliveries). */
  restaurant?: Omit<RestaurantAlertEmailInput, 'publicOrigin'>;
}

/** How one delivery kind is written on each channel. */
export interface KindRenderer {
  email(m: DeliveryGroupMessage): EmailContent;
  /** Null: the kind has no SMS form (the delivery fails). */
  sms(m: DeliveryGroupMessage): string | null;
  /** The push payload's `kind` (domain/src/messages/push.ts). */
  push: PushPayload['kind'];
}

const first = (m: DeliveryGroupMessage) => m.items[0]!;
const single = (m: DeliveryGroupMessage) => ({
  kind: m.kind,
  rideName: first(m).rideName,
  waitTime: first(m).waitTime,
  parkName: m.parkName,
  unsubscribeUrl: m.unsubscribeUrl,
});
const group = (m: DeliveryGroupMessage) => ({ ...m, parkName: m.parkName ?? m.parkId });

/** Ride alerts and back-in-service alerts: one grouped message per person per tick (shortest wait first). */
const rideAlert: KindRenderer = {
  email: (m) => formatRideAlertGroupEmail(group(m)),
  sms: (m) => formatRideAlertGroupSms(group(m)),
  push: 'alert',
};

/** Every delivery kind's renderer (`deliveries.kind`); a kind not listed is written as a single ride alert. */
export const DELIVERY_KINDS: Record<string, KindRenderer> = {
  ride_alert: rideAlert,
  back_in_service: rideAlert,
  // The alerts-on confirmation (docs/rules.md R16b): its sentence was written when alerts were switched on.
  alerts_on: {
    email: (m) =>
      formatAlertsOnEmail({
        sentence: m.message,
        parkName: m.parkName ?? m.parkId,
        manageUrl: `${m.publicOrigin.replace(/\/$/, '')}/manage-alerts`,
        unsubscribeUrl: m.unsubscribeUrl,
      }),
    sms: (m) => formatAlertsOnSms(m.message),
    push: 'confirmation',
  },
  // Return-time alerts (docs/decisions/017): the headline was written at claim time.
  return_time: {
    email: (m) => formatReturnTimeEmail({ rideName: first(m).rideName, headline: m.message, unsubscribeUrl: m.unsubscribeUrl }),
    sms: (m) => formatReturnTimeSms(m.message),
    push: 'alert',
  },
  // Restaurant alerts (docs/spec/part-2.md §2): e-mail only, with the alert's own unsubscribe link.
  restaurant_alert: {
    email: (m) => {
      if (!m.restaurant) throw new Error('a restaurant alert message needs its restaurant details');
      return formatRestaurantAlertEmail({ ...m.restaurant, publicOrigin: m.publicOrigin });
    },
    sms: () => null,
    push: 'confirmation',
  },
  test_alert: { email: (m) => formatRideAlertEmail(single(m)), sms: (m) => formatRideAlertSms(single(m)), push: 'test' },
};

/** A single ride alert (any kind without an entry of its own). */
const fallback: KindRenderer = {
  email: (m) => formatRideAlertEmail(single(m)),
  sms: (m) => formatRideAlertSms(single(m)),
  push: 'confirmation',
};

/** The renderer of a delivery kind (DELIVERY_KINDS, else a single ride alert). */
export function rendererOf(kind: string): KindRenderer {
  return DELIVERY_KINDS[kind] ?? fallback;
}
