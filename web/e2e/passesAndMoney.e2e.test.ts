import { mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, watches } from '@walkon/db';
import { FIXTURES_DIR } from '@walkon/db/testing';
import { formatUsd } from '@walkon/domain/money';
import { createOutboxNotifier } from '@walkon/integrations/providers';
import { sendConfirmation } from '@walkon/jobs';
import { addDays, format } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MK, parkToday, SCREENSHOTS, seedFreePromo, stackNow, walkonJobs, watchConsole, withStackAndBrowser } from './harness.ts';

// Money and passes, as a visitor does it, at 375 and 1280 px.

// Two parks' ride lists "cannot load" for this server (one park per viewport: once a list has loaded it stays
// in the catalogue): its replay folder holds every recording except theirs (an upstream outage for those
// parks). The operator CLI later reads the full folder: the list becomes available.
const OUTAGE = {
  375: { id: '47f90d2c-e191-4239-a466-5892ef59a88b', file: 'tpw_live_epcot_2023-02-15T1556Z.json' },
  1280: { id: '267615cc-8943-4c2a-ae2c-5da728ca591f', file: 'tpw_live_islands-of-adventure_2023-01-30T1618Z.json' },
} as const;
const outageDir = mkdtempSync(path.join(tmpdir(), 'walkon-outage-'));
const outageFiles = new Set<string>(Object.values(OUTAGE).map((p) => p.file));
for (const name of readdirSync(FIXTURES_DIR))
  if (!outageFiles.has(name)) symlinkSync(path.join(FIXTURES_DIR, name), path.join(outageDir, name));
/** Expected from the recording itself (independent of the product): the park's attractions. */
function attractionsIn(file: string): number {
  const live = JSON.parse(readFileSync(path.join(FIXTURES_DIR, file), 'utf8')) as { liveData: { entityType: string }[] };
  return live.liveData.filter((e) => e.entityType === 'ATTRACTION').length;
}

const env = withStackAndBrowser({ env: { WAIT_TIMES_REPLAY_DIR: outageDir } });

const VIEWPORTS = [
  { width: 375, height: 800 },
  { width: 1280, height: 900 },
] as const;

/** The calendar's accessible name of a park-local date 'YYYY-MM-DD' (e.g. "Friday, November 27th, 2026"). */
function dayLabel(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), 'PPPP');
}

function nextDay(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return format(addDays(new Date(y, m - 1, d), 1), 'yyyy-MM-dd');
}

/** "Want alerts for FREE?" on the landing page: code, park, e-mail → Get Free Alerts. */
async function redeemOnLanding(page: Page, url: string, code: string, parkId: string, email: string) {
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'Want alerts for FREE?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Promo code').fill(code);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog.getByRole('button', { name: 'Get Free Alerts' }).waitFor();
  await dialog.getByLabel('Park').selectOption(parkId);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Get Free Alerts' }).click();
}

