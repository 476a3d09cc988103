import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { ROOT, SCREENSHOTS, stackNow, watchConsole, withStackAndBrowser } from './harness.ts';

// A real airline logo from Duffel's image host shows through our CSP.
// The recorded offer is Duffel's documented example (server/fixtures/flights), which predates the logo
// fields: this copy adds the documented `logo_symbol_url` of the same airline (Duffel's API reference, Airlines).
const LOGO = 'https://assets.duffel.com/img/airlines/for-light-background/full-color-logo/BA.svg';
const dir = mkdtempSync(path.join(tmpdir(), 'walkon-flights-logo-'));
const recorded = JSON.parse(readFileSync(path.join(ROOT, 'server/fixtures/flights/duffel_docs_offer_request_lhr_jfk.json'), 'utf8')) as {
  data: { offers: { owner: Record<string, unknown> }[] };
};
for (const offer of recorded.data.offers) offer.owner.logo_symbol_url = LOGO;
writeFileSync(path.join(dir, 'duffel_docs_offer_request_lhr_jfk_with_logo.json'), JSON.stringify(recorded));

const env = withStackAndBrowser({ env: { FLIGHTS_REPLAY_DIR: dir } });

describe('airline logos from Duffel', () => {
  for (const width of [375, 1280]) {
    it(`shows the offer's logo from assets.duffel.com without a CSP violation (${width} px)`, async () => {
      const context = await env.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchConsole(page);
      const violations: string[] = [];
      await page.exposeFunction('reportViolation', (uri: string) => violations.push(uri));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { reportViolation(u: string): void }).reportViolation(`${e.effectiveDirective} ${e.blockedURI}`),
        );
      });
      // No internet here: Duffel's image host is answered locally (the browser still applies our CSP to it).
      let served = 0;
      await page.route('https://assets.duffel.com/**', (route) => {
        served++;
        return route.fulfill({
          contentType: 'image/svg+xml',
          body: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="18" fill="#2a5caa"/></svg>',
        });
      });

      await page.goto(`${env.stack.url}/flight-deals`);
      await page.getByLabel('Home airport', { exact: true }).pressSequentially('jfk');
      await page.getByLabel('Disney destination', { exact: true }).selectOption({ label: 'Disney World (Florida)' });
      await page.getByLabel('Departure date', { exact: true }).fill(format(addDays(stackNow(), 5), 'yyyy-MM-dd'));
      await page.getByRole('button', { name: 'Search Flights' }).click();
      const logo = page.getByRole('img', { name: 'British Airways logo' }).first();
      await logo.scrollIntoViewIfNeeded();
      await expect
        .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
        .toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOTS, `issue29-flight-logo-${width}.png`) });
      expect(served).toBeGreaterThan(0);
      // (Playwright's own page helpers trip script-src 'eval'; images are what this test is about.)
      expect(violations.filter((v) => v.startsWith('img-src'))).toEqual([]);
      expect(await page.getByTestId('airline-fallback').count()).toBe(0);
      // The policy names Duffel's host and no other remote image source.
      const csp = (await fetch(`${env.stack.url}/flight-deals`)).headers.get('content-security-policy') ?? '';
      expect(csp).toContain("img-src 'self' data: https://assets.duffel.com;");
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
