import type { Redis } from 'ioredis';
import type { FlightSearch, FlightSearchOutcome, FlightSearchProvider } from './types.ts';

/** Options of the cached flight search. */
export interface FlightSearchServiceOptions {
  provider: FlightSearchProvider;
  /** An ioredis connection (see createRedis). */
  redis: Redis;
  /** Key prefix, e.g. the queue prefix 'walkon' (keys are `<prefix>:flights:<kind>:…`). */
  prefix: string;
  /** Cache lifetime in seconds (default 900 = 15 minutes). */
  ttlSeconds?: number;
  /** Clock for the `fetchedAt` stamp stored with each entry (default the system clock). */
  now?: () => Date;
}

/** A search answer plus whether it came from the cache. */
export type CachedFlightSearchOutcome = FlightSearchOutcome & { cached: boolean };

/** The provider behind the Redis cache. */
export interface CachedFlightSearch {
  readonly kind: FlightSearchProvider['kind'];
  /** @throws FlightProviderError (from the provider) when it cannot answer; never cached. */
  search(query: FlightSearch): Promise<CachedFlightSearchOutcome>;
}

/**
 * The cache key of a search: `<prefix>:flights:<provider kind>:<ORIGIN>:<DESTS sorted, comma-joined>:<departure>:<return|oneway>`.
 */
export function flightSearchCacheKey(prefix: string, kind: string, q: FlightSearch): string {
  const destinations = [...new Set(q.destinations.map((d) => d.toUpperCase()))].sort().join(',');
  return `${prefix}:flights:${kind}:${q.origin.toUpperCase()}:${destinations}:${q.departureDate}:${q.returnDate ?? 'oneway'}`;
}

interface CacheEntry {
  fetchedAt: string;
  outcome: FlightSearchOutcome;
}

function readEntry(raw: string | null): FlightSearchOutcome | null {
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw) as CacheEntry;
    if (!entry?.outcome || !Array.isArray(entry.outcome.flights) || !Array.isArray(entry.outcome.unresolvedDestinations)) return null;
    return entry.outcome;
  } catch {
    return null;
  }
}

/**
 * Wraps a provider with a Redis cache: an answer is stored for `ttlSeconds` (default 900) under
 * flightSearchCacheKey; a repeat within that time is served from Redis (`cached: true`) without calling the
 * provider. Identical searches running at the same time in this process share one provider call (single flight;
 * they all get the same answer). Provider errors are not cached and reach every waiting caller. Redis failures
 * are tolerated: a failed read counts as a miss and a failed write is ignored.
 */
export function createFlightSearchService(opts: FlightSearchServiceOptions): CachedFlightSearch {
  const ttl = opts.ttlSeconds ?? 900;
  const now = opts.now ?? (() => new Date());
  const inflight = new Map<string, Promise<CachedFlightSearchOutcome>>();

  async function load(key: string, query: FlightSearch): Promise<CachedFlightSearchOutcome> {
    const hit = readEntry(await opts.redis.get(key).catch(() => null));
    if (hit) return { ...hit, cached: true };
    const outcome = await opts.provider.search(query);
    const entry: CacheEntry = { fetchedAt: now().toISOString(), outcome };
    await opts.redis.set(key, JSON.stringify(entry), 'EX', ttl).catch(() => undefined);
    return { ...outcome, cached: false };
  }

  return {
    kind: opts.provider.kind,
    search(query: FlightSearch): Promise<CachedFlightSearchOutcome> {
      const key = flightSearchCacheKey(opts.prefix, opts.provider.kind, query);
      const running = inflight.get(key);
      if (running) return running;
      const p = load(key, query).finally(() => inflight.delete(key));
      inflight.set(key, p);
      return p;
    },
  };
}
