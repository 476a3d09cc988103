import { createDb } from '@walkon/db';
import { expectedByRule } from '@walkon/db/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MK, seedFreePromo, signUp, stackNow, WDW, walkonJobs, watchConsole, withStackAndBrowser } from './harness.ts';

// docs/rules.md R16a: "Mute until …" and quiet hours, changed in Chromium, seen after a reload, and honoured by
// the alert tick (the operator CLI's `tick`: the production poll → evaluate → claim → send, outbox transport).
const env = withStackAndBrowser();
const RECORDING = 'tpw_live_magic-kingdom_2026-04-14T2227Z.json';

/** The rides the next tick of Magic Kingdom alerts to `email`, sorted. */
async function tick(email: string): Promise<string[]> {
  const lines = await walkonJobs(env.stack, ['tick', '--park', MK]);
  return lines
    .map((l) => JSON.parse(l) as { rideName?: string; recipient?: string })
    .filter((s) => s.recipient === email && typeof s.rideName === 'string')
    .map((s) => s.rideName!)
    .sort();
}

/** The ride-alert e-mails of the outbox for `to`, oldest first. */
async function alertMails(to: string): Promise<{ subject: string | null; body_text: string }[]> {
  const db = createDb(env.stack.databaseUrl, 1);
  try {
    return await db
      .selectFrom('outbox_messages')
      .select(['subject', 'body_text'])
      .where('to_address', '=', to)
      .where('subject', 'like', '% at Magic Kingdom Park')
      .orderBy('created_at')
      .execute();
  } finally {
    await db.destroy();
  }
}

async function attractionId(name: string): Promise<string> {
  const db = createDb(env.stack.databaseUrl, 1);
  try {
    const r = await db.selectFrom('attractions').select('id').where('park_id', '=', MK).where('name', '=', name).executeTakeFirstOrThrow();
    return r.id;
  } finally {
    await db.destroy();
  }
}

/** 'HH:MM' in New York, `deltaMin` minutes from now. */
function nyClock(deltaMin: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.now() + deltaMin * 60_000),
  );
}

async function freeDay(page: Page, code: string): Promise<void> {
  await page.goto(`${env.stack.url}/get-alerts`);
  await page.getByLabel('Destination').selectOption(WDW);
  await page.getByLabel('Park').selectOption(MK);
  await page.getByText(/\d+ of \d+ rides selected/).waitFor();
  await page.getByLabel('Have a promo code?').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('Promo Code Applied!').waitFor();
  await page.getByText('ACTIVE', { exact: true }).waitFor();
}

