import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, type CDPSession, chromium, type Page, type Request, type Worker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { MK, SCREENSHOTS, signUp, watchConsole, withStackAndBrowser } from './harness.ts';

const env = withStackAndBrowser();

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
