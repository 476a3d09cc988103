import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '@walkon/db';
import { expectedByRule, fixturePath } from '@walkon/db/testing';
import { type BrowserContext, type CDPSession, chromium, type Page, type Request, type Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushService, startPushService } from '../../jobs/test/fixtures/pushService.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { MK, SCREENSHOTS, seedFreePromo, signUp, stackNow, WDW, watchConsole, withStackAndBrowser } from './harness.ts';

// The real API (push.* on its router, push_subscriptions in PostgreSQL) and the real worker process
// (jobs/src/main.ts: job schedulers on, send-push with the stack's VAPID pair) beside a local mock push service
// (web-push-testing, which checks the VAPID signature and decrypts each message): the path production runs,
// with only the browser's own push service stood in for (see pushServiceStandIn).
const env = withStackAndBrowser({ worker: true });
let pushService: PushService;
/** The mock push service's client hash of each endpoint it issued (to read what it received). */
const hashes = new Map<string, string>();
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService?.close();
});
/** Turning push on waits for the worker's first install (it downloads the app's assets): more than expect.poll's 1 s. */
const SLOW = { timeout: 20_000 };

const PEOPLEMOVER = 'ffcfeaa2-1416-4920-a1ed-543c1a1695c4';
const PM_NAME = 'Tomorrowland Transit Authority PeopleMover';
const RIDE_PAGE = `/live-wait-times/${MK}/${PEOPLEMOVER}`;

/** A push message in the server's format (domain/src/messages/push.ts; the last test checks a real one). */
const ALERT = {
  title: `${PM_NAME} 5 min +2 more`,
  body: 'Magic Kingdom Park at 6:27 PM · Tomorrowland Speedway 5 min, Dumbo the Flying Elephant 15 min',
  url: RIDE_PAGE,
  tag: PEOPLEMOVER,
  parkId: MK,
  attractionId: PEOPLEMOVER,
  kind: 'alert',
};

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: { url: string; parkId: string | null; attractionId: string | null; kind: string };
  actions: { action: string; title: string }[];
}

/** A browser context whose origin may show notifications (what "Allow" in the permission prompt gives). */
async function notifyingContext(): Promise<BrowserContext> {
  const context = await env.browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.grantPermissions(['notifications'], { origin: env.stack.url });
  return context;
}

/** Opens `path`, waits for the service worker to control the page, and returns the worker and its registration id. */
async function controlledPage(
  context: BrowserContext,
  cdp: CDPSession,
  page: Page,
  at: string,
): Promise<{ worker: Worker; registrationId: string }> {
  const registrations = new Map<string, string>();
  cdp.on(
    'ServiceWorker.workerRegistrationUpdated',
    (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      for (const r of e.registrations) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    },
  );
  await cdp.send('ServiceWorker.enable');
  await page.goto(`${env.stack.url}${at}`);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${env.stack.url}/`);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${env.stack.url}/sw.js`);
  await expect.poll(() => registrations.get(`${env.stack.url}/`) ?? null).not.toBeNull();
  const worker =
    context.serviceWorkers().find((w) => w.url() === `${env.stack.url}/sw.js`) ?? (await context.waitForEvent('serviceworker'));
  return { worker, registrationId: registrations.get(`${env.stack.url}/`)! };
}

/** The notifications the worker shows now (the browser's own list, `registration.getNotifications()`). */
function shown(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data,
      actions: [...((n as unknown as { actions?: { action: string; title: string }[] }).actions ?? [])].map((a) => ({
        action: a.action,
        title: a.title,
      })),
    }));
  });
}

/**
 * Runs the worker's notificationclick handler on the notification with `tag` and `action` (no browser API
 * clicks a system notification). `clients.openWindow` needs the click's user activation, which a test cannot
 * give: it is recorded instead, and the test then opens what the worker asked for.
 */
async function click(worker: Worker, tag: string, action: string): Promise<string[]> {
  return worker.evaluate(
    async ({ tag, action }) => {
      const sw = self as unknown as {
        registration: ServiceWorkerRegistration;
        clients: { openWindow: (url: string) => Promise<null> };
        walkonNotificationClick: (n: Notification, action: string) => Promise<void>;
      };
      const opened: string[] = [];
      sw.clients.openWindow = async (url: string) => {
        opened.push(url);
        return null;
      };
      const [n] = await sw.registration.getNotifications({ tag });
      if (!n) throw new Error(`no notification with tag ${tag}`);
      await sw.walkonNotificationClick(n, action);
      return opened;
    },
    { tag, action },
  );
}

