import path from 'node:path';
import { createDb } from '@walkon/db';
import { addDays, format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { linkFromOutbox, MK, parkToday, SCREENSHOTS, seedFreePromo, signUp, watchConsole, withStackAndBrowser } from './harness.ts';

// docs/decisions/024: an e-mail change moves passes and watches with the account and tells the old
// address; deleting the account ends them and says so before confirming. At 375 and 1280 px.

const env = withStackAndBrowser({ sendWorker: true });

function label(ymd: string, pattern: string): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), pattern);
}

describe('the e-mail change moves passes; deletion ends them', () => {
  for (const width of [375, 1280]) {
    it(`a verified owner with a free and a paid day changes the address, then deletes the account (${width} px)`, async () => {
      const code = `E2E-MOVE-${width}`;
      await seedFreePromo(env.stack, code);
      const context = await env.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchConsole(page, [/Failed to load resource: the server responded with a status of (400|401)/]);
      const oldEmail = `old-${width}-${Date.now()}@example.com`;
      const newEmail = `new-${width}-${Date.now()}@example.com`;
      const today = parkToday('America/New_York').ymd;
      const [y, m, d] = today.split('-').map(Number) as [number, number, number];
      const tomorrow = format(addDays(new Date(y, m - 1, d), 1), 'yyyy-MM-dd');

      // A verified account…
      await signUp(page, env.stack, oldEmail, '/');
      await page.goto(await linkFromOutbox(env.stack, oldEmail, '/verify-email'));
      await page.getByText(`Your e-mail address ${oldEmail} is confirmed.`).waitFor();
      // …with a free day (landing promo) and a paid day (landing card) for Magic Kingdom.
      await page.goto(`${env.stack.url}/`);
      await page.getByRole('button', { name: 'Want alerts for FREE?' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Promo code').fill(code);
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.getByLabel('Park').selectOption(MK);
      await dialog.getByLabel('Email').fill(oldEmail);
      await dialog.getByRole('button', { name: 'Get Free Alerts' }).click();
      await page.waitForURL(/\/subscription-success\?redemption=/);
      await page.goto(`${env.stack.url}/`);
      const card = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Get walk-on alerts' }) });
      await card.locator('#hero-park').selectOption(MK);
      await card.getByRole('radio', { name: /^E-mail/ }).check();
      await card.getByRole('button', { name: /^Dates/ }).click();
      await page.getByRole('button', { name: new RegExp(label(tomorrow, 'PPPP')) }).click();
      await page.getByRole('button', { name: 'Done' }).click();
      await card.getByLabel('Email for your receipt').fill(oldEmail);
      await card.getByRole('button', { name: 'Pay $1 with card' }).click();
      await page.waitForURL(/\/pay\/cs_test_/);
      await page.getByRole('button', { name: 'Pay $1.00' }).click();
      await page.getByRole('heading', { name: 'Subscription Successful' }).waitFor();

      // /account says what moves before the change.
      const passLine = `Magic Kingdom Park: ${label(today, 'EEE, MMM d')} and ${label(tomorrow, 'EEE, MMM d')}`;
      await page.goto(`${env.stack.url}/account`);
      await page.getByText('Your passes move too').waitFor();
      await page.getByText(passLine).first().waitFor();
      await page.getByLabel('New e-mail address').fill(newEmail);
      await page.locator('#email-password').fill('a good password');
      await page.getByRole('button', { name: 'Send confirmation link' }).click();
      await page.getByText(`We sent a link to ${newEmail}.`).waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, `issue29-email-change-warning-${width}.png`), fullPage: true });
      await page.goto(await linkFromOutbox(env.stack, newEmail, '/verify-email'));
      await page.getByText(`Your account now uses ${newEmail}.`).waitFor();

      // Manage Alerts, after a reload, shows the pass under the new address.
      await page.goto(`${env.stack.url}/manage-alerts`);
      await page.reload();
      await page.getByRole('heading', { name: 'Magic Kingdom Park' }).waitFor();
      expect(await page.getByText('You have no alert subscriptions yet.').count()).toBe(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, `issue29-email-change-manage-alerts-${width}.png`), fullPage: true });

      const db = createDb(env.stack.databaseUrl, 1);
      try {
        const days = await db
          .selectFrom('pass_days')
          .innerJoin('subscriptions', 'subscriptions.id', 'pass_days.subscription_id')
          .select(['subscriptions.email', 'pass_days.day', 'pass_days.source'])
          .where('subscriptions.email', 'in', [oldEmail, newEmail])
          .orderBy('pass_days.day')
          .execute();
        expect(days.map((r) => ({ ...r, day: String(r.day) }))).toEqual([
          { email: newEmail, day: today, source: 'promo' },
          { email: newEmail, day: tomorrow, source: 'stripe' },
        ]);
        // Alerts go to the new address only: the audience has no row for the old one.
        const watchers = await db.selectFrom('alert_watchers').select('email').where('email', 'in', [oldEmail, newEmail]).execute();
        expect(watchers).toEqual([{ email: newEmail }]);
        // The old address is told, with what moved (queued by the API, sent by the worker).
        const findNotice = () =>
          db
            .selectFrom('outbox_messages')
            .select('body_text')
            .where('to_address', '=', oldEmail)
            .where('subject', '=', 'Your WalkOn e-mail address was changed')
            .executeTakeFirst();
        await expect.poll(findNotice, { timeout: 10_000, interval: 100 }).toBeDefined();
        const notice = (await findNotice())!;
        expect(notice.body_text).toContain(newEmail);
        expect(notice.body_text).toContain(passLine);
      } finally {
        await db.destroy();
      }

      // Deleting the account says the passes end before confirming, then ends them.
      await page.goto(`${env.stack.url}/account`);
      await page.getByText('These passes end when you delete the account').waitFor();
      await page.locator('#delete-password').fill('a good password');
      await page.getByRole('button', { name: 'Delete account' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(`Your passes end now and their alerts stop: ${passLine}.`).waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, `issue29-delete-warning-${width}.png`) });
      await confirm.getByRole('button', { name: 'Delete account' }).click();
      await page.getByText('Account deleted').first().waitFor();
      await page.waitForURL(`${env.stack.url}/`);

      const after = createDb(env.stack.databaseUrl, 1);
      try {
        expect(await after.selectFrom('subscriptions').select('id').where('email', 'in', [oldEmail, newEmail]).execute()).toEqual([]);
        expect(await after.selectFrom('alert_watchers').select('email').where('email', 'in', [oldEmail, newEmail]).execute()).toEqual([]);
        // The payment record stays, without the address.
        const paid = await after
          .selectFrom('checkout_sessions')
          .select(['email', 'amount_total'])
          .where('amount_total', '=', 100)
          .execute();
        expect(paid.some((p) => p.email === oldEmail || p.email === newEmail)).toBe(false);
      } finally {
        await after.destroy();
      }
      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);
  }
});
