import type { FeatureKey, FeatureState } from '@walkon/domain/rules/features';
import type { ColumnType, Selectable } from 'kysely';
import type { AlertMutesTable, AlertQuietHoursTable } from './alertEngine/alertSteering.ts';
import type { AlertWatchersTable } from './alertEngine/state.ts';
import type { AccountTokensTable, RoleAuditTable, UserRolesTable, UsersTable } from './repositories/accounts.ts';
import type { AffiliateApplicationsTable } from './repositories/affiliate.ts';
import type { DestinationsTable } from './repositories/catalogue.ts';
import type { RideChecklistTable } from './repositories/checklist.ts';
import type { DeliveriesTable } from './repositories/deliveries.ts';
import type { EarlyAccessRequestsTable, FeatureAccessGrantsTable, FeatureFlagsTable } from './repositories/features.ts';
import type { FlightAlertsTable } from './repositories/flights.ts';
import type { ParkHoursTable, ParksTable, WaitRollupsTable, WaitSamplesTable } from './repositories/history.ts';
import type {
  DisneyAccountLinksTable,
  LightningLaneBookingsTable,
  LightningLanePassesTable,
  LightningLanePreferencesTable,
  LightningLaneSettingsTable,
} from './repositories/lightningLane.ts';
import type { RideStatusTable } from './repositories/liveStatus.ts';
import type { NewsletterSubscriptionsTable } from './repositories/newsletter.ts';
import type { OutboxMessagesTable } from './repositories/outbox.ts';
import type { CheckoutSessionsTable, StripeEventsTable } from './repositories/payments.ts';
import type { PromoCodesTable, PromoRedemptionsTable } from './repositories/promo.ts';
import type { PushDeliveriesTable } from './repositories/pushDeliveries.ts';
import type { PushSubscriptionsTable } from './repositories/pushSubscriptions.ts';
import type { ItemRequestsTable, ItemsTable, RatingsTable } from './repositories/rankings.ts';
import type { RestaurantAlertsTable } from './repositories/restaurantAlerts.ts';
import type { ReturnTimeAlertsTable } from './repositories/returnTimeAlerts.ts';
import type { AttractionsTable, UserRidesTable } from './repositories/rides.ts';
import type { SessionsTable } from './repositories/sessions.ts';
import type { PendingSignupsTable } from './repositories/signups.ts';
import type { SettingsTable, TestimonialsTable } from './repositories/site.ts';
import type { PassDaysTable, SubscriptionsTable } from './repositories/subscriptions.ts';

export type { Role } from './repositories/accounts.ts';
export type { AffiliateStatus } from './repositories/affiliate.ts';
// The table interfaces live beside their repositories (docs/decisions/062); the names other packages import are re-exported here.
export type { DeliveriesTable, DeliveryKind, DeliveryStatus } from './repositories/deliveries.ts';
export type { OutboxMessagesTable } from './repositories/outbox.ts';
export type { PushDeliveriesTable, PushDeliveryStatus } from './repositories/pushDeliveries.ts';
export type { PushSubscriptionsTable } from './repositories/pushSubscriptions.ts';
export type { ItemType, RequestStatus } from './repositories/rankings.ts';
export type { ReturnQueueType } from './repositories/returnTimeAlerts.ts';

/** A `timestamptz` column: read as a Date (UTC instant), written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A `timestamptz` column with a database default (`now()`). */
export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A park-local `date` column: read and written as `YYYY-MM-DD` strings (pg type parser set in createDb). */
export type DateOnly = ColumnType<string, string, string>;
/** A `jsonb` column. */
export type Json<T = unknown> = ColumnType<T, string | T, string | T>;

export type AlertChannel = 'email' | 'sms';

/** A server-side feature gate and its state (docs/DESIGN.md §6), defined with the gate rule in @walkon/domain. */
export type { FeatureKey, FeatureState };

/** The whole schema, as Kysely sees it. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_roles: UserRolesTable;
  destinations: DestinationsTable;
  parks: ParksTable;
  attractions: AttractionsTable;
  ride_status: RideStatusTable;
  wait_samples: WaitSamplesTable;
  wait_rollups: WaitRollupsTable;
  park_hours: ParkHoursTable;
  subscriptions: SubscriptionsTable;
  user_rides: UserRidesTable;
  deliveries: DeliveriesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  alert_watchers: AlertWatchersTable;
  alert_mutes: AlertMutesTable;
  alert_quiet_hours: AlertQuietHoursTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  outbox_messages: OutboxMessagesTable;
  testimonials: TestimonialsTable;
  settings: SettingsTable;
  items: ItemsTable;
  ratings: RatingsTable;
  item_requests: ItemRequestsTable;
  ride_checklist: RideChecklistTable;
  affiliate_applications: AffiliateApplicationsTable;
  flight_alerts: FlightAlertsTable;
  promo_codes: PromoCodesTable;
  promo_redemptions: PromoRedemptionsTable;
  checkout_sessions: CheckoutSessionsTable;
  pass_days: PassDaysTable;
  stripe_events: StripeEventsTable;
  feature_flags: FeatureFlagsTable;
  feature_access_grants: FeatureAccessGrantsTable;
  early_access_requests: EarlyAccessRequestsTable;
  restaurant_alerts: RestaurantAlertsTable;
  disney_account_links: DisneyAccountLinksTable;
  lightning_lane_passes: LightningLanePassesTable;
  lightning_lane_preferences: LightningLanePreferencesTable;
  lightning_lane_settings: LightningLaneSettingsTable;
  lightning_lane_bookings: LightningLaneBookingsTable;
  return_time_alerts: ReturnTimeAlertsTable;
  account_tokens: AccountTokensTable;
  pending_signups: PendingSignupsTable;
  role_audit: RoleAuditTable;
}

export type User = Selectable<UsersTable>;
export type Subscription = Selectable<SubscriptionsTable>;
export type Delivery = Selectable<DeliveriesTable>;
