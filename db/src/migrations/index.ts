import type { Migration } from 'kysely';
import * as core from './20261122_0001_core.ts';
import * as publicSite from './20261122_0002_public_site.ts';
import * as rankings from './20261122_0003_rankings_checklist.ts';
import * as affiliate from './20261122_0004_affiliate.ts';
import * as payments from './20261122_0005_payments.ts';
import * as flights from './20261123_0006_flights.ts';
import * as featureGates from './20261123_0007_feature_gates.ts';
import * as restaurantAlerts from './20261123_0008_restaurant_alerts.ts';
import * as lightningLane from './20261123_0009_lightning_lane.ts';
import * as returnTimeAlerts from './20261123_0010_return_time_alerts.ts';
import * as watchSettings from './20261124_0011_watch_settings.ts';
import * as accounts from './20261124_0012_accounts.ts';
import * as alertEngine from './20261124_0014_alert_engine.ts';
import * as ux from './20261124_0016_ux.ts';
import * as history from './20261124_0018_history.ts';
import * as audiencePassDays from './20261125_0019_audience_pass_days.ts';
import * as dropPreviousStatus from './20261125_0020_drop_previous_status.ts';
import * as audienceCoveringKey from './20261126_0021_audience_covering_key.ts';
import * as alertWatchers from './20261127_0022_alert_watchers.ts';
import * as dropLoginThrottle from './20261128_0023_drop_login_throttle.ts';
import * as feedFreshness from './20261128_0024_feed_freshness.ts';
import * as deliveryLeases from './20261128_0025_delivery_leases.ts';
import * as doubleOptIn from './20261128_0028_double_opt_in.ts';
import * as webPush from './20261129_0026_web_push.ts';
import * as mutesQuietHours from './20261129_0027_mutes_quiet_hours.ts';
import * as deliveriesByMonth from './20261129_0029_deliveries_by_month.ts';
import * as pendingSignups from './20261130_0046_pending_signups.ts';
import * as ridesPending from './20261207_0047_rides_pending.ts';
import * as tickGates from './20261207_0048_tick_gates.ts';
import * as watchKeys from './20261207_0049_watch_keys.ts';

/**
 * Every migration, in timestamp order. Listed statically (not read from the folder) so the same code runs
 * under tsx, vitest and a bundler. Add new files here.
 */
export const migrations: Record<string, Migration> = {
  '20261122_0001_core': core,
  '20261122_0002_public_site': publicSite,
  '20261122_0003_rankings_checklist': rankings,
  '20261122_0004_affiliate': affiliate,
  '20261122_0005_payments': payments,
  '20261123_0006_flights': flights,
  '20261123_0007_feature_gates': featureGates,
  '20261123_0008_restaurant_alerts': restaurantAlerts,
  '20261123_0009_lightning_lane': lightningLane,
  '20261123_0010_return_time_alerts': returnTimeAlerts,
  '20261124_0011_watch_settings': watchSettings,
  '20261124_0012_accounts': accounts,
  '20261124_0014_alert_engine': alertEngine,
  '20261124_0016_ux': ux,
  '20261124_0018_history': history,
  '20261125_0019_audience_pass_days': audiencePassDays,
  '20261125_0020_drop_previous_status': dropPreviousStatus,
  '20261126_0021_audience_covering_key': audienceCoveringKey,
  '20261127_0022_alert_watchers': alertWatchers,
  '20261128_0023_drop_login_throttle': dropLoginThrottle,
  '20261128_0028_double_opt_in': doubleOptIn,
  '20261128_0024_feed_freshness': feedFreshness,
  '20261128_0025_delivery_leases': deliveryLeases,
  '20261129_0026_web_push': webPush,
  '20261129_0029_deliveries_by_month': deliveriesByMonth,
  '20261129_0027_mutes_quiet_hours': mutesQuietHours,
  '20261130_0046_pending_signups': pendingSignups,
  '20261207_0047_rides_pending': ridesPending,
  '20261207_0048_tick_gates': tickGates,
  '20261207_0049_watch_keys': watchKeys,
};
