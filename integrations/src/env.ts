import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseEnvSchema, withoutBlanks } from '@walkon/domain/env';
import { z } from 'zod';
import { vapidProblem } from './providers/push.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The repository (or release bundle) root: relative settings and the package.json version are read from it. */
export const REPO_ROOT = repoRoot;

export { withoutBlanks };

/**
 * The settings of the providers and stores the API, the worker and the CLI wire (README "Configuration"): the
 * shared settings of every process (`baseEnvSchema` of @walkon/domain/env: database, Redis, queue prefix, public
 * origin, log level, pool, prepared statements, clock, fixtures) extended with the wait-time, dining and flight
 * sources, the notifier and Web Push. The worker extends it with its own (concurrency, send lease, metrics port)
 * in jobs/src/env.ts, the API with its own in server/src/env.ts: each process parses one schema.
 */
export const integrationsEnvSchema = baseEnvSchema.extend({
  WAIT_TIMES_SOURCE: z.enum(['http', 'replay']).default('http'),
  THEMEPARKS_API_URL: z.string().url().default('https://api.themeparks.wiki'),
  /** Recordings the replay source serves; default WALKON_FIXTURES_DIR. */
  WAIT_TIMES_REPLAY_DIR: z.string().optional(),
  /** Optional RogueMew day CSV to step through one snapshot per tick (replay only). */
  WAIT_TIMES_REPLAY_SERIES: z.string().optional(),
  /**
   * Which parks the replay source lists (replay only): `all` of the recorded destination list, or only the
   * `recorded` ones that have a live recording (`make dev` / `make demo`: no park picker offers a park without data).
   */
  WAIT_TIMES_REPLAY_PARKS: z.enum(['all', 'recorded']).default('all'),
  // --- Delivery (docs/DESIGN.md §2.5, docs/decisions/037) ---
  /** `aws` = SESv2 + SNS; `outbox` = stored in outbox_messages. Default `outbox` outside production; required in production. */
  NOTIFY_TRANSPORT: z.enum(['outbox', 'aws']).optional(),
  AWS_REGION: z.string().optional(),
  SES_FROM_EMAIL: z.string().optional(),
  /**
   * The SES account's maximum send rate (messages/s, shared by every worker); unset = read from the account (SESv2
   * GetAccount SendQuota.MaxSendRate, resolveSesRate), 1 when that fails.
   */
  SES_MAX_PER_SECOND: z.coerce.number().int().min(1).max(100_000).optional(),
  /** The SNS account's SMS rate (messages/s, shared by every worker); default 20, SNS's documented default. */
  SNS_SMS_MAX_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(20),
  // --- Web Push (docs/decisions/038): API and worker share the key pair ---
  /** `off`: no push alerts (production then needs no VAPID keys). */
  PUSH: z.enum(['on', 'off']).default('on'),
  /** URL-safe base64 P-256 public key (`npx web-push generate-vapid-keys`; `make dev` writes one into .walkon-dev.env). */
  VAPID_PUBLIC_KEY: z.string().trim().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().trim().min(1).optional(),
  /** `mailto:` or `https:` contact the push services may reach. */
  VAPID_SUBJECT: z.string().trim().min(1).optional(),
  /**
   * Tests only (production refuses it): `on` lets push endpoints on http(s)://localhost and 127.0.0.1 through, at
   * subscribe (API) and before each send (worker) — docs/decisions/047.
   */
  PUSH_ALLOW_INSECURE_ENDPOINTS: z.enum(['on', 'off']).default('off'),
  /** Push requests in flight per send-push batch. */
  PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(32),
  // --- end of delivery settings ---
  /** The running build's version for `walkon_build_info` (default: package.json's version at the root). */
  WALKON_VERSION: z.string().optional(),
  /**
   * Flight search (docs/decisions/006): `duffel` = the Duffel API (needs DUFFEL_ACCESS_TOKEN; without it search is
   * unavailable), `replay` = recorded Duffel example responses (server/fixtures/flights/README.md), `off` = unavailable.
   */
  FLIGHTS_SOURCE: z.enum(['duffel', 'replay', 'off']).default('duffel'),
  DUFFEL_ACCESS_TOKEN: z.string().min(1).optional(),
  DUFFEL_API_URL: z.string().url().default('https://api.duffel.com'),
  /** The recorded Duffel responses `replay` serves, relative to the repository root. */
  FLIGHTS_REPLAY_DIR: z.string().default('server/fixtures/flights'),
  /**
   * Restaurant availability (docs/decisions/009): `themeparks` = ThemeParks.wiki's published walk-up `diningAvailability`
   * (today only), `replay` = the recorded sample in WAIT_TIMES_REPLAY_DIR, `off` = none. Unset: `replay` when
   * WAIT_TIMES_SOURCE=replay, else `themeparks`.
   */
  DINING_SOURCE: z.enum(['themeparks', 'replay', 'off']).optional(),
  // Scale-out and operations (docs/OPERATIONS.md): Redis Cluster, stopping (pool and pooler: baseEnvSchema).
  /** Comma-separated host:port seed nodes of a Redis Cluster (or REDIS_URL `redis+cluster://host:port,host:port`); unset = one Redis. */
  REDIS_CLUSTER_NODES: z.string().optional(),
  /** Seconds a SIGTERM'd API or worker has in all before it exits 1 anyway (docs/OPERATIONS.md "Stopping"). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

/** The provider and store settings (README "Configuration"), parsed once from the environment. */
export type IntegrationsEnv = Omit<z.infer<typeof integrationsEnvSchema>, 'WAIT_TIMES_REPLAY_DIR' | 'NOTIFY_TRANSPORT'> & {
  WAIT_TIMES_REPLAY_DIR: string;
  NOTIFY_TRANSPORT: 'outbox' | 'aws';
};

/** Every variable the provider settings read (the `.env.example` test checks they are all documented). */
export const INTEGRATIONS_ENV_KEYS = Object.keys(integrationsEnvSchema.shape);

/**
 * The settings' values as sentences (docs/OPERATIONS.md "First start"): one sentence per value `schema` refuses,
 * naming the variable, what it must be and what it is, e.g. `NOTIFY_TRANSPORT must be one of outbox, aws (it is
 * "ses").`. Empty when every value parses. Never throws.
 */
export function settingProblems(schema: z.ZodObject, source: NodeJS.ProcessEnv = process.env): string[] {
  const r = schema.safeParse(withoutBlanks(source));
  if (r.success) return [];
  const out: string[] = [];
  for (const issue of r.error.issues) {
    const key = String(issue.path[0] ?? '');
    const raw = source[key];
    const is = raw === undefined ? 'it is unset' : `it is "${raw.length > 60 ? `${raw.slice(0, 60)}…` : raw}"`;
    const i = issue as {
      code: string;
      values?: unknown[];
      minimum?: unknown;
      maximum?: unknown;
      origin?: string;
      format?: string;
      expected?: string;
    };
    let must: string;
    if (i.code === 'invalid_value' && i.values) must = `must be one of ${i.values.join(', ')}`;
    else if (i.code === 'too_small' && i.origin === 'string') must = `must be at least ${i.minimum} characters long`;
    else if (i.code === 'too_small') must = `must be at least ${i.minimum}`;
    else if (i.code === 'too_big' && i.origin === 'string') must = `must be at most ${i.maximum} characters long`;
    else if (i.code === 'too_big') must = `must be at most ${i.maximum}`;
    else if (i.code === 'invalid_type' && i.expected === 'int') must = 'must be a whole number';
    else if (i.code === 'invalid_type' && i.expected === 'number') must = 'must be a number';
    else if (i.code === 'invalid_format' && i.format === 'url') must = 'must be a URL such as https://walkon.example';
    else if (i.code === 'custom') {
      // A refinement's message is already a sentence naming the variable.
      out.push(/[.!?]$/.test(issue.message) ? issue.message : `${issue.message}.`);
      continue;
    } else must = `is not valid (${issue.message})`;
    out.push(`${key} ${must} (${is}).`);
  }
  return out;
}

/**
 * The production profile (README "Running in production"): with NODE_ENV=production, every setting that would
 * make WalkOn fake something or send users to the wrong place, one sentence each naming the variable; empty when
 * there is none or outside production. Checked on the raw environment (an explicit setting, not a default):
 * NOTIFY_TRANSPORT set, PUBLIC_ORIGIN https://, DATABASE_URL and REDIS_URL (or REDIS_CLUSTER_NODES) set,
 * VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT set unless PUSH=off, CLOCK_START unset, PUSH_ALLOW_INSECURE_ENDPOINTS not on,
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set unless PAYMENTS=off.
 */
export function productionProblems(source: NodeJS.ProcessEnv = process.env): string[] {
  if (source.NODE_ENV !== 'production') return [];
  const out: string[] = [];
  const set = (k: string) => (source[k] ?? '').trim() !== '';
  if (!set('NOTIFY_TRANSPORT'))
    out.push(
      'NOTIFY_TRANSPORT must be set explicitly in production: aws to send through SES and SNS (outbox keeps messages in the database).',
    );
  if (!/^https:\/\/[^/]/.test(source.PUBLIC_ORIGIN ?? ''))
    out.push(
      `PUBLIC_ORIGIN must be the https:// address users reach WalkOn at in production (it is ${set('PUBLIC_ORIGIN') ? `"${source.PUBLIC_ORIGIN}"` : 'unset'}).`,
    );
  if (!set('DATABASE_URL')) out.push('DATABASE_URL must be set in production (the PostgreSQL connection string).');
  if (!set('REDIS_URL') && !set('REDIS_CLUSTER_NODES'))
    out.push('REDIS_URL must be set in production (the Redis connection string), unless REDIS_CLUSTER_NODES names a Redis Cluster.');
  if (source.PUSH !== 'off') {
    for (const k of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'])
      if (!set(k)) out.push(`${k} must be set in production (npx web-push generate-vapid-keys), or PUSH=off to run without push alerts.`);
  }
  if (set('CLOCK_START')) out.push('CLOCK_START must be unset in production (it starts the clock at a chosen instant, for tests).');
  if (source.PUSH_ALLOW_INSECURE_ENDPOINTS === 'on')
    out.push('PUSH_ALLOW_INSECURE_ENDPOINTS must be off in production (it lets tests subscribe http://localhost push services).');
  if (source.PAYMENTS !== 'off') {
    for (const k of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'])
      if (!set(k)) out.push(`${k} must be set in production, or PAYMENTS=off to run without paid checkout.`);
  }
  return out;
}

/** The production profile's problems as one message (productionProblems joined), or null when there is none. */
export function productionProblem(source: NodeJS.ProcessEnv = process.env): string | null {
  const all = productionProblems(source);
  return all.length ? all.join(' ') : null;
}

/**
 * Settings that parse one by one but do not work together (any NODE_ENV): NOTIFY_TRANSPORT=aws without AWS_REGION
 * or SES_FROM_EMAIL; VAPID keys set but not all three, or not usable (the public key must decode to 65 bytes, the
 * private key to 32, the subject be mailto: or https:; web-push's own checks, docs/decisions/038).
 */
export function combinationProblems(source: NodeJS.ProcessEnv = process.env): string[] {
  const out: string[] = [];
  const set = (k: string) => (source[k] ?? '').trim() !== '';
  if (source.NOTIFY_TRANSPORT === 'aws')
    for (const k of ['AWS_REGION', 'SES_FROM_EMAIL'])
      if (!set(k))
        out.push(
          `${k} must be set with NOTIFY_TRANSPORT=aws (${k === 'AWS_REGION' ? 'the region of SES and SNS, e.g. us-east-1' : 'a verified SES sender such as "WalkOn <alerts@walkon.example>"'}).`,
        );
  const vapid = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
  const given = vapid.filter(set);
  if (source.PUSH !== 'off' && given.length > 0) {
    if (given.length < 3) {
      // Production names each missing key already (productionProblems).
      if (source.NODE_ENV !== 'production')
        for (const k of vapid.filter((k) => !set(k)))
          out.push(`${k} must be set too: push alerts need all three VAPID settings (npx web-push generate-vapid-keys), or PUSH=off.`);
    } else {
      const problem = vapidProblem({
        publicKey: source.VAPID_PUBLIC_KEY!.trim(),
        privateKey: source.VAPID_PRIVATE_KEY!.trim(),
        subject: source.VAPID_SUBJECT!.trim(),
      });
      if (problem) {
        const m = problem.replace(/^VAPID settings are not usable: /, '');
        const key = /public key/i.test(m)
          ? 'VAPID_PUBLIC_KEY'
          : /private key/i.test(m)
            ? 'VAPID_PRIVATE_KEY'
            : /subject/i.test(m)
              ? 'VAPID_SUBJECT'
              : 'VAPID_PUBLIC_KEY';
        const must =
          key === 'VAPID_PUBLIC_KEY'
            ? 'must be the URL-safe base64 of a 65-byte P-256 public key'
            : key === 'VAPID_PRIVATE_KEY'
              ? 'must be the URL-safe base64 of a 32-byte private key'
              : 'must be a mailto: address or an https: URL';
        out.push(`${key} ${must} (npx web-push generate-vapid-keys; web-push says: ${m.replace(/\.$/, '')}).`);
      }
    }
  }
  return out;
}

/**
 * Every problem of the provider and store settings at once (docs/OPERATIONS.md "First start"): values the schema
 * refuses, combinations that cannot work, and the production profile. The API adds its own schema's, the worker
 * its own (each process's `…EnvProblems`), then calls refuseToStart.
 */
export function integrationsEnvProblems(source: NodeJS.ProcessEnv = process.env): string[] {
  return [...settingProblems(integrationsEnvSchema, source), ...combinationProblems(source), ...productionProblems(source)];
}

/**
 * Stops the process before it connects to anything (exit code 1) when `problems` is not empty: one message on
 * stderr, `walkon <who>: refusing to start: <every sentence>`, each problem named once (docs/OPERATIONS.md
 * "First start"). Returns normally otherwise. `who` names the process ("worker", "api", "migrate").
 */
export function refuseToStart(who: string, problems: string[]): void {
  const unique = [...new Set(problems)];
  if (!unique.length) return;
  const n = unique.length;
  process.stderr.write(`walkon ${who}: refusing to start (${n} setting${n === 1 ? '' : 's'} to fix): ${unique.join(' ')}\n`);
  process.exit(1);
}

/** refuseToStart with the provider and store settings' problems (integrationsEnvProblems) only. */
export function assertProductionReady(who: string, source: NodeJS.ProcessEnv = process.env): void {
  refuseToStart(who, integrationsEnvProblems(source));
}

/**
 * The provider settings as the processes use them, from a parse of `integrationsEnvSchema` or of a schema that
 * extends it: NOTIFY_TRANSPORT defaulted to `outbox` (production refuses an unset one: productionProblems);
 * relative `WAIT_TIMES_REPLAY_DIR` / `FLIGHTS_REPLAY_DIR` resolved against the repository root,
 * `WAIT_TIMES_REPLAY_DIR` defaulting to `WALKON_FIXTURES_DIR`.
 */
export function resolveIntegrationsEnv<T extends z.infer<typeof integrationsEnvSchema>>(
  env: T,
): Omit<T, 'WAIT_TIMES_REPLAY_DIR' | 'NOTIFY_TRANSPORT'> & Pick<IntegrationsEnv, 'WAIT_TIMES_REPLAY_DIR' | 'NOTIFY_TRANSPORT'> {
  return {
    ...env,
    NOTIFY_TRANSPORT: env.NOTIFY_TRANSPORT ?? 'outbox',
    WAIT_TIMES_REPLAY_DIR: path.resolve(repoRoot, env.WAIT_TIMES_REPLAY_DIR ?? env.WALKON_FIXTURES_DIR),
    FLIGHTS_REPLAY_DIR: path.resolve(repoRoot, env.FLIGHTS_REPLAY_DIR),
  };
}

/**
 * Parses the provider and store settings from `source` (default `process.env`; a blank variable counts as unset)
 * and resolves them (`resolveIntegrationsEnv`), for the scripts that need only these.
 * @throws ZodError on an invalid value (e.g. an unknown WAIT_TIMES_SOURCE).
 */
export function loadIntegrationsEnv(source: NodeJS.ProcessEnv = process.env): IntegrationsEnv {
  return resolveIntegrationsEnv(integrationsEnvSchema.parse(withoutBlanks(source)));
}
