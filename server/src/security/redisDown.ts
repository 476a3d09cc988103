import type { Logger } from '@walkon/integrations/logger';

/**
 * Redis outages on request paths (docs/security.md, docs/decisions/047). Log-in, every rate-limited write
 * and every write that enqueues a job need Redis; the API's connection fails fast (integrations/src/redis.ts,
 * role `producer`), so while Redis is down those calls answer 503 with REDIS_DOWN_MESSAGE — never a 500 — and the
 * log gets one line per failure kind (with the request id that met it first, no stack), then at most one line a
 * minute with how many requests met it since: an outage is visible without a stack trace per request.
 */

/** The sentence a caller reads while Redis is unreachable (503, Retry-After REDIS_DOWN_RETRY_SECONDS). */
export const REDIS_DOWN_MESSAGE = 'WalkOn is briefly unable to do this. Nothing was changed; please try again in a minute.';
/** Retry-After of that answer (seconds). */
export const REDIS_DOWN_RETRY_SECONDS = 30;
/** A failure kind is logged at most once per this many ms (with the count of requests since its last line). */
export const FAULT_LOG_INTERVAL_MS = 60_000;

// ioredis's own errors when a command cannot reach the server: offline queue off, closed connection, retries
// spent (MaxRetriesPerRequestError), the socket's connect errors; BullMQ passes them through unchanged.
const REDIS_DOWN =
  /Stream isn't writeable|enableOfflineQueue|Connection is closed|max retries per request|MaxRetriesPerRequest|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|ClusterAllFailedError|None of startup nodes is available/;

/** Whether `err` (or an error in its `cause` chain) says Redis could not be reached. */
export function isRedisUnavailable(err: unknown): boolean {
  let e = err as { name?: string; message?: string; code?: string; cause?: unknown } | null | undefined;
  for (let depth = 0; e && depth < 6; depth++, e = e.cause as typeof e) {
    if (typeof e !== 'object') return false;
    if (REDIS_DOWN.test(`${e.name ?? ''} ${e.message ?? ''} ${e.code ?? ''}`)) return true;
  }
  return false;
}

interface KindState {
  lastAt: number;
  since: number;
}
const states = new WeakMap<Logger, Map<string, KindState>>();

/**
 * Logs a request-path failure of kind `kind` (e.g. `redis_unavailable`) once: the first request that meets it
 * gets one warn line with its `reqId` and the error's message (no stack); later ones within FAULT_LOG_INTERVAL_MS
 * are only counted, and the first after it logs again with `since` = how many were not logged. Per logger.
 * Returns whether a line was written.
 */
export function reportFault(logger: Logger, kind: string, reqId: string, err: unknown, now = Date.now()): boolean {
  let byKind = states.get(logger);
  if (!byKind) {
    byKind = new Map();
    states.set(logger, byKind);
  }
  const s = byKind.get(kind);
  if (s && now - s.lastAt < FAULT_LOG_INTERVAL_MS) {
    s.since++;
    return false;
  }
  const message = (err as { message?: string } | null)?.message ?? String(err);
  logger.warn({ kind, reqId, error: message, since: s?.since ?? 0 }, `request failed: ${kind.replace(/_/g, ' ')}`);
  byKind.set(kind, { lastAt: now, since: 0 });
  return true;
}
