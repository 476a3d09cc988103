import path from 'node:path';
import { ensureCatalogue, refreshPark } from '@walkon/core';
import { createDb, history } from '@walkon/db';
import { FIXTURES_DIR } from '@walkon/db/testing';
import { parkLocalTime } from '@walkon/domain/dates';
import { createReplaySource } from '@walkon/integrations/providers';
import { collectHistory, DEMO_HISTORY, importHistory } from '@walkon/jobs';
import { format, parseISO } from 'date-fns';
import { beforeAll, describe, expect, it } from 'vitest';
import { MK, parkToday, SCREENSHOTS, signUp, stackNow, WDW, watchConsole, withStackAndBrowser } from './harness.ts';

const PEOPLEMOVER = 'ffcfeaa2-1416-4920-a1ed-543c1a1695c4';
const PM_NAME = 'Tomorrowland Transit Authority PeopleMover';

// Real data in: ten weeks of TouringPlans PeopleMover days (their real 2021 dates) and, for today, six polls of
// the recorded Magic Kingdom day (ThemeParks.wiki-derived 2026-04-01 series) 20 minutes apart, up to now. Every
// poll falls on today's park-local date: in the first two hours after the park's midnight they are closer together
// (a poll before midnight would be yesterday's, and the live table draws today's line only from two 15-minute
// slots on), and in its first 20 minutes the stack starts 45 minutes after the park's midnight instead (its clock is
// an input, docs/decisions/045-time-as-an-input-of-the-tests.md: no waiting for the real midnight to pass).
const MIN_AFTER_MIDNIGHT_MS = 20 * 60_000;
function sinceParkMidnight(at: Date): number {
  const [hh, mm] = parkLocalTime(at, 'America/New_York').split(':').map(Number) as [number, number];
  return (hh * 60 + mm) * 60_000 + (at.getTime() % 60_000);
}
const planned = stackNow();
const early = sinceParkMidnight(planned) < MIN_AFTER_MIDNIGHT_MS;
/** Where an early stack starts: 45 minutes after the park's midnight (polls 20 minutes apart fit in from there). */
const EARLY_START_MS = 45 * 60_000;
const env = withStackAndBrowser(
  early ? { at: new Date(planned.getTime() + EARLY_START_MS - sinceParkMidnight(planned)).toISOString() } : {},
);
beforeAll(async () => {
  const sinceMidnight = sinceParkMidnight(stackNow());
  const db = createDb(env.stack.databaseUrl, 2);
  try {
    let clock = stackNow();
    const source = createReplaySource({
      dir: FIXTURES_DIR,
      files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'],
      seriesFile: path.join(FIXTURES_DIR, 'roguemew_tpw-derived_magic-kingdom_2026-04-01_15min.csv'),
      now: () => clock,
    });
    await ensureCatalogue({ db, source });
    const end = stackNow().getTime();
    const step = Math.min(20 * 60_000, (Math.max(sinceMidnight, MIN_AFTER_MIDNIGHT_MS) - 60_000) / 6);
    for (let k = 6; k >= 2; k--) {
      clock = new Date(end - k * step);
      await refreshPark({ db, source, now: () => clock }, MK);
    }
    // The last one as the worker's 5-minute history job does it: read, roll up, and read today's schedule.
    clock = new Date(end - step);
    await collectHistory({ db, source, now: () => clock }, MK);
    await history.rollupPark(db, MK, new Date(end - 3 * 3_600_000), new Date(end));
    await importHistory({ db, now: stackNow }, { dir: FIXTURES_DIR, datasets: DEMO_HISTORY.filter((d) => d.file.includes('peoplemover')) });
  } finally {
    await db.destroy();
  }
}, 120_000);

