import path from 'node:path';
import { createDb, features, lightningLane, users } from '@walkon/db';
import { describe, expect, it } from 'vitest';
import { openAdminSection } from './adminNav.ts';
import { grantRole, MK, parkToday, SCREENSHOTS, signUp, WDW, watchConsole, withStackAndBrowser } from './harness.ts';

const env = withStackAndBrowser();

/** Runs `fn` with a short-lived connection to the stack's database (what an admin would do in /admin). */
async function withDb<T>(fn: (db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
  const db = createDb(env.stack.databaseUrl, 1);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

describe('Lightning Lane Assist end to end: invitation → operator confirms → $5/day Stripe checkout → live availability → simulated booking', () => {
  it('walks through the three steps on a 375 px screen', async () => {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 900 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    page.on('pageerror', () => void page.screenshot({ path: path.join(SCREENSHOTS, 'lightning-lane-failure-375.png'), fullPage: true }));
    const email = `ll-${Date.now()}@example.com`;
    await signUp(page, env.stack, email, '/lightning-lane', 'Lane Fan');
    const userId = await withDb(async (db) => {
      const u = await users.findByEmail(db, email);
      await features.grant(db, 'lightning_lane', u!.id, u!.id);
      return u!.id;
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Lightning Lane Assist' }).waitFor();

    // Step 1: the invitation is recorded with a countdown; an operator confirms it.
    await page.getByLabel('Disney account email').fill('mouse@disney.example');
    await page.getByRole('button', { name: 'Request the connection' }).click();
    await page.getByText(/Expires in 2[34]h \d{2}m \d{2}s/).waitFor();
    await page.getByText(/There is no public Disney API for this/).waitFor();
    // The operator confirms the link in /admin.
    const adminCtx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminCtx.newPage();
    const adminErrors = watchConsole(admin);
    const adminEmail = `ll-admin-${Date.now()}@example.com`;
    await signUp(admin, env.stack, adminEmail);
    await grantRole(env.stack, adminEmail, 'admin');
    await openAdminSection(admin, env.stack.url, 'Lightning Lane');
    const link = admin.locator('li', { hasText: 'mouse@disney.example' });
    await link.getByRole('button', { name: 'Confirm connection' }).click();
    await link.getByText(/confirmed .* by /).waitFor();
    expect(adminErrors).toEqual([]);
    await adminCtx.close();
    await page.reload();
    await page.getByText('mouse@disney.example', { exact: true }).waitFor();
    await page.getByText('Connected', { exact: true }).waitFor();

    // Step 2: park, today, $5 through the Stripe fake, back to /lightning-lane.
    await page.getByLabel('Destination').selectOption(WDW);
    await page.getByLabel('Park').selectOption(MK);
    await page.getByRole('heading', { name: /Step 2 · Subscribe for Magic Kingdom Park/ }).waitFor();
    await page.getByRole('button', { name: /^Days/ }).click();
    await page.getByRole('button', { name: new RegExp(parkToday('America/New_York').dayLabel) }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Subscribe — $5' }).click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await page.getByRole('button', { name: 'Pay $5.00' }).click();
    await page.waitForURL((u) => u.pathname === '/lightning-lane');
    await page.getByText('Lightning Lane Assist active').waitFor();
    await page.getByText('Active today').waitFor();

    // The active view: real (replayed) live data with its source; Mad Tea Party's Multi Pass is available.
    await page.getByText(/Source: ThemeParks\.wiki live data/).waitFor();
    const tea = page
      .getByRole('list', { name: 'Attractions with Lightning Lane' })
      .getByRole('listitem')
      .filter({ hasText: 'Mad Tea Party' });
    await tea.getByText('Available', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Book Mad Tea Party (simulated)' }).click();
    const bookings = page.getByRole('region', { name: 'Your bookings' });
    await bookings
      .getByText('Mad Tea Party')
      .waitFor()
      .catch(async (err) => {
        await page.screenshot({ path: path.join(SCREENSHOTS, 'lightning-lane-failure-375.png'), fullPage: true });
        throw err;
      });
    await bookings.getByText('Simulated — no real Lightning Lane was booked').waitFor();
    await bookings.getByText('Confirmed').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'lightning-lane-active-375.png'), fullPage: true });

    // Preferences and the auto-booking switch are stored on the server.
    await page.getByRole('button', { name: 'Preferences for Space Mountain' }).click();
    await page.getByLabel('Priority').selectOption('8');
    await page.getByLabel('Max price in dollars (optional)').fill('20');
    await page.getByRole('button', { name: 'Save preference' }).click();
    await page.getByText('Your preference: priority 8 · 09:00–21:00 · max $20').waitFor();
    await page.getByRole('switch', { name: 'Auto-booking' }).click();
    await page.getByText('Auto-booking on').waitFor();
    const stored = await withDb(async (db) => ({
      prefs: await lightningLane.listPreferences(db, userId),
      auto: await lightningLane.autoBookingEnabled(db, userId),
    }));
    expect(stored.prefs.map((p) => [p.priority, p.maxPriceCents])).toEqual([[8, 2000]]);
    expect(stored.auto).toBe(true);

    // Cancel the booking.
    await bookings.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel booking' }).click();
    await bookings.getByText('Cancelled', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