describe('the installable app and its service worker (docs/decisions/038)', () => {
  it('the manifest is linked, parsed and installable; the worker is allowed by the CSP and keeps the pages readable offline', async () => {
    // A profile on disk: Chromium never offers to install a web app in an incognito-like (Playwright's default) context.
    const profile = mkdtempSync(path.join(tmpdir(), 'walkon-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_FLAGS],
      viewport: { width: 412, height: 823 },
    });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const cdp = await context.newCDPSession(page);
    const res = await page.goto(`${env.stack.url}/faq`);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("script-src 'self';");
    // Still the prerendered page (decision 021), now with the manifest link.
    const html = (await res?.text()) ?? '';
    expect(html).toContain('data-prerendered');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');

    const { worker } = await controlledPage(context, cdp, page, '/faq');
    expect(worker.url()).toBe(`${env.stack.url}/sw.js`);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
    expect(manifest.url).toBe(`${env.stack.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data) as Record<string, unknown>;
    expect(data).toMatchObject({
      name: 'WalkOn — walk-on ride alerts',
      short_name: 'WalkOn',
      display: 'standalone',
      start_url: '/',
      theme_color: '#0f766e',
    });
    const sizes = (data.icons as { sizes: string; type: string }[]).map((i) => `${i.sizes} ${i.type}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 image/png', '512x512 image/png']));
    for (const icon of data.icons as { src: string }[]) expect((await page.request.get(`${env.stack.url}${icon.src}`)).status()).toBe(200);
    const installable = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installable.installabilityErrors).toEqual([]);

    // Offline: the prerendered pages read from the worker's copy; another route gets the shell and the app renders.
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await caches.open('walkon-pages-v1')).keys()).map((r) => new URL(r.url).pathname).sort()),
      )
      .toEqual(['/', '/about', '/app.html', '/faq', '/how-it-works', '/live-wait-times', '/parks', '/pricing']);
    // A page the server renders itself (here the one-click unsubscribe without a token) never becomes the shell.
    await page.goto(`${env.stack.url}/unsubscribe`);
    const shell = await page.evaluate(async () => (await (await caches.open('walkon-pages-v1')).match('/app.html'))?.text());
    expect(shell).toContain('<div id="root"></div>');
    await context.setOffline(true);
    await page.goto(`${env.stack.url}/how-it-works`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.locator('#root').innerHTML()).not.toBe('');
    await page.goto(`${env.stack.url}/faq`);
    await page.getByRole('heading', { level: 1, name: /Frequently Asked Questions|FAQ/i }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'push-offline-faq.png') });
    await context.setOffline(false);
    expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('a push message delivered through the DevTools protocol shows the alert; a newer one for the ride replaces it; a click opens the ride page', async () => {
    const context = await notifyingContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const { worker, registrationId } = await controlledPage(context, cdp, page, '/faq');

    await cdp.send('ServiceWorker.deliverPushMessage', { origin: env.stack.url, registrationId, data: JSON.stringify(ALERT) });
    await expect.poll(async () => (await shown(page)).length).toBe(1);
    const [n] = await shown(page);
    expect(n).toEqual({
      title: ALERT.title,
      body: ALERT.body,
      tag: PEOPLEMOVER,
      data: { url: RIDE_PAGE, parkId: MK, attractionId: PEOPLEMOVER, kind: 'alert' },
      actions: [
        { action: 'mute-today', title: 'Mute this ride today' },
        { action: 'manage', title: 'Manage alerts' },
      ],
    });

    // The same ride again: it replaces the unread notification (same tag), never a second one.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: env.stack.url,
      registrationId,
      data: JSON.stringify({ ...ALERT, title: `${PM_NAME} is a walk-on`, body: 'Magic Kingdom Park at 6:28 PM' }),
    });
    await expect.poll(async () => (await shown(page)).map((x) => x.title)).toEqual([`${PM_NAME} is a walk-on`]);

    // A click on the notification opens the ride page.
    expect(await click(worker, PEOPLEMOVER, '')).toEqual([`${env.stack.url}${RIDE_PAGE}`]);
    expect(await shown(page)).toEqual([]);
    await page.goto(`${env.stack.url}${RIDE_PAGE}`);
    await page.getByRole('heading', { level: 1, name: PM_NAME }).waitFor();

    // "Manage alerts" opens Manage Alerts.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: env.stack.url, registrationId, data: JSON.stringify(ALERT) });
    await expect.poll(async () => (await shown(page)).length).toBe(1);
    expect(await click(worker, PEOPLEMOVER, 'manage')).toEqual([`${env.stack.url}/manage-alerts`]);
    await context.close();
  });

  it('"Mute this ride today" mutes the ride through the real mutes.set (session, Origin); signed out, it opens the ride page to mute there', async () => {
    const context = await notifyingContext();
    const page = await context.newPage();
    await signUp(page, env.stack, `push-mute-${Date.now()}@example.com`, '/faq');
    const cdp = await context.newCDPSession(page);
    const { worker, registrationId } = await controlledPage(context, cdp, page, '/faq');

    // The real mutes.set answers (docs/rules.md R16a); the test only records what the service worker sends.
    const muteCalls: { body: unknown; origin: string | undefined; cookie: string | undefined; type: string | undefined }[] = [];
    await context.route('**/trpc/mutes.set', async (route, request: Request) => {
      const headers = await request.allHeaders();
      muteCalls.push({ body: request.postDataJSON(), origin: headers.origin, cookie: headers.cookie, type: headers['content-type'] });
      await route.continue();
    });

    await cdp.send('ServiceWorker.deliverPushMessage', { origin: env.stack.url, registrationId, data: JSON.stringify(ALERT) });
    await expect.poll(async () => (await shown(page)).length).toBe(1);
    expect(await click(worker, PEOPLEMOVER, 'mute-today')).toEqual([]);
    expect(muteCalls).toHaveLength(1);
    expect(muteCalls[0]?.body).toEqual({ parkId: MK, attractionId: PEOPLEMOVER, until: 'rest-of-day' });
    expect(muteCalls[0]?.origin).toBe(env.stack.url);
    expect(muteCalls[0]?.type).toBe('application/json');
    expect(muteCalls[0]?.cookie ?? '').toMatch(/\S+=\S+/);
    // A quiet confirmation replaces the alert.
    await expect.poll(async () => (await shown(page)).map((x) => [x.title, x.tag])).toEqual([['Ride muted for today', PEOPLEMOVER]]);

    // Stored: a mute of that ride, for the rest of the park-local day (until a future instant).
    const db = createDb(env.stack.databaseUrl, 1);
    try {
      const mutes = await db
        .selectFrom('alert_mutes')
        .select(['park_id', 'attraction_id', 'until'])
        .where('attraction_id', '=', PEOPLEMOVER)
        .execute();
      expect(mutes).toHaveLength(1);
      expect(mutes[0]!.park_id).toBe(MK);
      expect(new Date(mutes[0]!.until as unknown as string).getTime()).toBeGreaterThan(Date.now());
    } finally {
      await db.destroy();
    }

    // Signed out (the session gone): the server answers 401 and the notification opens the ride page to mute there.
    await context.clearCookies();
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: env.stack.url, registrationId, data: JSON.stringify(ALERT) });
    await expect.poll(async () => (await shown(page)).map((x) => x.title)).toEqual([ALERT.title]);
    expect(await click(worker, PEOPLEMOVER, 'mute-today')).toEqual([`${env.stack.url}${RIDE_PAGE}?mute=today`]);
    expect(muteCalls).toHaveLength(2);
    await context.close();
  });
});

