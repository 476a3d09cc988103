import { createDb, ping } from '@walkon/db';
import { processClock } from '@walkon/integrations/clock';
import { refuseToStart } from '@walkon/integrations/env';
import { createLogger, repeatingWarning } from '@walkon/integrations/logger';
import { checkReadiness } from '@walkon/integrations/ops';
import { createDiningProvider } from '@walkon/integrations/providers/dining/index.ts';
import { createFlightSearchProvider, createFlightSearchService } from '@walkon/integrations/providers/flights/index.ts';
import { createNotifier, resolveSesRate } from '@walkon/integrations/providers/notify/index.ts';
import { createRedisReadGate, createWaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import { assertClusterPrefix, clusterNodesOf, createRedis } from '@walkon/integrations/redis';
import { channelSenders, channels } from './channels/index.ts';
import { jobsEnvProblems, loadJobsEnv } from './env.ts';
import { createWorkerMetrics, type OpsServer, startOpsServer } from './ops/index.ts';
import { createQueues } from './queues.ts';
import { buildWorker } from './worker.ts';

// The worker process: reads env, builds the worker, shuts down gracefully on SIGTERM/SIGINT.
// Every missing or wrong setting in one message, before anything connects (docs/OPERATIONS.md "First start").
refuseToStart('worker', jobsEnvProblems());
const env = loadJobsEnv();
const logger = createLogger('worker', env.LOG_LEVEL);
// The real clock; outside production CLOCK_START may start it at a chosen instant (integrations/src/clock.ts).
const now = processClock(env.CLOCK_START);
const db = createDb(env.DATABASE_URL, {
  max: env.DB_POOL_MAX,
  prepared: env.PG_PREPARED === 'on',
  onIdleError: (err) => logger.warn({ err }, 'postgres: idle connection lost'),
  // PgBouncer in transaction mode without prepared-statement support: named once, then run without (docs/OPERATIONS.md).
  onPreparedUnsupported: (sentence) => logger.error({ setting: 'PG_PREPARED' }, sentence),
});
if (clusterNodesOf(env.REDIS_URL, env.REDIS_CLUSTER_NODES)) assertClusterPrefix(env.QUEUE_PREFIX);
const connection = createRedis(env.REDIS_URL, 'worker', env.REDIS_CLUSTER_NODES);
const queues = createQueues({ connection, prefix: env.QUEUE_PREFIX });
// A lost Redis is logged and waited out (readiness says 503 meanwhile), never an unhandled 'error' that ends the process.
// While it stays down, one line every 30 s (not one per reconnect attempt).
const redisDown = repeatingWarning(logger, 'redis');
connection.on('error', (err) => redisDown({ err }));
for (const q of queues.all()) {
  const queueDown = repeatingWarning(logger, 'queue error');
  q.on('error', (err) => queueDown({ err, queue: q.name }));
}
// Flight search for the 6-hourly flight price check (docs/decisions/006): null (FLIGHTS_SOURCE=off, or duffel without a
// token) = unavailable, the check then only deactivates past alerts. Cached in Redis under `<QUEUE_PREFIX>:flights:…`.
const flightProvider = createFlightSearchProvider(env);
const flights = flightProvider
  ? createFlightSearchService({ provider: flightProvider, redis: connection, prefix: env.QUEUE_PREFIX })
  : null;
// Park reads honour the upstream's Retry-After across workers and the server (Redis `<QUEUE_PREFIX>:upstream:not-before:<parkId>`).
const source = createWaitTimesSource(env, now, createRedisReadGate({ redis: connection, prefix: env.QUEUE_PREFIX }));
const metrics = createWorkerMetrics({ db, queues, now, channels: channels().map((c) => c.name) });
// Liveness, readiness and metrics on the internal WORKER_METRICS_PORT (docs/OPERATIONS.md "Health", "Metrics"),
// open from the first second: /livez answers while the worker connects (a Redis or PostgreSQL that is down at start
// is waited out, not a restart loop), /readyz answers 503 `starting` until the worker runs and `stopping` from
// SIGTERM on, while it finishes its jobs.
let phase: 'starting' | 'running' | 'stopping' = 'starting';
const ops: OpsServer | null =
  env.WORKER_METRICS_PORT === undefined
    ? null
    : await startOpsServer({
        port: env.WORKER_METRICS_PORT,
        host: env.WORKER_METRICS_HOST,
        registry: metrics.registry,
        ready: async () => {
          const r = await checkReadiness({ db: () => ping(db), redis: () => connection.ping() });
          return phase === 'running' ? r : { ...r, ok: false, state: phase };
        },
        logger,
      });
if (ops) logger.info({ port: ops.port }, 'worker: /livez, /readyz and /metrics listening');
let worker: Awaited<ReturnType<typeof buildWorker>> | undefined;
/**
 * SIGTERM/SIGINT: /readyz turns 503 at once, the worker stops taking jobs and finishes the ones it runs, then the
 * queues, Redis, the pool and last the ops port close. SHUTDOWN_TIMEOUT_SECONDS (default 30) bounds it: past it the
 * process exits 1 and the unfinished jobs are taken again by another worker when their lock expires
 * (docs/OPERATIONS.md "Stopping").
 */
async function shutdown(signal: string) {
  if (phase === 'stopping') return;
  phase = 'stopping';
  logger.info({ signal, deadlineSeconds: env.SHUTDOWN_TIMEOUT_SECONDS }, 'worker stopping');
  const deadline = setTimeout(() => {
    logger.error({ deadlineSeconds: env.SHUTDOWN_TIMEOUT_SECONDS }, 'worker: shutdown deadline passed, exiting with jobs unfinished');
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
  deadline.unref();
  await worker?.close();
  await queues.close();
  connection.disconnect();
  await db.destroy();
  await ops?.close();
  logger.info('worker stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// The SES budget: SES_MAX_PER_SECOND, else the account's own MaxSendRate (docs/OPERATIONS.md "Sending rate").
const ses = env.NOTIFY_TRANSPORT === 'aws' ? await resolveSesRate(env) : null;
if (ses?.problem) logger.warn({ sesMaxPerSecond: ses.perSecond, from: ses.from }, ses.problem);
else if (ses) logger.info({ sesMaxPerSecond: ses.perSecond, from: ses.from }, 'SES send rate');

worker = await buildWorker({
  db,
  metrics,
  connection,
  queues,
  source,
  // Restaurant availability for the 15-minute restaurant check (docs/decisions/009, DINING_SOURCE); null = off.
  dining: createDiningProvider(env, source, now),
  notifier: createNotifier(env, connection, { sesPerSecond: ses?.perSecond }),
  logger,
  now,
  publicOrigin: env.PUBLIC_ORIGIN,
  flights,
  pollConcurrency: env.POLL_CONCURRENCY,
  sendConcurrency: env.SEND_CONCURRENCY,
  providerConcurrency: env.SEND_PROVIDER_CONCURRENCY,
  leaseMs: env.SEND_LEASE_SECONDS * 1000,
  deliveryRetentionMonths: env.DELIVERY_RETENTION_MONTHS,
  // The providers channels build from their own settings (Web Push: off without VAPID keys, docs/decisions/038).
  senders: channelSenders(env),
  pushConcurrency: env.PUSH_CONCURRENCY,
});
if (phase === 'starting') phase = 'running';
logger.info('worker running');
