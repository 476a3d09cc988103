import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { ensureCatalogue, refreshPark, runFlightPriceCheck, runParkTick, runRestaurantCheck } from '@walkon/core';
import { alertEngine, catalogue, createDb, deliveries, rides, subscriptions } from '@walkon/db';
import { addDaysToDate, parkLocalDate } from '@walkon/domain/dates';
import { processClock } from '@walkon/integrations/clock';
import { createLogger } from '@walkon/integrations/logger';
import { createDiningProvider } from '@walkon/integrations/providers/dining/index.ts';
import { createFlightSearchProvider, createFlightSearchService } from '@walkon/integrations/providers/flights/index.ts';
import { createNotifier, resolveSesRate } from '@walkon/integrations/providers/notify/index.ts';
import { createWaitTimesSource, UpstreamError } from '@walkon/integrations/providers/waitTimes/index.ts';
import { createRedis } from '@walkon/integrations/redis';
import { pino } from 'pino';
import { enqueueDeliveries, packBatches, pushChannel, sendChannelBatch } from './channels/index.ts';
import { jobsEnvProblems, loadJobsEnv } from './env.ts';
import { runMaintenance } from './jobs/maintenance.ts';
import { operatorStatus, setQueuesPaused, setRole } from './operator.ts';
import { syncParkScheduler } from './pipeline/schedulers.ts';
import { sendDeliveryBatch } from './pipeline/send.ts';
import { createQueues, maintenanceTaskSchema } from './queues.ts';

/** The settings file `make dev` / `make demo` write (scripts/env-defaults.sh), relative to the repository root. */
export const DEV_ENV_FILE = '.walkon-dev.env';

const USAGE = `walkon-jobs — WalkOn operator CLI (honours DATABASE_URL, REDIS_URL, WAIT_TIMES_SOURCE, NOTIFY_TRANSPORT …)

  Any command takes --env-from <path>: read settings from that file first (the shell's own variables win).
  \`make dev\` and \`make demo\` write theirs to ${DEV_ENV_FILE}, e.g.
    npx walkon-jobs tick --env-from ${DEV_ENV_FILE} --park <parkId>

  walkon-jobs tick --park <parkId>                      poll → evaluate → claim → send now; one JSON line per delivery
                                                        sent on stdout, then a one-line summary on stderr
  walkon-jobs watch --email <e> --park <parkId> --all-rides   e-mail pass for today and tomorrow (park-local) + watch every attraction of the park
  walkon-jobs schedulers                                list the job schedulers
  walkon-jobs flight-check                              run the flight price check now (docs/decisions/019); prints its counts as JSON
  walkon-jobs restaurant-check [--force]                run the restaurant check now (docs/decisions/009, DINING_SOURCE); prints its counts as JSON

  Operations (docs/OPERATIONS.md "Operator CLI"):
  walkon-jobs status                                    schema version, Redis eviction policy, partitions ahead, queues,
                                                        last poll per watched park, provider send rate (one JSON object)
  walkon-jobs grant-role --email <e> --role admin       give an account a role (admin | moderator); the first admin without SQL
  walkon-jobs revoke-role --email <e> --role admin      take it back
  walkon-jobs maintenance run <task>                    run a maintenance task now (${maintenanceTaskSchema.options.join(', ')}); its counts as JSON
  walkon-jobs deliveries retry [--since <ISO instant>]  put failed e-mail/SMS deliveries since then (default: the last hour) back on the send queues
  walkon-jobs queues pause|resume <queue…|all>          stop or restart workers taking jobs from queues (jobs are kept)
`;

const COMMANDS = [
  'tick',
  'watch',
  'schedulers',
  'flight-check',
  'restaurant-check',
  'status',
  'grant-role',
  'revoke-role',
  'maintenance',
  'deliveries',
  'queues',
];

