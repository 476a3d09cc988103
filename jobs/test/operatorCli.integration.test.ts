import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { createDb, type Database, deliveryPartitions, type Kysely, users } from '@walkon/db';
import { createWorkerDatabase, TEST_REDIS_URL } from '@walkon/db/testing';
import { createRedis } from '@walkon/integrations/redis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../src/cli.ts';
import { createQueues } from '../src/queues.ts';

// docs/OPERATIONS.md "Operator CLI": the operator's commands of walkon-jobs, run as the CLI runs them (runCli reads
// the environment, opens its own pool and Redis connection) against a real database and Redis.
const prefix = `test-${randomUUID()}`;
let url: string;
let db: Kysely<Database>;
const redis = createRedis(TEST_REDIS_URL, 'producer');
const queues = createQueues({ connection: redis, prefix });
const saved = { ...process.env };

beforeAll(async () => {
  url = await createWorkerDatabase(`cli${process.pid}`);
  db = createDb(url, 2);
  Object.assign(process.env, {
    DATABASE_URL: url,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: prefix,
    NOTIFY_TRANSPORT: 'outbox',
    WAIT_TIMES_SOURCE: 'replay',
    FLIGHTS_SOURCE: 'off',
    DINING_SOURCE: 'off',
    NODE_ENV: 'test',
  });
});
afterAll(async () => {
  process.env = saved;
  for (const q of queues.all()) await q.obliterate({ force: true }).catch(() => {});
  await queues.close();
  redis.disconnect();
  await db?.destroy();
});

