/// <reference lib="webworker" />
/**
 * WalkOn's service worker (docs/decisions/039), built by vite-plugin-pwa (injectManifest) into
 * dist/sw.js with Workbox's precaching, routing and strategies:
 * - the build's hashed assets, icons and manifest are precached (the app shell's code, for offline use);
 * - page navigations go to the network first (so the server's prerendered HTML, status codes and new builds are
 *   what a visitor gets online, with navigation preload so the worker's start-up adds no wait) and fall back,
 *   offline, to the copy of that prerendered public page or of the app shell kept in the pages cache;
 * - a few public API reads (logic.ts `isCacheablePublicRead`) are answered from the cache only when offline;
 * - push messages show a notification (logic.ts `notificationFor`), and a click opens the ride page, mutes the
 *   ride for the rest of the day (tRPC `mutes.set`) or opens Manage Alerts.
 */
import { clientsClaim } from 'workbox-core';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import {
  API_CACHE,
  isCacheablePublicRead,
  MANAGE_ACTION,
  MANAGE_ALERTS_PATH,
  MUTE_ACTION,
  muteFallbackUrl,
  muteTodayInput,
  type NotificationData,
  notificationFor,
  OFFLINE_PAGES,
  PAGES_CACHE,
  pageCacheKey,
  SERVER_PAGES,
  safePath,
} from './logic.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// Hashed assets, icons, manifest: never the HTML (the prerender writes it after the bundle is built).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// The first visit's page is controlled at once (offline reading works without a reload); an update still waits.
clientsClaim();
enableNavigationPreload();

// Offline reading: the public pages and the shell are fetched into the pages cache when the worker installs.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(PAGES_CACHE).then((cache) =>
      Promise.all(
        OFFLINE_PAGES.map((page) =>
          fetch(page, { credentials: 'omit' })
            .then((res) => (res.ok ? cache.put(page, res) : undefined))
            .catch(() => undefined),
        ),
      ),
    ),
  );
});

// A renamed pages or public-read cache (a new version in logic.ts) leaves no old copy behind.
self.addEventListener('activate', (event) => {
  const keep = new Set([PAGES_CACHE, API_CACHE]);
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith('walkon-') && !keep.has(n)).map((n) => caches.delete(n)))),
  );
});

// A navigation is cached under its prerendered page or the shell (never per person: the HTML holds no account data).
const pageKey = { cacheKeyWillBeUsed: async ({ request }: { request: Request }) => pageCacheKey(new URL(request.url).pathname) };
registerRoute(new NavigationRoute(new NetworkFirst({ cacheName: PAGES_CACHE, plugins: [pageKey] }), { denylist: [SERVER_PAGES] }));
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isCacheablePublicRead(url),
  new NetworkFirst({ cacheName: API_CACHE }),
);

self.addEventListener('push', (event) => {
  const { title, options } = notificationFor(event.data ? event.data.text() : null);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Focuses a WalkOn window already on `path`, else opens one (a notification click allows it). */
async function openPage(path: string): Promise<void> {
  const target = new URL(safePath(path), self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => w.url === target);
  if (open) {
    await open.focus();
    return;
  }
  await self.clients.openWindow(target);
}

/**
 * "Mute this ride today": tRPC `mutes.set` (same origin, the session cookie; the browser sends Origin on a
 * POST, which the server's mutation check needs) until the end of the park's day. On success a quiet
 * notification confirms it; on failure (signed out, offline) the ride page opens with `?mute=today`.
 */
async function muteToday(data: NotificationData, tag: string): Promise<void> {
  const input = muteTodayInput(data);
  if (!input) return openPage(data.url);
  let ok = false;
  try {
    const res = await fetch('/trpc/mutes.set', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    ok = res.ok;
  } catch {
    ok = false;
  }
  if (!ok) return openPage(muteFallbackUrl(data));
  await self.registration.showNotification('Ride muted for today', {
    body: 'No more alerts for this ride until tomorrow. Change it under Manage alerts.',
    tag,
    silent: true,
    icon: '/icons/icon-192.png',
    data: { ...data, kind: 'muted' } satisfies NotificationData,
    actions: [MANAGE_ACTION],
  } as NotificationOptions);
}

/** What a click on a notification (or one of its actions) does; see the module comment. */
export async function handleNotificationClick(notification: Notification, action: string): Promise<void> {
  const data = (notification.data ?? { url: '/', parkId: null, attractionId: null, kind: 'alert' }) as NotificationData;
  notification.close();
  if (action === MANAGE_ACTION.action) return openPage(MANAGE_ALERTS_PATH);
  if (action === MUTE_ACTION.action) return muteToday(data, notification.tag);
  return openPage(data.url);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(handleNotificationClick(event.notification, event.action));
});

// The e2e test (web/e2e/push.e2e.test.ts) runs the click handler through this name: no browser API clicks a
// notification. It only reaches what a real click does.
(self as unknown as { walkonNotificationClick: typeof handleNotificationClick }).walkonNotificationClick = handleNotificationClick;

// A new version takes over once every WalkOn tab is closed, never in the middle of a visit (no skipWaiting).
