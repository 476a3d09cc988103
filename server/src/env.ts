import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  combinationProblems,
  integrationsEnvSchema,
  productionProblems,
  resolveIntegrationsEnv,
  settingProblems,
  withoutBlanks,
} from '@walkon/integrations/env';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The API's settings (README "Configuration"), one schema: the provider and store settings of
 * @walkon/integrations/env (themselves the shared `baseEnvSchema` of @walkon/domain/env, extended) plus the API's own.
 */
const schema = integrationsEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * The contact address the web app's Contact, Privacy, Terms and Careers pages show, filled in when the pages are
   * served (docs/decisions/052); default `support@<host of PUBLIC_ORIGIN>`.
   */
  CONTACT_EMAIL: z
    .string()
    .trim()
    .regex(/^[^\s@<>"&]+@[^\s@<>"&]+$/, 'CONTACT_EMAIL must be an e-mail address (e.g. support@walkon.example).')
    .optional(),
  /** `off`: no paid checkout (promo codes still work); production then needs no Stripe keys. */
  PAYMENTS: z.enum(['stripe', 'off']).default('stripe'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Tests and offline demos only: a local Stripe API fake (http://host:port). */
  STRIPE_API_BASE: z.string().url().optional(),
  // Operations (docs/OPERATIONS.md "Metrics", "Stopping").
  /** Seconds /readyz answers 503 after SIGTERM before the listener closes, so the load balancer stops sending first. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(5),
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

/** The API server's settings (README "Configuration"), as `loadServerEnv` returns them. */
export type ServerEnv = ReturnType<typeof resolveIntegrationsEnv<z.infer<typeof schema>>> & { CONTACT_EMAIL: string };

/**
 * Parses the API's settings once from `source` (default `process.env`; blank = unset) with the one schema: the
 * provider settings resolved (`resolveIntegrationsEnv`), WEB_DIST_DIR resolved from the repository (or release
 * bundle) root, CONTACT_EMAIL defaulted to `support@<host of PUBLIC_ORIGIN>`.
 * @throws ZodError on a bad value.
 */
export function loadServerEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const env = resolveIntegrationsEnv(schema.parse(withoutBlanks(source)));
  return {
    ...env,
    WEB_DIST_DIR: env.WEB_DIST_DIR ? path.resolve(repoRoot, env.WEB_DIST_DIR) : undefined,
    CONTACT_EMAIL: env.CONTACT_EMAIL || `support@${new URL(env.PUBLIC_ORIGIN).hostname}`,
  };
}

/**
 * Every problem of the API's settings at once (docs/OPERATIONS.md "First start"): the values the one schema
 * refuses, the combinations that cannot work and the production profile (@walkon/integrations/env), one sentence
 * each; empty when the API can start. For refuseToStart.
 */
export function serverEnvProblems(source: NodeJS.ProcessEnv = process.env): string[] {
  return [...settingProblems(schema, source), ...combinationProblems(source), ...productionProblems(source)];
}