describe('mutes and quiet hours in the browser, and in what the tick sends (R16a)', () => {
  it('quiet hours hold every alert; a muted ride is left out; Unmute brings it back', async () => {
    const suffix = Date.now();
    await seedFreePromo(env.stack, `MUTE-${suffix}`);
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const email = `mute-${suffix}@example.com`;
    await signUp(page, env.stack, email, '/get-alerts');
    await freeDay(page, `mute-${suffix}`);

    // Quiet hours around the park's present time, set on the account page; read back after a reload.
    const [start, end] = [nyClock(-60), nyClock(60)];
    await page.goto(`${env.stack.url}/account`);
    await page.getByLabel('From (park time)').fill(start);
    await page.getByLabel('Until (park time)').fill(end);
    await page.getByRole('button', { name: 'Save quiet hours' }).click();
    await page.getByTestId('quiet-hours-current').waitFor();
    await page.reload();
    expect(await page.getByTestId('quiet-hours-current').textContent()).toBe(`Quiet hours on: ${start}–${end} park time`);
    // Same start and end: the sentence, no save.
    await page.getByLabel('Until (park time)').fill(start);
    await page.getByRole('button', { name: 'Save quiet hours' }).click();
    await page.getByText('Quiet hours need different start and end times (for example 22:00 to 07:00).').waitFor();

    // The replay serves the recording shifted to the real clock: the independent script says which rides are short.
    const short = expectedByRule(RECORDING, stackNow(), 'America/New_York', true);
    expect(short.length).toBeGreaterThan(0);
    // Get Alerts promises nothing during quiet hours (docs/rules.md R56), and the tick sends nothing.
    await page.goto(`${env.stack.url}/get-alerts`);
    expect(await page.getByTestId('short-now').textContent()).toBe('Your quiet hours are on: no alert until they end (Account).');
    expect(await tick(email)).toEqual([]);
    expect(await alertMails(email)).toEqual([]);

    // Mute the first short ride on its page for the rest of the day; still shown after a reload.
    const muted = short[0]!;
    await page.goto(`${env.stack.url}/live-wait-times/${MK}/${await attractionId(muted)}`);
    await page.getByLabel(`Mute alerts for ${muted}`).selectOption('rest-of-day');
    await page.getByRole('button', { name: 'Mute', exact: true }).click();
    const banner = page.getByTestId('mute-banner');
    await banner.waitFor();
    await page.reload();
    expect(await banner.textContent()).toContain(`${muted}: muted until midnight park time`);
    // The live table marks the muted ride, at 1280 and at 375 px (docs/rules.md R56).
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${env.stack.url}/live-wait-times?destination=${WDW}&park=${MK}`);
      const row = page.getByTestId('ride-row').filter({ hasText: muted });
      expect(await row.getByTestId('ride-muted').textContent(), `${width} px`).toBe('muted until midnight park time');
      expect(await page.getByTestId('ride-muted').count()).toBe(1);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Quiet hours removed (reload: gone): the next tick alerts the short rides but the muted one, in one e-mail.
    await page.goto(`${env.stack.url}/account`);
    await page.getByRole('button', { name: 'Remove quiet hours' }).click();
    await page.getByText('No quiet hours set.').waitFor();
    await page.reload();
    await page.getByText('No quiet hours set.').waitFor();
    const others = short.slice(1);
    // Get Alerts lists exactly what the next tick sends: the short rides but the muted one (docs/rules.md R56).
    await page.goto(`${env.stack.url}/get-alerts`);
    const promise = (await page.getByTestId('short-now').textContent()) ?? '';
    if (others.length) {
      expect(promise).toMatch(/^Short right now: /);
      for (const ride of others) expect(promise).toContain(`${ride} (`);
    } else expect(promise).toMatch(/^None of your rides is short/);
    expect(promise).not.toContain(muted);
    expect(await tick(email)).toEqual(others);
    const mails = await alertMails(email);
    expect(mails).toHaveLength(others.length ? 1 : 0);
    for (const ride of others) expect(mails[0]!.body_text).toContain(ride);
    if (mails[0]) expect(mails[0].body_text).not.toContain(muted);

    // Manage Alerts shows the mute loudly; Unmute there ends it (gone after a reload) and the next tick alerts it.
    await page.goto(`${env.stack.url}/manage-alerts`);
    const loud = page.getByTestId('mute-banner').filter({ hasText: muted });
    expect(await loud.textContent()).toContain(`${muted} (Magic Kingdom Park): muted until midnight park time`);
    await page.getByRole('button', { name: `Unmute ${muted} (Magic Kingdom Park)` }).click();
    await page.getByText('Unmuted: alerts are back on').waitFor();
    await page.reload();
    await page.getByText('Signed in as').waitFor();
    await page.getByRole('switch', { name: muted }).waitFor();
    expect(await page.getByTestId('mute-banner').count()).toBe(0);
    expect(await tick(email)).toEqual([muted]);
    const after = await alertMails(email);
    expect(after).toHaveLength(mails.length + 1);
    expect(after.at(-1)!.body_text).toContain(muted);

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it("a notification's ?mute=today: signed out, a sign-in link back; signed in, one tap mutes for the day; it ends by itself", async () => {
    const suffix = Date.now();
    const ride = 'Space Mountain';
    const rideId = await attractionId(ride);
    const url = `${env.stack.url}/live-wait-times/${MK}/${rideId}?mute=today`;
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    // Signed out (the service worker could not mute: no session): the page says how, and comes back here.
    await page.goto(url);
    const signIn = page.getByRole('link', { name: 'Sign in' }).filter({ hasText: 'Sign in' });
    await page.getByText(`to mute ${ride} for the rest of today.`).waitFor();
    expect(await signIn.first().getAttribute('href')).toContain(encodeURIComponent(`/live-wait-times/${MK}/${rideId}?mute=today`));
    const email = `mute-link-${suffix}@example.com`;
    await signUp(page, env.stack, email, '/live-wait-times');
    // Signed in: the question, "rest of the day" chosen and the Mute button focused; nothing muted before the tap.
    await page.goto(url);
    await page.getByText(`From your notification: mute ${ride} for the rest of today?`).waitFor();
    expect(await page.getByLabel(`Mute alerts for ${ride}`).inputValue()).toBe('rest-of-day');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Mute');
    expect(await page.getByTestId('mute-banner').count()).toBe(0);
    await page.keyboard.press('Enter');
    const banner = page.getByTestId('mute-banner');
    await banner.waitFor();
    await page.reload();
    expect(await banner.textContent()).toContain(`${ride}: muted until midnight park time`);
    // The mute's end passes (its stored end moved to a minute ago, as the clock would move): no job ends it, the
    // page no longer shows it after a reload.
    const db = createDb(env.stack.databaseUrl, 1);
    try {
      await db
        .updateTable('alert_mutes')
        .set({ until: new Date(Date.now() - 60_000) })
        .where('attraction_id', '=', rideId)
        .execute();
    } finally {
      await db.destroy();
    }
    await page.goto(`${env.stack.url}/live-wait-times/${MK}/${rideId}`);
    await page.getByLabel(`Mute alerts for ${ride}`).waitFor();
    expect(await page.getByTestId('mute-banner').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
