/**
 * Whether this browser can receive WalkOn's push alerts, and how to say it. Pure
 * functions of what the browser reports, so they are unit-tested (pushSupport.test.ts).
 */

/** What the browser tells about itself (from `navigator`, `window` and `matchMedia`). */
export interface BrowserFacts {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS's Safari says "Macintosh" but has a touch screen. */
  maxTouchPoints: number;
  /** Opened from the Home Screen / as an installed app (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
}

/**
 * - `supported`: the browser can subscribe (after the person allows notifications);
 * - `ios-home-screen`: iOS 16.4+ in a browser tab: Web Push reaches only a web app added to the Home Screen, so
 *   the page shows the "Add to Home Screen" walkthrough instead of a switch that cannot work;
 * - `ios-too-old`: iOS before 16.4 has no Web Push at all;
 * - `unsupported`: no service worker, Push API or notifications (an old or locked-down browser).
 */
export type PushSupport = 'supported' | 'ios-home-screen' | 'ios-too-old' | 'unsupported';

/** The iOS/iPadOS version as [major, minor], or null when the browser is not on iOS. */
export function iosVersion(facts: Pick<BrowserFacts, 'userAgent' | 'maxTouchPoints'>): [number, number] | null {
  const ua = facts.userAgent;
  const device = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && facts.maxTouchPoints > 1);
  if (!device) return null;
  const os = /OS (\d+)[_.](\d+)/.exec(ua) ?? /Version\/(\d+)\.(\d+)/.exec(ua);
  return os ? [Number(os[1]), Number(os[2])] : [0, 0];
}

/**
 * Which case of `PushSupport` this browser is. iOS is decided first: a tab in Safari 16.4+ has no PushManager,
 * and what helps there is the walkthrough, not "unsupported". An installed (Home Screen) app on iOS 16.4+ with
 * the Push API is `supported`.
 */
export function pushSupport(facts: BrowserFacts): PushSupport {
  const ios = iosVersion(facts);
  const api = facts.hasServiceWorker && facts.hasPushManager && facts.hasNotification;
  if (ios) {
    const [major, minor] = ios;
    if (major > 0 && (major < 16 || (major === 16 && minor < 4))) return 'ios-too-old';
    if (!facts.standalone) return 'ios-home-screen';
    return api ? 'supported' : 'unsupported';
  }
  return api ? 'supported' : 'unsupported';
}

/** The facts of the running browser. */
export function currentBrowserFacts(): BrowserFacts {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true,
    hasServiceWorker: 'serviceWorker' in nav,
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window,
  };
}

/**
 * A short name for this device in the account's list of push subscriptions ("Chrome on Android", "Safari on
 * iPhone", "Firefox on Windows"), from the user agent; at most 60 characters.
 */
export function deviceLabel(facts: Pick<BrowserFacts, 'userAgent' | 'maxTouchPoints'>): string {
  const ua = facts.userAgent;
  const ios = iosVersion(facts);
  const os = ios
    ? /iPad/.test(ua) || /Macintosh/.test(ua)
      ? 'iPad'
      : 'iPhone'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /CrOS/.test(ua)
          ? 'ChromeOS'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /Linux/.test(ua)
              ? 'Linux'
              : 'this device';
  const browser = /EdgA?\/|EdgiOS/.test(ua)
    ? 'Edge'
    : /SamsungBrowser/.test(ua)
      ? 'Samsung Internet'
      : /Firefox|FxiOS/.test(ua)
        ? 'Firefox'
        : /OPR\//.test(ua)
          ? 'Opera'
          : /Chrome|Chromium|CriOS/.test(ua)
            ? 'Chrome'
            : /Safari/.test(ua)
              ? 'Safari'
              : 'Browser';
  return `${browser} on ${os}`.slice(0, 60);
}

/** A VAPID public key (base64url, as `push.publicKey` returns it) as the bytes `pushManager.subscribe` takes. */
export function urlBase64ToUint8Array(key: string): Uint8Array<ArrayBuffer> {
  const base64 = (key + '='.repeat((4 - (key.length % 4)) % 4)).replaceAll('-', '+').replaceAll('_', '/');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Whether a subscription's application server key (`subscription.options.applicationServerKey`) is `key`. */
export function sameKey(current: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!current) return false;
  const a = new Uint8Array(current);
  return a.length === key.length && a.every((b, i) => b === key[i]);
}
