import { createDb } from '@walkon/db';
import { loadJobsEnv } from './env.ts';
import { createLogger } from './logger.ts';
import { createDiningProvider } from './providers/dining/index.ts';
import { createFlightSearchProvider, createFlightSearchService } from './providers/flights/index.ts';
import { createNotifier } from './providers/notify/index.ts';
import { createRedisReadGate, createWaitTimesSource } from './providers/waitTimes/index.ts';
import { createQueues } from './queues.ts';
import { createRedis } from './redis.ts';
import { buildWorker } from './worker.ts';

// The worker process: reads env, builds the worker, shuts down gracefully on SIGTERM/SIGINT.
const env = loadJobsEnv();
const logger = createLogger('worker', env.LOG_LEVEL);
const now = () => new Date();
const db = createDb(env.DATABASE_URL, { max: env.DB_POOL_MAX, prepared: env.PG_PREPARED === 'on' });
const connection = createRedis(env.REDIS_URL, 'worker');
const queues = createQueues({ connection, prefix: env.QUEUE_PREFIX });
// Flight search for the 6-hourly flight price check (docs/decisions/006-duffel-for-flights.md): null (FLIGHTS_SOURCE=off, or duffel without a
// token) = unavailable, the check then only deactivates past alerts. Cached in Redis under `<QUEUE_PREFIX>:flights:…`.
const flightProvider = createFlightSearchProvider(env);
const flights = flightProvider
  ? createFlightSearchService({ provider: flightProvider, redis: connection, prefix: env.QUEUE_PREFIX })
  : null;
// Park reads honour the upstream's Retry-After across workers and the server (Redis `<QUEUE_PREFIX>:upstream:not-before:<parkId>`).
const source = createWaitTimesSource(env, now, createRedisReadGate({ redis: connection, prefix: env.QUEUE_PREFIX }));
const worker = await buildWorker({
  db,
  connection,
  queues,
  source,
  // Restaurant availability for the 15-minute restaurant check (docs/decisions/009-restaurant-availability-walk-up.md, DINING_SOURCE); null = off.
  dining: createDiningProvider(env, source, now),
  notifier: createNotifier(env),
  logger,
  now,
  publicOrigin: env.PUBLIC_ORIGIN,
  flights,
  pollConcurrency: env.POLL_CONCURRENCY,
  sendConcurrency: env.SEND_CONCURRENCY,
  providerConcurrency: env.SEND_PROVIDER_CONCURRENCY,
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'worker stopping');
  await worker.close();
  await queues.close();
  connection.disconnect();
  await db.destroy();
  logger.info('worker stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
