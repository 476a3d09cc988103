import { createDb } from '@walkon/db';
import { expectedByRule } from '@walkon/db/testing';
import { describe, expect, it } from 'vitest';
import { MK, seedFreePromo, signUp, stackNow, WDW, watchConsole, withStackAndBrowser } from './harness.ts';

// docs/rules.md R16a with the real worker process (jobs/src/main.ts: its own job scheduler polls Magic Kingdom
// every 60 s, outbox transport): quiet hours hold the worker's alerts; when they are removed, the worker's next
// tick alerts the short rides except the one muted on its page.
const env = withStackAndBrowser({ worker: true });
const RECORDING = 'tpw_live_magic-kingdom_2026-04-14T2227Z.json';

type Mail = { subject: string | null; body_text: string };

async function mails(to: string): Promise<Mail[]> {
  const db = createDb(env.stack.databaseUrl, 1);
  try {
    return await db
      .selectFrom('outbox_messages')
      .select(['subject', 'body_text'])
      .where('to_address', '=', to)
      .orderBy('created_at')
      .execute();
  } finally {
    await db.destroy();
  }
}

async function queryOne<T>(fn: (db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
  const db = createDb(env.stack.databaseUrl, 1);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

/** When the worker last polled Magic Kingdom (its tick's poll). */
const polledAt = () =>
  queryOne(
    async (db) => (await db.selectFrom('parks').select('live_polled_at').where('id', '=', MK).executeTakeFirst())?.live_polled_at ?? null,
  );

/** Waits until the worker's scheduled tick of Magic Kingdom has polled twice after `since` (so one ran whole). */
async function twoTicksAfter(since: Date): Promise<void> {
  let first: Date | null = null;
  await expect
    .poll(
      async () => {
        const at = await polledAt();
        if (at && at > since && !first) first = at;
        return first !== null && at !== null && at > first;
      },
      { timeout: 200_000, interval: 1000 },
    )
    .toBe(true);
}

function nyClock(deltaMin: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.now() + deltaMin * 60_000),
  );
}

const isAlert = (m: Mail) => /^.+ \d+ min( \+\d+ more)? at Magic Kingdom Park$/.test(m.subject ?? '');

describe('the worker honours quiet hours and mutes (R16a)', () => {
  it('no alert during quiet hours; removed → the worker alerts the short rides but the muted one', async () => {
    const suffix = Date.now();
    await seedFreePromo(env.stack, `QUIET-${suffix}`);
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const email = `quiet-${suffix}@example.com`;
    await signUp(page, env.stack, email, '/account');
    await page.getByLabel('From (park time)').fill(nyClock(-120));
    await page.getByLabel('Until (park time)').fill(nyClock(120));
    await page.getByRole('button', { name: 'Save quiet hours' }).click();
    await page.getByTestId('quiet-hours-current').waitFor();

    await page.goto(`${env.stack.url}/get-alerts`);
    await page.getByLabel('Destination').selectOption(WDW);
    await page.getByLabel('Park').selectOption(MK);
    await page.getByText('35 of 35 rides selected').waitFor();
    await page.getByLabel('Have a promo code?').fill(`quiet-${suffix}`);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Promo Code Applied!').waitFor();
    await page.getByText('ACTIVE', { exact: true }).waitFor();
    const passAt = stackNow();

    // The worker ticks the park (twice, so one whole tick ran after the pass): nothing for this person.
    await twoTicksAfter(passAt);
    expect((await mails(email)).filter(isAlert)).toEqual([]);

    // Mute one short ride on its page; then remove the quiet hours (their end wakes the engine for the person).
    const short = expectedByRule(RECORDING, stackNow(), 'America/New_York', true);
    expect(short.length).toBeGreaterThan(1);
    const muted = short[0]!;
    const rideId = await queryOne(
      async (db) =>
        (await db.selectFrom('attractions').select('id').where('park_id', '=', MK).where('name', '=', muted).executeTakeFirstOrThrow()).id,
    );
    await page.goto(`${env.stack.url}/live-wait-times/${MK}/${rideId}`);
    await page.getByLabel(`Mute alerts for ${muted}`).selectOption('one-hour');
    await page.getByRole('button', { name: 'Mute', exact: true }).click();
    await page.getByTestId('mute-banner').waitFor();
    await page.goto(`${env.stack.url}/account`);
    await page.getByRole('button', { name: 'Remove quiet hours' }).click();
    await page.getByText('No quiet hours set.').waitFor();

    await expect.poll(async () => (await mails(email)).filter(isAlert).length, { timeout: 200_000, interval: 1000 }).toBe(1);
    const [alert] = (await mails(email)).filter(isAlert);
    const expected = expectedByRule(RECORDING, stackNow(), 'America/New_York', true).filter((n) => n !== muted);
    for (const ride of expected) expect(alert!.body_text).toContain(ride);
    expect(alert!.body_text).not.toContain(muted);
    expect(errors).toEqual([]);
    await context.close();
  }, 480_000);
});
