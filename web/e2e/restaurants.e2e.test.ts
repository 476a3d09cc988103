import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdminSection } from './adminNav.ts';
import { grantRole, MK, parkToday, SCREENSHOTS, signUp, WDW, watchConsole, withStackAndBrowser } from './harness.ts';

const env = withStackAndBrowser();

describe('end to end: an admin opens early access, the user creates a restaurant alert and manages it', () => {
  it('grant → create on /restaurant-alerts → Active in /manage-restaurant-alerts', async () => {
    const stamp = Date.now();
    const shot = (p: Page, name: string) => p.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

    // The user has an account but no early access yet: the coming-soon screen.
    const userCtx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const user = await userCtx.newPage();
    const userErrors = watchConsole(user);
    const userEmail = `diner-${stamp}@example.com`;
    await signUp(user, env.stack, userEmail, '/restaurant-alerts');
    await user.getByText('Early access', { exact: true }).waitFor();

    // An admin grants early access in /admin.
    const adminCtx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminCtx.newPage();
    const adminErrors = watchConsole(admin);
    const adminEmail = `admin-${stamp}@example.com`;
    await signUp(admin, env.stack, adminEmail);
    await grantRole(env.stack, adminEmail, 'admin');
    await openAdminSection(admin, env.stack.url, 'Feature gates');
    const card = admin.locator('section').filter({ has: admin.getByRole('heading', { name: 'Early access', exact: true }) });
    await card.getByLabel('Feature').selectOption({ label: 'Restaurant Alerts' });
    await card.getByLabel('Account e-mail').fill(userEmail);
    await card.getByRole('button', { name: 'Grant early access' }).click();
    await admin.getByText('Early access granted').first().waitFor();
    expect(adminErrors).toEqual([]);

    // The user creates an alert for today (park-local) at Magic Kingdom.
    const today = parkToday('America/New_York');
    await user.goto(`${env.stack.url}/restaurant-alerts`);
    await user.getByRole('heading', { name: 'Restaurant Alerts', level: 1 }).waitFor();
    await user.getByRole('heading', { name: 'How Restaurant Alerts Work' }).waitFor();
    await user.getByText(/Demo mode: availability is sample data/).waitFor();
    // An empty submit (react-hook-form + the server's schema): the §8 toast names the first problem, each field
    // shows its own message, and the destination (the park is disabled without it) gets the focus.
    const form = user.getByRole('form', { name: 'Create a restaurant alert' });
    await user.getByRole('button', { name: 'Create Restaurant Alert' }).click();
    await user.getByText('Missing information', { exact: true }).waitFor();
    await form.getByText('Please select a restaurant.', { exact: true }).waitFor();
    await form.getByText('Please select at least one date.', { exact: true }).waitFor();
    expect(await user.getByLabel('Park', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await user.evaluate(() => document.activeElement?.id)).toBe('ra-destination');
    await user.getByLabel('Destination', { exact: true }).selectOption(WDW);
    await user.getByLabel('Park', { exact: true }).selectOption(MK);
    await expect
      .poll(() => user.getByLabel('Restaurant', { exact: true }).locator('option', { hasText: 'Liberty Tree Tavern' }).count())
      .toBe(1);
    await user.getByLabel('Restaurant', { exact: true }).selectOption({ label: 'Liberty Tree Tavern' });
    expect(await user.getByLabel('Email', { exact: true }).inputValue()).toBe(userEmail);
    expect(await user.getByLabel('Party size').inputValue()).toBe('2');
    expect(await user.getByLabel('Preferred time').inputValue()).toBe('dinner');
    await user.getByRole('button', { name: /^Dates/ }).click();
    await user.getByRole('button', { name: new RegExp(today.dayLabel) }).click();
    await user.getByRole('button', { name: 'Done' }).click();
    await user.getByRole('list', { name: 'Selected dates' }).getByRole('listitem').first().waitFor();
    // docs/spec/part-2.md §4: changing the restaurant resets the dates; submitting then says 'Missing dates'.
    await user.getByLabel('Restaurant', { exact: true }).selectOption({ label: 'The Crystal Palace' });
    await user.getByRole('list', { name: 'Selected dates' }).waitFor({ state: 'detached' });
    await user.getByRole('button', { name: 'Create Restaurant Alert' }).click();
    await user.getByText('Missing dates', { exact: true }).waitFor();
    await user.getByLabel('Restaurant', { exact: true }).selectOption({ label: 'Liberty Tree Tavern' });
    await user.getByRole('button', { name: /^Dates/ }).click();
    await user.getByRole('button', { name: new RegExp(today.dayLabel) }).click();
    await user.getByRole('button', { name: 'Done' }).click();
    await user.getByRole('list', { name: 'Selected dates' }).getByRole('listitem').first().waitFor();
    expect(await form.getByText('Please select at least one date.', { exact: true }).count()).toBe(0);
    await user.getByRole('button', { name: 'Create Restaurant Alert' }).click();
    await user.getByText('Restaurant alert created').first().waitFor();
    await shot(user, 'restaurant-alerts-created-1280');
    await user.setViewportSize({ width: 375, height: 800 });
    await shot(user, 'restaurant-alerts-375');

    // …and sees it, Active, in Manage Restaurant Alerts.
    await user.getByRole('link', { name: 'Manage your restaurant alerts' }).click();
    await user.waitForURL(/\/manage-restaurant-alerts$/);
    await user.getByRole('heading', { name: 'Manage Restaurant Alerts' }).waitFor();
    const item = user
      .getByRole('list', { name: 'Your restaurant alerts' })
      .getByRole('listitem')
      .filter({ hasText: 'Liberty Tree Tavern' });
    await item.waitFor();
    await item.getByText('Active', { exact: true }).waitFor();
    await item.getByText('Party of 2 · Dinner').waitFor();
    await shot(user, 'manage-restaurant-alerts-375');
    await user.getByRole('link', { name: 'Create New Restaurant Alert' }).waitFor();
    expect(userErrors).toEqual([]);
  });
});
