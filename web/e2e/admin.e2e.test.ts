import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminNav, openAdminSection } from './adminNav.ts';
import { grantRole, SCREENSHOTS, signUp, watchConsole, withStackAndBrowser } from './harness.ts';

const env = withStackAndBrowser();

/** Every section of /admin in navigation order: its link, its URL segment, and a heading only its panel shows. */
const SECTIONS = [
  { label: 'Feature gates', slug: 'feature-gates', heading: 'Feature gates' },
  { label: 'Roles', slug: 'roles', heading: 'Roles' },
  { label: 'Lightning Lane', slug: 'lightning-lane', heading: 'Lightning Lane · Disney account links' },
  { label: 'Restaurant alerts', slug: 'restaurants', heading: 'Restaurant alerts check' },
  { label: 'Ranking items', slug: 'rankings', heading: 'Add New Item' },
  { label: 'Alert caps', slug: 'alert-caps', heading: 'Daily alert caps' },
  { label: 'Site settings', slug: 'site', heading: 'Daily SMS capacity' },
  { label: 'Promo codes', slug: 'promo-codes', heading: 'New promo code' },
  { label: 'Checkouts', slug: 'checkouts', heading: 'Checkout sessions (latest 50)' },
  { label: 'Affiliates', slug: 'affiliates', heading: 'Affiliate applications' },
  { label: 'Outbox', slug: 'outbox', heading: 'Outbox (latest 20)' },
];

describe('the admin area: one route per section, reached through the section navigation', () => {
  it('each section link loads its panel, marks itself current, and a reload of /admin/<section> shows the same panel', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const email = `sections-admin-${Date.now()}@example.com`;
    await signUp(page, env.stack, email);
    await grantRole(env.stack, email, 'admin');

    // /admin opens the first section.
    await page.goto(`${env.stack.url}/admin`);
    await page.waitForURL(/\/admin\/feature-gates$/);
    await page.getByRole('heading', { name: 'Feature gates', exact: true }).waitFor();

    let previous: string | null = null;
    for (const s of SECTIONS) {
      const link = adminNav(page).getByRole('link', { name: s.label, exact: true });
      await link.click();
      await page.waitForURL(new RegExp(`/admin/${s.slug}$`));
      await page.getByRole('heading', { name: s.heading, exact: true }).waitFor();
      expect(await link.getAttribute('aria-current'), s.label).toBe('page');
      expect(await adminNav(page).locator('[aria-current="page"]').count(), s.label).toBe(1);
      // Only the chosen section's panel is on the page.
      if (previous) expect(await page.getByRole('heading', { name: previous, exact: true }).count(), s.label).toBe(0);
      expect(await page.title()).toBe(`${s.label} · Admin · WalkOn`);

      await page.reload();
      await page.getByRole('heading', { name: s.heading, exact: true }).waitFor();
      expect(page.url()).toBe(`${env.stack.url}/admin/${s.slug}`);
      expect(await adminNav(page).getByRole('link', { name: s.label, exact: true }).getAttribute('aria-current'), s.label).toBe('page');
      previous = s.heading;
    }

    // An unknown section says so, and the navigation stays.
    await page.goto(`${env.stack.url}/admin/no-such-section`);
    await page.getByRole('heading', { name: 'Section not found' }).waitFor();
    await page.getByText('There is no admin section called “no-such-section”.', { exact: false }).waitFor();
    expect(await adminNav(page).locator('[aria-current="page"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works from the keyboard and wraps its navigation at 375 px without sideways scrolling (Admin moves into the menu)', async () => {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const email = `keys-admin-${Date.now()}@example.com`;
    await signUp(page, env.stack, email);
    await grantRole(env.stack, email, 'admin');
    await openAdminSection(page, env.stack.url, 'Feature gates');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const links = adminNav(page).getByRole('link');
    expect(await links.count()).toBe(SECTIONS.length);
    // Every link is on screen (the list wraps into rows), none cut off at the right edge.
    for (let i = 0; i < SECTIONS.length; i++) {
      const box = await links.nth(i).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375, SECTIONS[i]!.label).toBe(true);
    }
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-sections-375.png') });
    // On a phone the bar's Admin link lives in the menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Admin', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Close menu' }).click();

    // Tab to "Promo codes" and press Enter.
    const target = adminNav(page).getByRole('link', { name: 'Promo codes', exact: true });
    await adminNav(page).getByRole('link', { name: 'Feature gates', exact: true }).focus();
    for (let i = 0; i < 20 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/promo-codes$/);
    await page.getByRole('heading', { name: 'New promo code', exact: true }).waitFor();
    expect(await target.getAttribute('aria-current')).toBe('page');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a signed-in user who is not an admin gets Access Denied on any section', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await signUp(page, env.stack, `not-admin-${Date.now()}@example.com`);
    await page.goto(`${env.stack.url}/admin/promo-codes`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await adminNav(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('promo codes an admin creates are flagged when easy to guess (decision 047)', () => {
  for (const width of [375, 1280]) {
    it(`at ${width} px: a weak code is created with a warning and listed as weak after a reload; a random one is not`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchConsole(page);
      const email = `promo-admin-${width}-${Date.now()}@example.com`;
      await signUp(page, env.stack, email);
      await grantRole(env.stack, email, 'admin');
      const suffix = String(Date.now()).slice(-4);
      const weak = `SUMMER${suffix}`;
      const strong = `K7QX9M2WPD${width === 375 ? 'A' : 'B'}${suffix}`;
      await page.goto(`${env.stack.url}/admin/promo-codes`);
      for (const code of [weak, strong]) {
        await page.getByLabel('Code', { exact: true }).fill(code);
        await page.getByRole('button', { name: 'Create promo code' }).click();
        await page
          .getByText(code === weak ? 'Promo code created, but easy to guess' : 'Promo code created', { exact: true })
          .first()
          .waitFor();
      }
      await page.reload();
      const list = page.getByRole('list', { name: 'Promo codes' });
      const row = (code: string) => list.getByRole('listitem').filter({ hasText: code });
      await row(weak).waitFor();
      expect(await row(weak).getByText('weak', { exact: true }).count()).toBe(1);
      expect(await row(weak).getByText('Easy to guess: made of common words, dates or patterns.').count()).toBe(1);
      expect(await row(strong).getByText('weak', { exact: true }).count()).toBe(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, `admin-promo-weak-${width}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