/**
 * A tick's one-line summary (stderr, so stdout keeps one JSON object per delivery for scripts and tests):
 * e.g. "tick 75ea…: read 42 live entities, 0 alerts sent (no watched ride qualified)"; `entities` null = the
 * tick did not run (another tick of the park held its lock).
 */
export function tickSummary(parkId: string, entities: number | null, claimed: number, sent: number): string {
  if (entities === null) return `tick ${parkId}: skipped (another tick of this park is running), 0 alerts sent`;
  const alerts = `${sent} ${sent === 1 ? 'alert' : 'alerts'} sent`;
  const why = claimed === 0 ? ' (no watched ride qualified)' : sent < claimed ? ` (${claimed - sent} not sent; see the log)` : '';
  return `tick ${parkId}: read ${entities} live ${entities === 1 ? 'entity' : 'entities'}, ${alerts}${why}`;
}

/** A hint for an upstream read that never reached the server (e.g. "fetch failed" with no network here). */
function unreachableHint(env: { WAIT_TIMES_SOURCE: string }, message: string): string {
  if (env.WAIT_TIMES_SOURCE === 'replay' || !/fetch failed|ENOTFOUND|ECONNREFUSED|EAI_AGAIN|timeout/i.test(message)) return '';
  return `\nThe live ThemeParks.wiki API could not be reached. To use the recorded data \`make dev\` / \`make demo\` use, run:\n  npx walkon-jobs tick --env-from ${DEV_ENV_FILE} --park <parkId>\n(or export WAIT_TIMES_SOURCE=replay and WAIT_TIMES_REPLAY_DIR=<shared/fixtures>).\n`;
}

/**
 * Retries an upstream read a few times with backoff (the worker uses BullMQ attempts instead); never sooner
 * than the upstream's Retry-After, and not at all when that is over 30 s away or the answer was about another
 * park (docs/DESIGN.md §2.2).
 */
async function withRetry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof UpstreamError) || i >= attempts || err.kind === 'mismatch') throw err;
      const wait = Math.max(500 * 2 ** i, err.retryAt ? err.retryAt.getTime() - Date.now() : 0);
      if (wait > 30_000) throw err;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/**
 * Runs the operator CLI. Exit code 0 on success, 1 on a failure, 2 on bad usage. `--env-from <path>` loads
 * settings from a file first (process.loadEnvFile: variables already set in the shell are kept), the way a second
 * shell reuses `make dev`'s settings (DEV_ENV_FILE).
 * Output: `tick` prints `{"rideId","rideName","waitMinutes","recipient","channel"}` per delivery sent on stdout
 * and `tickSummary` on stderr;
 * `flight-check` (docs/decisions/019) runs the flight price check once with the configured FLIGHTS_SOURCE and notifier and
 * prints `{"deactivated","groups","searches","notified","failedGroups"}`; `restaurant-check` (docs/decisions/009) runs the
 * restaurant check once with the configured DINING_SOURCE (`--force` re-checks groups checked in the last
 * 10 minutes), queues the e-mails for the worker's senders and prints
 * `{"expired","alerts","groups","checks","skipped","unknown","matched","queued","duplicates"}`.
 */
