import { randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { flights, newsletter, ping, restaurantAlerts, subscriptions } from '@walkon/db';
import { formatDayList } from '@walkon/domain/days';
import { escapeHtml } from '@walkon/domain/html';
import { checkReadiness, createRegistry } from '@walkon/integrations/ops';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import promClient from 'prom-client';
import { SESSION_COOKIE, type SessionUser, sessionCookieOptions, validateSessionToken } from './auth/session.ts';
import type { AppDeps } from './deps.ts';
import { PAGES_CSS, PAGES_CSS_PATH, renderPage, wantsHtml } from './pages.ts';
import { stripeWebhook } from './payments/webhook.ts';
import { liveApi } from './routes/liveApi.ts';
import { BODY_LIMIT_BYTES, checkTrpcBatch, MAX_URL_CHARS, tooLargeMessage } from './security/batch.ts';
import { BULL_BOARD_CSP, helmetOptions } from './security/headers.ts';
import { guardOf } from './security/limits.ts';
import type { Context } from './trpc/init.ts';
import { type AppRouter, appRouter } from './trpc/router.ts';

/**
 * Fastify's request logging as ONE line per request (docs/OPERATIONS.md "Logs"): no "incoming request" line; the
 * "request completed" line carries method, path (never the query string: it can hold unsubscribe tokens), route
 * pattern, status and duration in milliseconds, with the request id pino adds as `reqId`.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      path: request.url.split('?')[0],
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** An `x-request-id` we accept from the caller (a proxy or load balancer): 1–128 of [A-Za-z0-9._:-]; else we make one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The POST routes that carry their own proof and need no Origin (docs/security.md): the Stripe webhook (its
 * signature) and the one-click unsubscribe (RFC 8058: mail clients post it without Origin; the link's token).
 * Matched by the route Fastify chose, never by a prefix of the raw URL.
 */
export const OWN_PROOF_ROUTES = new Set(['/stripe/webhook', '/unsubscribe']);

/**
 * CSRF defence (docs/decisions/007-sessions-after-lucia.md, Lucia's guide; DESIGN §8): a request that is not
 * GET, HEAD or OPTIONS must name our public origin, or the host it was sent to, in `Origin` (or, without it,
 * `Referer`); otherwise it is cross-origin and refused — including a request with neither header, `Origin:
 * null` and an unparsable value. `req.host` is Fastify's host: the Host header, or X-Forwarded-Host only from
 * a proxy named in TRUST_PROXY (a client cannot choose it). `route` is the matched route (OWN_PROOF_ROUTES
 * pass). → true when the request must be refused.
 */
export function isCrossOrigin(
  req: { method: string; host?: string; headers: Record<string, string | string[] | undefined> },
  publicOrigin: string,
  route?: string,
): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  if (req.method === 'POST' && route && OWN_PROOF_ROUTES.has(route)) return false;
  const origin = (req.headers.origin as string | undefined) ?? (req.headers.referer as string | undefined);
  if (!origin) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  if (!host) return true;
  const allowed = new Set([new URL(publicOrigin).host]);
  if (req.host) allowed.add(req.host);
  return !allowed.has(host);
}

async function sessionOf(deps: AppDeps, req: FastifyRequest, reply: { setCookie: (n: string, v: string, o: object) => unknown }) {
  const token = req.cookies[SESSION_COOKIE];
  if (!token) return null;
  const s = await validateSessionToken(deps.db, token, deps.now());
  if (s?.renewed) reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(s.expiresAt, deps.production));
  return s;
}

/** A server-rendered page in the site's look (server/src/pages.ts). */
const page = (title: string, body: string, status?: { text: string; tone?: 'ok' | 'error' }) =>
  renderPage({
    title,
    status: status?.text,
    tone: status?.tone,
    bodyHtml: `${body}<div class="actions"><a class="button secondary" href="/">Return to WalkOn</a></div>`,
  });

