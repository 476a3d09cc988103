import Stripe from 'stripe';

/** Stripe as the server uses it: the SDK client and the webhook signing secret. */
export interface Payments {
  stripe: Stripe;
  webhookSecret: string;
}

/**
 * Builds the Stripe client from settings (README "Configuration"). Returns null without
 * `STRIPE_SECRET_KEY` or `STRIPE_WEBHOOK_SECRET`: paid checkout is then disabled with a clear message
 * (docs/DESIGN.md §5). `apiBase` (`STRIPE_API_BASE`, e.g. http://127.0.0.1:12111) points the SDK at a local fake
 * for tests and offline demos; production leaves it unset.
 * @throws Error when `apiBase` is not an http(s) URL.
 */
export function createPayments(cfg: { secretKey?: string; webhookSecret?: string; apiBase?: string }): Payments | null {
  if (!cfg.secretKey || !cfg.webhookSecret) return null;
  let target: { host?: string; port?: number; protocol?: 'http' | 'https' } = {};
  if (cfg.apiBase) {
    const u = new URL(cfg.apiBase);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('STRIPE_API_BASE must be an http(s) URL');
    const protocol = u.protocol === 'http:' ? 'http' : 'https';
    target = { host: u.hostname, port: Number(u.port || (protocol === 'http' ? 80 : 443)), protocol };
  }
  return {
    stripe: new Stripe(cfg.secretKey, { maxNetworkRetries: 2, timeout: 20_000, telemetry: false, ...target }),
    webhookSecret: cfg.webhookSecret,
  };
}
