import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { integrationsEnvProblems, settingProblems, withoutBlanks } from '@walkon/integrations/env';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/walkon'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  PUBLIC_ORIGIN: z.string().url().default('http://localhost:3000'),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * The contact address the web app's Contact, Privacy, Terms and Careers pages show, filled in when the pages are
   * served (docs/decisions/052-one-release-bundle.md); default `support@<host of PUBLIC_ORIGIN>`.
   */
  CONTACT_EMAIL: z
    .string()
    .trim()
    .regex(/^[^\s@<>"&]+@[^\s@<>"&]+$/, 'CONTACT_EMAIL must be an e-mail address (e.g. support@walkon.example).')
    .optional(),
  QUEUE_PREFIX: z.string().min(1).default('{walkon}'),
  LOG_LEVEL: z.string().default('info'),
  /** `off`: no paid checkout (promo codes still work); production then needs no Stripe keys. */
  PAYMENTS: z.enum(['stripe', 'off']).default('stripe'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Tests and offline demos only: a local Stripe API fake (http://host:port). */
  STRIPE_API_BASE: z.string().url().optional(),
  // Web Push (docs/decisions/038-web-push-channel.md): the keys are provider settings (@walkon/integrations/env).
  /** Tests only (production refuses it): `on` lets push.subscribe take http://localhost and http://127.0.0.1 endpoints. */
  PUSH_ALLOW_INSECURE_ENDPOINTS: z.enum(['on', 'off']).default('off'),
  // Operations (docs/OPERATIONS.md "Metrics", "Stopping").
  /** Seconds /readyz answers 503 after SIGTERM before the listener closes, so the load balancer stops sending first. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(5),
  /** Seconds a SIGTERM'd API has in all (drain, then requests in flight) before it exits 1 anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Bearer token for a Prometheus scraper on the API's `/metrics` (at least 24 characters); unset = admins' sessions only. */
  METRICS_TOKEN: z.string().min(24).optional(),
  /**
   * The proxies in front of the server whose X-Forwarded-For is believed (docs/security.md): empty/"false"
   * (default) = none, the client address is the socket's; else comma-separated addresses or CIDRs, or
   * "loopback" / "uniquelocal". Never "true": anyone could then choose their own address.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) => v.trim())
    .refine(
      (v) => v !== 'true' && !/^\d+$/.test(v),
      "TRUST_PROXY lists the proxies' addresses (e.g. loopback or 10.0.0.0/8), not true or a hop count.",
    )
    .transform((v): false | string => (v === '' || v === 'false' ? false : v)),
});

/** Every variable the server settings read (the `.env.example` test checks they are all documented). */
export const SERVER_ENV_KEYS = Object.keys(schema.shape);

/** The API server's settings (README "Configuration"). */
export type ServerEnv = z.infer<typeof schema>;

/**
 * Parses the server settings once from `source` (default `process.env`; blank = unset); WEB_DIST_DIR resolved from
 * the repository (or release bundle) root, CONTACT_EMAIL defaulted to `support@<host of PUBLIC_ORIGIN>`.
 * @throws ZodError on a bad value.
 */
export function loadServerEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv & { CONTACT_EMAIL: string } {
  const env = schema.parse(withoutBlanks(source));
  return {
    ...env,
    WEB_DIST_DIR: env.WEB_DIST_DIR ? path.resolve(repoRoot, env.WEB_DIST_DIR) : undefined,
    CONTACT_EMAIL: env.CONTACT_EMAIL || `support@${new URL(env.PUBLIC_ORIGIN).hostname}`,
  };
}

/**
 * Every problem of the API's settings at once (docs/OPERATIONS.md "First start"): the provider and store settings'
 * (integrationsEnvProblems: bad values, combinations, the production profile) and the API's own bad values, one
 * sentence each; empty when the API can start. For refuseToStart.
 */
export function serverEnvProblems(source: NodeJS.ProcessEnv = process.env): string[] {
  return [...integrationsEnvProblems(source), ...settingProblems(schema, source)];
}
