import { randomUUID } from 'node:crypto';
import { TEST_REDIS_URL } from '@walkon/db/testing';
import { createRedis } from '@walkon/integrations/redis';
import type { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { createQueues, type Queues } from '../src/queues.ts';

// The database, recordings and "watch every ride" helpers are @walkon/core's (core/test/helpers.ts), shared.
export {
  EXPECTED_MK_ALERTS,
  expectedByRule,
  FIXTURES,
  MK,
  MK_EDITED,
  MK_OPEN,
  MK_PREOPEN,
  openParkEntry,
  replayOf,
  useTestDb,
  watchAll,
} from '@walkon/core/testing';
export { startTestWorker, TEST_PUBLIC_ORIGIN, type TestWorkerDeps } from './fixtures/testWorker.ts';

/**
 * A `worker`-role Redis connection and the queues under a fresh `test-<uuid>` prefix, for one test file.
 * Registers its own afterAll: obliterates every queue, closes them and disconnects.
 */
export function useTestQueues(): { redis: Redis; queues: Queues } {
  const redis = createRedis(TEST_REDIS_URL, 'worker');
  const queues = createQueues({ connection: redis, prefix: `test-${randomUUID()}` });
  afterAll(async () => {
    for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
    await queues.close();
    redis.disconnect();
  });
  return { redis, queues };
}
