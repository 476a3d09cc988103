import path from 'node:path';
import { createDb } from '@walkon/db';
import { describe, expect, it } from 'vitest';
import { MK, SCREENSHOTS, seedFreePromo, signUp, WDW, watchConsole, withStackAndBrowser } from './harness.ts';

// One save model on Manage Alerts — every change (ride switches, return-time alerts) waits for
// Save Changes in a bar that sticks to the screen while anything is unsaved; leaving asks first.

const env = withStackAndBrowser();

describe('Manage Alerts keeps unsaved work', () => {
  for (const width of [375, 1280]) {
    it(`a sticky Save bar appears on change, leaving asks first, Save keeps everything after a reload (${width} px)`, async () => {
      const code = `E2E-SAVE-${width}`;
      await seedFreePromo(env.stack, code);
      const context = await env.browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const errors = watchConsole(page);
      const email = `save-${width}-${Date.now()}@example.com`;
      await signUp(page, env.stack, email, '/get-alerts');
      await page.getByLabel('Destination').selectOption(WDW);
      await page.locator('#alerts-park').selectOption(MK);
      await page.getByText(/\d+ of \d+ rides selected/).waitFor();
      await page.getByLabel('Have a promo code?').fill(code);
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('ACTIVE', { exact: true }).waitFor();

      await page.goto(`${env.stack.url}/manage-alerts`);
      const dumbo = page.getByRole('switch', { name: 'Dumbo the Flying Elephant' });
      await dumbo.waitFor();
      await page.getByText('Everything is saved.').waitFor();
      await dumbo.click();
      const tea = page.getByLabel('Return-time alert for Mad Tea Party, Lightning Lane Multi Pass');
      await tea.selectOption('available');
      // The bar with Save Changes is on screen wherever the page is scrolled (19 return-time rows below).
      await page.getByText('You have unsaved changes.').waitFor();
      await page.mouse.wheel(0, 400);
      const save = page.getByRole('button', { name: 'Save Changes' });
      const box = await save.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(800);
      expect(box!.y).toBeGreaterThanOrEqual(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, `issue29-manage-alerts-unsaved-${width}.png`) });

      // Leaving through the app's own link asks; staying keeps the edits.
      const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.message()))));
      await page.getByRole('link', { name: 'WalkOn' }).first().click();
      expect(await asked).toBe('You have unsaved changes on Manage Alerts. Leave this page and lose them?');
      // The router's blocker settles in promise jobs right after the dismissal, before the page's next task: the
      // path read in that task is final (no fixed wait).
      expect(await page.evaluate(() => new Promise<string>((r) => setTimeout(() => r(location.pathname), 0)))).toBe('/manage-alerts');
      expect(new URL(page.url()).pathname).toBe('/manage-alerts');
      expect(await dumbo.getAttribute('aria-checked')).toBe('false');
      expect(await tea.inputValue()).toBe('available');

      await save.click();
      await page.getByText('Changes Saved').first().waitFor();
      await page.getByText('Everything is saved.').waitFor();
      await page.reload();
      await dumbo.waitFor();
      expect(await dumbo.getAttribute('aria-checked')).toBe('false');
      await expect.poll(() => tea.inputValue()).toBe('available');

      // An edit left behind on purpose: leaving asks, accepting drops it (nothing saved).
      await page.getByRole('switch', { name: 'Mad Tea Party' }).click();
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('link', { name: 'WalkOn' }).first().click();
      await page.waitForURL(`${env.stack.url}/`);

      const db = createDb(env.stack.databaseUrl, 1);
      try {
        const rows = await db
          .selectFrom('user_rides')
          .innerJoin('attractions', 'attractions.id', 'user_rides.ride_id')
          .select(['attractions.name', 'user_rides.active'])
          .where('user_rides.email', '=', email)
          .where('attractions.name', 'in', ['Dumbo the Flying Elephant', 'Mad Tea Party'])
          .orderBy('attractions.name')
          .execute();
        expect(rows).toEqual([
          { name: 'Dumbo the Flying Elephant', active: false },
          { name: 'Mad Tea Party', active: true },
        ]);
        const rt = await db.selectFrom('return_time_alerts').select(['queue_type', 'before_time']).where('email', '=', email).execute();
        expect(rt).toEqual([{ queue_type: 'RETURN_TIME', before_time: null }]);
      } finally {
        await db.destroy();
      }
      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);
  }
});
