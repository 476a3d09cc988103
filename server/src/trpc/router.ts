import { router } from './init.ts';
import { adminRouter } from './routers/admin.ts';
import { affiliateRouter } from './routers/affiliate.ts';
import { alertsRouter } from './routers/alerts.ts';
import { authRouter } from './routers/auth.ts';
import { checklistRouter } from './routers/checklist.ts';
import { checkoutRouter } from './routers/checkout.ts';
import { featuresRouter } from './routers/features.ts';
import { flightsRouter } from './routers/flights.ts';
import { lightningLaneRouter } from './routers/lightningLane.ts';
import { manageAlertsRouter } from './routers/manageAlerts.ts';
import { moderationRouter } from './routers/moderation.ts';
import { mutesRouter, quietHoursRouter } from './routers/mutes.ts';
import { pushRouter } from './routers/push.ts';
import { rankingsRouter } from './routers/rankings.ts';
import { restaurantsRouter } from './routers/restaurants.ts';
import { returnTimeAlertsRouter } from './routers/returnTimeAlerts.ts';
import { siteRouter } from './routers/site.ts';
import { waitTimesRouter } from './routers/waitTimes.ts';
import { watchSettingsRouter } from './routers/watchSettings.ts';

/** The whole API (one router file per domain, docs/DESIGN.md §4). */
export const appRouter = router({
  auth: authRouter,
  waitTimes: waitTimesRouter,
  alerts: alertsRouter,
  manageAlerts: manageAlertsRouter,
  site: siteRouter,
  rankings: rankingsRouter,
  moderation: moderationRouter,
  admin: adminRouter,
  checklist: checklistRouter,
  affiliate: affiliateRouter,
  checkout: checkoutRouter,
  flights: flightsRouter,
  features: featuresRouter,
  restaurants: restaurantsRouter,
  lightningLane: lightningLaneRouter,
  returnTimeAlerts: returnTimeAlertsRouter,
  watchSettings: watchSettingsRouter,
  push: pushRouter,
  mutes: mutesRouter,
  quietHours: quietHoursRouter,
});

/** The API's type, imported by the web app. */
export type AppRouter = typeof appRouter;
