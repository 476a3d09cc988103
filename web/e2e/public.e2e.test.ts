import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES } from '../scripts/prerenderPages.ts';
import { ROOT, SCREENSHOTS, signUp, watchConsole, withStackAndBrowser } from './harness.ts';

const env = withStackAndBrowser();

/** Every public route of docs/spec/part-1.md §2 with the heading it must show. */
const ROUTES: [path: string, heading: string | RegExp, title: string][] = [
  ['/', 'Know the moment your ride is a walk-on', 'WalkOn — walk-on ride alerts for theme parks'],
  ['/how-it-works', 'How It Works', 'How It Works · WalkOn'],
  ['/faq', 'Frequently Asked Questions', 'FAQ · WalkOn'],
  ['/parks', 'Theme Parks', 'Theme Parks · WalkOn'],
  ['/pricing', 'Pricing', 'Pricing · WalkOn'],
  ['/live-wait-times', 'Live Wait Times', 'Live Wait Times · WalkOn'],
  ['/about', 'About Us', 'About Us · WalkOn'],
  ['/contact', 'Contact', 'Contact · WalkOn'],
  ['/careers', 'Careers', 'Careers · WalkOn'],
  ['/terms', 'Terms of Service', 'Terms of Service · WalkOn'],
  ['/privacy', 'Privacy Policy', 'Privacy Policy · WalkOn'],
  ['/auth', 'Welcome to WalkOn', 'Login or Sign Up · WalkOn'],
  ['/definitely-missing', 'Page Not Found', 'Page Not Found · WalkOn'],
];

const NAV = [
  'How It Works',
  'Live Wait Times',
  'Get Alerts',
  'Lightning Lane Assist',
  'Restaurant Alerts',
  'Free Flight Alerts',
  'Affiliate Program',
  'Park Ratings & Rankings',
  'Ride Checklist',
];
const FOOTER = ['Theme Parks', 'FAQ', 'Pricing', 'About Us', 'Contact', 'Careers', 'Terms of Service', 'Privacy Policy'];

