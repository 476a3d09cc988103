import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MK, parkToday, SCREENSHOTS, seedFreePromo, signUp, WDW, walkonJobs, watchConsole, withStackAndBrowser } from './harness.ts';

const env = withStackAndBrowser();

const NO_RIDE = 'No ride is watched — select rides to get alerts';

/**
 * Resolves, as soon as a toast shows, with whether it sits below the sticky navigation (toasts must never cover
 * it). Start it before the action that raises the toast: it watches every frame, so a short-lived toast counts.
 */
async function toastClearOfNav(page: Page): Promise<boolean> {
  const handle = await page.waitForFunction(
    () => {
      const header = document.querySelector('header');
      const toast = document.querySelector('[data-sonner-toast]');
      if (!header || !toast) return null;
      return { clear: toast.getBoundingClientRect().top >= header.getBoundingClientRect().bottom };
    },
    undefined,
    { polling: 'raf' },
  );
  return ((await handle.jsonValue()) as { clear: boolean }).clear;
}

/** What the next replay tick of Magic Kingdom sends to `email` (other tests' people are left out). */
async function tickFor(email: string): Promise<{ rideName: string; recipient: string }[]> {
  const lines = await walkonJobs(env.stack, ['tick', '--park', MK]);
  return lines.map((l) => JSON.parse(l) as { rideName: string; recipient: string }).filter((s) => s.recipient === email);
}

