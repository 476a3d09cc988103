import path from 'node:path';
import { createDb } from '@walkon/db';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkFromOutbox, MK, SCREENSHOTS, seedFreePromo, signUpLinkFor, watchConsole, withStackAndBrowser } from './harness.ts';

const env = withStackAndBrowser({ sendWorker: true });

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe('accounts end to end: a signed-out purchase shows once the sign-up link proves the address; reset; delete', () => {
  for (const width of [375, 1280]) {
    it(`buys signed out, signs up through the e-mailed link, resets the password and deletes the account (${width} px)`, async () => {
      const code = `E2E-ACCOUNT-${width}`;
      await seedFreePromo(env.stack, code);
      const context = await env.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchConsole(page, [/Failed to load resource: the server responded with a status of (400|401)/]);
      const email = `account-${width}-${Date.now()}@example.com`;

      // 1. A visitor without an account gets free alerts for the address (landing "Want alerts for FREE?").
      await page.goto(`${env.stack.url}/`);
      await page.getByRole('button', { name: 'Want alerts for FREE?' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Promo code').fill(code.toLowerCase());
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.getByRole('button', { name: 'Get Free Alerts' }).waitFor();
      await dialog.getByLabel('Park').selectOption(MK);
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Get Free Alerts' }).click();
      await page.waitForURL(/\/subscription-success\?redemption=/);
      await page.keyboard.press('Escape');

      // 2. "Create an account" on the success page: sign-up e-mails a link and signs nobody in yet; the link creates
      // the account with the address proven, so what was bought for it shows at once (docs/decisions/046-sign-up-by-link.md).
      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.waitForURL(/\/auth\?/);
      await page.getByLabel('Full name').fill('Test Person');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('a good password');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText(`We sent an e-mail to ${email}.`).waitFor();
      await page.getByText('Check your email for a confirmation link.').first().waitFor();
      await shoot(page, `account-check-email-${width}`);
      expect((await (await page.request.get(`${env.stack.url}/trpc/auth.me`)).json()).result.data.user).toBeNull();

      // 3. The link from the inbox: "Finish signing up" creates the account and returns to Manage Alerts.
      await page.goto(await signUpLinkFor(env.stack, email));
      await page.getByRole('heading', { name: 'Finish signing up' }).waitFor();
      await shoot(page, `account-finish-signup-${width}`);
      await page.getByRole('button', { name: 'Finish signing up' }).click();
      await page.waitForURL((u) => u.pathname === '/manage-alerts');
      await page.getByRole('heading', { name: 'Magic Kingdom Park' }).waitFor();
      await expect(page.getByText('Please confirm your e-mail address').count()).resolves.toBe(0);
      await shoot(page, `account-verified-${width}`);
      await page.reload();
      await page.getByRole('heading', { name: 'Magic Kingdom Park' }).waitFor();
      // The used link, opened again while signed in, says the address is confirmed.
      await page.goto(await signUpLinkFor(env.stack, email));
      await page.getByText(`Your e-mail address ${email} is confirmed.`).waitFor();

      // The account page shows the status, reached from the account menu.
      await page.getByRole('button', { name: `Account menu for ${email}` }).click();
      await page.getByRole('menuitem', { name: 'Account' }).click();
      await page.getByRole('heading', { name: 'Your account' }).waitFor();
      await page.getByText('Verified', { exact: true }).waitFor();
      await shoot(page, `account-page-${width}`);

      // 4. Log out, then "Forgot password?" on the log-in tab → e-mailed link → new password.
      await page.getByRole('button', { name: `Account menu for ${email}` }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByText('Logged out successfully').first().waitFor();
      await page.goto(`${env.stack.url}/auth`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText(`If an account uses ${email}, we sent it a link`).waitFor();
      const resetLink = await linkFromOutbox(env.stack, email, '/reset-password');
      await page.goto(resetLink);
      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByLabel('Repeat the new password').fill('short');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('Password should be at least 8 characters.').waitFor();
      await page.getByLabel('New password', { exact: true }).fill('a brand new password');
      await page.getByLabel('Repeat the new password').fill('a brand new password');
      await shoot(page, `account-reset-password-${width}`);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('Your password is changed.').waitFor();
      // The used link says so on load, before any password is typed.
      await page.goto(resetLink);
      await page.getByText('This link was already used or has expired. Please ask for a new one.').waitFor();
      expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
      await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
      await shoot(page, `account-reset-link-used-${width}`);

      // 5. The new password logs in (the old one does not).
      await page.goto(`${env.stack.url}/auth`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('a good password');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByText('Invalid login credentials').first().waitFor();
      await page.getByLabel('Password', { exact: true }).fill('a brand new password');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/auth'));

      // 6. Delete the account (password + confirm dialog); the address can no longer log in.
      await page.goto(`${env.stack.url}/account`);
      await page.getByRole('heading', { name: 'Delete account' }).waitFor();
      await page.getByLabel('Password', { exact: true }).last().fill('a brand new password');
      await page.getByRole('button', { name: 'Delete account' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete account' }).click();
      await page.getByText('Account deleted').first().waitFor();
      await page.waitForURL(`${env.stack.url}/`);
      await page.goto(`${env.stack.url}/auth`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('a brand new password');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByText('Invalid login credentials').first().waitFor();

      const db = createDb(env.stack.databaseUrl, 1);
      try {
        expect(await db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
        expect(await db.selectFrom('subscriptions').select('id').where('email', '=', email).execute()).toEqual([]);
      } finally {
        await db.destroy();
      }
      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);
  }
});
