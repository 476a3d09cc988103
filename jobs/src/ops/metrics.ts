import { type Database, type Kysely, liveStatus, watches } from '@walkon/db';
import { createRegistry } from '@walkon/integrations/ops';
import client, { type Counter, type Histogram, type Registry } from 'prom-client';
import type { Queues } from '../queues.ts';

/** The worker's own series, incremented by the job processors (jobs/src/worker.ts). */
export interface WorkerMetrics {
  registry: Registry;
  /** Upstream (ThemeParks.wiki) faults by kind: timeout, http, rate-limited, malformed, mismatch, deferred, … */
  upstreamFaults: Counter<'kind'>;
  /** Park tick duration in seconds (read + store + claim), by outcome: ran, skipped, failed. */
  tickDuration: Histogram<'outcome'>;
  /** Deliveries by status (claimed: queued / capped; sent: sent / failed / retry; push also gone) and channel (email / sms / push). */
  deliveries: Counter<'status' | 'channel'>;
  /** Send batch latency in seconds (provider calls and marking), by channel. */
  sendDuration: Histogram<'channel'>;
  /** Provider answers that asked to slow down (SES/SNS throttling, HTTP 429), by channel. */
  providerThrottled: Counter<'channel'>;
  /**
   * 403 answers from a push service (our VAPID key refused: a configuration fault, docs/decisions/047), by push service
   * origin; alert on any increase (docs/OPERATIONS.md "Metrics").
   */
  pushServiceRefused: Counter<'service'>;
}

/**
 * The worker's registry: `createRegistry('worker')` plus queue depth by queue and state (BullMQ getJobCounts at
 * scrape time), seconds since each watched park's last successful poll (`parks.live_polled_at`; parks with a valid
 * watch, as the job schedulers), and the counters and histograms of `WorkerMetrics`.
 */
export function createWorkerMetrics(deps: {
  db: Kysely<Database>;
  queues: Queues;
  now: () => Date;
  /** The registered channels' names (`channels()` of jobs/src/channels), whose delivery series start at 0. */
  channels: readonly string[];
}): WorkerMetrics {
  const registry = createRegistry('worker', deps.db);
  const states = ['waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized', 'waiting-children'] as const;
  new client.Gauge({
    name: 'walkon_queue_jobs',
    help: 'Jobs in each BullMQ queue by state.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of deps.queues.all()) {
        const counts = await q.getJobCounts(...states);
        for (const s of states) this.set({ queue: q.name, state: s }, counts[s] ?? 0);
      }
    },
  });
  new client.Gauge({
    name: 'walkon_park_poll_age_seconds',
    help: "Seconds since each watched park's last successful poll (alert when above 180: ticks are missed).",
    labelNames: ['park_id'],
    registers: [registry],
    async collect() {
      this.reset();
      const now = deps.now();
      const parks = await watches.parksWithValidWatches(deps.db, now);
      for (const p of await liveStatus.parkPollInstants(deps.db, parks)) {
        // A watched park never polled counts from the epoch: it is as stale as can be.
        this.set({ park_id: p.parkId }, (now.getTime() - (p.polledAt?.getTime() ?? 0)) / 1000);
      }
    },
  });
  const out: WorkerMetrics = {
    registry,
    upstreamFaults: new client.Counter({
      name: 'walkon_upstream_faults_total',
      help: 'Upstream wait-time read faults by kind.',
      labelNames: ['kind'],
      registers: [registry],
    }),
    tickDuration: new client.Histogram({
      name: 'walkon_tick_duration_seconds',
      help: 'Park tick duration (upstream read, store, evaluate and claim) by outcome.',
      labelNames: ['outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers: [registry],
    }),
    deliveries: new client.Counter({
      name: 'walkon_deliveries_total',
      help: 'Deliveries by status (queued and capped when claimed; sent, failed and retry when sent) and channel.',
      labelNames: ['status', 'channel'],
      registers: [registry],
    }),
    sendDuration: new client.Histogram({
      name: 'walkon_send_duration_seconds',
      help: 'Send batch duration (provider calls and marking) by channel.',
      labelNames: ['channel'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers: [registry],
    }),
    providerThrottled: new client.Counter({
      name: 'walkon_provider_throttled_total',
      help: 'Provider (SES / SNS) answers asking to slow down, by channel.',
      labelNames: ['channel'],
      registers: [registry],
    }),
    pushServiceRefused: new client.Counter({
      name: 'walkon_push_service_refused_total',
      help: 'Push service answers 403 (our VAPID key refused; pushing to that service pauses), by push service origin.',
      labelNames: ['service'],
      registers: [registry],
    }),
  };
  // Every known series starts at 0, so a rate() and an alert see it before its first event.
  for (const kind of UPSTREAM_FAULT_KINDS) out.upstreamFaults.inc({ kind }, 0);
  for (const channel of deps.channels) {
    out.providerThrottled.inc({ channel }, 0);
    for (const status of ['queued', 'sent', 'failed', 'retry']) out.deliveries.inc({ status, channel }, 0);
  }
  return out;
}

/** The kinds of `walkon_upstream_faults_total`: UpstreamError's kinds and `not-found` (a park the source does not know). */
export const UPSTREAM_FAULT_KINDS = [
  'timeout',
  'http',
  'network',
  'malformed',
  'too-large',
  'mismatch',
  'deferred',
  'not-found',
  'other',
] as const;

/** Whether a provider error asks to slow down (AWS `Throttling` / `TooManyRequestsException`, HTTP 429). */
export function isThrottling(err: unknown): boolean {
  const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (!e) return false;
  return (
    /throttl|TooManyRequests|rate exceeded|MaxSendRate/i.test(`${e.name ?? ''} ${e.message ?? ''}`) || e.$metadata?.httpStatusCode === 429
  );
}
