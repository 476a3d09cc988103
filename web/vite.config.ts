import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

// The SPA: file routes with automatic route-level code splitting, Tailwind, and a dev proxy to the API.
export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  server: {
    proxy: {
      '/trpc': api,
      '/healthz': api,
      '/api': api,
      '/admin/queues': api,
      '/unsubscribe': api,
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
