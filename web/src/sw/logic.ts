/**
 * The service worker's rules as plain functions (web/src/sw/sw.ts uses them; unit-tested in logic.test.ts):
 * which pages it keeps for offline reading, which API reads it may answer from its cache, and what a push
 * message shows (docs/decisions/039).
 */
import type { PushPayload } from '@walkon/domain/messages/push';
import { PRERENDERED_PAGES } from '../../scripts/prerenderPages.ts';

/** The empty app shell the server answers every non-prerendered client-side route with (server/src/app.ts). */
export const SHELL_URL = '/app.html';

/** The runtime cache of HTML pages (prerendered public pages and the shell), filled on install and on every visit. */
export const PAGES_CACHE = 'walkon-pages-v1';

/** The runtime cache of public API reads (see `isCacheablePublicRead`). */
export const API_CACHE = 'walkon-public-api-v1';

/** The pages kept for offline reading on install: the prerendered public pages and the shell. */
export const OFFLINE_PAGES: readonly string[] = [...PRERENDERED_PAGES, SHELL_URL];

/**
 * The cache key of a navigation to `pathname`: the page's own URL when it is a prerendered public page (its
 * HTML differs per page), else the shell (every other route's HTML is the same shell; no per-person data).
 */
export function pageCacheKey(pathname: string): string {
  const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PRERENDERED_PAGES as readonly string[]).includes(page) ? page : SHELL_URL;
}

/**
 * The paths the server answers itself, never with the app's HTML (server/src/app.ts: the API, the read API, the
 * one-click unsubscribe and confirmation pages, Bull Board, health and metrics, the Stripe webhook). The worker
 * leaves navigations to them alone: such a page is never kept, nor served in place of the shell.
 */
export const SERVER_PAGES =
  /^\/(trpc|api|admin\/queues|unsubscribe|confirm|server-pages\.css|metrics|livez|readyz|healthz|stripe)(\/|\?|$)/;

/**
 * tRPC queries that are the same for every visitor and change slowly, so an offline visitor may read them
 * from the cache: the park list, the destinations, the landing page's figures and testimonials. Never the live
 * standby waits (an old wait shown as current would be an invented number, docs/decisions/010) and never
 * anything of an account.
 */
const PUBLIC_READS = new Set(['site.parks', 'site.stats', 'site.testimonials', 'waitTimes.destinations']);

/**
 * Whether a GET to `url` (same origin) is a tRPC read whose every procedure (a batch names several, comma
 * separated: `/trpc/a,b?batch=1&input=…`) is in the public list above.
 */
export function isCacheablePublicRead(url: URL): boolean {
  if (!url.pathname.startsWith('/trpc/')) return false;
  const paths = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
  return paths.length > 0 && paths.every((p) => PUBLIC_READS.has(p));
}

/** What a notification carries in `data` for its click handler. */
export interface NotificationData {
  url: string;
  parkId: string | null;
  attractionId: string | null;
  kind: string;
}

/** A notification action's id and the text the system shows on its button. */
export const MUTE_ACTION = { action: 'mute-today', title: 'Mute this ride today' } as const;
export const MANAGE_ACTION = { action: 'manage', title: 'Manage alerts' } as const;
export const MANAGE_ALERTS_PATH = '/manage-alerts';

/** A same-origin path, or '/' for anything else (a payload never sends the browser to another site). */
export function safePath(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : '/';
}

/**
 * The notification a push message shows: title and body from the payload (a generic WalkOn notice when the
 * payload is missing or not JSON, since Chromium punishes a push that shows nothing), `tag` = the attraction so
 * a newer alert replaces an unread one and rings again (`renotify`), the ride page in `data.url`, and the
 * actions "Mute this ride today" (ride alerts only, not test alerts or confirmations) and "Manage alerts".
 */
export function notificationFor(raw: string | null): { title: string; options: NotificationOptions & Record<string, unknown> } {
  let p: Partial<PushPayload> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') p = parsed as Partial<PushPayload>;
  } catch {
    p = {};
  }
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  const attractionId = str(p.attractionId);
  const parkId = str(p.parkId);
  const tag = str(p.tag);
  const data: NotificationData = { url: safePath(p.url), parkId, attractionId, kind: str(p.kind) ?? 'alert' };
  const actions = [...(attractionId && parkId && data.kind === 'alert' ? [MUTE_ACTION] : []), MANAGE_ACTION];
  return {
    title: str(p.title) ?? 'WalkOn',
    options: {
      body: str(p.body) ?? 'Open WalkOn to see your ride alerts.',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data,
      actions,
      ...(tag ? { tag, renotify: true } : {}),
    },
  };
}

/** The body of `mutes.set` for "Mute this ride today" (tRPC without a transformer: the input is the JSON body). */
export function muteTodayInput(data: NotificationData): { parkId: string; attractionId: string; until: 'rest-of-day' } | null {
  return data.parkId && data.attractionId ? { parkId: data.parkId, attractionId: data.attractionId, until: 'rest-of-day' } : null;
}

/** The ride page with `?mute=today`: where a click on "Mute this ride today" goes when the mute call failed (signed out). */
export function muteFallbackUrl(data: NotificationData): string {
  const u = new URL(data.url, 'http://x');
  u.searchParams.set('mute', 'today');
  return `${u.pathname}${u.search}`;
}