/**
 * This browser's push service as seen by the page. Headless Chromium here reaches no real push service (no
 * network, and its built-in one needs Google's servers), so `PushManager.subscribe` is replaced, before the app
 * loads, by one that asks the local mock push service (web-push-testing, jobs/test/fixtures/pushService.ts) for a
 * subscription to the key the page gave. The page gets that subscription: the mock's real endpoint and real
 * P-256 / auth keys, so the server stores what a browser would hand over and the worker's encryption and VAPID
 * signature are real and checked by the mock when it decrypts. It is kept in localStorage (so a reload finds
 * it), as the browser would. Everything the app does around it (permission, worker, key, server calls) is real.
 */
async function pushServiceStandIn(context: BrowserContext): Promise<void> {
  await context.exposeFunction('__e2ePushSubscribe', async (applicationServerKey: string) => {
    const s = await pushService.subscribe(applicationServerKey);
    hashes.set(s.endpoint, s.clientHash);
    return { endpoint: s.endpoint, keys: s.keys };
  });
  await context.addInitScript(() => {
    const STORE = 'e2e-push-subscription';
    type Saved = { endpoint: string; key: number[]; keys: { p256dh: string; auth: string } };
    const toB64 = (b: Uint8Array) =>
      btoa(String.fromCharCode(...b))
        .replaceAll('+', '-')
        .replaceAll('/', '_')
        .replace(/=+$/, '');
    const make = ({ endpoint, key, keys }: Saved) => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        localStorage.removeItem(STORE);
        return true;
      },
    });
    const saved = () => {
      const raw = localStorage.getItem(STORE);
      return raw ? make(JSON.parse(raw) as Saved) : null;
    };
    const proto = PushManager.prototype as unknown as Record<string, unknown>;
    proto.getSubscription = async () => saved();
    proto.subscribe = async (options: { applicationServerKey: Uint8Array | ArrayBuffer }) => {
      const key = [...new Uint8Array(options.applicationServerKey)];
      const issued = await (window as unknown as { __e2ePushSubscribe: (k: string) => Promise<Omit<Saved, 'key'>> }).__e2ePushSubscribe(
        toB64(new Uint8Array(key)),
      );
      const sub: Saved = { ...issued, key };
      localStorage.setItem(STORE, JSON.stringify(sub));
      return make(sub);
    };
  });
}

