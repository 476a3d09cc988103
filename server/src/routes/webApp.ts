import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps.ts';

/**
 * The built web app (with `deps.webDistDir`; nothing without it), global (fastify-plugin) because it owns the
 * not-found handler: hashed assets cached for a year, index.html revalidated; a prerendered public page gets its
 * own HTML (docs/decisions/021-prerendered-public-pages.md), every other client-side route the shell, and a path
 * no client-side route knows the shell with HTTP 404; unknown API paths get a JSON 404.
 */
export const webApp = fp(
  async (app: FastifyInstance, opts: { deps: AppDeps }) => {
    const { deps } = opts;
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
  },
  { name: 'walkon-web-app' },
);

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
