import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdminSection } from './adminNav.ts';
import { grantRole, SCREENSHOTS, signUp, watchConsole, withStackAndBrowser } from './harness.ts';

const env = withStackAndBrowser();

describe('end to end: coming soon, five clicks to request early access, an admin grants it', () => {
  it('moves a user from the coming-soon screen into Lightning Lane Assist', async () => {
    const stamp = Date.now();
    const shot = (p: Page, name: string, w: number) => p.screenshot({ path: path.join(SCREENSHOTS, `${name}-${w}.png`), fullPage: true });

    // An admin moves the expected launch.
    const adminCtx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminCtx.newPage();
    const adminErrors = watchConsole(admin);
    const adminEmail = `gate-admin-${stamp}@example.com`;
    await signUp(admin, env.stack, adminEmail);
    await grantRole(env.stack, adminEmail, 'admin');
    await openAdminSection(admin, env.stack.url, 'Feature gates');
    await admin.getByRole('heading', { name: 'Feature gates' }).waitFor();
    await admin.getByLabel('Expected launch of Lightning Lane Assist').fill('Spring 2027');
    await admin.getByRole('button', { name: 'Save Lightning Lane Assist' }).click();
    await admin.getByText('Lightning Lane Assist: early access').waitFor();

    // A user (phone-sized) finds it coming soon and asks for early access with five clicks on the title.
    const userCtx = await env.browser.newContext({ viewport: { width: 375, height: 800 } });
    const user = await userCtx.newPage();
    const userErrors = watchConsole(user);
    const email = `gate-user-${stamp}@example.com`;
    await signUp(user, env.stack, email, '/lightning-lane');
    await user.getByText('Coming soon · Expected launch Spring 2027').waitFor();
    const title = user.getByRole('button', { name: 'Lightning Lane Assist' });
    for (let i = 0; i < 4; i++) await title.click();
    expect(await user.getByRole('dialog').count()).toBe(0);
    await title.click();
    const dialog = user.getByRole('dialog', { name: 'Request early access' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Email').inputValue()).toBe(email);
    await dialog.getByLabel('Anything we should know? (optional)').fill('Visiting in March');
    await shot(user, 'gate-request', 375);
    await dialog.getByRole('button', { name: 'Request early access' }).click();
    await user.getByText('Request sent').waitFor();
    await user.getByText('Your early-access request is waiting for review.').waitFor();

    // The admin sees the request and grants it.
    await admin.reload();
    const request = admin.locator('li', { hasText: email });
    await request.getByText('Visiting in March').waitFor();
    // Grant and Dismiss name the request; Grant asks first.
    await request.getByRole('button', { name: `Dismiss the Lightning Lane Assist request of ${email}` }).waitFor();
    await request.getByRole('button', { name: `Grant Lightning Lane Assist to ${email}` }).click();
    const confirm = admin.getByRole('alertdialog', { name: `Grant Lightning Lane Assist to ${email}?` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await request.getByRole('button', { name: `Grant Lightning Lane Assist to ${email}` }).count()).toBe(1);
    await request.getByRole('button', { name: `Grant Lightning Lane Assist to ${email}` }).click();
    await confirm.getByRole('button', { name: 'Grant early access' }).click();
    await admin.getByText('Early access granted').waitFor();
    await admin.getByRole('button', { name: `Revoke Lightning Lane Assist for ${email}` }).waitFor();
    // The state select shows its whole label and the launch hint runs the card's width (not a narrow column).
    const stateSelect = admin.getByLabel('State of Lightning Lane Assist');
    await stateSelect.selectOption('early_access');
    expect((await stateSelect.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(180);
    const hint = admin.getByText(/^Expected launch: e\.g\. Q1 2027/).first();
    expect((await hint.boundingBox())?.width ?? 0).toBeGreaterThan(400);
    await shot(admin, 'admin-gates', 1280);
    // The requester is told by e-mail (the Outbox shows what was sent).
    await openAdminSection(admin, env.stack.url, 'Outbox');
    await admin.locator('li', { hasText: email }).getByText('You have early access to Lightning Lane Assist').waitFor();

    // The user is let in.
    await user.reload();
    await user.getByRole('heading', { name: 'Lightning Lane Assist' }).waitFor();
    expect(await user.getByText('Expected launch').count()).toBe(0);
    await shot(user, 'lightning-lane-granted', 375);

    expect(adminErrors).toEqual([]);
    expect(userErrors).toEqual([]);
  });
});
