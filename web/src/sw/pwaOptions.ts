import type { VitePWAOptions } from 'vite-plugin-pwa';

/** The theme colour of the app (Tailwind teal-700, as index.html's theme-color meta). */
export const THEME_COLOR = '#0f766e';

/**
 * The installable web app (docs/decisions/039), for vite-plugin-pwa:
 * - the manifest (dist/manifest.webmanifest, linked from every page): name, icons at 192 and 512 px (and a
 *   maskable 512 for Android's shapes), theme colour, `display: standalone`, start URL `/`;
 * - the service worker `src/sw/sw.ts`, compiled to dist/sw.js (one classic script, no imports) with the
 *   precache list of the build's hashed assets, icons and manifest injected (never the HTML: the prerender
 *   rewrites it after the bundle is built, and the worker keeps pages in a runtime cache instead);
 * - no registration script from the plugin: `registerServiceWorker` (register.ts) does it after the first paint.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg'],
  manifest: {
    id: '/',
    name: 'WalkOn — walk-on ride alerts',
    short_name: 'WalkOn',
    description: 'Live wait times and an alert the moment a ride you care about is walk-on or short.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: '#f8fafc',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    rollupFormat: 'iife',
    globPatterns: ['assets/**/*.{js,css,woff2}', 'icons/badge-96.png'],
    globIgnores: ['**/*.html', 'routes.json'],
  },
};