type SubscriptionRow = { endpoint: string; p256dh: string; auth: string; device_label: string | null };

/** The `push_subscriptions` rows of the account with this e-mail, read from PostgreSQL. */
async function storedSubscriptions(email: string): Promise<SubscriptionRow[]> {
  const db = createDb(env.stack.databaseUrl, 1);
  try {
    return await db
      .selectFrom('push_subscriptions')
      .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
      .select(['push_subscriptions.endpoint', 'push_subscriptions.p256dh', 'push_subscriptions.auth', 'push_subscriptions.device_label'])
      .where('users.email', '=', email)
      .execute();
  } finally {
    await db.destroy();
  }
}

describe('"Alerts on this phone" (docs/decisions/038)', () => {
  it('turned on with a tap it subscribes with the VAPID key and stores the subscription; on after a reload; off on Manage Alerts deletes it', async () => {
    const context = await notifyingContext();
    await pushServiceStandIn(context);
    const page = await context.newPage();
    const errors = watchConsole(page);
    const email = `push-on-${Date.now()}@example.com`;
    await signUp(page, env.stack, email, '/get-alerts');
    const card = page.getByTestId('phone-alerts');
    const toggle = card.getByRole('switch', { name: 'Alerts on this phone' });
    const status = card.getByTestId('phone-alerts-status');
    await expect.poll(() => status.textContent(), SLOW).toBe('Off: alerts come by e-mail or text only.');
    expect(await card.textContent()).toContain('Free with any day pass');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await storedSubscriptions(email)).toEqual([]);

    await toggle.click();
    await expect.poll(() => status.textContent(), SLOW).toBe('On: alerts arrive here as notifications.');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    // Subscribed with the server's key (push.publicKey), and the worker is in place to receive the messages.
    const saved = await page.evaluate(
      () => JSON.parse(localStorage.getItem('e2e-push-subscription') ?? '{}') as { endpoint: string; key: number[]; keys: unknown },
    );
    expect(Buffer.from(saved.key).toString('base64url')).toBe(env.stack.vapid.publicKey);
    expect(saved.endpoint).toMatch(new RegExp(`^${pushService.origin}/notify/`));
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL)).toBe(
      `${env.stack.url}/sw.js`,
    );
    await card.getByTestId('push-devices').getByText('Chrome on Linux').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'push-get-alerts-on.png') });

    // After a reload: still on (this browser's subscription), and push.subscribe stored exactly it, once, for the account.
    await page.reload();
    await expect.poll(() => status.textContent(), SLOW).toBe('On: alerts arrive here as notifications.');
    await card.getByTestId('push-devices').getByText('Chrome on Linux').waitFor();
    expect(await storedSubscriptions(email)).toEqual([
      { endpoint: saved.endpoint, ...(saved.keys as object), device_label: 'Chrome on Linux' },
    ]);

    // Manage Alerts has the same switch: off deletes the subscription on the server (push.unsubscribe) and in the browser.
    await page.goto(`${env.stack.url}/manage-alerts`);
    await expect.poll(() => status.textContent(), SLOW).toBe('On: alerts arrive here as notifications.');
    await toggle.click();
    await expect.poll(() => status.textContent(), SLOW).toBe('Off: alerts come by e-mail or text only.');
    await page.reload();
    await expect.poll(() => status.textContent(), SLOW).toBe('Off: alerts come by e-mail or text only.');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull();
    expect(await storedSubscriptions(email)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('notifications not allowed: says how to allow them and stores nothing', async () => {
    const context = await env.browser.newContext({ viewport: { width: 412, height: 823 } });
    await pushServiceStandIn(context);
    const page = await context.newPage();
    const email = `push-denied-${Date.now()}@example.com`;
    await signUp(page, env.stack, email, '/manage-alerts');
    const card = page.getByTestId('phone-alerts');
    await expect.poll(() => card.getByTestId('phone-alerts-status').textContent()).toMatch(/^Off/);
    await card.getByRole('switch', { name: 'Alerts on this phone' }).click();
    await card.getByRole('alert').waitFor();
    // Headless Chromium answers a permission request nobody granted with 'denied'.
    expect(await card.getByRole('alert').textContent()).toBe(
      'Notifications are blocked for WalkOn in this browser. Allow them in the site settings (the icon beside the address), then turn this on again.',
    );
    expect(await card.getByTestId('phone-alerts-status').textContent()).toBe('Off: notifications are blocked for WalkOn in this browser.');
    expect(await card.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await expect.poll(() => card.getByTestId('phone-alerts-status').textContent()).toMatch(/^Off/);
    expect(await storedSubscriptions(email)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'push-denied.png') });
    await context.close();
  });

  it('on an iPhone in Safari it shows the Add to Home Screen steps instead of a switch; a browser without push says so', async () => {
    const iphone = await env.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    const page = await iphone.newPage();
    await signUp(page, env.stack, `push-ios-${Date.now()}@example.com`, '/get-alerts');
    const card = page.getByTestId('phone-alerts');
    await card.getByTestId('ios-home-screen').waitFor();
    expect(await card.textContent()).toContain('Add to Home Screen');
    expect(await card.textContent()).toContain('keep coming by e-mail');
    expect(await card.getByRole('switch').count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'push-iphone-walkthrough.png') });
    await iphone.close();

    const old = await env.browser.newContext({ viewport: { width: 412, height: 823 } });
    await old.addInitScript(() => {
      delete (window as unknown as { PushManager?: unknown }).PushManager;
    });
    const page2 = await old.newPage();
    await signUp(page2, env.stack, `push-none-${Date.now()}@example.com`, '/manage-alerts');
    await page2.getByTestId('push-unsupported').waitFor();
    expect(await page2.getByTestId('push-unsupported').textContent()).toContain('This browser cannot receive push alerts');
    expect(await page2.getByTestId('phone-alerts').getByRole('switch').count()).toBe(0);
    await old.close();
  });
});

