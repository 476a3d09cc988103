import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { escapeHtml } from '@walkon/domain/html';
import { WEB_CONFIG_BLOCK, WEB_CONFIG_PLACEHOLDER, type WebConfig, webConfigScript } from '@walkon/domain/webConfig';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps.ts';

/**
 * The built web app (with `deps.webDistDir`; nothing without it), global (fastify-plugin) because it owns the
 * not-found handler: hashed assets cached for a year; every HTML page revalidated and served with the site's
 * run-time settings filled in (loadPages: PUBLIC_ORIGIN, CONTACT_EMAIL); a prerendered public page gets its
 * own HTML (docs/decisions/021), every other client-side route the shell, and a path
 * no client-side route knows the shell with HTTP 404; unknown API paths get a JSON 404.
 */
export const webApp = fp(
  async (app: FastifyInstance, opts: { deps: AppDeps }) => {
    const { deps } = opts;
    if (deps.webDistDir && existsSync(deps.webDistDir)) {
      const webDist = deps.webDistDir;
      // Every HTML file of the build, its run-time settings filled in once at start (docs/decisions/052).
      const pages = loadPages(webDist, {
        publicOrigin: deps.publicOrigin,
        contactEmail: deps.contactEmail ?? `support@${new URL(deps.publicOrigin).hostname}`,
      });
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        // The HTML files are served from `pages` (below), never as they lie on disk.
        index: false,
        globIgnore: ['**/*.html'],
        // Hashed assets never change: cache them for a year; the rest (sw.js, the manifest) is always revalidated.
        setHeaders: (res, filePath) => {
          res.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      const sendPage = (req: FastifyRequest, reply: FastifyReply, file: string) => {
        const page = pages.get(file)!;
        reply.header('cache-control', 'no-cache').header('etag', page.etag).type('text/html; charset=utf-8');
        if (req.headers['if-none-match'] === page.etag) return reply.code(304).send();
        return reply.send(page.html);
      };
      for (const file of pages.keys()) {
        app.get(`/${file}`, (req, reply) => sendPage(req, reply, file));
      }
      // The web build prerenders its public pages into <page>/index.html and keeps the empty shell as app.html
      // (docs/decisions/021): a prerendered page gets its own HTML, every other
      // client-side route the shell. Older builds have only index.html, which then serves as the shell.
      const prerendered = new Set(
        [...pages.keys()].filter((f) => f.endsWith('/index.html')).map((f) => `/${f.slice(0, -'/index.html'.length)}`),
      );
      const shell = pages.has('app.html') ? 'app.html' : 'index.html';
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
          if (page === '' && pages.has('index.html')) return sendPage(req, reply, 'index.html');
          if (prerendered.has(page)) return sendPage(req, reply, `${page.slice(1)}/index.html`);
          // A path no client-side route knows gets the same shell (it renders "Page Not Found") with HTTP 404.
          if (!isClientRoute(page || '/')) reply.code(404);
          if (pages.has(shell)) return sendPage(req, reply, shell);
        }
        return reply.code(404).send({ error: { message: 'Not found' } });
      });
    }
  },
  { name: 'walkon-web-app' },
);

/** One served HTML page: its text with the run-time settings filled in, and its entity tag. */
interface Page {
  html: string;
  etag: string;
}

/**
 * Reads every `.html` file under `webDist` (paths relative to it, `/`-separated: `index.html`, `app.html`,
 * `contact/index.html`, …) and fills in `config` (docs/decisions/052): the build's
 * placeholder config block becomes `config`'s, and the placeholder addresses the prerendered markup shows become
 * `config`'s, HTML-escaped. A page without a config block (an older build) gets one before `</head>`.
 */
export function loadPages(webDist: string, config: WebConfig): Map<string, Page> {
  const pages = new Map<string, Page>();
  const files = (readdirSync(webDist, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.html'))
    .sort();
  for (const file of files) {
    const html = fillInConfig(readFileSync(path.join(webDist, file), 'utf8'), config);
    pages.set(file, { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` });
  }
  return pages;
}

/** A page's HTML with `config` in place of the build's placeholders (see loadPages). */
export function fillInConfig(html: string, config: WebConfig): string {
  const block = webConfigScript(config);
  const withBlock = WEB_CONFIG_BLOCK.test(html)
    ? html.replace(WEB_CONFIG_BLOCK, () => block)
    : html.replace('</head>', () => `${block}</head>`);
  return withBlock
    .replaceAll(WEB_CONFIG_PLACEHOLDER.contactEmail, escapeHtml(config.contactEmail))
    .replaceAll(WEB_CONFIG_PLACEHOLDER.publicOrigin, escapeHtml(config.publicOrigin));
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
