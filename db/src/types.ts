import type { FeatureKey, FeatureState } from '@walkon/domain/rules/features';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { DeliveriesTable } from './repositories/deliveries.ts';
import type { OutboxMessagesTable } from './repositories/outbox.ts';
import type { PushDeliveriesTable } from './repositories/pushDeliveries.ts';
import type { PushSubscriptionsTable } from './repositories/pushSubscriptions.ts';

// The table interfaces of the delivery channels live beside their repositories (docs/decisions/062).
export type { DeliveriesTable, DeliveryKind, DeliveryStatus } from './repositories/deliveries.ts';
export type { OutboxMessagesTable } from './repositories/outbox.ts';
export type { PushDeliveriesTable, PushDeliveryStatus } from './repositories/pushDeliveries.ts';
export type { PushSubscriptionsTable } from './repositories/pushSubscriptions.ts';

/** A `timestamptz` column: read as a Date (UTC instant), written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A `timestamptz` column with a database default (`now()`). */
export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A park-local `date` column: read and written as `YYYY-MM-DD` strings (pg type parser set in createDb). */
export type DateOnly = ColumnType<string, string, string>;
/** A `jsonb` column. */
export type Json<T = unknown> = ColumnType<T, string | T, string | T>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  full_name: string;
  password_hash: string;
  created_at: GeneratedTimestamp;
  /** When the address was proven by a link; null = unverified (sees only what it created while signed in). */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type AccountTokenPurpose = 'verify_email' | 'reset_password' | 'change_email' | 'claim';

/** Single-use account links; only the hex SHA-256 of the token is stored. */
export interface AccountTokensTable {
  id: Generated<string>;
  token_hash: string;
  purpose: AccountTokenPurpose;
  /** The account it acts on; null for a purchase-claim link (keyed by `email` only). */
  user_id: string | null;
  /** The address the link was sent to (the new address for `change_email`). */
  email: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: GeneratedTimestamp;
}

/**
 * A sign-up waiting for its e-mailed link (docs/decisions/046): no account exists until the
 * link is opened; only the token's hex SHA-256 is stored.
 */
export interface PendingSignupsTable {
  id: Generated<string>;
  token_hash: string;
  email: string;
  full_name: string;
  /** argon2id PHC string of the password chosen at sign-up. */
  password_hash: string;
  /** The same-site path the link returns to once the account exists. */
  next_path: Generated<string>;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The account the link created (set when used). */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: GeneratedTimestamp;
}

/** Role changes made in /admin: who, what, to whom, when. */
export interface RoleAuditTable {
  id: Generated<string>;
  actor_id: string | null;
  actor_email: string;
  action: 'grant' | 'revoke';
  role: Role;
  target_id: string | null;
  target_email: string;
  created_at: GeneratedTimestamp;
}

export interface SessionsTable {
  /** Hex SHA-256 of the session token; the token itself is never stored. */
  id: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: GeneratedTimestamp;
}

export type Role = 'admin' | 'moderator';

export interface UserRolesTable {
  user_id: string;
  role: Role;
}

export interface DestinationsTable {
  id: string;
  name: string;
  slug: string | null;
  updated_at: GeneratedTimestamp;
}

export interface ParksTable {
  id: string;
  destination_id: string;
  name: string;
  /** IANA zone, e.g. America/New_York; null until known. */
  timezone: string | null;
  /** Status of the park's own entity in its last live response (OPERATING, CLOSED, …); null when unpublished. */
  live_status: string | null;
  /** The park entity's published operating hours from its last live response, or null. */
  live_hours: Json<OperatingHoursEntry[] | null> | null;
  /** When the park was last polled (UTC). */
  live_polled_at: Timestamp | null;
  /** Newest `lastUpdated` of any entity of its last live document, future stamps ignored (docs/rules.md R2). */
  live_updated_at: Timestamp | null;
  /** When a watched park's tick last tried to read the schedule (UTC; retried after 15 minutes). */
  schedule_tried_at: Timestamp | null;
  updated_at: GeneratedTimestamp;
  /** When the 5-minute history collector last claimed this park's read (UTC). */
  history_read_at: Timestamp | null;
  /** Park-local date the schedule was last read (once a day). */
  schedule_read_on: DateOnly | null;
  /** When the source last answered that the park publishes no live data (skipped for a day). */
  no_live_data_at: Timestamp | null;
}

