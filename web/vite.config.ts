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
    rolldownOptions: {
      output: {
        // The framework every page runs (React, TanStack Router) in one chunk: one request and one gzip stream
        // instead of a dozen small shared chunks. The full data layer (React Query and the tRPC client) is a chunk
        // of its own: the landing page does without it (its JavaScript budget), every other page loads it.
        codeSplitting: {
          groups: [
            // Higher priority first: the framework takes React before the data layer (whose dependency it is) could.
            {
              name: 'framework',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|react-store|store)|use-sync-external-store|clsx)[\\/]/,
            },
            { name: 'data', priority: 1, test: /node_modules[\\/](@tanstack[\\/](react-query|query-core)|@trpc)[\\/]/ },
          ],
        },
      },
    },
  },
});