describe('Get Alerts flows a new user goes through, at phone and desktop widths', () => {
  for (const width of [375, 1280]) {
    it(`channel choice, cancelled checkout, no ride watched, test-alert cooldown, checklist park in the URL (${width} px)`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: width < 768 ? 800 : 900 } });
      const page = await context.newPage();
      // The cooldown refusal is never provoked: the button is disabled first.
      const errors = watchConsole(page);
      const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `flows-${name}-${width}.png`), fullPage: true });
      const email = `flows-${width}-${Date.now()}@example.com`;
      const code = `E2E-FLOWS-${width}`;
      await seedFreePromo(env.stack, code);

      await signUp(page, env.stack, email, '/get-alerts', 'Flow Tester');
      await page.waitForURL(/\/get-alerts$/);
      await page.getByLabel('Destination').selectOption(WDW);
      await page.getByLabel('Park').selectOption(MK);
      await page.getByText('35 of 35 rides selected').waitFor();

      // The channel is chosen where it is bought: no page-level switch that changed nothing.
      expect(await page.getByRole('radiogroup', { name: 'Alert type' }).count()).toBe(0);
      await shot('channel-choice');
      await page.getByRole('button', { name: 'Buy a day pass' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose Your Alert Method' });
      await dialog.waitFor();
      await dialog.getByRole('radio', { name: /^SMS/ }).check();
      expect(await dialog.getByRole('radio', { name: /^SMS/ }).isChecked()).toBe(true);

      // Checkout cancelled on Stripe's page: back on Get Alerts, the page says so (once) and nothing was bought.
      await dialog.getByRole('radio', { name: /^Email/ }).check();
      await dialog.getByRole('button', { name: /^Pass dates/ }).click();
      await page.getByRole('button', { name: new RegExp(parkToday('America/New_York').dayLabel) }).click();
      await page.getByRole('button', { name: 'Done' }).click();
      await dialog.getByRole('button', { name: 'Confirm and pay $1' }).click();
      await page.waitForURL(/\/pay\/cs_test_/);
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.waitForURL(/\/get-alerts/);
      const canceledToast = toastClearOfNav(page);
      await page.getByText('Payment canceled').waitFor();
      expect(await canceledToast).toBe(true);
      await page.getByText('You have not been charged.', { exact: false }).waitFor();
      await page.waitForURL((u) => u.pathname === '/get-alerts' && u.search === '');
      await page.getByText('You have no pass for Magic Kingdom Park from today on.').waitFor();
      await shot('payment-canceled');
      await page.reload();
      await page.getByText('35 of 35 rides selected').waitFor();
      expect(await page.getByText('Payment canceled').count()).toBe(0);

      // A free e-mail day activates alerts.
      await page.getByLabel('Have a promo code?').fill(code);
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('button', { name: 'Stop Alerts' }).waitFor();
      await page.getByText('ACTIVE', { exact: true }).waitFor();

      // Unselect all: the page says no ride is watched (not ACTIVE), after a reload too, and the worker sends nothing.
      const saved = page.waitForResponse((r) => r.url().includes('alerts.saveRides') && r.ok());
      await page.getByRole('button', { name: 'Unselect all' }).click();
      await page.getByRole('status').filter({ hasText: NO_RIDE }).waitFor();
      await saved;
      expect(await page.getByText('ACTIVE', { exact: true }).count()).toBe(0);
      await page.reload();
      await page.getByRole('status').filter({ hasText: NO_RIDE }).waitFor();
      expect(await page.getByText(NO_RIDE).count()).toBe(2);
      expect(await page.getByText('ACTIVE', { exact: true }).count()).toBe(0);
      await shot('no-ride-watched');
      expect(await tickFor(email)).toEqual([]);
      await page.getByRole('button', { name: 'Select all', exact: true }).click();
      await page.getByText('35 of 35 rides selected').waitFor();
      await page.getByText('ACTIVE', { exact: true }).waitFor();
      expect(await page.getByText(NO_RIDE).count()).toBe(0);

      // Send test alert: then disabled with the minutes left, after a reload too.
      const testButton = page.getByRole('button', { name: 'Send test alert' });
      expect(await testButton.isEnabled()).toBe(true);
      const sentToast = toastClearOfNav(page);
      await testButton.click();
      await page.getByText('Test Alert Sent', { exact: true }).waitFor();
      expect(await sentToast).toBe(true);
      await page.getByText('Cooldown: next test alert in 15 minutes.').waitFor();
      expect(await testButton.isDisabled()).toBe(true);
      await page.reload();
      await page.getByText('Cooldown: next test alert in 15 minutes.').waitFor();
      expect(await page.getByRole('button', { name: 'Send test alert' }).isDisabled()).toBe(true);
      await shot('test-alert-cooldown');

      // Ride Checklist keeps the chosen park in the URL: a reload shows the same park's checklist.
      await page.goto(`${env.stack.url}/ride-checklist`);
      await page.getByText('Choose a park to see your checklist.').waitFor();
      await page.getByLabel('Destination').selectOption(WDW);
      await page.getByLabel('Park').selectOption(MK);
      await page.waitForURL((u) => u.searchParams.get('park') === MK && u.searchParams.get('destination') === WDW);
      await page.getByRole('button', { name: 'Add All Rides' }).waitFor();
      await page.reload();
      await page.getByRole('button', { name: 'Add All Rides' }).waitFor();
      expect(await page.getByLabel('Park').inputValue()).toBe(MK);
      expect(await page.getByLabel('Destination').inputValue()).toBe(WDW);
      await shot('checklist-park-in-url');

      expect(errors).toEqual([]);
      await context.close();
      // One visitor's whole journey (about twenty page loads and a checkout round trip): longer than one step.
    }, 300_000);
  }

  it('the coming-soon screen has a visible "Request early access" button (375 px)', async () => {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const email = `early-${Date.now()}@example.com`;
    await signUp(page, env.stack, email, '/restaurant-alerts');
    // No admin-set launch label: the coming-soon screen says "Early access" without a date.
    await page.getByText('Early access', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Request early access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request early access' });
    expect(await dialog.getByLabel('Email').inputValue()).toBe(email);
    await dialog.getByRole('button', { name: 'Request early access' }).click();
    await page.getByText('Your early-access request is waiting for review.').waitFor();
    await page.reload();
    await page.getByText('Your early-access request is waiting for review.').waitFor();
    // Asked once: the button gives way to the waiting note.
    expect(await page.getByRole('button', { name: 'Request early access' }).count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'flows-early-access-375.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the landing card shows every problem under its field at once, and each goes when its field is fixed (375 px)', async () => {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${env.stack.url}/`);
    const card = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Get walk-on alerts' }) });
    await card.locator('#hero-park option').nth(2).waitFor({ state: 'attached' });
    // Nothing filled in: four messages, one per field, no toast; the park select has the focus.
    await card.getByRole('button', { name: /^Pay/ }).click();
    await card.getByText('Please select a theme park.').waitFor();
    await card.getByText('Please select at least one date.').waitFor();
    await card.getByText('Please enter a valid phone number (+ symbol optional)').waitFor();
    await card.getByText('Please enter a valid email address').waitFor();
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('hero-park');
    expect(await card.locator('#hero-email').getAttribute('aria-describedby')).toBe('hero-email-error');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'flows-landing-inline-errors-375.png'), fullPage: true });
    // Fixing a field removes its message at once; a still-wrong value keeps one.
    await card.locator('#hero-park').selectOption(MK);
    await card.getByText('Please select a theme park.').waitFor({ state: 'detached' });
    await card.getByRole('button', { name: /^Dates/ }).click();
    await page.getByRole('button', { name: new RegExp(parkToday('America/New_York').dayLabel) }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await card.getByText('Please select at least one date.').waitFor({ state: 'detached' });
    await card.getByLabel('Phone number').fill('0123');
    expect(await card.getByText('Please enter a valid phone number (+ symbol optional)').count()).toBe(1);
    await card.getByLabel('Phone number').fill('+1 407 939 5277');
    await card.getByText('Please enter a valid phone number (+ symbol optional)').waitFor({ state: 'detached' });
    // Only the e-mail is left; after a reload the card starts clean.
    await card.getByRole('button', { name: /^Pay/ }).click();
    expect(await card.locator('[role="alert"]').allTextContents()).toEqual(['Please enter a valid email address']);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('hero-email');
    await page.reload();
    await card.locator('#hero-park option').nth(2).waitFor({ state: 'attached' });
    expect(await card.locator('[role="alert"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
