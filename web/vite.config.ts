import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { WEB_CONFIG_PLACEHOLDER, webConfigScript } from '../domain/src/webConfig.ts';
import { pwaOptions } from './src/sw/pwaOptions.ts';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * The run-time settings block of every page (docs/decisions/052-one-release-bundle.md): a build carries the
 * placeholder, which the server serving it replaces with its PUBLIC_ORIGIN and CONTACT_EMAIL
 * (server/src/routes/webApp.ts), so one build serves any deployment. The Vite dev server (`make dev`) fills it in
 * itself from the same settings: CONTACT_EMAIL, else `support@<host of PUBLIC_ORIGIN>`.
 */
function runtimeConfig(): Plugin {
  let serving = false;
  return {
    name: 'walkon-runtime-config',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const publicOrigin = process.env.PUBLIC_ORIGIN ?? 'http://localhost:5173';
        const config = serving
          ? { publicOrigin, contactEmail: process.env.CONTACT_EMAIL?.trim() || `support@${new URL(publicOrigin).hostname}` }
          : WEB_CONFIG_PLACEHOLDER;
        return html.replace('</head>', () => `    ${webConfigScript(config)}\n  </head>`);
      },
    },
  };
}

/**
 * Writes dist/routes.json: the client-side routes' path patterns (from the generated route tree, `$param` for one
 * segment), without the catch-all `/$`. The server answers a path that matches none of them with HTTP 404 and the
 * same app shell, so the browser shows the app's "Page Not Found" page (no soft 404; server/src/app.ts).
 */
function routesManifest(): Plugin {
  return {
    name: 'walkon-routes-manifest',
    apply: 'build',
    generateBundle() {
      const tree = readFileSync(new URL('./src/routeTree.gen.ts', import.meta.url), 'utf8');
      const block = /fullPaths:\s*((?:\|\s*'[^']*'\s*)+)/.exec(tree)?.[1] ?? '';
      const paths = [...block.matchAll(/'([^']*)'/g)].map((m) => m[1] as string).filter((p) => p !== '/$');
      if (paths.length === 0) throw new Error('routes manifest: no fullPaths in src/routeTree.gen.ts');
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: `${JSON.stringify(paths)}\n` });
    },
  };
}

// The SPA: file routes with automatic route-level code splitting, Tailwind, and a dev proxy to the API.
export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    routesManifest(),
    runtimeConfig(),
    VitePWA(pwaOptions),
  ],
  server: {
    proxy: {
      '/trpc': api,
      '/healthz': api,
      '/api': api,
      '/admin/queues': api,
      '/unsubscribe': api,
      '/confirm': api,
      '/server-pages.css': api,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // No preload links: a prerendered page must paint before any script is requested (main.tsx, decision 021),
    // and Vite's runtime preloading appended a <link> per dependency of every dynamic import on the main thread
    // (~40 ms of start-up on a phone). The browser fetches a chunk's imports itself when it loads the chunk.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // The framework every page runs (React, TanStack Router) in one chunk: one request and one gzip stream
        // instead of a dozen small shared chunks. The full data layer (React Query and the tRPC client) has chunks
        // of its own: the landing page does without it (its JavaScript budget), every other page loads it.
        codeSplitting: {
          groups: [
            // Higher priority first: the framework takes React before the data layer (whose dependency it is) could.
            {
              name: 'framework',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|react-store|store)|use-sync-external-store|clsx)[\\/]/,
            },
            // The app and its route tree with every route's own (not code-split) definition in one chunk, as when
            // the app was the entry: main.tsx imports it only after the first paint.
            { name: 'app', priority: 1, test: /[\\/]web[\\/]src[\\/](app\.tsx|routeTree\.gen\.ts|routes[\\/][^?]*)$/ },
            // React Query and the tRPC client as two chunks: the data layer starts in two short tasks, not one long one.
            { name: 'query', priority: 1, test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/ },
            { name: 'trpc', priority: 1, test: /node_modules[\\/]@trpc[\\/]/ },
          ],
        },
      },
    },
  },
});
