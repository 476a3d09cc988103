import { createDb } from '@walkon/db';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkFromOutbox, MK, seedFreePromo, signUp, watchConsole, withStackAndBrowser } from './harness.ts';

// docs/decisions/044-the-park-today-is-the-servers.md: the evening failure of the 375 px card checkouts. At
// 2026-11-28T01:52Z it is 20:52 on Friday 2026-11-27 in Orlando (EST, UTC−5 since 2026-11-01): the park's today
// is 2026-11-27 while the UTC date — the browser's here — is already 2026-11-28. The stack (API, send worker,
// browser) runs from that instant (docs/decisions/045-time-as-an-input-of-the-tests.md).
const AT = '2026-11-28T01:52:00Z';
const PARK_TODAY = '2026-11-27'; // by hand: 01:52 − 5 h = 20:52 the day before

const env = withStackAndBrowser({ sendWorker: true, at: AT });

describe('the park evening when the UTC date is already tomorrow (2026-11-28T01:52Z, Orlando 20:52)', () => {
  it("a verified account redeems a free day before Magic Kingdom's pass calendar answered: the day is the park's today", async () => {
    const code = 'E2E-EVENING';
    await seedFreePromo(env.stack, code);
    const context = await env.browser.newContext({ viewport: { width: 375, height: 800 }, timezoneId: 'UTC' });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const email = `evening-${Date.now()}@example.com`;
    await signUp(page, env.stack, email, '/');
    await page.goto(await linkFromOutbox(env.stack, email, '/verify-email'));
    await page.getByText(`Your e-mail address ${email} is confirmed.`).waitFor();

    // The park's calendar (the server's park-local today) is slow to answer, as on a phone: it is held until the
    // day has been redeemed. Magic Kingdom has not been read live yet, so the park list has no time zone for it.
    const held: Route[] = [];
    await page.route(/\/trpc\/[^?]*checkout\.passCalendar/, (route) => {
      held.push(route);
    });
    await page.goto(`${env.stack.url}/`);
    await page.getByRole('button', { name: 'Want alerts for FREE?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Promo code').fill(code);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByLabel('Park').selectOption(MK);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Get Free Alerts' }).click();
    await page.waitForURL(/\/subscription-success\?redemption=/);
    await page.unroute(/\/trpc\/[^?]*checkout\.passCalendar/);
    // A request the page gave up on when it left the landing page is already handled.
    for (const r of held) await r.continue().catch(() => undefined);
    await page.getByRole('heading', { name: 'Free Alerts Activated' }).waitFor();

    const db = createDb(env.stack.databaseUrl, 1);
    try {
      const days = await db
        .selectFrom('pass_days')
        .innerJoin('subscriptions', 'subscriptions.id', 'pass_days.subscription_id')
        .select(['pass_days.day', 'pass_days.source'])
        .where('subscriptions.email', '=', email)
        .execute();
      expect(days.map((r) => ({ ...r, day: String(r.day) }))).toEqual([{ day: PARK_TODAY, source: 'promo' }]);
    } finally {
      await db.destroy();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