describe('money and passes end to end', () => {
  for (const vp of VIEWPORTS) {
    it(`item 4 + item 2 at ${vp.width} px: the promo path ends on the success page; a held day cannot be paid for again`, async () => {
      const code = `E2E-HELD-${vp.width}`;
      await seedFreePromo(env.stack, code);
      const context = await env.browser.newContext({ viewport: vp });
      const page = await context.newPage();
      const errors = watchConsole(page, [/Failed to load resource: the server responded with a status of 400/]);
      const email = `held-${vp.width}-${Date.now()}@example.com`;
      const today = parkToday('America/New_York').ymd;
      const tomorrow = nextDay(today);

      // Item 4: the free path ends like the card path — success page, next steps, invitation to create an account.
      await redeemOnLanding(page, env.stack.url, code.toLowerCase(), MK, email);
      await page.waitForURL(/\/subscription-success\?redemption=/);
      await page.getByRole('heading', { name: 'Free Alerts Activated' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Free Alerts Activated' }).waitFor();
      await page.getByText('All Rides Activated').waitFor();
      await page.getByRole('link', { name: 'Create an account' }).waitFor();
      await page.getByText(code, { exact: true }).waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, `issue29-promo-success-${vp.width}.png`), fullPage: true });

      // Item 2: buying today (held free) + tomorrow by card is refused before any checkout, naming the held day.
      await page.goto(`${env.stack.url}/`);
      const card = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Get walk-on alerts' }) });
      await card.locator('#hero-park').selectOption(MK);
      await card.getByRole('radio', { name: /^E-mail/ }).check();
      await card.getByRole('button', { name: /^Dates/ }).click();
      await page.getByRole('button', { name: new RegExp(dayLabel(today)) }).click();
      await page.getByRole('button', { name: new RegExp(dayLabel(tomorrow)) }).click();
      await page.getByRole('button', { name: 'Done' }).click();
      await card.getByLabel('Email for your receipt').fill(email);
      await card.getByRole('button', { name: 'Pay $2 with card' }).click();
      const [y, m, d] = today.split('-').map(Number) as [number, number, number];
      const todayText = format(new Date(y, m - 1, d), 'EEE, MMM d');
      // Said under the dates and marked on the held day's chip, not in a toast over the Pay button.
      await card.getByRole('alert').getByText(`${email} already has alerts for Magic Kingdom Park on ${todayText}.`).waitFor();
      const chips = card.getByRole('list', { name: 'Selected dates' }).getByRole('listitem');
      expect(await chips.filter({ hasText: 'already yours' }).allTextContents()).toEqual([`${todayText}· already yours`]);
      expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
      expect(page.url()).toBe(`${env.stack.url}/`);
      await page.screenshot({ path: path.join(SCREENSHOTS, `issue29-held-day-refused-${vp.width}.png`), fullPage: vp.width < 400 });

      // Removing the held day: the price shown ($1) is what is charged.
      await card.getByRole('button', { name: `Remove ${todayText}` }).click();
      await card.getByRole('button', { name: 'Pay $1 with card' }).click();
      await page.waitForURL(/\/pay\/cs_test_/);
      await page.getByRole('button', { name: 'Pay $1.00' }).click();
      await page.waitForURL(/\/subscription-success\?session_id=cs_test_/);
      await page.getByRole('heading', { name: 'Subscription Successful' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Subscription Successful' }).waitFor();
      const [ty, tm, td] = tomorrow.split('-').map(Number) as [number, number, number];
      await page.getByText(`on ${format(new Date(ty, tm - 1, td), 'MMM d')}.`).waitFor();
      expect(await page.locator('dt:text-is("Amount") + dd').textContent()).toBe(formatUsd(100));
      await page.screenshot({ path: path.join(SCREENSHOTS, `issue29-paid-new-day-only-${vp.width}.png`), fullPage: true });

      const db = createDb(env.stack.databaseUrl, 1);
      try {
        const days = await db
          .selectFrom('pass_days')
          .innerJoin('subscriptions', 'subscriptions.id', 'pass_days.subscription_id')
          .select(['pass_days.day', 'pass_days.channel', 'pass_days.source'])
          .where('subscriptions.email', '=', email)
          .orderBy('pass_days.day')
          .execute();
        expect(days.map((r) => ({ ...r, day: String(r.day) }))).toEqual([
          { day: today, channel: 'email', source: 'promo' },
          { day: tomorrow, channel: 'email', source: 'stripe' },
        ]);
        const sessions = await db
          .selectFrom('checkout_sessions')
          .select(['id', 'status', 'amount_total', 'days'])
          .where('email', '=', email)
          .execute();
        expect(sessions.map(({ id: _id, ...s }) => s)).toEqual([{ status: 'fulfilled', amount_total: 100, days: [tomorrow] }]);
        // The receipt, written by the worker's confirmation job (the outbox transport of the stack).
        const sent = await sendConfirmation(
          { db, notifier: createOutboxNotifier(), now: () => stackNow(), publicOrigin: env.stack.url },
          'checkout',
          sessions[0]!.id,
        );
        expect(sent).toBe(true);
        const receipt = await db
          .selectFrom('outbox_messages')
          .select(['body_text'])
          .where('to_address', '=', email)
          .where('subject', 'like', 'WalkOn alerts confirmed%')
          .executeTakeFirstOrThrow();
        const datesLine = receipt.body_text.split('\n').find((l) => l.startsWith('Dates:')) ?? '';
        // One day only (a list reads 'Thu, Nov 26 and Fri, Nov 27'): the held day was not charged again.
        expect(datesLine).not.toContain(' and ');
        expect(datesLine).toMatch(new RegExp(`\\b${td}\\b`));
        expect(receipt.body_text).toContain(formatUsd(100));
      } finally {
        await db.destroy();
      }
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`item 3 at ${vp.width} px: a pass granted while the ride list cannot load says so, and gets its rides when it loads`, async () => {
      const code = `E2E-OUTAGE-${vp.width}`;
      const park = OUTAGE[vp.width];
      await seedFreePromo(env.stack, code);
      const context = await env.browser.newContext({ viewport: vp });
      const page = await context.newPage();
      const errors = watchConsole(page);
      const email = `outage-${vp.width}-${Date.now()}@example.com`;

      await redeemOnLanding(page, env.stack.url, code, park.id, email);
      await page.waitForURL(/\/subscription-success\?redemption=/);
      await page.getByRole('heading', { name: 'Rides not selected yet' }).waitFor();
      expect(await page.getByText('All Rides Activated').count()).toBe(0);
      expect(await page.getByText('ALL ride alerts').count()).toBe(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, `issue29-rides-pending-${vp.width}.png`), fullPage: true });

      const db = createDb(env.stack.databaseUrl, 1);
      try {
        const watched = () =>
          db
            .selectFrom('user_rides')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('email', '=', email)
            .where('park_id', '=', park.id)
            .where('active', '=', true)
            .executeTakeFirstOrThrow();
        expect(Number((await watched()).n)).toBe(0);
        // The park still counts as watched although no ride is selected yet: its poll is the retry.
        expect(await watches.parkHasValidWatch(db, park.id, stackNow())).toBe(true);

        // The ride list becomes available: the next poll of the park (the worker's tick) selects every ride.
        await walkonJobs(env.stack, ['tick', '--park', park.id], { WAIT_TIMES_REPLAY_DIR: FIXTURES_DIR });
        expect(Number((await watched()).n)).toBe(attractionsIn(park.file));
      } finally {
        await db.destroy();
      }
      await page.reload();
      await page.getByText('All Rides Activated').waitFor();
      expect(await page.getByRole('heading', { name: 'Rides not selected yet' }).count()).toBe(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, `issue29-rides-selected-${vp.width}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