/** Subjects of the ride-alert e-mails (outbox rows of a delivery, not the test alert) sent to `email`. */
async function alertSubjects(email: string): Promise<(string | null)[]> {
  const db = createDb(env.stack.databaseUrl, 1);
  try {
    const rows = await db
      .selectFrom('outbox_messages')
      .innerJoin('deliveries', 'deliveries.id', 'outbox_messages.delivery_id')
      .select('outbox_messages.subject')
      .where('outbox_messages.to_address', '=', email)
      .where('deliveries.kind', 'in', ['ride_alert', 'back_in_service'])
      .distinct()
      .execute();
    return rows.map((r) => r.subject);
  } finally {
    await db.destroy();
  }
}

/** The account's push deliveries of ride alerts (statuses) and whether its subscription has an accepted push. */
async function pushRecord(email: string): Promise<{ statuses: string[]; lastSuccess: boolean }> {
  const db = createDb(env.stack.databaseUrl, 1);
  try {
    const rows = await db
      .selectFrom('push_deliveries')
      .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_deliveries.push_subscription_id')
      .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
      .innerJoin('deliveries', 'deliveries.id', 'push_deliveries.delivery_id')
      .select(['push_deliveries.status', 'push_subscriptions.last_success_at'])
      .where('users.email', '=', email)
      .where('deliveries.kind', 'in', ['ride_alert', 'back_in_service'])
      .execute();
    return { statuses: rows.map((r) => r.status), lastSuccess: rows.length > 0 && rows.every((r) => r.last_success_at !== null) };
  } finally {
    await db.destroy();
  }
}

