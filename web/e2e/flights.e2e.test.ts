import path from 'node:path';
import { createDb } from '@walkon/db';
import { createOutboxNotifier } from '@walkon/integrations/providers';
import { sendConfirmation } from '@walkon/jobs';
import { addDays, format } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS, stackNow, watchConsole, withStackAndBrowser } from './harness.ts';

const env = withStackAndBrowser();

/** A departure a few days ahead ('yyyy-MM-dd'), safely after "today" in any home airport's time zone. */
const departure = format(addDays(stackNow(), 5), 'yyyy-MM-dd');

/** Fills the search card for JFK → Disney World (all airports) on `departure`, checking the inputs on the way. */
async function fillSearch(page: Page): Promise<void> {
  const home = page.getByLabel('Home airport', { exact: true });
  await home.pressSequentially('jfk');
  expect(await home.inputValue()).toBe('JFK');
  await page.getByLabel('Disney destination', { exact: true }).selectOption({ label: 'Disney World (Florida)' });
  const airport = page.getByLabel('Airport (optional)', { exact: true });
  await airport.waitFor();
  expect(await airport.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('All airports (recommended)');
  await page.getByLabel('Departure date', { exact: true }).fill(departure);
}

describe('end to end: Flight Deals search (replay fares) and price alert', () => {
  for (const width of [1280, 375]) {
    it(`searches flights, books in a new tab and creates a price alert at ${width} px`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchConsole(page);
      const email = `flights-${width}-${Date.now()}@example.com`;

      await page.goto(`${env.stack.url}/flight-deals`);
      await page.getByRole('heading', { level: 1, name: 'FREE Disney Flight Deal Alerts!' }).waitFor();
      await page.getByText('sample fares replayed from recorded examples').first().waitFor();
      expect(await page.getByText('Flight search is unavailable right now.').count()).toBe(0);

      await fillSearch(page);
      await page.getByRole('button', { name: 'Search Flights' }).click();
      await page.getByText('Search Complete').first().waitFor();
      const list = page.getByRole('list', { name: 'Available Flights' });
      await list.waitFor();
      expect(await list.getByRole('listitem').count()).toBeGreaterThanOrEqual(1);
      const book = list.getByRole('link', { name: /^Book Now/ }).first();
      expect(await book.getAttribute('target')).toBe('_blank');
      expect(await book.getAttribute('rel')).toContain('noopener');
      expect(await book.textContent()).toContain('Book Now');
      // Mobile first: nothing wider than the viewport (the cards stack).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(SCREENSHOTS, `flight-deals-${width}.png`), fullPage: true });

      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Max price (USD)', { exact: true }).fill('5000');
      await page.getByRole('button', { name: 'Create Alert' }).click();
      await page.getByText('Alert Created!').first().waitFor();
      await page.getByText(`Please confirm it: we sent a link to ${email}.`).first().waitFor();
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('');

      const db = createDb(env.stack.databaseUrl, 1);
      try {
        // Double opt-in: the worker's confirmation e-mail (sent here with the worker's own function) carries the
        // link; the page it opens confirms only when its button is pressed.
        const created = await db
          .selectFrom('flight_alerts')
          .select(['id', 'confirmed_at'])
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        expect(created.confirmed_at).toBeNull();
        const deps = { db, notifier: createOutboxNotifier(), now: () => stackNow(), publicOrigin: env.stack.url };
        expect(await sendConfirmation(deps, 'flight_alert', created.id)).toBe(true);
        const mail = await db.selectFrom('outbox_messages').select('body_text').where('to_address', '=', email).executeTakeFirstOrThrow();
        const link = mail.body_text.match(/https?:\/\/\S+\/confirm\?token=[0-9a-f]+/)?.[0];
        expect(link).toBeDefined();
        await page.goto(link!);
        await page.getByRole('heading', { level: 1, name: 'Confirm your subscription?' }).waitFor();
        await page.reload();
        expect(
          (await db.selectFrom('flight_alerts').select('confirmed_at').where('id', '=', created.id).executeTakeFirstOrThrow()).confirmed_at,
        ).toBeNull();
        await page.getByRole('button', { name: 'Confirm' }).click();
        await page.getByRole('heading', { level: 1, name: 'Flight alert confirmed' }).waitFor();
        await page.screenshot({ path: path.join(SCREENSHOTS, `flight-alert-confirmed-${width}.png`) });
        expect(
          (await db.selectFrom('flight_alerts').select('confirmed_at').where('id', '=', created.id).executeTakeFirstOrThrow()).confirmed_at,
        ).not.toBeNull();
        const rows = await db
          .selectFrom('flight_alerts')
          .select(['home_airport', 'destination_park', 'airport', 'max_price', 'active', 'cabin_class', 'passengers'])
          .select((eb) => eb.cast<string>('departure_date_start', 'text').as('departure'))
          .where('email', '=', email)
          .execute();
        expect(rows).toEqual([
          {
            home_airport: 'JFK',
            destination_park: 'disney-world',
            airport: null,
            max_price: 5000,
            active: true,
            cabin_class: 'ECONOMY',
            passengers: 1,
            departure,
          },
        ]);
      } finally {
        await db.destroy();
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("says 'Missing Information' and marks the home airport when it is empty; an unknown airport says why once", async () => {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    // The unknown airport is refused with a 400 on purpose; Chromium logs that response.
    const errors = watchConsole(page, [/status of 400/]);

    await page.goto(`${env.stack.url}/flight-deals`);
    await page.getByLabel('Disney destination', { exact: true }).selectOption({ label: 'Disney World (Florida)' });
    await page.getByLabel('Departure date', { exact: true }).fill(departure);
    await page.getByRole('button', { name: 'Search Flights' }).click();
    await page.getByText('Missing Information').first().waitFor();
    await page.getByText('Please fill in all required fields').first().waitFor();
    expect(await page.getByLabel('Home airport', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Enter your home airport, a Disney destination and a departure date').waitFor();

    // The alert needs the trip too.
    await page.getByLabel('Email', { exact: true }).fill('someone@example.com');
    await page.getByLabel('Max price (USD)', { exact: true }).fill('300');
    await page.getByRole('button', { name: 'Create Alert' }).click();
    await page.getByText('Please fill in all fields to set up an alert').first().waitFor();

    // An unknown home airport: the reason is said once, in the results area (no toast beside a vaguer line).
    await page.reload();
    await page.getByLabel('Home airport', { exact: true }).pressSequentially('zzx');
    await page.getByLabel('Disney destination', { exact: true }).selectOption({ label: 'Disney World (Florida)' });
    await page.getByLabel('Departure date', { exact: true }).fill(departure);
    await page.getByRole('button', { name: 'Search Flights' }).click();
    const failed = page.getByRole('region', { name: 'Available Flights' }).getByRole('alert');
    await failed.getByText('Search Failed').waitFor();
    const why = 'We could not find the airport code ZZX. Please check your home airport.';
    await failed.getByText(why).waitFor();
    expect(await page.getByText(why).count()).toBe(1);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await page.getByText('The search did not finish').count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'flight-deals-unknown-airport-375.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
