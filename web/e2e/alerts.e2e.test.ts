import path from 'node:path';
import { createDb } from '@walkon/db';
import { expectedByRule } from '@walkon/db/testing';
import { describe, expect, it } from 'vitest';
import {
  answersDuring,
  finishSignUp,
  MK,
  SCREENSHOTS,
  seedFreePromo,
  signUp,
  stackNow,
  WDW,
  walkonJobs,
  watchConsole,
  withStackAndBrowser,
} from './harness.ts';

const env = withStackAndBrowser();

describe('end to end: sign up → Get Alerts → Magic Kingdom → free pass → one tick → alert in history and outbox', () => {
  it('delivers the recorded walk-on rides to a new visitor', async () => {
    await seedFreePromo(env.stack, 'E2E-FREE-DAY');
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const email = `visitor-${Date.now()}@example.com`;

    await page.goto(`${env.stack.url}/get-alerts`);
    await page.waitForURL(/\/auth\?redirect=/);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full name').fill('Walt Visitor');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a good password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // The e-mailed link creates the account and returns to Get Alerts (docs/decisions/046-sign-up-by-link.md).
    await finishSignUp(page, env.stack, email);

    await page.waitForURL(/\/get-alerts$/);
    await page.getByRole('heading', { name: 'Get Alerts' }).waitFor();
    await page.getByLabel('Destination').selectOption(WDW);
    await page.getByLabel('Park').selectOption(MK);
    // All attractions are auto-selected on the park's first load (docs/spec/part-1.md §4).
    await page.getByText('35 of 35 rides selected').waitFor();
    await page.getByText('INACTIVE').waitFor();
    // No pass yet: alerts cannot be activated; a free e-mail day from a promo code activates them.
    expect(await page.getByRole('button', { name: 'Activate Alerts' }).isDisabled()).toBe(true);
    await page.getByLabel('Have a promo code?').fill('e2e-free-day');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Promo Code Applied!').waitFor();
    await page.getByText('ACTIVE', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Stop Alerts' }).waitFor();
    await page.getByRole('list', { name: 'Your pass days' }).getByText('Today').waitFor();

    // The replay serves the recording shifted to the real clock, so which rides are confirmed today (docs/rules.md
    // R2: a stamp of the park-local today) depends on the hour of the run: the independent script says which.
    // The tick runs at one instant of the stack's clock while the CLI runs: the rides the rule names at that instant.
    const before = stackNow();
    const lines = await walkonJobs(env.stack, ['tick', '--park', MK]);
    const ruled = answersDuring(before, stackNow(), (at) =>
      expectedByRule('tpw_live_magic-kingdom_2026-04-14T2227Z.json', at, 'America/New_York', true),
    );
    const sent = lines.map((l) => JSON.parse(l) as { rideName: string; recipient: string; channel: string; waitMinutes: number });
    expect(ruled).toContainEqual(sent.map((s) => s.rideName).sort());
    const expected = sent.map((s) => s.rideName).sort();
    expect(sent.every((s) => s.recipient === email && s.channel === 'email' && s.waitMinutes > 0 && s.waitMinutes <= 15)).toBe(true);

    await page.getByRole('button', { name: 'Refresh alert history' }).click();
    const history = page.getByRole('list', { name: 'Recent alerts' });
    // Which rides alert depends on the hour (above): each history row is the sentence of one ride the tick sent.
    const sentences = sent.map((s) => `${s.rideName} has a ${s.waitMinutes} min standby wait at Magic Kingdom Park.`);
    await expect.poll(async () => history.getByRole('listitem').count(), { timeout: 30_000 }).toBe(Math.min(expected.length, 10));
    const items = await history.getByRole('listitem').allTextContents();
    for (const item of items)
      expect(
        sentences.some((line) => item.includes(line)),
        item,
      ).toBe(true);

    const db = createDb(env.stack.databaseUrl, 1);
    try {
      // Alert engine v2: the alerts of one tick leave as ONE e-mail (was one each), shortest wait first.
      const mails = await db
        .selectFrom('outbox_messages')
        .select(['to_address', 'subject', 'body_text'])
        .where('delivery_id', 'is not', null)
        .execute();
      expect(mails).toHaveLength(1);
      expect(mails[0]?.to_address).toBe(email);
      expect(mails[0]?.subject).toMatch(new RegExp(` 5 min \\+${expected.length - 1} more at Magic Kingdom Park$`));
      expect(mails[0]?.body_text).toContain('Dumbo the Flying Elephant: 15 min standby wait');
    } finally {
      await db.destroy();
    }
    await page.screenshot({ path: path.join(SCREENSHOTS, 'get-alerts-after-tick-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('main pages at 375 px and 1280 px (screenshots under web/e2e/screenshots)', () => {
  for (const width of [375, 1280]) {
    it(`renders every issue-2 page without console errors at ${width} px`, async () => {
      await seedFreePromo(env.stack, `E2E-SHOTS-${width}`);
      const context = await env.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      // /no-such-page answers HTTP 404 (no soft 404); Chromium logs that response.
      const errors = watchConsole(page, [/status of 404/]);
      const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });

      await page.goto(`${env.stack.url}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shot('landing');

      await page.goto(`${env.stack.url}/auth`);
      await page.getByRole('tab', { name: 'Login' }).waitFor();
      await shot('auth');

      await page.goto(`${env.stack.url}/live-wait-times?destination=${WDW}&park=${MK}`);
      await page.getByRole('cell', { name: 'Seven Dwarfs Mine Train' }).waitFor();
      await page.getByText('Live Data').waitFor();
      await shot('live-wait-times');

      await page.goto(`${env.stack.url}/no-such-page`);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await page.getByRole('link', { name: 'Return to Home' }).waitFor();
      await shot('not-found');

      // Signed in: Get Alerts and Manage Alerts.
      await signUp(page, env.stack, `shots-${width}-${Date.now()}@example.com`, '/manage-alerts', 'Screen Shot');
      await page.waitForURL(/\/manage-alerts$/);
      await page.getByText('You have no alert subscriptions yet.').waitFor();
      await shot('manage-alerts-empty');

      await page.goto(`${env.stack.url}/get-alerts`);
      await page.getByLabel('Destination').selectOption(WDW);
      await page.getByLabel('Park').selectOption(MK);
      await page.getByText('35 of 35 rides selected').waitFor();
      await shot('get-alerts');
      // The channel is chosen where it is bought (no page-level switch that changes nothing).
      await page.getByRole('button', { name: 'Buy a day pass' }).click();
      await page.getByRole('dialog', { name: 'Choose Your Alert Method' }).getByRole('radio', { name: /^SMS/ }).check();
      await shot('get-alerts-pricing');
      await page.keyboard.press('Escape');
      await page.getByLabel('Have a promo code?').fill(`E2E-SHOTS-${width}`);
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('button', { name: 'Stop Alerts' }).waitFor();

      await page.goto(`${env.stack.url}/manage-alerts`);
      await page.getByRole('heading', { name: 'Magic Kingdom Park' }).waitFor();
      await shot('manage-alerts');

      if (width < 768) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.locator('#mobile-menu').getByRole('link', { name: 'Live Wait Times' }).click();
        await page.waitForURL(/\/live-wait-times/);
        expect(await page.locator('#mobile-menu').count()).toBe(0);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
