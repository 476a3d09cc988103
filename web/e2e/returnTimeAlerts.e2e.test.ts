import path from 'node:path';
import { createDb } from '@walkon/db';
import { describe, expect, it } from 'vitest';
import { MK, SCREENSHOTS, seedFreePromo, signUp, WDW, walkonJobs, watchConsole, withStackAndBrowser } from './harness.ts';

const env = withStackAndBrowser();

describe('return-time alerts end to end: pass → Manage Alerts → "When available" → one tick → e-mail', () => {
  for (const width of [375, 1280]) {
    it(`sets a Lightning Lane alert on a watched attraction and receives it (${width} px)`, async () => {
      await seedFreePromo(env.stack, `E2E-RT-${width}`);
      const context = await env.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchConsole(page);
      const email = `rt-${width}-${Date.now()}@example.com`;
      await signUp(page, env.stack, email, '/get-alerts', 'Return Time');
      await page.getByLabel('Destination').selectOption(WDW);
      await page.getByLabel('Park').selectOption(MK);
      await page.getByText('35 of 35 rides selected').waitFor();
      await page.getByLabel('Have a promo code?').fill(`E2E-RT-${width}`);
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('button', { name: 'Stop Alerts' }).waitFor();

      await page.goto(`${env.stack.url}/manage-alerts`);
      await page.getByRole('heading', { name: 'Magic Kingdom Park' }).waitFor();
      const section = page.getByRole('region', { name: 'Lightning Lane return-time alerts' });
      await section.waitFor();
      // The recorded live data (replayed at the current time): Mad Tea Party's Multi Pass is available, TRON's
      // Single Pass is sold out ($21.00).
      const tea = section.getByRole('listitem').filter({ hasText: 'Mad Tea Party' });
      await tea.getByText(/^Available from \d{1,2}:\d{2} [AP]M park time$/).waitFor();
      const tron = section.getByRole('listitem').filter({ hasText: 'TRON Lightcycle / Run' });
      await tron.getByText('Lightning Lane Single Pass · $21.00').waitFor();
      await tron.getByText('Sold out').waitFor();

      await page.getByLabel('Return-time alert for Mad Tea Party, Lightning Lane Multi Pass').selectOption('available');
      // "Available before…" reveals a park-time field; both are saved with the page's one Save Changes.
      await page.getByLabel('Return-time alert for TRON Lightcycle / Run, Lightning Lane Single Pass').selectOption('before');
      await page.getByLabel('Alert when TRON Lightcycle / Run, Lightning Lane Single Pass returns before (park time)').fill('14:30');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Changes Saved').first().waitFor();
      await page.reload();
      await expect
        .poll(async () => page.getByLabel('Return-time alert for TRON Lightcycle / Run, Lightning Lane Single Pass').inputValue())
        .toBe('before');
      await page.screenshot({ path: path.join(SCREENSHOTS, `manage-alerts-return-times-${width}.png`), fullPage: true });

      const lines = await walkonJobs(env.stack, ['tick', '--park', MK]);
      const sent = lines.map((l) => JSON.parse(l) as { rideName: string; recipient: string; waitMinutes: number | null });
      const mine = sent.filter((s) => s.recipient === email);
      expect(mine.filter((s) => s.waitMinutes === null).map((s) => s.rideName)).toEqual(['Mad Tea Party']);
      const db = createDb(env.stack.databaseUrl, 1);
      try {
        const mails = await db.selectFrom('outbox_messages').select(['subject', 'body_text']).where('to_address', '=', email).execute();
        const rt = mails.find((m) => m.subject === 'Lightning Lane return time: Mad Tea Party');
        expect(rt?.body_text).toMatch(/^Lightning Lane for Mad Tea Party: return from \d{1,2}:\d{2} [AP]M \(Magic Kingdom Park\)\./);
      } finally {
        await db.destroy();
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