const out: string[] = [];
const err: string[] = [];
/** Runs the CLI with `args`; its exit code, stdout's JSON line (when there is one) and stderr. */
async function cli(...args: string[]) {
  out.length = 0;
  err.length = 0;
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((c) => {
    out.push(String(c));
    return true;
  });
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((c) => {
    err.push(String(c));
    return true;
  });
  try {
    const code = await runCli(args);
    const text = out.join('');
    return { code, json: text.trim() ? JSON.parse(text.trim().split('\n').at(-1)!) : null, stderr: err.join('') };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

describe('walkon-jobs operator commands', () => {
  it('grant-role / revoke-role: the first admin without SQL, audited, never the last admin; an unknown address or role is one sentence', async () => {
    const u = await users.createUser(db, { email: 'ops@example.com', fullName: 'Ops', passwordHash: 'x' });
    expect(await cli('grant-role', '--email', ' OPS@example.com ', '--role', 'admin')).toMatchObject({
      code: 0,
      json: { userId: u.id, email: 'ops@example.com', roles: ['admin'], changed: true },
    });
    expect(await users.rolesOf(db, u.id)).toEqual(['admin']);
    expect((await cli('grant-role', '--email', 'ops@example.com', '--role', 'admin')).json).toMatchObject({ changed: false });
    // The last admin stays (as on the admin page): a second admin first, then the first can go.
    const last = await cli('revoke-role', '--email', 'ops@example.com', '--role', 'admin');
    expect(last.code).toBe(1);
    expect(last.stderr).toBe('walkon-jobs revoke-role: ops@example.com is the last admin: make someone else an admin first.\n');
    await users.createUser(db, { email: 'ops2@example.com', fullName: 'Ops 2', passwordHash: 'x' });
    expect((await cli('grant-role', '--email', 'ops2@example.com', '--role', 'admin')).code).toBe(0);
    expect((await cli('revoke-role', '--email', 'ops@example.com', '--role', 'admin')).json).toMatchObject({ roles: [], changed: true });
    expect(await users.rolesOf(db, u.id)).toEqual([]);
    // Each change left an audit row naming the CLI and the shell's user.
    const audit = await db
      .selectFrom('role_audit')
      .select(['actor_id', 'actor_email', 'action', 'target_email'])
      .orderBy('created_at')
      .execute();
    expect(audit).toEqual([
      { actor_id: null, actor_email: `walkon-jobs (${userInfo().username})`, action: 'grant', target_email: 'ops@example.com' },
      { actor_id: null, actor_email: `walkon-jobs (${userInfo().username})`, action: 'grant', target_email: 'ops2@example.com' },
      { actor_id: null, actor_email: `walkon-jobs (${userInfo().username})`, action: 'revoke', target_email: 'ops@example.com' },
    ]);
    const nobody = await cli('grant-role', '--email', 'nobody@example.com', '--role', 'admin');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toBe('walkon-jobs grant-role: No account has the e-mail nobody@example.com: it must sign up first.\n');
    const badRole = await cli('grant-role', '--email', 'ops@example.com', '--role', 'root');
    expect(badRole.stderr).toBe('walkon-jobs grant-role: Unknown role "root": use admin or moderator.\n');
  });

  it('queues pause / resume: workers take nothing from a paused queue; status shows it', async () => {
    expect((await cli('queues', 'pause', 'send-email', 'send-sms')).json).toEqual({ paused: ['send-email', 'send-sms'] });
    expect(await queues.sendEmail.isPaused()).toBe(true);
    expect(await queues.poll.isPaused()).toBe(false);
    const status = (await cli('status')).json;
    expect(status.queues['send-email'].paused).toBe(true);
    expect(status.queues['poll-park'].paused).toBe(false);
    expect((await cli('queues', 'resume', 'all')).json.resumed).toHaveLength(queues.all().length);
    expect(await queues.sendEmail.isPaused()).toBe(false);
    const bad = await cli('queues', 'pause', 'emails');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^walkon-jobs queues: Unknown queue emails: use all or poll-park, /);
  });

  it('status: schema version, Redis policy, partitions ahead (counted from the catalogue), queues, parks', async () => {
    const { json, code } = await cli('status');
    expect(code).toBe(0);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(db);
    expect(json.schema).toMatchObject({ applied: rows[0]!.n, pending: 0 });
    const policy = ((await redis.call('CONFIG', 'GET', 'maxmemory-policy')) as string[])[1];
    expect(json.redis).toEqual({ maxmemoryPolicy: policy, ok: policy === 'noeviction' });
    expect(json.partitionsAhead).toEqual({
      deliveries: await deliveryPartitions.monthsAhead(db, 'deliveries', new Date()),
      waitSamples: await deliveryPartitions.monthsAhead(db, 'wait_samples', new Date()),
    });
    expect(Object.keys(json.queues).sort()).toEqual(
      queues
        .all()
        .map((q) => q.name)
        .sort(),
    );
    expect(json.parks).toEqual([]);
    expect(json.provider).toEqual({ transport: 'outbox' });
  });

  it('monthsAhead counts an unbroken run of monthly partitions after the current month', async () => {
    // Hand count: the sweep creates the current month and three ahead (docs/OPERATIONS.md "Retention").
    await cli('maintenance', 'run', 'sweep-retention');
    expect(await deliveryPartitions.monthsAhead(db, 'deliveries', new Date())).toBe(3);
    // A month with no partition (2001-01) is -1: inserts there land in the default partition.
    expect(await deliveryPartitions.monthsAhead(db, 'deliveries', new Date('2001-01-15T00:00:00Z'))).toBe(-1);
  });

  it('maintenance run <task>: runs it now and prints its counts; an unknown task lists the tasks', async () => {
    const r = await cli('maintenance', 'run', 'sweep-deliveries');
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ task: 'sweep-deliveries', requeued: 0 });
    const bad = await cli('maintenance', 'run', 'vacuum');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^maintenance run <task> takes one of sweep-deliveries, reconcile-schedulers, /);
  });

  it('deliveries retry: failed e-mail deliveries of the window go back to queued and onto the send queue; older ones stay', async () => {
    const now = Date.now();
    const add = async (key: string, minutesAgo: number, status: 'failed' | 'sent') =>
      (
        await db
          .insertInto('deliveries')
          .values({
            dedup_key: key,
            email: `${key}@example.com`,
            channel: 'email',
            address: `${key}@example.com`,
            park_id: 'p',
            ride_name: 'Ride',
            message: 'm',
            status,
            attempts: status === 'failed' ? 5 : 1,
            error: status === 'failed' ? 'SES said no' : null,
            created_at: new Date(now - minutesAgo * 60_000),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const recent = await add('recent', 10, 'failed');
    const old = await add('old', 180, 'failed');
    await add('sent', 5, 'sent');
    const r = await cli('deliveries', 'retry');
    expect(r.json).toMatchObject({ requeued: 1, jobs: 1 });
    const rows = await db.selectFrom('deliveries').select(['id', 'status', 'attempts', 'error']).where('id', 'in', [recent, old]).execute();
    expect(rows.find((x) => x.id === recent)).toMatchObject({ status: 'queued', attempts: 0, error: null });
    expect(rows.find((x) => x.id === old)).toMatchObject({ status: 'failed', attempts: 5 });
    const jobs = await queues.sendEmail.getJobs(['waiting']);
    expect(jobs.map((j) => j.data)).toEqual([{ deliveryIds: [recent] }]);
    // --since reaches further back.
    const wide = await cli('deliveries', 'retry', '--since', new Date(now - 240 * 60_000).toISOString());
    expect(wide.json).toMatchObject({ requeued: 1 });
    expect((await cli('deliveries', 'retry', '--since', 'yesterday')).code).toBe(2);
  });

  it('a bad setting is one sentence before anything connects', async () => {
    process.env.POLL_CONCURRENCY = '0';
    try {
      const r = await cli('status');
      expect(r.code).toBe(1);
      expect(r.stderr).toBe('walkon-jobs: refusing to start (1 setting to fix): POLL_CONCURRENCY must be at least 1 (it is "0").\n');
    } finally {
      delete process.env.POLL_CONCURRENCY;
    }
  });
});