export async function runCli(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      park: { type: 'string' },
      email: { type: 'string' },
      'all-rides': { type: 'boolean' },
      force: { type: 'boolean' },
      help: { type: 'boolean' },
      'env-from': { type: 'string' },
      role: { type: 'string' },
      since: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (!command || values.help || !COMMANDS.includes(command)) {
    process.stderr.write(USAGE);
    return command && !values.help ? 2 : 0;
  }
  if (values['env-from']) {
    try {
      process.loadEnvFile(values['env-from']);
    } catch (err) {
      process.stderr.write(
        `walkon-jobs: cannot read --env-from ${values['env-from']}: ${(err as Error).message}\n(\`make dev\` or \`make demo\` writes ${DEV_ENV_FILE} when it starts)\n`,
      );
      return 2;
    }
  }
  const problems = [...new Set(jobsEnvProblems())];
  if (problems.length) {
    process.stderr.write(
      `walkon-jobs: refusing to start (${problems.length} setting${problems.length === 1 ? '' : 's'} to fix): ${problems.join(' ')}\n`,
    );
    return 1;
  }
  const env = loadJobsEnv();
  const log = createLogger('walkon-jobs', env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL);
  // The stack's clock (CLOCK_START, integrations/src/clock.ts); never in production, whose processes refuse it.
  const now = processClock(env.NODE_ENV === 'production' ? undefined : env.CLOCK_START);
  const db = createDb(env.DATABASE_URL, { max: Math.min(env.DB_POOL_MAX, 4), prepared: env.PG_PREPARED === 'on' });
  const source = createWaitTimesSource(env, now);
  try {
    if (positionals.length && !['maintenance', 'deliveries', 'queues'].includes(command))
      throw new UsageError(`${command} takes no ${positionals.join(' ')}`);
    if (command === 'status') {
      const redis = createRedis(env.REDIS_URL, 'producer', env.REDIS_CLUSTER_NODES);
      const queues = createQueues({ connection: redis, prefix: env.QUEUE_PREFIX });
      try {
        const status = await operatorStatus({ db, queues, now: now() });
        const provider = env.NOTIFY_TRANSPORT === 'aws' ? { transport: 'aws', ses: await resolveSesRate(env) } : { transport: 'outbox' };
        process.stdout.write(`${JSON.stringify({ ...status, provider })}\n`);
      } finally {
        await queues.close();
        redis.disconnect();
      }
      return 0;
    }
    if (command === 'grant-role' || command === 'revoke-role') {
      if (!values.email || !values.role) throw new UsageError(`${command} needs --email <e> --role <admin|moderator>`);
      // The audit row names the CLI and the shell's user (role_audit.actor_email; no site account made the change).
      const actor = `walkon-jobs (${userInfo().username})`;
      const out = await setRole(db, command === 'grant-role' ? 'grant' : 'revoke', values.email, values.role, actor);
      process.stdout.write(`${JSON.stringify(out)}\n`);
      return 0;
    }
    if (command === 'maintenance') {
      const task = maintenanceTaskSchema.safeParse(positionals[1]);
      if (positionals[0] !== 'run' || positionals.length !== 2 || !task.success)
        throw new UsageError(`maintenance run <task> takes one of ${maintenanceTaskSchema.options.join(', ')}`);
      const redis = createRedis(env.REDIS_URL, 'producer', env.REDIS_CLUSTER_NODES);
      const queues = createQueues({ connection: redis, prefix: env.QUEUE_PREFIX });
      try {
        const logger = pino({ name: 'walkon-jobs', level: log.level }, pino.destination(2));
        const provider = createFlightSearchProvider(env);
        const out = await runMaintenance(
          {
            db,
            queues,
            now,
            logger,
            source,
            publicOrigin: env.PUBLIC_ORIGIN,
            notifier: createNotifier(env, redis),
            flights: provider ? createFlightSearchService({ provider, redis, prefix: env.QUEUE_PREFIX }) : null,
            dining: createDiningProvider(env, source, now),
            deliveryRetentionMonths: env.DELIVERY_RETENTION_MONTHS,
          },
          task.data,
        );
        process.stdout.write(`${JSON.stringify({ task: task.data, ...out })}\n`);
      } finally {
        await queues.close();
        redis.disconnect();
      }
      return 0;
    }
    if (command === 'deliveries') {
      if (positionals[0] !== 'retry' || positionals.length !== 1) throw new UsageError('deliveries retry [--since <ISO instant>]');
      const since = values.since ? new Date(values.since) : new Date(now().getTime() - 3_600_000);
      if (!Number.isFinite(since.getTime())) throw new UsageError(`--since ${values.since} is not an instant such as 2026-11-28T10:00:00Z`);
      const redis = createRedis(env.REDIS_URL, 'producer', env.REDIS_CLUSTER_NODES);
      const queues = createQueues({ connection: redis, prefix: env.QUEUE_PREFIX });
      try {
        const requeued = await deliveries.requeueFailedSince(db, since);
        // A fresh job id prefix: the failed batches' jobs may still be kept by BullMQ under the old ids.
        const jobs = await enqueueDeliveries(queues, requeued, `retry${now().getTime()}`);
        process.stdout.write(`${JSON.stringify({ since: since.toISOString(), requeued: requeued.length, jobs })}\n`);
      } finally {
        await queues.close();
        redis.disconnect();
      }
      return 0;
    }
    if (command === 'queues') {
      const [action, ...names] = positionals;
      if ((action !== 'pause' && action !== 'resume') || !names.length) throw new UsageError('queues pause|resume <queue…|all>');
      const redis = createRedis(env.REDIS_URL, 'producer', env.REDIS_CLUSTER_NODES);
      const queues = createQueues({ connection: redis, prefix: env.QUEUE_PREFIX });
      try {
        const changed = await setQueuesPaused(queues, names, action === 'pause');
        process.stdout.write(`${JSON.stringify({ [action === 'pause' ? 'paused' : 'resumed']: changed })}\n`);
      } finally {
        await queues.close();
        redis.disconnect();
      }
      return 0;
    }
    if (command === 'tick') {
      if (!values.park) throw new UsageError('tick needs --park <parkId>');
      const parkId = values.park;
      await withRetry(() => ensureCatalogue({ db, source }));
      const { claimed, pushes, poll, refreshStatistics } = await withRetry(() => runParkTick({ db, source, now }, parkId));
      // SES / SNS sends share the workers' account-wide rate limit (in Redis); the outbox needs no Redis.
      const rateRedis = env.NOTIFY_TRANSPORT === 'aws' ? createRedis(env.REDIS_URL, 'worker') : undefined;
      const notifier = createNotifier(env, rateRedis);
      let sent = 0;
      for (const ids of packBatches(claimed)) {
        const batch = await sendDeliveryBatch({ db, notifier, now, publicOrigin: env.PUBLIC_ORIGIN }, ids);
        for (const out of batch.outcomes) {
          if (out.status === 'sent') {
            sent++;
            process.stdout.write(
              `${JSON.stringify({ rideId: out.rideId, rideName: out.rideName, waitMinutes: out.waitTime, recipient: out.address, channel: out.channel })}\n`,
            );
          } else {
            log.warn({ deliveryId: out.deliveryId, out }, 'delivery not sent');
          }
        }
      }
      rateRedis?.disconnect();
      // Web Push beside them (docs/decisions/038), when the VAPID keys are set.
      const push = pushes.length ? pushChannel.fromEnv?.(env) : null;
      if (push) {
        const deps = { db, now, publicOrigin: env.PUBLIC_ORIGIN, sender: push, concurrency: pushChannel.concurrency({}) };
        for (let k = 0; k < pushes.length; k += pushChannel.batchSize) {
          const out = await sendChannelBatch(pushChannel, deps, pushes.slice(k, k + pushChannel.batchSize));
          const n = (status: string) => out.outcomes.filter((o) => o.status === status).length;
          process.stderr.write(
            `push: ${n('sent')} sent, ${n('gone')} gone, ${n('failed')} failed${out.retry || out.throttled ? ', the rest left for the worker' : ''}\n`,
          );
        }
      }
      process.stderr.write(`${tickSummary(parkId, poll ? poll.entities : null, claimed.length, sent)}\n`);
      if (refreshStatistics) await alertEngine.analyzeHotTables(db);
      return 0;
    }
    if (command === 'watch') {
      if (!values.email || !values.park || !values['all-rides'])
        throw new UsageError('watch needs --email <e> --park <parkId> --all-rides');
      const email = values.email.trim().toLowerCase();
      const parkId = values.park;
      await withRetry(() => ensureCatalogue({ db, source }));
      await withRetry(() => refreshPark({ db, source, now }, parkId));
      const park = await catalogue.getPark(db, parkId);
      if (!park) throw new Error(`unknown park ${parkId}`);
      // Today and tomorrow (park-local): a demo started late in the park's evening still has a pass after midnight.
      const today = parkLocalDate(now(), park.timezone);
      const tomorrow = addDaysToDate(today, 1);
      await subscriptions.upsertActivePass(db, {
        email,
        parkId,
        userId: null,
        alertType: 'email',
        startDate: today,
        endDate: addDaysToDate(today, 2),
      });
      const count = await rides.watchAllRides(db, email, parkId);
      const redis = createRedis(env.REDIS_URL, 'producer', env.REDIS_CLUSTER_NODES);
      const queues = createQueues({ connection: redis, prefix: env.QUEUE_PREFIX });
      try {
        await syncParkScheduler({ db, queues, now }, parkId);
      } catch (err) {
        log.warn({ err }, 'could not update the job scheduler (the worker reconciles on start)');
      } finally {
        await queues.close();
        redis.disconnect();
      }
      process.stdout.write(`${JSON.stringify({ email, parkId, park: park.name, dates: [today, tomorrow], rides: count })}\n`);
      return 0;
    }
    if (command === 'flight-check') {
      const redis = createRedis(env.REDIS_URL, 'worker', env.REDIS_CLUSTER_NODES);
      try {
        // Same construction as the worker (main.ts): the provider behind the Redis-cached search service
        // (cache keys `<QUEUE_PREFIX>:flights:…`, see providers/flights/cache.ts).
        const provider = createFlightSearchProvider(env);
        const flights = provider ? createFlightSearchService({ provider, redis, prefix: env.QUEUE_PREFIX }) : null;
        // Logs go to stderr so stdout carries only the counts line.
        const logger = pino({ name: 'walkon-jobs', level: log.level }, pino.destination(2));
        const out = await runFlightPriceCheck({
          db,
          notifier: createNotifier(env, redis),
          flights,
          logger,
          now,
          publicOrigin: env.PUBLIC_ORIGIN,
        });
        process.stdout.write(`${JSON.stringify(out)}\n`);
      } finally {
        redis.disconnect();
      }
      return 0;
    }
    if (command === 'restaurant-check') {
      const redis = createRedis(env.REDIS_URL, 'worker', env.REDIS_CLUSTER_NODES);
      const queues = createQueues({ connection: redis, prefix: env.QUEUE_PREFIX });
      try {
        const logger = pino({ name: 'walkon-jobs', level: log.level }, pino.destination(2));
        const provider = createDiningProvider(env, source, now);
        const out = await runRestaurantCheck(
          { db, enqueue: (claimed) => enqueueDeliveries(queues, claimed), provider, logger, now },
          { force: values.force ?? false },
        );
        process.stdout.write(`${JSON.stringify(out)}\n`);
      } finally {
        await queues.close();
        redis.disconnect();
      }
      return 0;
    }
    const redis = createRedis(env.REDIS_URL, 'worker', env.REDIS_CLUSTER_NODES);
    const queues = createQueues({ connection: redis, prefix: env.QUEUE_PREFIX });
    try {
      for (const q of [queues.poll, queues.maintenance]) {
        for (const s of await q.getJobSchedulers(0, -1)) {
          process.stdout.write(
            `${JSON.stringify({ queue: q.name, id: s.id ?? s.key, every: s.every ?? null, next: s.next ? new Date(s.next).toISOString() : null })}\n`,
          );
        }
      }
    } finally {
      await queues.close();
      redis.disconnect();
    }
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n\n${USAGE}`);
      return 2;
    }
    const message = (err as Error).message;
    process.stderr.write(`walkon-jobs ${command}: ${message}\n${unreachableHint(env, message)}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

class UsageError extends Error {}
