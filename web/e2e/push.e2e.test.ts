import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, type CDPSession, chromium, type Page, type Request, type Worker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { MK, SCREENSHOTS, signUp, watchConsole, withStackAndBrowser } from './harness.ts';

const env = withStackAndBrowser();
/** Turning push on waits for the worker's first install (it downloads the app's assets): more than expect.poll's 1 s. */
const SLOW = { timeout: 20_000 };

const PEOPLEMOVER = 'ffcfeaa2-1416-4920-a1ed-543c1a1695c4';
const PM_NAME = 'Tomorrowland Transit Authority PeopleMover';
const RIDE_PAGE = `/live-wait-times/${MK}/${PEOPLEMOVER}`;

/** A push message as the server sends it (issue 28's payload contract). */
const ALERT = {
  title: 'PeopleMover: 5 min',
  body: 'Standby wait 5 minutes at Magic Kingdom. +2 more',
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

describe('the installable app and its service worker (issue 28 items 1 and 5)', () => {
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
      data: JSON.stringify({ ...ALERT, title: 'PeopleMover: 0 min', body: 'Walk on now.' }),
    });
    await expect.poll(async () => (await shown(page)).map((x) => x.title)).toEqual(['PeopleMover: 0 min']);

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

  it('"Mute this ride today" posts mutes.set with the session and Origin; signed out, it opens the ride page to mute there', async () => {
    const context = await notifyingContext();
    const page = await context.newPage();
    await signUp(page, env.stack, `push-mute-${Date.now()}@example.com`, '/faq');
    const cdp = await context.newCDPSession(page);
    const { worker, registrationId } = await controlledPage(context, cdp, page, '/faq');

    // mutes.set is another branch's procedure (issue 28 item 4): the test answers it and checks the request.
    const muteCalls: { body: unknown; origin: string | undefined; cookie: string | undefined; type: string | undefined }[] = [];
    let answer = 200;
    await context.route('**/trpc/mutes.set', async (route, request: Request) => {
      const headers = await request.allHeaders();
      muteCalls.push({ body: request.postDataJSON(), origin: headers.origin, cookie: headers.cookie, type: headers['content-type'] });
      await (answer === 200
        ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ result: { data: { ok: true } } }) })
        : route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: JSON.stringify({ error: { message: 'Please sign in.', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } } }),
          }));
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

    answer = 401;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: env.stack.url, registrationId, data: JSON.stringify(ALERT) });
    await expect.poll(async () => (await shown(page)).map((x) => x.title)).toEqual([ALERT.title]);
    expect(await click(worker, PEOPLEMOVER, 'mute-today')).toEqual([`${env.stack.url}${RIDE_PAGE}?mute=today`]);
    expect(muteCalls).toHaveLength(2);
    await context.close();
  });
});

/** A VAPID public key as the server hands it out (base64url of an uncompressed P-256 point: 0x04 and 64 bytes). */
const VAPID_PUBLIC_KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');

interface PushServerFake {
  subscribes: { endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string }; deviceLabel?: string }[];
  unsubscribes: { endpoint: string }[];
  stored: Map<string, { id: string; deviceLabel: string | null; createdAt: string; lastSuccessAt: null }>;
}

/**
 * Answers the server's push procedures (`push.publicKey`, `push.subscribe`, `push.unsubscribe`, `push.list`,
 * built on another branch for issue 28) in tRPC's HTTP format, keeping what was stored, so the test sees exactly
 * what the page sends. At merge the real router answers instead (drop this route).
 */
async function fakePushServer(context: BrowserContext): Promise<PushServerFake> {
  const fake: PushServerFake = { subscribes: [], unsubscribes: [], stored: new Map() };
  const answer = (path: string, input: unknown): unknown => {
    if (path === 'push.publicKey') return { publicKey: VAPID_PUBLIC_KEY };
    if (path === 'push.list') return [...fake.stored.values()];
    if (path === 'push.subscribe') {
      const sub = input as PushServerFake['subscribes'][number];
      fake.subscribes.push(sub);
      fake.stored.set(sub.endpoint, {
        id: `d${fake.stored.size + 1}`,
        deviceLabel: sub.deviceLabel ?? null,
        createdAt: new Date().toISOString(),
        lastSuccessAt: null,
      });
      return { ok: true };
    }
    if (path === 'push.unsubscribe') {
      fake.unsubscribes.push(input as { endpoint: string });
      fake.stored.delete((input as { endpoint: string }).endpoint);
      return { ok: true };
    }
    throw new Error(`unexpected ${path}`);
  };
  await context.route(/\/trpc\/push\.[^/]+$|\/trpc\/push\.[^/?]+\?/, async (route, request) => {
    const url = new URL(request.url());
    const paths = url.pathname.slice('/trpc/'.length).split(',');
    if (request.method() === 'POST') {
      return route.fulfill({ json: { result: { data: answer(paths[0]!, request.postDataJSON()) } } });
    }
    const inputs = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, unknown>;
    const results = paths.map((p, i) => ({ result: { data: answer(p, inputs[i]) } }));
    return route.fulfill({ json: url.searchParams.get('batch') ? results : results[0] });
  });
  return fake;
}

