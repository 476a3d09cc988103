import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENV_DEFAULTS } from '@walkon/domain/env';
import { combinationProblems, productionProblem, settingProblems } from '@walkon/integrations/env';
import { generateVapidKeys } from '@walkon/integrations/providers/push.ts';
import { JOBS_ENV_KEYS, jobsEnvProblems } from '@walkon/jobs/env';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SERVER_ENV_KEYS, serverEnvProblems } from '../server/src/env.ts';

/** A usable VAPID pair as the settings name it. */
function generateVapidKeys_() {
  const k = generateVapidKeys();
  return { VAPID_PUBLIC_KEY: k.publicKey, VAPID_PRIVATE_KEY: k.privateKey };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Variables the AWS SDK reads itself (documented in .env.example, parsed by no schema of ours). */
const AWS_SDK_KEYS = ['AWS_ENDPOINT_URL_SESV2', 'AWS_ENDPOINT_URL_SNS', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_MAX_ATTEMPTS'];

/** `.env.example`: each `NAME=` line (commented out or not) and the comment line just above it. */
function documented(): Map<string, string> {
  const lines = readFileSync(path.join(root, '.env.example'), 'utf8').split('\n');
  const out = new Map<string, string>();
  lines.forEach((line, k) => {
    const m = /^(?:# )?([A-Z][A-Z0-9_]*)=/.exec(line);
    if (!m) return;
    // The meaning: the nearest comment above that is not itself a variable line.
    let j = k - 1;
    while (j >= 0 && /^# [A-Z][A-Z0-9_]*=/.test(lines[j]!)) j--;
    out.set(m[1]!, /^# \S/.test(lines[j] ?? '') ? lines[j]!.slice(2) : '');
  });
  return out;
}

describe('.env.example against the zod schemas (README "Running in production")', () => {
  const doc = documented();
  it('lists every variable the API and the worker parse, each with its meaning', () => {
    for (const key of new Set([...SERVER_ENV_KEYS, ...JOBS_ENV_KEYS])) {
      expect(doc.has(key), `${key} is parsed by an env schema but missing from .env.example`).toBe(true);
      expect(doc.get(key)!.length, `${key} has no comment saying what it means`).toBeGreaterThan(10);
    }
  });
  it('lists nothing the schemas (or the AWS SDK) do not read', () => {
    const known = new Set([...SERVER_ENV_KEYS, ...JOBS_ENV_KEYS, ...AWS_SDK_KEYS]);
    for (const key of doc.keys()) expect(known.has(key), `${key} in .env.example is read by nothing`).toBe(true);
  });
});

describe('production profile: nothing defaults to a fake', () => {
  const ready = {
    NODE_ENV: 'production',
    NOTIFY_TRANSPORT: 'aws',
    PUBLIC_ORIGIN: 'https://walkon.example',
    DATABASE_URL: 'postgres://db/walkon',
    REDIS_URL: 'redis://redis:6379',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    ...generateVapidKeys_(),
    VAPID_SUBJECT: 'mailto:ops@walkon.example',
    AWS_REGION: 'eu-west-1',
    SES_FROM_EMAIL: 'alerts@walkon.example',
  };
  it('a complete production environment passes; outside production nothing is required', () => {
    expect(productionProblem(ready)).toBeNull();
    expect(productionProblem({})).toBeNull();
    expect(productionProblem({ NODE_ENV: 'development' })).toBeNull();
    expect(productionProblem({ ...ready, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, PAYMENTS: 'off' })).toBeNull();
    expect(
      productionProblem({ ...ready, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined, PUSH: 'off' }),
    ).toBeNull();
  });
  it.each([
    ['NOTIFY_TRANSPORT', { NOTIFY_TRANSPORT: undefined }],
    ['NOTIFY_TRANSPORT', { NOTIFY_TRANSPORT: ' ' }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: undefined }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'http://walkon.example' }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'https://' }],
    ['DATABASE_URL', { DATABASE_URL: undefined }],
    ['REDIS_URL', { REDIS_URL: '' }],
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: undefined }],
    ['STRIPE_WEBHOOK_SECRET', { STRIPE_WEBHOOK_SECRET: undefined }],
    ['VAPID_PUBLIC_KEY', { VAPID_PUBLIC_KEY: undefined }],
    ['VAPID_SUBJECT', { VAPID_SUBJECT: ' ' }],
    ['PUSH_ALLOW_INSECURE_ENDPOINTS', { PUSH_ALLOW_INSECURE_ENDPOINTS: 'on' }],
    ['CLOCK_START', { CLOCK_START: '2026-11-28T01:52:00Z' }],
  ])('refuses when %s is missing or wrong: one sentence naming it', (name, change) => {
    const problem = productionProblem({ ...ready, ...change });
    expect(problem).toMatch(new RegExp(`^${name} must `));
    expect(problem!.split(/\.\s/)).toHaveLength(1);
  });

  it('takes a Redis Cluster instead of REDIS_URL', () => {
    expect(productionProblem({ ...ready, REDIS_URL: '', REDIS_CLUSTER_NODES: 'redis-a:6379,redis-b:6379' })).toBeNull();
  });

  it.each([
    ['the API', 'server/src/main.ts', 'api'],
    ['the worker', 'jobs/src/main.ts', 'worker'],
  ])(
    '%s refuses to start (exit 1, the sentence on stderr) before connecting to anything',
    (_who, file, name) => {
      for (const [variable, change] of [
        ['NOTIFY_TRANSPORT', { NOTIFY_TRANSPORT: '' }],
        ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'http://localhost:3000' }],
      ] as const) {
        const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...ready, ...change };
        const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, file)], {
          cwd: root,
          env,
          encoding: 'utf8',
          // A cold tsx start takes seconds; on a loaded 2-core machine up to a minute.
          timeout: 90_000,
        });
        expect(r.status).toBe(1);
        expect(r.stderr).toMatch(new RegExp(`^walkon ${name}: refusing to start \\(1 setting to fix\\): ${variable} must `));
      }
    },
    200_000,
  );
});

