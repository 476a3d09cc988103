import path from 'node:path';
import { createDb } from '@walkon/db';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushService, startPushService } from '../../jobs/test/fixtures/pushService.ts';
import { MK, parkToday, SCREENSHOTS, signUpLinkFor, WDW, watchConsole, withStackAndBrowser } from './harness.ts';

// Sign-up by e-mailed link (docs/decisions/046-sign-up-by-link.md): the flows that used to rely on a session
// right after sign-up — Get Alerts with push opt-in, and a card checkout claimed by creating an account — run
// through "check your e-mail" → the link (sent into the outbox by the real worker's send queues) → "Finish signing
// up", at 375 and 1280 px. The free-day path ("Want alerts for FREE?") is web/e2e/account.e2e.test.ts.
const env = withStackAndBrowser({ sendWorker: true });
let pushService: PushService;
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService?.close();
});
/** Turning push on waits for the service worker's first install (it downloads the app's assets). */
const SLOW = { timeout: 20_000 };

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * The browser's push service stood in for by the local mock (jobs/test/fixtures/pushService.ts, which issues real
 * endpoints and keys): PushManager.subscribe asks it for a subscription and keeps it in localStorage, as
 * web/e2e/push.e2e.test.ts does. Notifications are allowed for the stack's origin.
 */
async function pushContext(width: number): Promise<BrowserContext> {
  const context = await env.browser.newContext({ viewport: { width, height: 900 } });
  await context.grantPermissions(['notifications'], { origin: env.stack.url });
  await context.exposeFunction('__e2ePushSubscribe', async (applicationServerKey: string) => {
    const s = await pushService.subscribe(applicationServerKey);
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
    const proto = PushManager.prototype as unknown as Record<string, unknown>;
    proto.getSubscription = async () => {
      const raw = localStorage.getItem(STORE);
      return raw ? make(JSON.parse(raw) as Saved) : null;
    };
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
  return context;
}

/** Fills the Sign Up tab of /auth and sends it; waits for "Check your e-mail". */
async function signUpForm(page: Page, email: string, fullName: string) {
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a good password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByText(`We sent an e-mail to ${email}.`).waitFor();
  await page.getByText('Check your email for a confirmation link.').first().waitFor();
}

/** What the session endpoint says this browser is (null = signed out). */
async function me(page: Page): Promise<{ email: string; emailVerified: boolean } | null> {
  return (await (await page.request.get(`${env.stack.url}/trpc/auth.me`)).json()).result.data.user;
}

describe('flows that start signed out continue through the e-mailed sign-up link', () => {
  for (const width of [375, 1280]) {
    it(`Get Alerts → sign up → the link brings the new account back to Get Alerts; push turned on stays on after a reload (${width} px)`, async () => {
      const context = await pushContext(width);
      const page = await context.newPage();
      const errors = watchConsole(page);
      const email = `getalerts-${width}-${Date.now()}@example.com`;

      await page.goto(`${env.stack.url}/get-alerts`);
      await page.waitForURL(/\/auth\?redirect=%2Fget-alerts/);
      await signUpForm(page, email, 'Link Visitor');
      await shoot(page, `signup-check-email-${width}`);
      // Nothing is signed in until the link is opened.
      expect(await me(page)).toBeNull();

      await page.goto(await signUpLinkFor(env.stack, email));
      await page.getByRole('heading', { name: 'Finish signing up' }).waitFor();
      await page.getByText(email).waitFor();
      await shoot(page, `signup-finish-${width}`);
      await page.getByRole('button', { name: 'Finish signing up' }).click();
      await page.waitForURL((u) => u.pathname === '/get-alerts');
      await page.getByRole('heading', { name: 'Get Alerts' }).waitFor();
      expect(await me(page)).toMatchObject({ email, emailVerified: true });

      // Push opt-in ("Alerts on this phone") works for the account the link made, and stays on after a reload.
      const card = page.getByTestId('phone-alerts');
      const toggle = card.getByRole('switch', { name: 'Alerts on this phone' });
      const status = card.getByTestId('phone-alerts-status');
      await expect.poll(() => status.textContent(), SLOW).toBe('Off: alerts come by e-mail or text only.');
      await toggle.click();
      await expect.poll(() => status.textContent(), SLOW).toBe('On: alerts arrive here as notifications.');
      await page.reload();
      await page.getByRole('heading', { name: 'Get Alerts' }).waitFor();
      await expect.poll(() => status.textContent(), SLOW).toBe('On: alerts arrive here as notifications.');
      await shoot(page, `signup-get-alerts-push-on-${width}`);
      const db = createDb(env.stack.databaseUrl, 1);
      try {
        const rows = await db
          .selectFrom('push_subscriptions')
          .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
          .select('push_subscriptions.endpoint')
          .where('users.email', '=', email)
          .execute();
        expect(rows.map((r) => r.endpoint.startsWith(`${pushService.origin}/notify/`))).toEqual([true]);
      } finally {
        await db.destroy();
      }
      // The destination picker is there for the new account, as for anyone signed in.
      await page.getByLabel('Destination').selectOption(WDW);
      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);

    it(`card checkout signed out → "Create an account" → the link signs in and Manage Alerts shows the pass, also after a reload (${width} px)`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchConsole(page);
      const email = `claim-${width}-${Date.now()}@example.com`;
      const today = parkToday('America/New_York');

      await page.goto(`${env.stack.url}/`);
      const card = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Get walk-on alerts' }) });
      await card.locator('#hero-park').selectOption(MK);
      await card.getByRole('radio', { name: /^E-mail/ }).check();
      await card.getByRole('button', { name: /^Dates/ }).click();
      await page.getByRole('button', { name: new RegExp(today.dayLabel) }).click();
      await page.getByRole('button', { name: 'Done' }).click();
      await card.getByRole('list', { name: 'Selected dates' }).getByRole('listitem').first().waitFor();
      await card.getByLabel('Email for your receipt').fill(email);
      await card.getByRole('button', { name: 'Pay $1 with card' }).click();
      await page.waitForURL(/\/pay\/cs_test_/);
      await page.getByRole('button', { name: 'Pay $1.00' }).click();
      await page.waitForURL(/\/subscription-success\?session_id=cs_test_/);
      await page.getByRole('heading', { name: 'Subscription Successful' }).waitFor();

      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.waitForURL(/\/auth\?/);
      await signUpForm(page, email, 'Card Buyer');
      expect(await me(page)).toBeNull();
      await page.goto(await signUpLinkFor(env.stack, email));
      await page.getByRole('button', { name: 'Finish signing up' }).click();
      await page.waitForURL((u) => u.pathname === '/manage-alerts');
      await page.getByRole('heading', { name: 'Magic Kingdom Park' }).waitFor();
      await expect(page.getByText('Please confirm your e-mail address').count()).resolves.toBe(0);
      await page.reload();
      await page.getByRole('heading', { name: 'Magic Kingdom Park' }).waitFor();
      await shoot(page, `signup-claimed-pass-${width}`);
      expect(await me(page)).toMatchObject({ email, emailVerified: true });
      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);
  }
});
