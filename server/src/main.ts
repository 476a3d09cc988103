import { createDb } from '@walkon/db';
import { processClock } from '@walkon/integrations/clock';
import { refuseToStart } from '@walkon/integrations/env';
import { createLogger } from '@walkon/integrations/logger';
import {
  createDiningProvider,
  createFlightSearchProvider,
  createFlightSearchService,
  createNotifier,
  createRedisReadGate,
  createWaitTimesSource,
  resolveSesRate,
} from '@walkon/integrations/providers';
import { createQueues, createRedis } from '@walkon/jobs/producers';
import { buildApp } from './app.ts';
import { loadServerEnv, serverEnvProblems } from './env.ts';
import { createPayments } from './payments/stripe.ts';

// The API process: reads env, builds the app, listens, and closes gracefully on SIGTERM/SIGINT.
// Every missing or wrong setting in one message, before anything connects (docs/OPERATIONS.md "First start").
refuseToStart('api', serverEnvProblems());
const env = loadServerEnv();
const logger = createLogger('server', env.LOG_LEVEL);
// The real clock; outside production CLOCK_START may start it at a chosen instant (integrations/src/clock.ts).
const now = processClock(env.CLOCK_START);
const db = createDb(env.DATABASE_URL, {
  max: env.DB_POOL_MAX,
  prepared: env.PG_PREPARED === 'on',
  onIdleError: (err) => logger.warn({ err }, 'postgres: idle connection lost'),
  // PgBouncer in transaction mode without prepared-statement support: named once, then run without (docs/OPERATIONS.md).
  onPreparedUnsupported: (sentence) => logger.error({ setting: 'PG_PREPARED' }, sentence),
});
const redis = createRedis(env.REDIS_URL, 'producer', env.REDIS_CLUSTER_NODES);
redis.on('error', (err) => logger.warn({ err }, 'redis'));
const queues = createQueues({ connection: redis, prefix: env.QUEUE_PREFIX });
for (const q of queues.all()) q.on('error', (err) => logger.warn({ err, queue: q.name }, 'queue error'));
// Flight search (docs/decisions/006) behind the shared 15-minute Redis cache (`<QUEUE_PREFIX>:flights:…`, the worker uses the
// same keys); null = unavailable (FLIGHTS_SOURCE=off, or duffel without DUFFEL_ACCESS_TOKEN).
const flightProvider = createFlightSearchProvider(env);
const flights = flightProvider ? createFlightSearchService({ provider: flightProvider, redis, prefix: env.QUEUE_PREFIX }) : null;
if (!flights) logger.warn('flight search unavailable: set DUFFEL_ACCESS_TOKEN (or FLIGHTS_SOURCE=replay for recorded examples)');
// On-demand park reads honour the Retry-After the worker recorded (and record theirs) in the shared Redis gate.
const source = createWaitTimesSource(env, now, createRedisReadGate({ redis, prefix: env.QUEUE_PREFIX }));
// Account e-mails share the workers' SES budget: SES_MAX_PER_SECOND, else the account's MaxSendRate.
const ses = env.NOTIFY_TRANSPORT === 'aws' ? await resolveSesRate(env) : null;
if (ses?.problem) logger.warn({ sesMaxPerSecond: ses.perSecond, from: ses.from }, ses.problem);
else if (ses) logger.info({ sesMaxPerSecond: ses.perSecond, from: ses.from }, 'SES send rate');
let stopping = false;
const app = await buildApp({
  db,
  queues,
  source,
  // Restaurant availability (docs/decisions/009, DINING_SOURCE) for the admin's manual restaurant check.
  dining: createDiningProvider(env, source, now),
  logger,
  now,
  publicOrigin: env.PUBLIC_ORIGIN,
  production: env.NODE_ENV === 'production',
  webDistDir: env.WEB_DIST_DIR,
  contactEmail: env.CONTACT_EMAIL,
  trustProxy: env.TRUST_PROXY,
  metricsToken: env.METRICS_TOKEN,
  redis,
  stopping: () => stopping,
  flights,
  // Account e-mails (verification, password reset, new address) through the same transport as alerts.
  notifier: createNotifier(env, redis, { sesPerSecond: ses?.perSecond }),
  // Web Push (docs/decisions/038): on with the VAPID public key, off with PUSH=off or no key.
  push:
    env.PUSH === 'on' && env.VAPID_PUBLIC_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, allowInsecureEndpoints: env.PUSH_ALLOW_INSECURE_ENDPOINTS === 'on' }
      : null,
  // PAYMENTS=off: no paid checkout even with keys (promo codes still work).
  payments:
    env.PAYMENTS === 'off'
      ? null
      : createPayments({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE }),
});
if (env.PAYMENTS !== 'off' && !env.STRIPE_SECRET_KEY)
  logger.warn('STRIPE_SECRET_KEY not set: paid checkout is disabled (promo codes still work)');
await app.listen({ port: env.PORT, host: env.HOST });

/**
 * SIGTERM/SIGINT (docs/OPERATIONS.md "Stopping"): /readyz answers 503 at once while the listener keeps serving for
 * SHUTDOWN_DRAIN_SECONDS (default 5), so the load balancer takes this process out first; then the listener closes
 * and the requests in flight finish. SHUTDOWN_TIMEOUT_SECONDS (default 30) bounds the whole: past it, exit 1.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal, drainSeconds: env.SHUTDOWN_DRAIN_SECONDS, deadlineSeconds: env.SHUTDOWN_TIMEOUT_SECONDS }, 'server stopping');
  const deadline = setTimeout(() => {
    logger.error({ deadlineSeconds: env.SHUTDOWN_TIMEOUT_SECONDS }, 'server: shutdown deadline passed, exiting');
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
  deadline.unref();
  await new Promise((r) => setTimeout(r, env.SHUTDOWN_DRAIN_SECONDS * 1000));
  await app.close();
  await queues.close();
  redis.disconnect();
  await db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
