import type { Database, Kysely } from '@walkon/db';
import type { Logger } from '@walkon/integrations/logger';
import type {
  DiningAvailabilityProvider,
  FlightSearch,
  FlightSearchOutcome,
  Notifier,
  WaitTimesSource,
} from '@walkon/integrations/providers';
import type { Queues } from '@walkon/jobs/producers';
import type { Redis } from 'ioredis';
import type { Payments } from './payments/stripe.ts';
import type { LimitSettings } from './security/limitSettings.ts';
import type { PushSettings } from './services/push.ts';

/** The flight search the API uses: the provider behind the 15-minute cache (integrations providers/flights). */
export interface FlightSearchService {
  readonly kind: 'duffel' | 'replay';
  search(query: FlightSearch): Promise<FlightSearchOutcome>;
}

/** Dependencies every request can use (docs/DESIGN.md §4: injected, built once in main.ts or a test). */
export interface AppDeps {
  db: Kysely<Database>;
  /** Producers; their Redis connection fails fast (docs/DESIGN.md §4 Redis by role). */
  queues: Queues;
  source: WaitTimesSource;
  logger: Logger;
  now: () => Date;
  publicOrigin: string;
  production: boolean;
  /** Serve the built web app from here (SPA fallback), when set. */
  webDistDir?: string;
  /**
   * The contact address the served pages show (CONTACT_EMAIL; docs/decisions/052); absent =
   * `support@<host of publicOrigin>`.
   */
  contactEmail?: string;
  /** Stripe; null/absent = paid checkout disabled (docs/DESIGN.md §5). */
  payments?: Payments | null;
  /** Flight search behind its 15-minute cache; null/absent = search unavailable (docs/DESIGN.md §5). */
  flights?: FlightSearchService | null;
  /**
   * Restaurant availability for the admin's manual restaurant check (DINING_SOURCE); null = off;
   * absent = ThemeParks.wiki walk-up availability through `source`.
   */
  dining?: DiningAvailabilityProvider | null;
  /**
   * Which proxies to believe about the client address (docs/security.md, TRUST_PROXY): false (default) =
   * the socket address, X-Forwarded-For ignored; else comma-separated addresses/CIDRs of the proxies in
   * front of us (Fastify's `trustProxy`; "loopback" for a proxy on this machine). X-Forwarded-For is read
   * right to left only through those proxies, so a client cannot choose its address.
   */
  trustProxy?: false | string;
  /**
   * The bearer token a Prometheus scraper sends for `/metrics` (METRICS_TOKEN, docs/OPERATIONS.md "Metrics");
   * unset = admins' sessions only.
   */
  metricsToken?: string;
  /** True once the process is stopping (SIGTERM): /readyz answers 503 `stopping` while requests still finish (docs/OPERATIONS.md "Stopping"). */
  stopping?: () => boolean;
  /** Overrides of the rate limits (docs/security.md); tests relax the per-client ones. */
  limits?: Partial<LimitSettings>;
  /** Redis for rate limits and the log-in slow-down; default the queues' connection. */
  redis?: Redis;
  /**
   * Sends the early-access e-mail (services/features.ts) — NOTIFY_TRANSPORT: `outbox` or SES. Absent = the
   * outbox transport (the default of NOTIFY_TRANSPORT; tests read outbox_messages). Account e-mails are queued
   * for the worker instead (services/auth.ts).
   */
  notifier?: Notifier;
  /** Web Push (docs/decisions/038): the VAPID public key and the test setting; null/absent = push off. */
  push?: PushSettings | null;
}

/** What the abuse limits work with: Redis, the key prefix (the queue prefix) and the limits in force. */
export interface Guard {
  redis: Redis;
  prefix: string;
  limits: LimitSettings;
}
