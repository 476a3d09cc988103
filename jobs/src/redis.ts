import { Redis } from 'ioredis';

/**
 * Creates an ioredis connection for a role (DESIGN §4 "Redis by role"):
 * - `worker`: `maxRetriesPerRequest: null` as BullMQ workers require (blocking commands wait through outages);
 * - `producer`: fails fast on request paths (`enableOfflineQueue: false`, one retry) so callers answer 503.
 */
export function createRedis(url: string, role: 'worker' | 'producer'): Redis {
  if (role === 'worker') return new Redis(url, { maxRetriesPerRequest: null });
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
}