describe('wait history: live table, ride page, watch the ride', () => {
  for (const width of [375, 1280]) {
    it(`sorts and filters the live table (kept after a reload), opens a ride's history with the typical band, and watches it at ${width} px`, async () => {
      // The browser in Los Angeles, the park in Orlando: every time on these pages says it is park time.
      const context = await env.browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'America/Los_Angeles' });
      const page = await context.newPage();
      const errors = watchConsole(page);
      const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `history-${name}-${width}.png`), fullPage: true });
      const names = () => page.getByTestId('ride-row').locator('a').allInnerTexts();

      await signUp(page, env.stack, `history-${width}-${Date.now()}@example.com`, '/get-alerts', 'History Tester');
      // Start from no rides selected for the park, so the ride page's "Watch this ride" is what selects it.
      await page.getByLabel('Destination').selectOption(WDW);
      await page.getByLabel('Park').selectOption(MK);
      await page.getByText('35 of 35 rides selected').waitFor();
      const cleared = page.waitForResponse(
        (r) => r.url().includes('/trpc/alerts.saveRides') && (r.request().postData() ?? '').includes('"rideIds":[]'),
      );
      await page.getByRole('button', { name: 'Unselect all' }).click();
      // With nothing selected the count line says so in words (Get Alerts' WatchStatus).
      await page.getByText('No ride is watched — select rides to get alerts').first().waitFor();
      expect((await cleared).ok()).toBe(true);

      await page.goto(`${env.stack.url}/live-wait-times?destination=${WDW}&park=${MK}`);
      await page.getByTestId('ride-row').first().waitFor();
      await page.getByTestId('park-hours').waitFor();
      expect(await page.getByTestId('park-hours').textContent()).toMatch(/^Hours today: \d+:\d\d [AP]M – \d+:\d\d [AP]M park time/);
      // Default: longest wait first.
      const byWait = await names();
      expect(byWait.length).toBe(35);
      // Sort by name; the order is A–Z and survives a reload.
      await page.getByLabel('Sort rides').selectOption('name');
      await expect.poll(names).toEqual([...byWait].sort((a, b) => a.localeCompare(b)));
      await page.reload();
      await page.getByTestId('ride-row').first().waitFor();
      expect(await names()).toEqual([...byWait].sort((a, b) => a.localeCompare(b)));
      // Status sort puts operating rides first.
      await page.getByLabel('Sort rides').selectOption('status');
      await expect.poll(async () => ((await page.getByTestId('ride-row').first().textContent()) ?? '').includes('Operating')).toBe(true);
      await page.getByLabel('Sort rides').selectOption('name');
      await shot('live-table');
      // A ride name never takes more than two lines, even at 375 px.
      const link = page.getByRole('link', { name: PM_NAME });
      const box = await link.boundingBox();
      const lineHeight = await link.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
      expect(box!.height).toBeLessThanOrEqual(lineHeight * 2 + 1);
      // Filter by name, kept after a reload; the PeopleMover row has today's sparkline and an update age.
      await page.getByLabel('Filter rides by name').fill('peoplemover');
      await expect.poll(names).toEqual([PM_NAME]);
      await page.reload();
      await expect.poll(names).toEqual([PM_NAME]);
      const row = page.getByTestId('ride-row').first();
      // The sparkline column shows from the small breakpoint up; at 375 px it is in the row but hidden.
      await row.getByTestId('sparkline').waitFor({ state: 'attached' });
      // Each reading says how old it is in the sense of docs/rules.md R2: when it last changed, or that it is not
      // confirmed today.
      expect(await row.textContent()).toMatch(/changed (just now|\d+ (min|h) ago)|not confirmed today/);
      await shot('live-filtered');

      // The ride page: today's line and the typical band from the recorded past days of the same weekday.
      await link.click();
      await page.waitForURL(new RegExp(`/live-wait-times/${MK}/${PEOPLEMOVER}$`));
      await page.getByRole('heading', { level: 1, name: PM_NAME }).waitFor();
      const wd = format(parseISO(parkToday().ymd), 'EEEE');
      const summary = page.getByTestId('history-summary');
      await expect
        .poll(() => summary.textContent())
        .toMatch(new RegExp(`Typical ${wd}: the median and middle half of the last 8 ${wd}s with data, from .+, 2021 to .+, 2021\\.`));
      expect(await page.getByTestId('no-history').count()).toBe(0);
      // A range only when the waits differ ("ranged from 65 to 65 minutes" read as a bug).
      const range = (await summary.textContent())?.match(/Today's standby wait ranged from (\d+) to (\d+) minutes over \d+ readings?/);
      if (range) expect(Number(range[1])).toBeLessThan(Number(range[2]));
      else expect(await summary.textContent()).toMatch(/Today's standby wait was \d+ minutes over \d+ readings?\./);
      await page.getByText(/· Park hours \d+:\d\d [AP]M – \d+:\d\d [AP]M park time/).waitFor();
      // Best times are park-local slots, each with its zone; the chart says its hours are park time (Orlando's
      // short zone name, from the zone database, never the browser's).
      // (Late in the park's day no slot is left: then the card says so.)
      const bestTimes = await page.getByTestId('best-times').getByRole('listitem').allTextContents();
      if (bestTimes.length === 0) await page.getByText('No typical slot left in the park’s hours today.').waitFor();
      for (const b of bestTimes) expect(b).toMatch(/^\d+:\d\d [AP]M park time — typically \d+ min$/);
      const orlando = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'short' })
        .formatToParts(new Date())
        .find((x) => x.type === 'timeZoneName')!.value;
      expect(await page.getByTestId('chart-zone').textContent()).toBe(`Hours in park time (${orlando})`);
      expect(await page.getByRole('columnheader', { name: 'Hour (park time)', includeHidden: true }).count()).toBe(1);
      await page.getByTestId('ride-chart').locator('canvas').waitFor();
      expect(await page.getByText(`Middle half of ${wd}s`).count()).toBe(1);
      await page.getByText('Show the figures as a table').click();
      expect(await page.getByRole('table').getByRole('row').count()).toBeGreaterThan(5);
      await page.getByTestId('downtime').waitFor();
      await shot('ride-page');

      // Watch this ride without a pass for the park: it says no alert would be sent and selects nothing; the
      // link it offers opens Get Alerts on the park with this ride selected, and it stays saved.
      await page.getByRole('button', { name: 'Watch this ride' }).click();
      await page
        .getByRole('status')
        .getByText(`You hold no pass for Magic Kingdom Park, so no alert would be sent for ${PM_NAME}.`, { exact: false })
        .waitFor();
      const saved = page.waitForResponse(
        (r) => r.url().includes('/trpc/alerts.saveRides') && (r.request().postData() ?? '').includes(PEOPLEMOVER),
      );
      await page.getByRole('link', { name: 'Get a pass for Magic Kingdom Park' }).click();
      await page.waitForURL(/\/get-alerts\?/);
      await page.getByText('1 of 35 rides selected').waitFor();
      expect(await page.getByRole('checkbox', { name: PM_NAME }).getAttribute('aria-checked')).toBe('true');
      expect((await saved).ok()).toBe(true);
      // Saved on the server: Get Alerts without the ride in its address still shows it selected.
      await page.goto(`${env.stack.url}/get-alerts`);
      await page.getByText('1 of 35 rides selected').waitFor();
      expect(await page.getByRole('checkbox', { name: PM_NAME }).getAttribute('aria-checked')).toBe('true');
      await shot('watch');

      // A ride without past days: a clear "not enough history yet" state, today's line on labelled axes.
      await page.goto(`${env.stack.url}/live-wait-times?destination=${WDW}&park=${MK}`);
      await page.getByRole('link', { name: 'Dumbo the Flying Elephant' }).click();
      await page.getByRole('heading', { level: 1, name: 'Dumbo the Flying Elephant' }).waitFor();
      await page.getByTestId('no-history').getByText('Not enough history yet', { exact: true }).waitFor();
      await page.getByText(`Not enough history yet: needs at least 3 past ${wd}s of this ride.`).waitFor();
      await page.getByTestId('ride-chart').locator('canvas').waitFor();
      expect(await page.getByTestId('ride-chart').locator('.u-axis').count()).toBe(2);
      await shot('ride-page-no-history');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
