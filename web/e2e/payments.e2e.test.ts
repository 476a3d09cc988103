import path from 'node:path';
import { createDb } from '@walkon/db';
import { expectedByRule } from '@walkon/db/testing';
import { describe, expect, it } from 'vitest';
import {
  MK,
  parkToday,
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

describe('end to end: landing card → Stripe checkout (local fake) → signed webhook → success page → alerts on the paid day', () => {
  it('sells an SMS day pass to a visitor without an account and texts them on the next tick', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const email = `buyer-${Date.now()}@example.com`;
    const today = parkToday('America/New_York');

    await page.goto(`${env.stack.url}/`);
    const card = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Get walk-on alerts' }) });
    await card.locator('#hero-park').selectOption(MK);
    await card.getByRole('radio', { name: /^SMS/ }).check();
    await card.getByRole('button', { name: /^Dates/ }).click();
    await page.getByRole('button', { name: new RegExp(today.dayLabel) }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await card.getByRole('list', { name: 'Selected dates' }).getByRole('listitem').first().waitFor();
    // docs/spec/part-1.md §5: the phone is checked before anything is charged.
    await card.getByLabel('Phone number').fill('0123');
    await card.getByLabel('Email for your receipt').fill(email);
    await card.getByRole('button', { name: 'Pay $5 with card' }).click();
    await card.getByText('Please enter a valid phone number (+ symbol optional)').waitFor();
    expect(page.url()).toBe(`${env.stack.url}/`);
    await card.getByLabel('Phone number').fill('+1 407 939 5277');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'landing-signup-filled-1280.png') });
    await card.getByRole('button', { name: 'Pay $5 with card' }).click();

    // The local Stripe fake's hosted page; its Pay button posts a signed checkout.session.completed event.
    await page.waitForURL(/\/pay\/cs_test_/);
    // Declared UTF-8: the separator reads "·", not "Â·".
    await page.getByText(`${email} · $5.00`).waitFor();
    await page.getByRole('button', { name: 'Pay $5.00' }).click();
    await page.waitForURL(/\/subscription-success\?session_id=cs_test_/);
    await page.getByRole('heading', { name: 'Subscription Successful' }).waitFor();
    await page.getByText('Transaction ID').waitFor();
    await page.getByText('All Rides Activated').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'subscription-success-1280.png'), fullPage: true });

    const db = createDb(env.stack.databaseUrl, 1);
    try {
      const sub = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('email', '=', email)
        .where('park_id', '=', MK)
        .executeTakeFirstOrThrow();
      expect(sub.active).toBe(true);
      expect(sub.alert_type).toBe('sms');
      expect(sub.phone_number).toBe('+14079395277');
      const days = await db.selectFrom('pass_days').select(['day', 'channel', 'source']).where('subscription_id', '=', sub.id).execute();
      expect(days.map((d) => ({ ...d, day: String(d.day) }))).toEqual([{ day: today.ymd, channel: 'sms', source: 'stripe' }]);
      const sessions = await db.selectFrom('checkout_sessions').select(['status', 'amount_total']).execute();
      expect(sessions).toEqual([{ status: 'fulfilled', amount_total: 500 }]);

      // The next replay tick texts the recorded walk-on rides to the buyer's phone (and only to it).
      const expected = expectedByRule('tpw_live_magic-kingdom_2026-04-14T2227Z.json', stackNow(), 'America/New_York', true);
      const lines = await walkonJobs(env.stack, ['tick', '--park', MK]);
      const sent = lines.map((l) => JSON.parse(l) as { rideName: string; recipient: string; channel: string });
      expect(sent.length).toBe(expected.length);
      expect(sent.every((s) => s.channel === 'sms' && s.recipient === '+14079395277')).toBe(true);
      const texts = await db
        .selectFrom('outbox_messages')
        .select(['channel', 'to_address', 'body_text'])
        .where('delivery_id', 'is not', null)
        .execute();
      // Alert engine v2: the alerts of one tick leave as ONE text: shortest wait first, "+N more" for what does not
      // fit, and "Reply STOP to opt out." (docs/rules.md).
      expect(texts).toHaveLength(1);
      expect(texts.every((t) => t.channel === 'sms' && t.to_address === '+14079395277' && t.body_text.length <= 160)).toBe(true);
      expect(texts[0]?.body_text).toMatch(/^WalkOn \d{1,2}:\d{2} [AP]M E[SD]T: /);
      // More rides than fit in one segment: the rest are counted, never dropped silently.
      const body = texts[0]?.body_text ?? '';
      if (!expected.every((n) => body.includes(n))) expect(body).toMatch(/ \+\d+ more /);
      expect(texts[0]?.body_text).toMatch(/Reply STOP to opt out\.$/);
    } finally {
      await db.destroy();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a free e-mail day through the "Want alerts for FREE?" dialog', async () => {
    await seedFreePromo(env.stack, 'E2E-LANDING-FREE');
    const context = await env.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors = watchConsole(page, [/Failed to load resource: the server responded with a status of 400/]);
    const email = `free-${Date.now()}@example.com`;

    await page.goto(`${env.stack.url}/`);
    await page.getByRole('button', { name: 'Want alerts for FREE?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Promo code').fill('nope-not-a-code');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Please check your promo code and try again.').first().waitFor();
    await dialog.getByLabel('Promo code').fill('e2e-landing-free');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByRole('button', { name: 'Get Free Alerts' }).waitFor();
    await dialog.getByLabel('Park').selectOption(MK);
    await dialog.getByLabel('Email').fill(email);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'landing-free-alerts-375.png') });
    await dialog.getByRole('button', { name: 'Get Free Alerts' }).click();
    // The same end as the card path.
    await page.waitForURL(/\/subscription-success\?redemption=/);
    await page.getByRole('heading', { name: 'Free Alerts Activated' }).waitFor();

    const db = createDb(env.stack.databaseUrl, 1);
    try {
      const rows = await db
        .selectFrom('pass_days')
        .innerJoin('subscriptions', 'subscriptions.id', 'pass_days.subscription_id')
        .select(['pass_days.day', 'pass_days.channel', 'pass_days.source', 'subscriptions.active'])
        .where('subscriptions.email', '=', email)
        .execute();
      expect(rows.map((r) => ({ ...r, day: String(r.day) }))).toEqual([
        { day: parkToday('America/New_York').ymd, channel: 'email', source: 'promo', active: true },
      ]);
    } finally {
      await db.destroy();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Get Alerts: the pricing dialog buys an e-mail day; the payment return confirms it and alerts are active', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const email = `member-${Date.now()}@example.com`;
    const today = parkToday('America/New_York');

    await signUp(page, env.stack, email, '/get-alerts', 'Paying Member');
    await page.waitForURL(/\/get-alerts$/);
    await page.getByLabel('Destination').selectOption(WDW);
    await page.getByLabel('Park').selectOption(MK);
    await page.getByText('35 of 35 rides selected').waitFor();

    await page.getByRole('button', { name: 'Buy a day pass' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Your Alert Method' });
    await dialog.getByRole('radio', { name: /^Email/ }).check();
    await dialog.getByRole('button', { name: /^Pass dates/ }).click();
    await page.getByRole('button', { name: new RegExp(today.dayLabel) }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await dialog.getByRole('button', { name: 'Confirm and pay $1' }).click();

    await page.waitForURL(/\/pay\/cs_test_/);
    await page.getByRole('button', { name: 'Pay $1.00' }).click();
    await page.waitForURL(/\/get-alerts/);
    await page.getByText('Payment successful').waitFor();
    await page.getByText('ACTIVE', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Stop Alerts' }).waitFor();
    await page.getByRole('list', { name: 'Your pass days' }).getByText('Today').waitFor();

    const db = createDb(env.stack.databaseUrl, 1);
    try {
      const days = await db
        .selectFrom('pass_days')
        .innerJoin('subscriptions', 'subscriptions.id', 'pass_days.subscription_id')
        .select(['pass_days.day', 'pass_days.channel', 'pass_days.source'])
        .where('subscriptions.email', '=', email)
        .execute();
      expect(days).toEqual([{ day: today.ymd, channel: 'email', source: 'stripe' }]);
      const paid = await db.selectFrom('checkout_sessions').select(['status', 'amount_total']).where('email', '=', email).execute();
      expect(paid).toEqual([{ status: 'fulfilled', amount_total: 100 }]);
    } finally {
      await db.destroy();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
