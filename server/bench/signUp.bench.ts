// `make bench` (sign-up enumeration by timing, decision 023): prints, on this machine, in the BENCH format
//  signup_registered_ms  median time of `auth.signUp` for an address that has an account (through the HTTP stack,
//                        Fastify inject: no network noise); anchor: the median for a new address in the same run,
//                        interleaved one by one (ratio = registered ÷ new).
// Target: ratio within 0.9–1.1 (the answer's time does not tell whether the address has an account). Since
// decision 046 a new address gets a pending sign-up and a registered one a reset link, one write each, no session;
// the registered accounts are written straight to the database before timing (sign-up alone makes none). Own
// database (<DATABASE_URL's name>_bench_signup) and queue prefix; the e-mailing-write limits are raised out of the way (every
// call comes from one client). BENCH_SIGNUPS (default 60; 3 under BENCH_SMOKE=1) sets the pairs. Figures are
// printed, not asserted.
import { randomUUID } from 'node:crypto';
import { createDb, dropDatabase, ensureDatabase, migrateToLatest, users } from '@walkon/db';
import { TEST_REDIS_URL } from '@walkon/db/testing';
import type { WaitTimesSource } from '@walkon/integrations/providers';
import { createRedis } from '@walkon/integrations/redis';
import { createQueues } from '@walkon/jobs';
import { pino } from 'pino';
import { bench, benchDatabase, part, SMOKE } from '../../jobs/bench/harness.ts';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/auth/password.ts';

const PAIRS = SMOKE ? 3 : Number(process.env.BENCH_SIGNUPS ?? 60);
const { url } = benchDatabase('bench_signup');
const ORIGIN = 'http://127.0.0.1';
const noSource: WaitTimesSource = { kind: 'replay', getDestinations: async () => [], getLive: () => Promise.reject(new Error('unused')) };
const far = { max: 1_000_000, windowMs: 60_000 };

async function main() {
  await dropDatabase(url);
  await ensureDatabase(url);
  const db = createDb(url, 10);
  await migrateToLatest(db);
  const redis = createRedis(TEST_REDIS_URL, 'producer');
  const queues = createQueues({ connection: redis, prefix: `bench-${randomUUID()}` });
  // The producer connection queues no command while it connects (enableOfflineQueue off): wait until it is ready,
  // as the API process is before its first request.
  if (redis.status !== 'ready') await new Promise((r) => redis.once('ready', r));
  const app = await buildApp({
    db,
    queues,
    source: noSource,
    logger: pino({ level: process.env.BENCH_LOG ?? 'silent' }),
    now: () => new Date(),
    publicOrigin: ORIGIN,
    production: true,
    limits: { emailWritePerClient: far, emailWritePerAddress: far },
  });

  async function signUp(email: string): Promise<number> {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signUp',
      payload: JSON.stringify({ fullName: 'Bench Person', email, password: 'a bench pass phrase' }),
      headers: { 'content-type': 'application/json', origin: ORIGIN },
    });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`sign-up answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
    return ms;
  }

  const address = (i: number) => `bench-${String(i).padStart(4, '0')}-${randomUUID().slice(0, 8)}@example.com`;
  const registered = Array.from({ length: PAIRS }, (_, i) => address(i));
  const ownerHash = await hashPassword('an owner pass phrase');
  for (const email of registered) await users.createUser(db, { email, fullName: 'Bench Owner', passwordHash: ownerHash });
  // Warm-up: the first hashes and queries of a process are slower.
  for (let i = 0; i < (SMOKE ? 1 : 5); i++) await signUp(address(9000 + i));
  const times = { fresh: [] as number[], known: [] as number[] };
  for (let i = 0; i < PAIRS; i++) {
    // Alternate which goes first, so drift of the machine falls on both alike.
    const order = i % 2 === 0 ? (['fresh', 'known'] as const) : (['known', 'fresh'] as const);
    for (const kind of order) times[kind].push(await signUp(kind === 'fresh' ? address(5000 + i) : registered[i]!));
  }
  const median = (a: number[]) => {
    const s = [...a].sort((x, y) => x - y);
    return s[Math.floor(s.length / 2)]!;
  };
  const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
  const fresh = median(times.fresh);
  const known = median(times.known);
  console.log(`WalkOn sign-up timing — ${PAIRS} interleaved pairs (new / registered address); target ratio 0.9–1.1`);
  bench('signup_registered_ms', round(known), 'ms', round(fresh));
  await app.close();
  await queues.close();
  redis.disconnect();
  await db.destroy();
  await dropDatabase(url);
}

await part('sign-up timing', 10 * 60, 300, main);
process.exit(0);