/** The sentences of a refusal message: each ends with a full stop before the next variable's name. */
const sentences = (message: string) => message.split(/(?<=\.) (?=[A-Z][A-Z0-9_]+ )/);

describe('first start in one go (docs/OPERATIONS.md "First start")', () => {
  const keys = generateVapidKeys();
  const ready = {
    NODE_ENV: 'production',
    NOTIFY_TRANSPORT: 'aws',
    AWS_REGION: 'eu-west-1',
    SES_FROM_EMAIL: 'WalkOn <alerts@walkon.example>',
    PUBLIC_ORIGIN: 'https://walkon.example',
    DATABASE_URL: 'postgres://db/walkon',
    REDIS_URL: 'redis://redis:6379',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: 'mailto:ops@walkon.example',
  };

  it('a complete production environment has no problem for either process', () => {
    expect(serverEnvProblems(ready)).toEqual([]);
    expect(jobsEnvProblems(ready)).toEqual([]);
  });

  it('names every missing setting of an empty production environment at once, one sentence each', () => {
    const all = jobsEnvProblems({ NODE_ENV: 'production' });
    // Hand count: the production profile's list (README "Running in production").
    const named = all.map((p) => /^([A-Z][A-Z0-9_]+) /.exec(p)?.[1]);
    expect(named).toEqual([
      'NOTIFY_TRANSPORT',
      'PUBLIC_ORIGIN',
      'DATABASE_URL',
      'REDIS_URL',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'VAPID_SUBJECT',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    for (const p of all) expect(sentences(p)).toHaveLength(1);
  });

  it.each([
    ['a wrong transport', { NOTIFY_TRANSPORT: 'ses' }, 'NOTIFY_TRANSPORT must be one of outbox, aws (it is "ses").'],
    ['aws without a region', { AWS_REGION: undefined }, /^AWS_REGION must be set with NOTIFY_TRANSPORT=aws /],
    ['aws without a sender', { SES_FROM_EMAIL: '' }, /^SES_FROM_EMAIL must be set with NOTIFY_TRANSPORT=aws /],
    ['a VAPID public key of the wrong length', { VAPID_PUBLIC_KEY: 'abc' }, /^VAPID_PUBLIC_KEY must be the URL-safe base64 of a 65-byte/],
    [
      'a VAPID private key of the wrong length',
      { VAPID_PRIVATE_KEY: keys.publicKey },
      /^VAPID_PRIVATE_KEY must be the URL-safe base64 of a 32-byte/,
    ],
    [
      'a VAPID subject that is no URL',
      { VAPID_SUBJECT: 'ops@walkon.example' },
      /^VAPID_SUBJECT must be a mailto: address or an https: URL/,
    ],
    ['a port that is no number', { WORKER_METRICS_PORT: 'nine' }, 'WORKER_METRICS_PORT must be a number (it is "nine").'],
    ['a concurrency of 0', { POLL_CONCURRENCY: '0' }, 'POLL_CONCURRENCY must be at least 1 (it is "0").'],
  ])('the worker names %s in one sentence', (_what, change, expected) => {
    const problems = jobsEnvProblems({ ...ready, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(expected);
    expect(sentences(problems[0]!)).toHaveLength(1);
  });

  it('the API adds its own settings (TRUST_PROXY, METRICS_TOKEN, PORT) to the same list', () => {
    const problems = serverEnvProblems({ ...ready, NOTIFY_TRANSPORT: 'smtp', TRUST_PROXY: 'true', METRICS_TOKEN: 'short', PORT: '70000' });
    expect(problems.map((p) => /^([A-Z][A-Z0-9_]+) /.exec(p)?.[1])).toEqual(['NOTIFY_TRANSPORT', 'PORT', 'METRICS_TOKEN', 'TRUST_PROXY']);
  });

  it('outside production a half-set VAPID pair or aws without its settings is still named; nothing else is required', () => {
    expect(combinationProblems({ NOTIFY_TRANSPORT: 'aws', VAPID_PUBLIC_KEY: keys.publicKey })).toEqual([
      expect.stringMatching(/^AWS_REGION must be set/),
      expect.stringMatching(/^SES_FROM_EMAIL must be set/),
      expect.stringMatching(/^VAPID_PRIVATE_KEY must be set too/),
      expect.stringMatching(/^VAPID_SUBJECT must be set too/),
    ]);
    expect(jobsEnvProblems({})).toEqual([]);
    expect(settingProblems(z.object({ A: z.enum(['x']) }), { A: 'y' })).toEqual(['A must be one of x (it is "y").']);
  });

  it.each([
    ['the API', 'server/src/main.ts', 'api'],
    ['the worker', 'jobs/src/main.ts', 'worker'],
  ])(
    "%s reports the issue's first start (no transport, no VAPID keys, a bad number) in one message, no stack",
    (_who, file, name) => {
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...ready,
        NOTIFY_TRANSPORT: '',
        VAPID_PUBLIC_KEY: '',
        VAPID_PRIVATE_KEY: '',
        VAPID_SUBJECT: '',
        PUSH_CONCURRENCY: 'many',
        // Nothing listens here: the refusal comes before any connection is tried.
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/walkon',
        REDIS_URL: 'redis://127.0.0.1:1',
      };
      const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, file)], {
        cwd: root,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status).toBe(1);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^walkon ${name}: refusing to start \\(5 settings to fix\\): `));
      for (const v of ['PUSH_CONCURRENCY', 'NOTIFY_TRANSPORT', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'])
        expect(lines[0]).toContain(`${v} must `);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe('');
    },
    90_000,
  );
});

describe('migrate refuses to guess (docs/OPERATIONS.md "First start")', () => {
  const run = (args: string[], env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'db/src/migrate.ts'), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
  it('in production without DATABASE_URL: one sentence, exit 1, nothing migrated', () => {
    const r = run([], { NODE_ENV: 'production' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      'walkon migrate: refusing to start (1 setting to fix): DATABASE_URL must be set in production: migrate does not guess which database to change.',
    );
  }, 60_000);
  it('status on a database that does not exist: one sentence naming it, no stack', () => {
    const base = new URL(process.env.DATABASE_URL ?? ENV_DEFAULTS.DATABASE_URL);
    base.pathname = `/walkon_missing_${process.pid}`;
    const r = run(['status'], { DATABASE_URL: base.toString() });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      `walkon migrate: The database "walkon_missing_${process.pid}" does not exist on ${base.hostname}:${base.port || '5432'}: npm run db:migrate creates it (with a role allowed to create databases).`,
    );
  }, 60_000);
  it('status against a port where nothing listens: one sentence, no stack', () => {
    const r = run(['status'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/walkon' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      'walkon migrate: PostgreSQL does not answer at 127.0.0.1:1 (connection refused): start it, or fix the host and port in DATABASE_URL.',
    );
  }, 60_000);
});