/**
 * Builds the HTTP server (DESIGN §4 factory): cookies, CSRF check, `/livez`, `/readyz` (alias `/healthz`), `/metrics`
 * (admins or the METRICS_TOKEN bearer), tRPC at `/trpc`, Bull Board at
 * `/admin/queues` (admins only, static files included), one-click unsubscribe at `/unsubscribe` (RFC 8058; ride alerts, newsletter, flight alerts, restaurant alerts),
 * the Stripe webhook at `/stripe/webhook` (raw body, signature checked),
 * and, with `webDistDir`, the built web app with an SPA fallback.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as unknown as FastifyBaseLogger,
    // The client address comes from the socket unless TRUST_PROXY names the proxies in front of us
    // (docs/security.md): trusting X-Forwarded-For from anyone let a client pick its own address.
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Room for URLs up to MAX_URL_CHARS, so a long GET query is answered 413 by us rather than dropped by Node.
    http: { maxHeaderSize: 64 * 1024 },
    // A batched tRPC call puts every procedure name in the `/trpc/:path` parameter ("a.b,c.d,…"); Fastify's
    // default of 100 characters answered a busy page's batch with 414 (tRPC's Fastify adapter docs: 5000).
    maxParamLength: 5000,
    // One log line per request at info: Fastify's "request completed" (with the response time), not also
    // "incoming request".
    logController: new OneLinePerRequest(),
    // Request ids (docs/OPERATIONS.md "Logs"): the caller's `x-request-id` when well-formed (only a log
    // correlation: nothing trusts it), else a random UUID; echoed on every response.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyHelmet, helmetOptions(deps.production));

  // Abuse limits are counted per tRPC call in Redis (security/limits.ts): each call of a batch counts.
  const guard = guardOf(deps);

  app.addHook('onRequest', async (req, reply) => {
    if (isCrossOrigin(req, deps.publicOrigin, req.routeOptions.url)) {
      return reply.code(403).send({ error: { message: 'Cross-origin request refused.' } });
    }
    if (req.url.length > MAX_URL_CHARS) return reply.code(413).send({ error: { message: tooLargeMessage() } });
    const refusal = checkTrpcBatch(req.method, req.url);
    if (refusal) return reply.code(refusal.status).send({ error: { message: refusal.message, data: { httpStatus: refusal.status } } });
  });

  // Framework errors (a body over the limit, broken JSON, an unknown content type) as sentences; never a trace.
  app.setErrorHandler((err: { statusCode?: number; code?: string; message: string }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    const message =
      status === 413
        ? tooLargeMessage()
        : status === 415
          ? 'Please send this request as JSON.'
          : status === 400 && err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
            ? 'This request is not valid JSON.'
            : status === 429
              ? err.message
              : status >= 500
                ? 'Something went wrong. Please try again.'
                : 'This request is not valid.';
    return reply.code(status).send({ error: { message } });
  });

  // Liveness and readiness (docs/OPERATIONS.md "Health"): /livez = the process answers; /readyz = PostgreSQL and
  // Redis answer (503 otherwise, each check bounded to 2 s); /healthz is an alias of /readyz.
  app.get('/livez', async () => ({ ok: true }));
  const readyz = async (_req: FastifyRequest, reply: FastifyReply) => {
    const r = await checkReadiness({ db: () => ping(deps.db), redis: () => deps.queues.ping() });
    return reply
      .code(r.ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(r);
  };
  app.get('/readyz', readyz);
  app.get('/healthz', readyz);

  // Metrics (docs/OPERATIONS.md "Metrics"): HTTP duration by route (fastify-metrics), the pg pool and the process,
  // in this app's own registry; `/metrics` answers admins and the METRICS_TOKEN bearer only, never the public.
  const registry = createRegistry('api', deps.db);
  await app.register(fastifyMetrics, {
    // prom-client itself (the plugin defaults to @prometheus-io/client), every series in this app's registry: a
    // second app in one process (tests) registers nothing twice. (Casts: the plugin types its own client.)
    promClient: promClient as never,
    endpoint: null,
    defaultMetrics: { enabled: false },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      routeBlacklist: ['/metrics', '/livez', '/readyz', '/healthz'],
      overrides: {
        histogram: { name: 'http_request_duration_seconds', registers: [registry as never] },
        summary: { registers: [registry as never] },
      },
    },
  });
  app.get('/metrics', async (req, reply) => {
    const auth = req.headers.authorization ?? '';
    const token = deps.metricsToken;
    const bearerOk =
      token !== undefined &&
      auth.startsWith('Bearer ') &&
      Buffer.byteLength(auth.slice(7)) === Buffer.byteLength(token) &&
      timingSafeEqual(Buffer.from(auth.slice(7)), Buffer.from(token));
    if (!bearerOk) {
      const s = await sessionOf(deps, req, reply);
      if (!s) return reply.code(401).send({ error: { message: 'Please log in as an admin, or send the metrics token.' } });
      if (!s.user.roles.includes('admin')) return reply.code(403).send({ error: { message: 'Access Denied: admins only.' } });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: async ({ req, res }): Promise<Context> => {
        const s = await sessionOf(deps, req, res);
        return { deps, req, res, user: s?.user ?? null, sessionId: s?.sessionId ?? null, guard };
      },
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') deps.logger.error({ path, err: error.cause ?? error }, 'tRPC internal error');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await stripeWebhook(app, deps);
  await liveApi(app, deps);

  // Bull Board for operators: admins only, including its static assets (DESIGN §2, docs/rules.md R50).
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req, reply) => {
      // Bull Board's own page needs inline styles and Google Fonts: its own, looser policy (security/headers.ts).
      reply.header('content-security-policy', BULL_BOARD_CSP);
      const s = await sessionOf(deps, req, reply);
      const user: SessionUser | undefined = s?.user;
      if (user?.roles.includes('admin')) return;
      // A browser gets the site's pages (log in, or Access Denied with spec part 2 §6's text); API clients JSON.
      if (wantsHtml(req.headers.accept)) {
        if (!user) return reply.redirect(`/auth?redirect=${encodeURIComponent('/admin/queues')}`, 303);
        return reply
          .code(403)
          .type('text/html; charset=utf-8')
          .send(
            renderPage({
              title: 'Access Denied',
              status: '403 · Admins only',
              tone: 'error',
              bodyHtml:
                '<p>You do not have admin privileges</p><p>The job queues are for WalkOn operators.</p><div class="actions"><a class="button" href="/">Go to the home page</a></div>',
            }),
          );
      }
      if (!user) return reply.code(401).send({ error: { message: 'Please log in.' } });
      return reply.code(403).send({ error: { message: 'Access Denied: admins only.' } });
    });
    const serverAdapter = new FastifyAdapter();
    serverAdapter.setBasePath('/admin/queues');
    createBullBoard({ queues: deps.queues.all().map((q) => new BullMQAdapter(q)), serverAdapter });
    await scope.register(serverAdapter.registerPlugin(), { prefix: '/admin/queues' });
  });

  // The stylesheet of the server-rendered pages (no inline styles: a strict CSP can forbid them).
  app.get(PAGES_CSS_PATH, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(PAGES_CSS),
  );

  // One-click unsubscribe (RFC 8058): GET shows a confirmation form, POST deactivates the subscription.
  const invalidLink = () => page('Invalid link', '<p>This unsubscribe link is not valid.</p>', { text: 'Unsubscribe', tone: 'error' });
  app.get<{ Querystring: { token?: string } }>('/unsubscribe', async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    reply.type('text/html; charset=utf-8');
    if (!/^[0-9a-f]{16,128}$/.test(token)) return reply.code(400).send(invalidLink());
    // A pass's link names what it stops: the park and its days from today on.
    const sub = await subscriptions.describeByToken(deps.db, token, deps.now());
    const what = sub
      ? `<p>These are the ride alerts for <strong>${escapeHtml(sub.parkName)}</strong>${
          sub.days.length ? ` on ${escapeHtml(formatDayList(sub.days))}` : ''
        }, sent to ${escapeHtml(sub.email)}.</p>`
      : '';
    return renderPage({
      title: 'Stop these alerts?',
      status: 'Unsubscribe',
      bodyHtml: `${what}<p>Press the button to stop the e-mails or texts this link came with. Nothing else changes.</p><form method="post" action="/unsubscribe?token=${token}"><div class="actions"><button class="button" type="submit">Stop these alerts</button><a class="button secondary" href="/">Keep them</a></div></form>`,
    });
  });
  app.post<{ Querystring: { token?: string } }>('/unsubscribe', async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    reply.type('text/html; charset=utf-8');
    if (!/^[0-9a-f]{16,128}$/.test(token)) return reply.code(400).send(invalidLink());
    const done = { text: 'Unsubscribed' };
    const about = await subscriptions.describeByToken(deps.db, token, deps.now());
    const sub = await subscriptions.deactivateByToken(deps.db, token);
    if (sub)
      return page(
        'Alerts stopped',
        `<p>You will not receive the ride alerts for ${escapeHtml(about?.parkName ?? 'this park')}${
          about?.days.length ? ` on ${escapeHtml(formatDayList(about.days))}` : ''
        } any more (${escapeHtml(sub.email)}).</p>`,
        done,
      );
    const news = await newsletter.unsubscribeByToken(deps.db, token, deps.now());
    if (news) return page('Unsubscribed', `<p>${escapeHtml(news.email)} will not receive the WalkOn newsletter any more.</p>`, done);
    const flight = await flights.deactivateByToken(deps.db, token);
    if (flight)
      return page('Flight alert stopped', `<p>${escapeHtml(flight.email)} will not receive this flight price alert any more.</p>`, done);
    const restaurant = await restaurantAlerts.deactivateByToken(deps.db, token);
    if (restaurant)
      return page(
        'Restaurant alert stopped',
        `<p>${escapeHtml(restaurant.email)} will not receive alerts for ${escapeHtml(restaurant.restaurantName)} any more.</p>`,
        done,
      );
    return reply.code(404).send(
      page('Link not found', '<p>We could not find this subscription. It may already be stopped.</p>', {
        text: 'Unsubscribe',
        tone: 'error',
      }),
    );
  });

  // Double opt-in (docs/decisions/027-double-opt-in.md): GET shows a button (link scanners that prefetch do not
  // confirm), POST confirms the newsletter subscription or flight alert the e-mailed link belongs to.
  const badConfirm = () => page('Invalid link', '<p>This confirmation link is not valid.</p>', { text: 'Confirm', tone: 'error' });
  app.get<{ Querystring: { token?: string } }>('/confirm', async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    reply.type('text/html; charset=utf-8');
    if (!/^[0-9a-f]{16,128}$/.test(token)) return reply.code(400).send(badConfirm());
    return renderPage({
      title: 'Confirm your subscription?',
      status: 'Confirm',
      bodyHtml: `<p>Press the button to confirm the WalkOn e-mails you asked for (the newsletter or a flight price alert).</p><form method="post" action="/confirm?token=${token}"><div class="actions"><button class="button" type="submit">Confirm</button><a class="button secondary" href="/">Not now</a></div></form>`,
    });
  });
  app.post<{ Querystring: { token?: string } }>('/confirm', async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    reply.type('text/html; charset=utf-8');
    if (!/^[0-9a-f]{16,128}$/.test(token)) return reply.code(400).send(badConfirm());
    const done = { text: 'Confirmed' };
    const news = await newsletter.confirmByToken(deps.db, token, deps.now());
    if (news) return page('Subscription confirmed', `<p>${escapeHtml(news.email)} will receive the WalkOn newsletter.</p>`, done);
    const flight = await flights.confirmByToken(deps.db, token, deps.now());
    if (flight)
      return page(
        'Flight alert confirmed',
        `<p>We now check fares for this alert and e-mail ${escapeHtml(flight.email)} when one drops to your budget.</p>`,
        done,
      );
    return reply
      .code(404)
      .send(
        page('Link not found', '<p>We could not find this subscription. It may have been stopped.</p>', { text: 'Confirm', tone: 'error' }),
      );
  });

  // Accept one-click POSTs sent as form bodies (RFC 8058 "List-Unsubscribe=One-Click").
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  if (deps.webDistDir && existsSync(deps.webDistDir)) {
    await app.register(fastifyStatic, {
      root: deps.webDistDir,
      wildcard: false,
      index: ['index.html'],
      // Hashed assets never change: cache them for a year; index.html is always revalidated.
      setHeaders: (res, filePath) => {
        res.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The web build prerenders its public pages into <page>/index.html and keeps the empty shell as app.html
    // (docs/decisions/021-prerendered-public-pages.md): a prerendered page gets its own HTML, every other
    // client-side route the shell. Older builds have only index.html, which then serves as the shell.
    const webDist = deps.webDistDir;
    const prerendered = new Set(
      readdirSync(webDist, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(path.join(webDist, d.name, 'index.html')))
        .map((d) => `/${d.name}`),
    );
    const shell = existsSync(path.join(webDist, 'app.html')) ? 'app.html' : 'index.html';
    const isClientRoute = clientRouteMatcher(webDist);
    app.setNotFoundHandler((req, reply) => {
      const url = req.url.split('?')[0] ?? '';
      if (
        req.method === 'GET' &&
        !url.startsWith('/trpc') &&
        !url.startsWith('/api/') &&
        !url.startsWith('/admin/queues') &&
        !/\.[a-z0-9]+$/i.test(url)
      ) {
        const page = url.replace(/\/$/, '');
        if (prerendered.has(page)) return reply.sendFile(`${page.slice(1)}/index.html`);
        // A path no client-side route knows gets the same shell (it renders "Page Not Found") with HTTP 404.
        if (!isClientRoute(page || '/')) reply.code(404);
        return reply.sendFile(shell);
      }
      return reply.code(404).send({ error: { message: 'Not found' } });
    });
  }

  return app;
}

/**
 * Whether a path (no query, no trailing slash) is one of the web app's client-side routes, from the build's
 * routes.json (vite.config.ts writes it from the route tree; `$param` stands for one non-empty segment).
 * A build without routes.json treats every path as a route (the app still shows its own 404 page).
 */
export function clientRouteMatcher(webDist: string): (pathname: string) => boolean {
  const file = path.join(webDist, 'routes.json');
  if (!existsSync(file)) return () => true;
  const patterns = (JSON.parse(readFileSync(file, 'utf8')) as string[]).map((route) => {
    const trimmed = route.length > 1 ? route.replace(/\/$/, '') : route;
    const source = trimmed
      .split('/')
      .map((seg) => (seg.startsWith('$') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return new RegExp(`^${source}$`);
  });
  return (pathname) => {
    let decoded = pathname;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    return patterns.some((re) => re.test(decoded));
  };
}
