import path from 'node:path';
import { createDb } from '@walkon/db';
import { addDays, format } from 'date-fns';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAdminSection } from './adminNav.ts';
import { grantRole, MK, SCREENSHOTS, signUp, stackNow, WDW, watchConsole, withStackAndBrowser } from './harness.ts';

/**
 * What a new visitor meets on the public pages, signed out, signed up and as an admin, at 375 and 1280 px: the
 * landing counter's figures and plural labels, flight fares in their own currency with one card per flight,
 * the job queues' refusal page, and the pages whose look was fixed (pricing, parks, unsubscribe, 404, the
 * pricing dialog). Screenshots go to web/e2e/screenshots/newUser-*.png.
 */
const env = withStackAndBrowser();

/** Alerts sent today per ride, as the worker would have recorded them (deliveries with status sent). */
const SENT: Record<string, number> = { 'Space Mountain': 13, 'Dumbo the Flying Elephant': 1 };

beforeAll(async () => {
  const db = createDb(env.stack.databaseUrl, 1);
  try {
    const rows = Object.entries(SENT).flatMap(([ride, n]) =>
      Array.from({ length: n }, (_, i) => ({
        dedup_key: `e2e-counter-${ride}-${i}`,
        kind: 'ride_alert' as const,
        email: `rider${i}@example.com`,
        channel: 'email' as const,
        address: `rider${i}@example.com`,
        park_id: MK,
        ride_id: null,
        ride_name: ride,
        wait_time: 5,
        message: `${ride} is a walk-on`,
        subscription_id: null,
        status: 'sent' as const,
        provider_message_id: null,
        error: null,
        sent_at: stackNow(),
      })),
    );
    // Sent today but no walk-on (the counter's "walk-on alerts" is R1's 1–15 minutes): a ride back in service
    // and an alert at a 60-minute threshold. Only the latter counts among its ride's alerts.
    const base = rows[0]!;
    await db
      .insertInto('deliveries')
      .values([
        ...rows,
        { ...base, dedup_key: 'e2e-counter-back', kind: 'back_in_service', ride_name: 'Dumbo the Flying Elephant', message: 'back' },
        { ...base, dedup_key: 'e2e-counter-60', ride_name: 'Space Mountain', wait_time: 60, message: 'Space Mountain 60' },
      ])
      .execute();
  } finally {
    await db.destroy();
  }
});

const shotPath = (name: string, width: number) => path.join(SCREENSHOTS, `newUser-${name}-${width}.png`);

/** Nothing on the page is wider than the viewport (no sideways scrolling on a phone). */
async function expectNoSideScroll(page: Page, width: number, what: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(width);
}

