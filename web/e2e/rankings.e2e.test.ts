import path from 'node:path';
import { createDb, users } from '@walkon/db';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdminSection } from './adminNav.ts';
import { MK, SCREENSHOTS, signUp as signUpAt, WDW, watchConsole, withStackAndBrowser } from './harness.ts';

const env = withStackAndBrowser();
const signUp = (page: Page, email: string, then = '/') => signUpAt(page, env.stack, email, then);

async function grant(email: string, role: 'admin' | 'moderator') {
  const db = createDb(env.stack.databaseUrl, 1);
  try {
    const u = await users.findByEmail(db, email);
    await users.grantRole(db, u!.id, role);
  } finally {
    await db.destroy();
  }
}

describe('end to end: rate, suggest an edit, moderator approves, the ranking shows it', () => {
  it('runs through admin, user and moderator', async () => {
    const stamp = Date.now();
    const shot = (p: Page, name: string) => p.screenshot({ path: path.join(SCREENSHOTS, `${name}-1280.png`), fullPage: true });

    // An admin adds the item.
    const adminCtx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminCtx.newPage();
    const adminErrors = watchConsole(admin);
    const adminEmail = `admin-${stamp}@example.com`;
    await signUp(admin, adminEmail);
    await grant(adminEmail, 'admin');
    await openAdminSection(admin, env.stack.url, 'Ranking items');
    await admin.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await admin.getByLabel('Name', { exact: true }).first().fill('Space Mountain');
    await admin.getByLabel('Park', { exact: true }).selectOption(MK);
    await admin.getByLabel('Description (optional)').fill('Indoor coaster');
    await admin.getByRole('button', { name: 'Add Item' }).click();
    await admin.getByText('Item added successfully').waitFor();
    await admin.getByText('Space Mountain').first().waitFor();
    await shot(admin, 'admin');
    expect(adminErrors).toEqual([]);

    // A visitor rates it and suggests an edit.
    const userCtx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const user = await userCtx.newPage();
    const userErrors = watchConsole(user);
    await signUp(user, `rater-${stamp}@example.com`, '/park-rankings');
    await user.getByRole('heading', { name: 'Disney Park Rankings' }).waitFor();
    await user.getByRole('button', { name: /Space Mountain/ }).click();
    await user.getByRole('heading', { name: 'Rate This Item' }).waitFor();
    await user.locator('label', { has: user.getByRole('radio', { name: '4 stars' }) }).click();
    expect(await user.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await user.getByLabel('Comment (optional)').fill('Great in the dark, no sh1t');
    await user.getByRole('button', { name: 'Submit Rating' }).click();
    await user.getByText('Rating submitted').waitFor();
    await user.getByRole('heading', { name: 'Update Your Rating' }).waitFor();
    // The profanity filter masked the comment: the form shows what was stored, not what was typed.
    await user.getByText('Content Filtered').waitFor();
    await expect.poll(() => user.getByLabel('Comment (optional)').inputValue()).toBe('Great in the dark, no ****');
    await user.getByRole('button', { name: 'Suggest Edit' }).click();
    await user.getByLabel('Description', { exact: true }).fill('Indoor coaster in the dark, Tomorrowland');
    await user.getByRole('button', { name: 'Submit Edit Request' }).click();
    await user.getByText('Edit Request Submitted!').waitFor();
    await shot(user, 'park-rankings-dialog');
    expect(userErrors).toEqual([]);

    // A plain user is refused moderation.
    await user.goto(`${env.stack.url}/moderation`);
    await user.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await user.getByText('You need moderator privileges to access this page').waitFor();

    // A moderator approves.
    const modCtx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const mod = await modCtx.newPage();
    const modErrors = watchConsole(mod);
    const modEmail = `mod-${stamp}@example.com`;
    await signUp(mod, modEmail);
    await grant(modEmail, 'moderator');
    await mod.goto(`${env.stack.url}/moderation`);
    await mod.getByRole('heading', { name: 'Moderation Dashboard' }).waitFor();
    await mod.getByRole('tab', { name: 'pending (1)' }).waitFor();
    await mod.getByText('Indoor coaster in the dark, Tomorrowland').waitFor();
    await shot(mod, 'moderation');
    // Approve names the item and asks first; Cancel changes nothing.
    await mod.getByRole('button', { name: 'Approve “Space Mountain”' }).click();
    const confirm = mod.getByRole('alertdialog', { name: 'Approve “Space Mountain”?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await mod.getByRole('tab', { name: 'pending (1)' }).waitFor();
    await mod.getByRole('button', { name: 'Reject “Space Mountain”' }).waitFor();
    await mod.getByRole('button', { name: 'Approve “Space Mountain”' }).click();
    await shot(mod, 'moderation-confirm');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await mod.getByText('Request Approved').waitFor();
    await mod.getByRole('tab', { name: 'approved (1)' }).waitFor();
    expect(modErrors).toEqual([]);

    // The ranking shows the change.
    await user.goto(`${env.stack.url}/park-rankings`);
    const row = user.getByRole('button', { name: /Space Mountain/ });
    await row.getByText('4.0').waitFor();
    await row.click();
    await user.getByText('Indoor coaster in the dark, Tomorrowland').waitFor();
    await user.locator('section', { hasText: 'Recent Reviews' }).getByText('Great in the dark').waitFor();

    await Promise.all([adminCtx.close(), userCtx.close(), modCtx.close()]);
  });

  it('the ride checklist: add all rides, tick one, progress shows it', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 375, height: 900 } });
    const page = await ctx.newPage();
    const errors = watchConsole(page);
    await signUp(page, `checklist-${Date.now()}@example.com`, '/ride-checklist');
    await page.getByRole('heading', { name: 'Ride Checklist' }).waitFor();
    await page.getByLabel('Destination').selectOption(WDW);
    await page.getByLabel('Park').selectOption(MK);
    // Empty: one sentence, no "0 of 0 rides done 0%".
    await page.getByText('Your checklist for this park is empty.').waitFor();
    expect(await page.getByText('rides done').count()).toBe(0);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await page.getByRole('button', { name: 'Add All Rides' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Add All Rides' }).click();
    await page.getByText('0 of 35 rides done').waitFor();
    await page.getByLabel('Dumbo the Flying Elephant', { exact: true }).click();
    await page.getByText('1 of 35 rides done').waitFor();
    await page.getByText('3%').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'ride-checklist-375.png'), fullPage: true });
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
