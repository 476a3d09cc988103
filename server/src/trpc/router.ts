import { createCallerFactory, router } from './init.ts';
import { alertsRouter } from './routers/alerts.ts';
import { authRouter } from './routers/auth.ts';
import { manageAlertsRouter } from './routers/manageAlerts.ts';
import { siteRouter } from './routers/site.ts';
import { waitTimesRouter } from './routers/waitTimes.ts';

/** The whole API (one router file per domain, DESIGN §4). */
export const appRouter = router({
  auth: authRouter,
  waitTimes: waitTimesRouter,
  alerts: alertsRouter,
  manageAlerts: manageAlertsRouter,
  site: siteRouter,
});

/** The API's type, imported by the web app. */
export type AppRouter = typeof appRouter;

/** Server-side caller factory (tests, scripts). */
export const createCaller = createCallerFactory(appRouter);