/**
 * This browser's push service as seen by the page: headless Chromium here reaches no real push service (no
 * network), so `PushManager.subscribe` is replaced, before the app loads, by one that returns a subscription of
 * the standard shape for the key it was given and keeps it in localStorage (so a reload finds it), as the
 * browser would. Everything the app does around it (permission, worker, key, server calls) is real.
 */
async function fakePushService(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const STORE = 'e2e-push-subscription';
    const toB64 = (b: Uint8Array) =>
      btoa(String.fromCharCode(...b))
        .replaceAll('+', '-')
        .replaceAll('/', '_')
        .replace(/=+$/, '');
    const make = (endpoint: string, key: number[]) => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
      toJSON: () => ({
        endpoint,
        expirationTime: null,
        keys: { p256dh: toB64(new Uint8Array(65).fill(4)), auth: toB64(new Uint8Array(16).fill(9)) },
      }),
      unsubscribe: async () => {
        localStorage.removeItem(STORE);
        return true;
      },
    });
    const saved = () => {
      const raw = localStorage.getItem(STORE);
      if (!raw) return null;
      const { endpoint, key } = JSON.parse(raw) as { endpoint: string; key: number[] };
      return make(endpoint, key);
    };
    const proto = PushManager.prototype as unknown as Record<string, unknown>;
    proto.getSubscription = async () => saved();
    proto.subscribe = async (options: { applicationServerKey: Uint8Array }) => {
      const key = [...new Uint8Array(options.applicationServerKey)];
      const endpoint = `https://push.example.test/send/${Math.random().toString(36).slice(2)}`;
      localStorage.setItem(STORE, JSON.stringify({ endpoint, key }));
      return make(endpoint, key);
    };
  });
}

describe('"Alerts on this phone" (issue 28 items 2 and 3)', () => {
  it('turned on with a tap it subscribes with the VAPID key and stores the subscription; on after a reload; off on Manage Alerts deletes it', async () => {
    const context = await notifyingContext();
    await fakePushService(context);
    const server = await fakePushServer(context);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await signUp(page, env.stack, `push-on-${Date.now()}@example.com`, '/get-alerts');
    const card = page.getByTestId('phone-alerts');
    const toggle = card.getByRole('switch', { name: 'Alerts on this phone' });
    const status = card.getByTestId('phone-alerts-status');
    await expect.poll(() => status.textContent(), SLOW).toBe('Off: alerts come by e-mail or text only.');
    expect(await card.textContent()).toContain('Free with any day pass');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    await toggle.click();
    await expect.poll(() => status.textContent(), SLOW).toBe('On: alerts arrive here as notifications.');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(server.subscribes).toHaveLength(1);
    const sub = server.subscribes[0]!;
    expect(sub.endpoint).toMatch(/^https:\/\/push\.example\.test\/send\//);
    expect(sub.keys).toEqual({ p256dh: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/), auth: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    expect(sub.deviceLabel).toBe('Chrome on Linux');
    // Subscribed with the server's key, and the worker is in place to receive the messages.
    const key = await page.evaluate(() => (JSON.parse(localStorage.getItem('e2e-push-subscription') ?? '{}') as { key: number[] }).key);
    expect(Buffer.from(key).toString('base64url')).toBe(VAPID_PUBLIC_KEY);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL)).toBe(
      `${env.stack.url}/sw.js`,
    );
    await card.getByTestId('push-devices').getByText('Chrome on Linux').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'push-get-alerts-on.png') });

    // After a reload: still on (this browser's subscription), stored again for the signed-in account.
    await page.reload();
    await expect.poll(() => status.textContent(), SLOW).toBe('On: alerts arrive here as notifications.');
    expect(server.subscribes.map((s) => s.endpoint)).toEqual([sub.endpoint, sub.endpoint]);

    // Manage Alerts has the same switch: off deletes the subscription on the server and in the browser.
    await page.goto(`${env.stack.url}/manage-alerts`);
    await expect.poll(() => status.textContent(), SLOW).toBe('On: alerts arrive here as notifications.');
    await toggle.click();
    await expect.poll(() => status.textContent(), SLOW).toBe('Off: alerts come by e-mail or text only.');
    expect(server.unsubscribes).toEqual([{ endpoint: sub.endpoint }]);
    expect(server.stored.size).toBe(0);
    await page.reload();
    await expect.poll(() => status.textContent(), SLOW).toBe('Off: alerts come by e-mail or text only.');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('notifications not allowed: says how to allow them and stores nothing', async () => {
    const context = await env.browser.newContext({ viewport: { width: 412, height: 823 } });
    await fakePushService(context);
    const server = await fakePushServer(context);
    const page = await context.newPage();
    await signUp(page, env.stack, `push-denied-${Date.now()}@example.com`, '/manage-alerts');
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
    expect(server.subscribes).toEqual([]);
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
    await fakePushServer(iphone);
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