describe('what new users hit', () => {
  for (const width of [375, 1280]) {
    it(`landing counter: each label shows its own figure counting up from 0, with plural rules, at ${width} px`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchConsole(page);
      await page.goto(`${env.stack.url}/`);
      const counter = page.getByTestId('alerts-counter');
      await counter.waitFor();
      // Every animation frame for 13 s (three 4 s rotations): the number shown and the label under it.
      const samples = await page.evaluate(
        () =>
          new Promise<{ n: number; label: string }[]>((resolve) => {
            const out: { n: number; label: string }[] = [];
            const end = performance.now() + 13_000;
            const read = () => {
              const n = document.querySelector('[data-counter="number"]')?.textContent ?? '';
              const label = document.querySelector('[data-counter="label"]')?.textContent ?? '';
              out.push({ n: Number(n.replaceAll(',', '')), label });
              if (performance.now() < end) requestAnimationFrame(read);
              else resolve(out);
            };
            requestAnimationFrame(read);
          }),
      );
      const want: Record<string, number> = {
        'walk-on alerts sent today': 14,
        'alerts for Space Mountain': 14,
        'alert for Dumbo the Flying Elephant': 1,
      };
      expect(samples.length).toBeGreaterThan(100);
      for (const s of samples) {
        expect(Object.keys(want), `label "${s.label}"`).toContain(s.label);
        // Never a figure above the one its label stands for (it showed 13 under a label whose figure was 2).
        expect(s.n, `${s.n} ${s.label}`).toBeLessThanOrEqual(want[s.label]!);
      }
      for (const [label, n] of Object.entries(want)) {
        expect(
          samples.some((s) => s.label === label && s.n === n),
          `${n} ${label} shown`,
        ).toBe(true);
      }
      // Screen readers get the whole figure, singular where it is one.
      await expect.poll(() => counter.locator('.sr-only').textContent(), { timeout: 10_000 }).toBe('1 alert for Dumbo the Flying Elephant');
      await page.waitForTimeout(2_200); // the count-up ends
      await page.screenshot({ path: shotPath('landing', width) });
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`landing counter with reduced motion: every figure at once, nothing swaps, at ${width} px`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const errors = watchConsole(page);
      await page.goto(`${env.stack.url}/`);
      const counter = page.getByTestId('alerts-counter');
      await counter.getByText('alert for Dumbo the Flying Elephant').waitFor();
      const read = async () => (await counter.textContent()) ?? '';
      const first = await read();
      for (const text of ['14', 'walk-on alerts sent today', 'alerts for Space Mountain', 'alert for Dumbo the Flying Elephant'])
        expect(first).toContain(text);
      await page.waitForTimeout(4_500); // longer than one rotation
      expect(await read()).toBe(first);
      await page.screenshot({ path: shotPath('landing-reduced-motion', width) });
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`flight results: fares with their currency sign, one card per flight landing at one airport, logo or name at ${width} px`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchConsole(page);
      await page.goto(`${env.stack.url}/flight-deals`);
      await page.getByRole('heading', { level: 1, name: 'FREE Disney Flight Deal Alerts!' }).waitFor();
      await page.getByText('Alerts compare fares in US dollars (USD).').waitFor();
      await page.getByLabel('Home airport', { exact: true }).pressSequentially('jfk');
      await page.getByLabel('Disney destination', { exact: true }).selectOption({ label: 'Disney World (Florida)' });
      await page.getByLabel('Departure date', { exact: true }).fill(format(addDays(stackNow(), 5), 'yyyy-MM-dd'));
      await page.getByRole('button', { name: 'Search Flights' }).click();
      const list = page.getByRole('list', { name: 'Available Flights' });
      await list.waitFor();
      const cards = list.getByRole('listitem');
      // The replay lands each recorded flight at one airport of the destination: one card per flight, one airport each.
      const texts = await cards.allTextContents();
      expect(texts.length).toBe(3);
      expect(texts[0]).toContain('£45');
      expect(texts[0]).toContain('BA1234');
      for (const t of texts) {
        expect(t).not.toContain('Same flight and fare');
        expect(
          ['MCO', 'SFB', 'TPA'].filter((code) => t.includes(code)),
          t,
        ).toHaveLength(1);
      }
      expect(['MCO', 'SFB', 'TPA'].every((code) => texts.some((t) => t.includes(code)))).toBe(true);
      expect(texts[1]).toContain('£79.62');
      expect(texts[2]).toContain('£627');
      for (const t of texts) expect(t).not.toMatch(/\bGBP\b/);
      // The recorded offers carry no logo: the airline's code stands in, its name beside it.
      expect(await cards.first().getByTestId('airline-fallback').textContent()).toBe('BA');
      expect(texts[0]).toContain('British Airways');
      await expectNoSideScroll(page, width, 'flight deals');
      await page.screenshot({ path: shotPath('flight-deals', width), fullPage: true });

      // A negative maximum price says what is wrong, not "fill in all fields".
      await page.getByLabel('Email', { exact: true }).fill('new-user@example.com');
      await page.getByLabel('Max price (USD)', { exact: true }).fill('-50');
      await page.getByRole('button', { name: 'Create Alert' }).click();
      await page.getByText('Please enter a maximum price of at least $1.').first().waitFor();
      expect(await page.getByText('Missing Information').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`/admin/queues: signed out goes to login, a signed-up user sees Access Denied, not JSON, at ${width} px`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      // The refusal is a 403 on purpose; Chromium logs that response.
      const errors = watchConsole(page, [/status of 403/]);
      await page.goto(`${env.stack.url}/admin/queues`);
      await page.waitForURL(/\/auth\?redirect=%2Fadmin%2Fqueues$/);
      await page.getByRole('heading', { name: 'Welcome to WalkOn' }).waitFor();
      await signUp(page, env.stack, `queues-${width}-${Date.now()}@example.com`);
      const res = await page.goto(`${env.stack.url}/admin/queues`);
      expect(res?.status()).toBe(403);
      await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
      await page.getByText('You do not have admin privileges').waitFor();
      expect(await page.title()).toBe('Access Denied · WalkOn');
      // Styled by the site's stylesheet (the body is not the browser's default serif on white).
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(248, 250, 252)');
      await expectNoSideScroll(page, width, 'access denied');
      await page.screenshot({ path: shotPath('queues-denied', width), fullPage: true });
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await page.waitForURL(`${env.stack.url}/`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`the pages whose look was fixed, at ${width} px`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchConsole(page, [/status of 40[04]/]);

      await page.goto(`${env.stack.url}/pricing`);
      const cta = page.getByRole('link', { name: 'Get Started' }).first();
      await cta.waitFor();
      // White on teal, not teal on teal.
      expect(await cta.evaluate((a) => getComputedStyle(a).color)).toBe('rgb(255, 255, 255)');
      await page.screenshot({ path: shotPath('pricing', width), fullPage: true });

      await page.goto(`${env.stack.url}/parks`);
      await page.getByRole('link', { name: 'Live waits' }).first().waitFor();
      await expectNoSideScroll(page, width, 'parks');
      await page.screenshot({ path: shotPath('parks', width), fullPage: false });
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await page.screenshot({ path: shotPath('footer', width), fullPage: false });

      const appFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      await page.goto(`${env.stack.url}/unsubscribe?token=${'ab'.repeat(16)}`);
      await page.getByRole('heading', { level: 1, name: 'Stop these alerts?' }).waitFor();
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(248, 250, 252)');
      // The same font as the app's pages.
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toBe(appFont);
      await page.screenshot({ path: shotPath('unsubscribe', width), fullPage: true });
      await page.getByRole('button', { name: 'Stop these alerts' }).click();
      await page.getByRole('heading', { level: 1, name: 'Link not found' }).waitFor();

      // An unknown path answers HTTP 404 with the same page (no soft 404); a known route answers 200.
      const missing = await page.goto(`${env.stack.url}/no-such-page`);
      expect(missing?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
      expect((await page.goto(`${env.stack.url}/live-wait-times/some-park/some-ride`))?.status()).toBe(200);
      expect((await page.goto(`${env.stack.url}/live-wait-times/some-park`))?.status()).toBe(404);
      await page.goto(`${env.stack.url}/no-such-page`);
      await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
      await expect.poll(() => page.title()).toBe('Page Not Found · WalkOn');
      await page.screenshot({ path: shotPath('404', width) });

      await page.goto(`${env.stack.url}/live-wait-times`);
      await page.getByLabel('Destination').selectOption(WDW);
      await expectNoSideScroll(page, width, 'live wait times');
      await page.screenshot({ path: shotPath('live-wait-times', width) });

      // The pricing dialog's RECOMMENDED pill stays inside its card.
      await signUp(page, env.stack, `dialog-${width}-${Date.now()}@example.com`, '/get-alerts');
      await page.getByLabel('Destination').selectOption(WDW);
      await page.getByLabel('Park').selectOption(MK);
      await page.getByText('35 of 35 rides selected').waitFor();
      await page.getByRole('button', { name: 'Buy a day pass' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose Your Alert Method' });
      await dialog.waitFor();
      const pill = dialog.getByText('RECOMMENDED', { exact: true });
      const card = dialog.locator('label').filter({ hasText: 'RECOMMENDED' });
      const [p, c] = await Promise.all([pill.boundingBox(), card.boundingBox()]);
      expect(p && c).toBeTruthy();
      expect(p!.x + p!.width).toBeLessThanOrEqual(c!.x + c!.width);
      expect(p!.x).toBeGreaterThanOrEqual(c!.x);
      await page.screenshot({ path: shotPath('pricing-dialog', width) });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('testimonials appear on the landing page only once an admin has entered a real one', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${env.stack.url}/`);
    await page.getByRole('heading', { name: 'Get park tips and new-park news' }).waitFor();
    // The testimonials query has answered once the counter's figures (fetched alongside) are on screen.
    await page.getByTestId('alerts-counter').waitFor();
    expect(await page.getByRole('heading', { name: 'What visitors say' }).count()).toBe(0);
    expect(await page.getByText(/Sample/).count()).toBe(0);

    const email = `curator-${Date.now()}@example.com`;
    await signUp(page, env.stack, email);
    await grantRole(env.stack, email, 'admin');
    await openAdminSection(page, env.stack.url, 'Site settings');
    await page.getByRole('button', { name: 'Add testimonial' }).waitFor();
    await page.getByPlaceholder('Name', { exact: true }).fill('Priya K.');
    await page.getByPlaceholder('Park visited', { exact: true }).fill('EPCOT');
    await page.getByPlaceholder('Testimonial', { exact: true }).fill('Frozen Ever After at a 10-minute wait thanks to the alert.');
    await page.getByRole('button', { name: 'Add testimonial' }).click();
    await page.getByText('Testimonial added').first().waitFor();

    await page.goto(`${env.stack.url}/`);
    await page.getByRole('heading', { name: 'What visitors say' }).waitFor();
    await page.getByText('Priya K.').first().waitFor();
    await page.getByRole('heading', { name: 'What visitors say' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('testimonials', 1280) });
    expect(errors).toEqual([]);
    await context.close();
  });
});