export interface AttractionsTable {
  id: string;
  park_id: string;
  name: string;
  /** ThemeParks.wiki entityType: ATTRACTION, SHOW, RESTAURANT, ... */
  entity_type: string;
  updated_at: GeneratedTimestamp;
  /** The attraction's place (0–255) in its park's audience masks (ATTRACTION only; assigned by a trigger). */
  bit: Generated<number | null>;
}

export interface OperatingHoursEntry {
  type: string;
  startTime: string | null;
  endTime: string | null;
}

export interface RideStatusTable {
  attraction_id: string;
  park_id: string;
  /** OPERATING | DOWN | CLOSED | REFURBISHMENT */
  status: string;
  /** STANDBY wait in minutes; null when not published. */
  standby_wait: number | null;
  queue: Json<Record<string, unknown> | null> | null;
  operating_hours: Json<OperatingHoursEntry[] | null> | null;
  last_updated: Timestamp | null;
  polled_at: Timestamp;
  /** A fresh DOWN reading was seen and the attraction has not been back in service since (docs/DESIGN.md §6). */
  down_seen: Generated<boolean>;
  /** Consecutive fresh OPERATING polls since that DOWN. */
  up_polls: Generated<number>;
  /** Whether the last poll's reading qualified for alerts (before the per-person threshold). */
  qualified: Generated<boolean>;
  /** The last poll confirmed DOWN → OPERATING (back in service). */
  back_in_service_event: Generated<boolean>;
  /** The poll instant that last changed this reading (status, wait, lastUpdated or verdict). */
  changed_at: Timestamp | null;
}

export interface WaitSamplesTable {
  id: Generated<string>;
  attraction_id: string;
  park_id: string;
  status: string;
  standby_wait: number | null;
  last_updated: Timestamp;
  recorded_at: GeneratedTimestamp;
}

/** One 15-minute slot of one attraction's park-local day (docs/DESIGN.md §2.2 history). Waits in minutes. */
export interface WaitRollupsTable {
  attraction_id: string;
  park_id: string;
  /** Park-local date. */
  local_date: DateOnly;
  /** 0–95: the slot starting at slot × 15 minutes after park-local midnight. */
  slot: number;
  median: number | null;
  p25: number | null;
  p75: number | null;
  /** OPERATING samples with a standby wait in the slot. */
  samples: Generated<number>;
  /** Minutes of the slot the attraction was DOWN. */
  down_minutes: Generated<number>;
}

/** A park's published hours for one park-local date (ThemeParks.wiki schedule), wall-clock 'HH:MM'. */
export interface ParkHoursTable {
  park_id: string;
  local_date: DateOnly;
  /** OPERATING, TICKETED_EVENT, EXTRA_HOURS … */
  type: string;
  opens: string;
  closes: string;
  description: string | null;
}

export type AlertChannel = 'email' | 'sms';

