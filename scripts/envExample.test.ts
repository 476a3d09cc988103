import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { productionProblem } from '@walkon/integrations/env';
import { JOBS_ENV_KEYS } from '@walkon/jobs/env';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV_KEYS } from '../server/src/env.ts';

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
    VAPID_PUBLIC_KEY: 'BPub',
    VAPID_PRIVATE_KEY: 'priv',
    VAPID_SUBJECT: 'mailto:ops@walkon.example',
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
          timeout: 30_000,
        });
        expect(r.status).toBe(1);
        expect(r.stderr).toMatch(new RegExp(`walkon ${name}: refusing to start: ${variable} must `));
      }
    },
    90_000,
  );
});
