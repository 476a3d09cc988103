import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { grantRole, SCREENSHOTS, signUp, watchConsole, withStackAndBrowser } from './harness.ts';

const env = withStackAndBrowser();

/**
 * Records every Content-Security-Policy violation of a page (the browser's `securitypolicyviolation` events,
 * caught by a script the browser runs before the page's own; CSP does not apply to it).
 */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

describe('security headers in the browser (docs/security.md)', () => {
  it('the landing page and its toasts load under the CSP with no violation; the headers are there', async () => {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const violations = await watchCsp(page);
    const res = await page.goto(`${env.stack.url}/`);
    const headers = res?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security']).toBeUndefined();
    await page.getByRole('button', { name: 'Subscribe' }).waitFor();
    // A toast (sonner injects its styles) must render too.
    await page.getByLabel('Email address').fill(`csp-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Check your inbox to confirm').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'security-landing-375.png'), fullPage: false });
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the sign-up form shows why a common password is refused', async () => {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    // The refusal is a 400 on purpose; Chromium logs that response.
    const errors = watchConsole(page, [/status of 400/]);
    await page.goto(`${env.stack.url}/auth`);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full name').fill('Pat Doe');
    await page.getByLabel('Email').fill(`weak-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page
      .locator('form')
      .getByText('This password is too common and easy to guess. Try a longer passphrase of a few unrelated words.')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'security-weak-password-375.png'), fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Bull Board (/admin/queues, as an admin) renders under its own policy with no violation', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Google Fonts cannot be reached from the test machine: that is a network error, not a CSP violation.
    const errors = watchConsole(page, [/fonts\.googleapis\.com|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|net::ERR_/]);
    const email = `queues-admin-${Date.now()}@example.com`;
    await signUp(page, env.stack, email);
    await grantRole(env.stack, email, 'admin');
    const violations = await watchCsp(page);
    const res = await page.goto(`${env.stack.url}/admin/queues`);
    expect(res?.status()).toBe(200);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    // Its React app has rendered the queue list (the loading placeholder is replaced).
    await page.getByText('send-email', { exact: false }).first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'security-bull-board-1280.png'), fullPage: false });
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