export interface SubscriptionsTable {
  id: Generated<string>;
  email: string;
  park_id: string;
  active: Generated<boolean>;
  /** Park-local first valid date. */
  start_date: DateOnly;
  /** Park-local end date (start + 1 day for a day pass, docs/spec/part-1.md §4); valid while today <= end_date. */
  end_date: DateOnly;
  /** Scheduled start instant (UTC); null = starts immediately. */
  starts_at: Timestamp | null;
  promo_code: string | null;
  stripe_customer_id: string | null;
  user_id: string | null;
  alert_type: Generated<AlertChannel>;
  phone_number: string | null;
  unsubscribe_token: Generated<string>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface UserRidesTable {
  id: Generated<string>;
  email: string;
  ride_id: string;
  park_id: string;
  active: Generated<boolean>;
  /** Optional per-ride threshold in minutes (5–60, docs/DESIGN.md §6); null = the default 15. */
  threshold_minutes: number | null;
  /** Alert when the attraction comes back from DOWN to OPERATING (two consecutive fresh polls). */
  back_in_service: Generated<boolean>;
  /** Remind every hour while the standby wait stays short, instead of alerting only on the drop. */
  remind_hourly: Generated<boolean>;
  /** The account that made this selection while signed in; null when made signed out. */
  user_id: Generated<string | null>;
  created_at: GeneratedTimestamp;
}

/**
 * The audience of a park, one row per person with an active subscription and an active watch (docs/DESIGN.md §2.3):
 * masks are `bit(256)` strings over the park's attraction bits (`attractions.bit`, '0'/'1' characters, bit 0
 * first). Maintained by triggers on user_rides / subscriptions / pass_days and by the tick (armed state, alerts).
 */
export interface AlertWatchersTable {
  park_id: string;
  email: string;
  subscription_id: string;
  phone_number: string | null;
  starts_at: Timestamp | null;
  /** The subscription's e-mail pass days (park-local dates), kept in step with `pass_days` by triggers. */
  email_days: Generated<string[]>;
  /** The subscription's SMS pass days (park-local dates), kept in step with `pass_days` by triggers. */
  sms_days: Generated<string[]>;
  /** Attractions with an active watch. */
  watched: string;
  /** Watched attractions on the default threshold. */
  plain: string;
  /** Custom thresholds (minutes), ascending, and the attractions on each (`custom_m[k]`). */
  custom_t: Generated<number[]>;
  custom_m: Generated<string[]>;
  /** Watches with the hourly reminder. */
  hourly: string;
  /** Watches asking for back-in-service alerts. */
  bis: string;
  /** Armed for the drop alert on `armed_on` (park-local date); any other day starts all armed. */
  armed: Generated<string>;
  armed_on: DateOnly | null;
  /** The alerts of the last 60 minutes: tick instants (newest first) and the attractions each alerted. */
  alert_ticks: Generated<Date[]>;
  alert_masks: Generated<string[]>;
  /** When the person is next evaluated (a pair held back by the 60-minute rule, an hourly reminder). */
  due_at: Timestamp | null;
  /** Changed since the last tick: evaluated against every verdict of the poll, not only the changed attractions. */
  dirty: Generated<boolean>;
}

export interface NewsletterSubscriptionsTable {
  id: Generated<string>;
  email: string;
  user_id: string | null;
  unsubscribe_token: Generated<string>;
  unsubscribed_at: Timestamp | null;
  /** When the confirmation e-mail left (null = not yet). */
  confirmation_sent_at: Timestamp | null;
  /** Double opt-in (migration 0028): the link's token, and when the person confirmed (null = not yet). */
  confirm_token: Generated<string>;
  confirmed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface TestimonialsTable {
  id: Generated<string>;
  name: string;
  park_visited: string;
  text: string;
  /** 1–5 stars. */
  rating: number;
  position: Generated<number>;
  created_at: GeneratedTimestamp;
}

export interface SettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: GeneratedTimestamp;
}

export type ItemType = 'ride' | 'food' | 'experience';
export type RequestStatus = 'pending' | 'approved' | 'rejected';

export interface ItemsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  park_id: string;
  type: ItemType;
  created_by: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface RatingsTable {
  id: Generated<string>;
  item_id: string;
  user_id: string;
  /** 1–5 stars. */
  rating: number;
  comment: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface ItemRequestsTable {
  id: Generated<string>;
  /** `new` item or `edit` of `item_id` (docs/DESIGN.md §6: approving an edit updates the original). */
  kind: 'new' | 'edit';
  item_id: string | null;
  name: string;
  description: string | null;
  park_id: string;
  type: ItemType;
  requested_by: string;
  status: Generated<RequestStatus>;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface RideChecklistTable {
  id: Generated<string>;
  user_id: string;
  email: string;
  park_id: string;
  ride_id: string;
  ride_name: string;
  completed: Generated<boolean>;
  completed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export type AffiliatePlatform = 'instagram' | 'tiktok' | 'youtube' | 'twitter' | 'other';
export type AffiliateStatus = 'new' | 'contacted' | 'accepted' | 'declined';

export interface AffiliateApplicationsTable {
  id: Generated<string>;
  user_id: string | null;
  full_name: string;
  email: string;
  phone: string | null;
  instagram_handle: string | null;
  instagram_followers: Generated<number>;
  tiktok_handle: string | null;
  tiktok_followers: Generated<number>;
  youtube_channel: string | null;
  youtube_subscribers: Generated<number>;
  twitter_handle: string | null;
  twitter_followers: Generated<number>;
  /** Sum of the four counts, computed on the server. */
  total_followers: number;
  primary_platform: AffiliatePlatform;
  content_niche: string | null;
  why_join: string;
  status: Generated<AffiliateStatus>;
  confirmation_sent_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export type PromoKind = 'free_days' | 'percent_off';

/** A promo code (docs/decisions/013): checked only on the server, managed by admins. */
export interface PromoCodesTable {
  /** Upper-case code. */
  code: string;
  /** `free_days`: that many free e-mail days; `percent_off`: a discount on a paid checkout. */
  kind: PromoKind;
  channel: Generated<AlertChannel | 'any'>;
  days: Generated<number>;
  percent_off: number | null;
  /** null = unlimited. */
  max_uses: number | null;
  expires_at: Timestamp | null;
  active: Generated<boolean>;
  created_by: string | null;
  created_at: GeneratedTimestamp;
}

/** One use of a promo code by one e-mail (unique per code and e-mail). */
export interface PromoRedemptionsTable {
  id: Generated<string>;
  code: string;
  email: string;
  park_id: string;
  first_day: DateOnly;
  /** Set when the code discounted a paid checkout. */
  checkout_session_id: string | null;
  confirmation_sent_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export type CheckoutStatus = 'open' | 'fulfilled' | 'expired';

/** Our record of a Stripe Checkout Session: what was sold, for how much (cents), and whether it was fulfilled. */
export interface CheckoutSessionsTable {
  /** Stripe's `cs_…` id. */
  id: string;
  email: string;
  park_id: string;
  channel: AlertChannel;
  /** E.164, SMS only. */
  phone_number: string | null;
  /** Park-local dates bought ('YYYY-MM-DD'). */
  days: ColumnType<string[], string[], string[]>;
  /** Price per date in cents. */
  unit_amount: number;
  /** What the buyer pays in cents (after any promo discount). */
  amount_total: number;
  currency: Generated<string>;
  promo_code: string | null;
  user_id: string | null;
  status: Generated<CheckoutStatus>;
  payment_intent: string | null;
  stripe_customer_id: string | null;
  confirmation_sent_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  fulfilled_at: Timestamp | null;
  /** What was sold: an alert day pass (default) or Lightning Lane assist days (docs/decisions/018). */
  product: Generated<CheckoutProduct>;
}

export type CheckoutProduct = 'alert_pass' | 'lightning_lane';

export type PassSource = 'stripe' | 'promo' | 'grant';

/** One park-local date a subscription is valid on, with the channel bought for that date. */
export interface PassDaysTable {
  subscription_id: string;
  day: DateOnly;
  channel: AlertChannel;
  /** stripe = paid checkout, promo = free promo day, grant = operator (CLI/migration). */
  source: PassSource;
  /** Checkout session id, promo code, or the operator's note. */
  reference: string;
  created_at: GeneratedTimestamp;
}

/** Stripe event ids already processed (webhook idempotency). */
export interface StripeEventsTable {
  id: string;
  type: string;
  processed_at: GeneratedTimestamp;
}

/**
 * A flight price alert (docs/spec/part-2.md §3): `destination_park` is a flight destination id of the fixed catalogue
 * (e.g. 'walt-disney-world'), `airport` an optional specific airport of it; `max_price` whole US dollars.
 */
export interface FlightAlertsTable {
  id: Generated<string>;
  user_id: string | null;
  home_airport: string;
  destination_park: string;
  airport: string | null;
  email: string;
  max_price: number;
  departure_date_start: DateOnly;
  departure_date_end: DateOnly;
  return_date_start: DateOnly | null;
  return_date_end: DateOnly | null;
  cabin_class: Generated<string>;
  passengers: Generated<number>;
  active: Generated<boolean>;
  /** When the last price e-mail left, and its fare in cents (at most one a day; again only on a further drop). */
  last_notified_at: Timestamp | null;
  last_notified_price_cents: number | null;
  unsubscribe_token: Generated<string>;
  /** Double opt-in (migration 0028): the link's token, when the person confirmed (null = not yet, never checked), when its e-mail left. */
  confirm_token: Generated<string>;
  confirmed_at: Timestamp | null;
  confirmation_sent_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

/** A server-side feature gate and its state (docs/DESIGN.md §6), defined with the gate rule in @walkon/domain. */
export type { FeatureKey, FeatureState };

export interface FeatureFlagsTable {
  key: FeatureKey;
  state: Generated<FeatureState>;
  /** Expected launch shown on the coming-soon screen, e.g. "Q1 2025". */
  launch_label: string;
  updated_by: string | null;
  updated_at: GeneratedTimestamp;
}

/** A user let into a feature in early access. */
export interface FeatureAccessGrantsTable {
  feature_key: FeatureKey;
  user_id: string;
  granted_by: string | null;
  granted_at: GeneratedTimestamp;
}

export type EarlyAccessStatus = 'pending' | 'granted' | 'dismissed';

/** A request for early access from the coming-soon screen (the five-click form). */
export interface EarlyAccessRequestsTable {
  id: Generated<string>;
  feature_key: FeatureKey;
  user_id: string | null;
  email: string;
  message: string | null;
  status: Generated<EarlyAccessStatus>;
  handled_by: string | null;
  handled_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export type PreferredMeal = 'breakfast' | 'lunch' | 'dinner' | 'any';

/** A restaurant alert (docs/spec/part-2.md §3): park-local dates, party size 1–20, preferred meal. */
export interface RestaurantAlertsTable {
  id: Generated<string>;
  user_id: string;
  email: string;
  park_id: string;
  restaurant_id: string;
  restaurant_name: string;
  active: Generated<boolean>;
  /** Park-local dates ('YYYY-MM-DD'). */
  dates: ColumnType<string[], string[], string[]>;
  /** The latest of `dates`; the alert ends after it. */
  last_date: DateOnly;
  party_size: Generated<number>;
  preferred_time: Generated<PreferredMeal>;
  unsubscribe_token: Generated<string>;
  last_checked_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export type DisneyLinkStatus = 'pending' | 'connected';

/** The Disney account link of Lightning Lane assist (docs/spec/part-2.md §3): an invitation an operator confirms. */
export interface DisneyAccountLinksTable {
  user_id: string;
  disney_email: string;
  status: Generated<DisneyLinkStatus>;
  invitation_sent_at: Timestamp;
  expires_at: Timestamp;
  confirmed_by: string | null;
  confirmed_at: Timestamp | null;
  last_sync: Timestamp | null;
}

/** One park-local day of Lightning Lane assist a user paid for ($5/day, docs/spec/part-2.md §9). */
export interface LightningLanePassesTable {
  user_id: string;
  park_id: string;
  day: DateOnly;
  checkout_session_id: string;
  created_at: GeneratedTimestamp;
}

/** A booking preference (docs/spec/part-2.md §3): priority 1–10, park-local window "HH:MM", optional max price in cents. */
export interface LightningLanePreferencesTable {
  user_id: string;
  attraction_id: string;
  park_id: string;
  priority: Generated<number>;
  window_start: Generated<string>;
  window_end: Generated<string>;
  max_price_cents: number | null;
  updated_at: GeneratedTimestamp;
}

export interface LightningLaneSettingsTable {
  user_id: string;
  auto_booking: Generated<boolean>;
  updated_at: GeneratedTimestamp;
}

export type LightningLaneBookingStatus = 'confirmed' | 'pending' | 'cancelled';

/** A Lightning Lane booking made through a `LightningLaneBooker` (only a simulated one exists, docs/DESIGN.md §5). */
export interface LightningLaneBookingsTable {
  id: Generated<string>;
  user_id: string;
  park_id: string;
  attraction_id: string;
  attraction_name: string;
  /** Park-local day of the return time. */
  day: DateOnly;
  return_start: Timestamp;
  return_end: Timestamp | null;
  price_cents: number | null;
  status: LightningLaneBookingStatus;
  /** Which booker made it: 'simulated'. */
  booker: Generated<string>;
  auto: Generated<boolean>;
  booked_at: GeneratedTimestamp;
  cancelled_at: Timestamp | null;
}

export type ReturnQueueType = 'RETURN_TIME' | 'PAID_RETURN_TIME';

/** A return-time alert (docs/decisions/017, beyond the spec): available, or available before `before_time` (park-local "HH:MM"). */
export interface ReturnTimeAlertsTable {
  id: Generated<string>;
  email: string;
  user_id: string | null;
  park_id: string;
  ride_id: string;
  queue_type: ReturnQueueType;
  before_time: string | null;
  active: Generated<boolean>;
  created_at: GeneratedTimestamp;
}

/** The whole schema, as Kysely sees it. */

/** "Mute until …" of an account for a park, or one attraction of it (docs/rules.md R16a; migration 0027). */
export interface AlertMutesTable {
  id: Generated<string>;
  user_id: string;
  park_id: string;
  /** null = the whole park. */
  attraction_id: string | null;
  /** The absolute end (UTC): the mute ends by itself at this instant. */
  until: Timestamp;
  created_at: GeneratedTimestamp;
}
/** Quiet hours of an account: park-local minutes of the day, [start, end), wrapping midnight when start > end (R16a). */
export interface AlertQuietHoursTable {
  user_id: string;
  start_minute: number;
  end_minute: number;
  updated_at: GeneratedTimestamp;
}
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