/** For a failure message: the account's deliveries, audience row and push rows, and what the push service saw. */
async function alertPathState(email: string, hash: string): Promise<string> {
  const db = createDb(env.stack.databaseUrl, 1);
  try {
    return JSON.stringify({
      now: stackNow().toISOString(),
      deliveries: await db
        .selectFrom('deliveries')
        .select(['kind', 'status', 'created_at', 'ride_id'])
        .where('email', '=', email)
        .execute(),
      watcher: await db
        .selectFrom('alert_watchers')
        .select(['park_id', 'dirty', 'due_at', 'armed_on', 'starts_at', 'email_days', 'alert_ticks'])
        .where('email', '=', email)
        .execute(),
      pushes: await db.selectFrom('push_deliveries').select(['status', 'created_at']).execute(),
      outbox: await db.selectFrom('outbox_messages').select(['subject', 'created_at']).where('to_address', '=', email).execute(),
      pushService: {
        requests: pushService.requests.filter((r) => r.hash === hash).map((r) => r.status),
        messages: await pushService.messages(hash),
      },
    });
  } finally {
    await db.destroy();
  }
}

const RECORDING = 'tpw_live_magic-kingdom_2026-04-14T2227Z.json';

/**
 * The rides one tick now alerts a visitor watching every Magic Kingdom ride (expectedByRule, the independent
 * script over the replayed recording, docs/rules.md R2–R3), with their ids and standby waits read from the same
 * JSON, in the message's order (DESIGN §2.5 "Push", as the e-mail: shortest wait first, then by name).
 */
function expectedRides(at: Date): { id: string; name: string; wait: number }[] {
  const doc = JSON.parse(readFileSync(fixturePath(RECORDING), 'utf8')) as {
    liveData: { id: string; name: string; entityType: string; queue?: { STANDBY?: { waitTime?: number | null } } }[];
  };
  return expectedByRule(RECORDING, at, 'America/New_York', true)
    .map((name) => {
      const e = doc.liveData.find((x) => x.entityType === 'ATTRACTION' && x.name === name)!;
      return { id: e.id, name, wait: e.queue!.STANDBY!.waitTime! };
    })
    .sort((a, b) => a.wait - b.wait || a.name.localeCompare(b.name));
}