describe('the public site', () => {
  for (const width of [375, 1280]) {
    it(`every public route renders its heading, title and the spec's links at ${width} px, without console errors`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      // The unknown path answers HTTP 404 (no soft 404); Chromium logs that response.
      const errors = watchConsole(page, [/status of 404/]);
      for (const [route, heading, title] of ROUTES) {
        await page.goto(`${env.stack.url}${route}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await expect.poll(() => page.title(), { message: route }).toBe(title);
        const footer = page.getByRole('contentinfo');
        for (const name of FOOTER) expect(await footer.getByRole('link', { name, exact: true }).count(), `${route} footer ${name}`).toBe(1);
        await page.screenshot({
          path: path.join(SCREENSHOTS, `public${route === '/' ? '-home' : route.replaceAll('/', '-')}-${width}.png`),
          fullPage: route !== '/',
        });
      }
      if (width >= 768) {
        const nav = page.getByRole('navigation', { name: 'Main' });
        for (const name of NAV) expect(await nav.getByRole('link', { name, exact: true }).count(), `nav ${name}`).toBe(1);
        // Navigation, content and footer share one container (max-w-6xl): they start at the same x (nothing hugs
        // the viewport edge while content sits inset).
        await page.goto(`${env.stack.url}/`);
        const logoX = (await nav.boundingBox())?.x ?? -1;
        const footerX = (await page.getByRole('contentinfo').locator('div').first().boundingBox())?.x ?? -2;
        const contentX = (await page.locator('main section').nth(1).boundingBox())?.x ?? -3;
        expect(Math.abs(logoX - footerX), `logo ${logoX} footer ${footerX}`).toBeLessThanOrEqual(1);
        expect(Math.abs(footerX - contentX), `footer ${footerX} content ${contentX}`).toBeLessThanOrEqual(1);
      } else {
        await page.getByRole('button', { name: 'Open menu' }).click();
        for (const name of NAV)
          expect(await page.locator('#mobile-menu').getByRole('link', { name, exact: true }).count(), `menu ${name}`).toBe(1);
      }
      // FAQ: twelve accessible disclosures; keyboard opens one.
      await page.goto(`${env.stack.url}/faq`);
      await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
      const triggers = page.locator('main button[aria-expanded]');
      expect(await triggers.count()).toBe(12);
      await triggers.first().focus();
      await page.keyboard.press('Enter');
      expect(await triggers.first().getAttribute('aria-expanded')).toBe('true');
      await page.getByText('WalkOn watches the live standby waits of the rides you pick', { exact: false }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('docs/spec/part-1.md §8: the newsletter says welcome, and the same for an address already on the list (no membership leak)', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${env.stack.url}/`);
    const email = `news-${Date.now()}@example.com`;
    const field = page.getByLabel('Email address');
    await field.fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Check your inbox to confirm').waitFor();
    await page.getByText('Check your inbox to confirm').waitFor({ state: 'detached', timeout: 15_000 });
    await field.fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Check your inbox to confirm').waitFor();
    expect(await page.getByText('Already Subscribed').count()).toBe(0);
    await field.fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Invalid Email').first().waitFor();
    // No testimonial is invented: without one an admin entered, the section is not shown.
    expect(await page.getByRole('heading', { name: 'What visitors say' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('public pages arrive prerendered (their heading and title in the HTML, inert until the app runs); other routes get the empty shell', async () => {
    const prerendered = ROUTES.filter(([p]) => (PRERENDERED_PAGES as readonly string[]).includes(p));
    expect(prerendered.length).toBe(PRERENDERED_PAGES.length);
    for (const [p, heading, title] of prerendered) {
      const html = await (await fetch(`${env.stack.url}${p}`)).text();
      expect(html).toContain('<div id="root" data-prerendered="" inert aria-hidden="true">');
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`>${heading}</h1>`);
    }
    for (const p of ['/account', '/get-alerts', '/definitely-missing']) {
      expect(await (await fetch(`${env.stack.url}${p}`)).text()).toContain('<div id="root"></div>');
    }
    // In the browser the app takes the page over: the root takes input and a control works.
    const context = await env.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${env.stack.url}/faq`);
    await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
    expect(await page.locator('#root').getAttribute('aria-hidden')).toBeNull();
    const first = page.locator('#main button[aria-expanded]').first();
    await first.click();
    await expect.poll(() => first.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#root [data-prerendered], #root[data-prerendered]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the landing page loads at most 125 KB of JavaScript (gzip, as make audit counts it) and never the full data layer', async () => {
    const scripts = new Set<string>();
    for (const width of [375, 1280]) {
      const context = await env.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchConsole(page);
      let inFlight = 0;
      page.on('request', (r) => {
        inFlight++;
        if (r.resourceType() === 'script' && r.url().startsWith(env.stack.url)) scripts.add(new URL(r.url()).pathname);
      });
      page.on('requestfinished', () => inFlight--);
      page.on('requestfailed', () => inFlight--);
      await page.goto(`${env.stack.url}/`);
      // Data on screen (the signup card's park list, site.parks), then everything else the page asks for.
      await page.locator('#hero-park option').nth(2).waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      await page.mouse.wheel(0, 4000);
      await page.getByRole('heading', { name: 'Get park tips and new-park news' }).waitFor();
      // What the scroll asked for has arrived (no request in flight), and the page has run a task after it.
      await expect.poll(() => inFlight, { timeout: 10_000, interval: 50 }).toBe(0);
      await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
      expect(errors).toEqual([]);
      await context.close();
    }
    const gzip = [...scripts].reduce((n, p) => n + gzipSync(readFileSync(path.join(ROOT, 'web/dist', p))).length, 0);
    // The figure, for the record of a change that moves it (docs/decisions/020).
    console.info(`landing page JavaScript: ${scripts.size} files, ${(gzip / 1024).toFixed(1)} KB gzip`);
    expect([...scripts].filter((p) => /\/(data|dataLayer|trpc)-/.test(p))).toEqual([]);
    expect(gzip / 1024).toBeLessThanOrEqual(125);
  });

  it('from the landing page, a keyboard-followed link opens a page of the full data layer; signed in, the bar and Log out work there', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${env.stack.url}/`);
    await page.locator('#hero-park option').nth(2).waitFor({ state: 'attached' });
    // No hover (nothing preloaded): focus the link and press Enter.
    await page.getByRole('link', { name: 'See live wait times' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/live-wait-times$/);
    await page.getByRole('heading', { level: 1, name: 'Live Wait Times' }).waitFor();
    await page.getByLabel('Destination').selectOption({ index: 1 });
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Know the moment your ride is a walk-on' }).waitFor();

    const email = `landing-${Date.now()}@example.com`;
    await signUp(page, env.stack, email, '/');
    await page.getByRole('heading', { level: 1, name: 'Know the moment your ride is a walk-on' }).waitFor();
    await page.getByRole('button', { name: `Account menu for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByText('Logged out successfully').first().waitFor();
    await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the parks page lists destinations from the catalogue and links to their live waits', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${env.stack.url}/parks`);
    const wdw = page.getByRole('heading', { name: /Walt Disney World/ });
    await wdw.waitFor();
    await page.getByRole('link', { name: 'Live waits' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Live waits' }).count()).toBeGreaterThan(100);
    await context.close();
  });
});

describe('the affiliate program', () => {
  it('invitation above the form (no modal) → form with the spec’s messages → thank-you page', async () => {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 900 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${env.stack.url}/affiliate-program`);
    await page.getByRole('region', { name: 'Join Our Affiliate Program' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Learn More & Apply' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('aff-name');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Name must be at least 2 characters').waitFor();
    await page.getByText('Please tell us more (at least 10 characters)').waitFor();
    await page.getByLabel('Full name').fill('Ana Creator');
    await page.getByLabel('Email').fill('ana.creator@example.com');
    await page.getByLabel('Primary platform').selectOption('youtube');
    await page.getByLabel('Why do you want to join?').fill('I film park guides every week for families.');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    // No follower count yet: the error shows on the primary platform field.
    await page.getByText('Please provide at least one social media handle with follower count').waitFor();
    await page.getByLabel('YouTube subscribers').fill('2500');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('heading', { name: 'Thank you for applying!' }).waitFor();
    await page.getByText('within 2-3 business days').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'affiliate-thank-you-375.png'), fullPage: true });
    await page.getByRole('link', { name: 'Back to Homepage' }).click();
    await page.waitForURL(`${env.stack.url}/`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
