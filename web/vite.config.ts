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
      '/admin/queues': api,
      '/unsubscribe': api,
      '/server-pages.css': api,
    },
  },
  build: { target: 'es2022', sourcemap: false },
});