describe('an alert by push, end to end (docs/decisions/038)', () => {
  // One retry: this full path (browser, API, worker process, push service) failed 2 of 15 runs in stop 32 and once
  // more on 2026-12-07 (the push not there within 150 s), passing on the rerun each time; the cause is not found.
  // A retry that passes still shows in the run's output; two failures in a row fail the suite.
  it('switch on → pass → the worker’s tick pushes one encrypted alert to the push service → the service worker shows it → a click opens the ride', {
    retry: 1,
    timeout: 300_000,
  }, async () => {
    await seedFreePromo(env.stack, 'E2E-PUSH-DAY');
    const context = await notifyingContext();
    await pushServiceStandIn(context);
    const page = await context.newPage();
    const errors = watchConsole(page);
    const email = `push-tick-${Date.now()}@example.com`;
    await signUp(page, env.stack, email, '/get-alerts');
    const cdp = await context.newCDPSession(page);
    const { worker, registrationId } = await controlledPage(context, cdp, page, '/get-alerts');

    // Alerts on this phone: the real push.subscribe stores the mock-issued subscription.
    const card = page.getByTestId('phone-alerts');
    await expect.poll(() => card.getByTestId('phone-alerts-status').textContent(), SLOW).toMatch(/^Off/);
    await card.getByRole('switch', { name: 'Alerts on this phone' }).click();
    await expect.poll(() => card.getByTestId('phone-alerts-status').textContent(), SLOW).toBe('On: alerts arrive here as notifications.');
    const rows = await storedSubscriptions(email);
    expect(rows).toHaveLength(1);
    const hash = hashes.get(rows[0]!.endpoint)!;
    expect(hash).toBeTruthy();

    // A free day pass for Magic Kingdom, every ride watched (the default), alerts by e-mail with push beside it.
    await page.getByLabel('Destination').selectOption(WDW);
    await page.getByLabel('Park').selectOption(MK);
    await page.getByText('35 of 35 rides selected').waitFor();
    await page.getByLabel('Have a promo code?').fill('e2e-push-day');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Promo Code Applied!').waitFor();
    await page.getByText('ACTIVE', { exact: true }).waitFor();

    // The worker's own poll of Magic Kingdom (its job scheduler, every 60 s) alerts; send-push encrypts with the
    // subscription's keys and signs with VAPID; the mock push service checks both and decrypts. Which rides are
    // short depends on the hour (the replay is shifted to the real clock): the independent script says which.
    const expected = expectedRides(stackNow());
    expect(expected.length).toBeGreaterThan(0);
    const alerts = async () => (await pushService.messages(hash)).filter((m) => (JSON.parse(m) as { kind: string }).kind === 'alert');
    await expect
      .poll(async () => (await alerts()).length, { timeout: 150_000, interval: 1000 })
      .toBe(1)
      .catch(async (err: Error) => {
        throw new Error(`${err.message}\nWhat the stack holds: ${await alertPathState(email, hash)}`);
      });
    const raw = (await alerts())[0]!;
    const payload = JSON.parse(raw) as { title: string; body: string; url: string; tag: string };
    const [first, ...rest] = expected as [(typeof expected)[number], ...typeof expected];
    const more = rest.length > 0 ? ` +${rest.length} more` : '';
    expect(payload).toEqual({
      title: `${first.name} ${first.wait} min${more}`,
      body: expect.stringMatching(/^Magic Kingdom Park at \d{1,2}:\d{2} [AP]M/),
      url: `/live-wait-times/${MK}/${first.id}`,
      tag: first.id,
      parkId: MK,
      attractionId: first.id,
      kind: 'alert',
    });
    if (rest[0]) expect(payload.body).toContain(` · ${rest[0].name} ${rest[0].wait} min`);
    // Sent as docs/decisions/038 says: TTL 15 minutes, urgency high, topic = the ride (so a newer alert replaces it).
    const sent = pushService.requests.filter((r) => r.hash === hash && r.headers.topic === first.id.replace(/-/g, ''));
    expect(sent.map((r) => [r.status, r.headers.ttl, r.headers.urgency])).toEqual([[201, '900', 'high']]);
    // Beside the pass's own channel: the same tick's e-mail says the same, and the push is recorded as sent.
    await expect.poll(() => alertSubjects(email), { timeout: 30_000 }).toEqual([`${payload.title} at Magic Kingdom Park`]);
    await expect.poll(() => pushRecord(email), { timeout: 30_000 }).toEqual({ statuses: ['sent'], lastSuccess: true });

    // That exact message, delivered to this page's service worker: the notification it shows, and its click.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: env.stack.url, registrationId, data: raw });
    await expect.poll(async () => (await shown(page)).map((n) => [n.title, n.tag])).toEqual([[payload.title, first.id]]);
    const [n] = await shown(page);
    expect(n?.body).toBe(payload.body);
    expect(n?.data.url).toBe(payload.url);
    expect(await click(worker, first.id, '')).toEqual([`${env.stack.url}${payload.url}`]);
    expect(await shown(page)).toEqual([]);
    await page.goto(`${env.stack.url}${payload.url}`);
    await page.getByRole('heading', { level: 1, name: first.name }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
