// `make audit`: builds nothing itself — the Makefile builds the web app and audit.sh starts the server; this runs
// Lighthouse (Debian's Chromium) AUDIT_RUNS times (default 3) per page and preset on every route a visitor opens:
// the public pages /, /faq and /live-wait-times, and — signed in as AUDIT_EMAIL (the seeded demo account, through
// the real log-in; its session cookie rides on every request) — Get Alerts, Manage Alerts and a ride page. Presets:
// desktop (Lighthouse's) and mobile at 375 px (Lighthouse's mobile throttling, a 375 × 667 screen). It prints each
// run's performance and the medians of performance, accessibility, best-practices and SEO (target ≥ 95 each), the
// machine's load average, and the gzip size of every script / loaded (target ≤ 125 KB). AUDIT_PRESETS=mobile
// limits it to one preset; AUDIT_PAGES=/faq,/get-alerts to some pages. Printed, never asserted.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../web/scripts/chromium.ts';

const base = process.env.AUDIT_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const PEOPLEMOVER = 'ffcfeaa2-1416-4920-a1ed-543c1a1695c4';
/** Every route a visitor opens; `signedIn` pages are audited with the demo account's session. */
const allPages = [
  { path: '/', signedIn: false },
  { path: '/faq', signedIn: false },
  { path: '/live-wait-times', signedIn: false },
  { path: '/get-alerts', signedIn: true },
  { path: '/manage-alerts', signedIn: true },
  { path: `/live-wait-times/${MK}/${PEOPLEMOVER}`, signedIn: true },
];
const only = process.env.AUDIT_PAGES?.split(',');
const pages = only ? allPages.filter((p) => only.includes(p.path)) : allPages;
/** Lighthouse's mobile settings at a 375 px wide screen (its default emulates 412 px). */
const mobile375 = {
  formFactor: 'mobile' as const,
  screenEmulation: { mobile: true, width: 375, height: 667, deviceScaleFactor: 2, disabled: false },
};
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Lighthouse runs per page and preset (scores vary run to run, most with the machine's load): the median is reported. */
const runs = Math.max(1, Number(process.env.AUDIT_RUNS ?? 3));
const presets = (process.env.AUDIT_PRESETS ?? 'desktop,mobile')
  .split(',')
  .filter((p): p is 'desktop' | 'mobile' => ['desktop', 'mobile'].includes(p));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** Signs the seeded account in through the real log-in (tRPC auth.logIn) and returns its session cookie. */
async function signIn(): Promise<string> {
  const email = process.env.AUDIT_EMAIL;
  const password = process.env.AUDIT_PASSWORD;
  if (!email || !password) throw new Error('AUDIT_EMAIL and AUDIT_PASSWORD (the seeded account) are needed for the signed-in pages');
  const res = await fetch(`${base}/trpc/auth.logIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('walkon_session='));
  if (!res.ok || !cookie) throw new Error(`log-in as ${email} failed: ${res.status} ${await res.text()}`);
  return cookie.split(';')[0]!;
}
const cookie = pages.some((p) => p.signedIn) ? await signIn() : null;

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
const rows: string[] = [];
/** Every script (same origin) any run of / loaded, initial and lazy: what a visitor's browser downloads there. */
const landingScripts = new Set<string>();
const loadBefore = load();
try {
  for (const preset of presets) {
    for (const { path: page, signedIn } of pages) {
      const scores: number[][] = [];
      /** FCP, LCP and total blocking time (ms) of each run: what moves the performance score. */
      const metrics: number[][] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(
          `${base}${page}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...categories],
            ...(preset === 'mobile' ? mobile375 : {}),
            ...(signedIn && cookie ? { extraHeaders: { Cookie: cookie } } : {}),
          },
          preset === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`no Lighthouse result for ${page}`);
        if (signedIn && new URL(result.lhr.finalDisplayedUrl).pathname !== page) {
          throw new Error(`${page} signed in ended on ${result.lhr.finalDisplayedUrl}: the session was not accepted`);
        }
        const lhr = result.lhr;
        if (lhr.runtimeError) console.warn(`${preset} ${page} run ${i + 1}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        scores.push(categories.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100)));
        metrics.push(
          ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time'].map((a) => lhr.audits[a]?.numericValue ?? 0),
        );
        if (page === '/') {
          const items =
            (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
          for (const i of items) if (i.resourceType === 'Script' && i.url.startsWith(base)) landingScripts.add(new URL(i.url).pathname);
        }
      }
      const perf = scores.map((s) => s[0]!);
      const medians = categories.map((_, c) => median(scores.map((s) => s[c]!)));
      const label = preset === 'mobile' ? 'mobile 375 px' : preset;
      rows.push(
        `| ${label} | ${page}${signedIn ? ' (signed in)' : ''} | ${perf.join(' / ')} | **${medians[0]}** | ${medians.slice(1).join(' | ')} | ${[0, 1, 2].map((m) => (median(metrics.map((x) => x[m]!)) / 1000).toFixed(1)).join(' / ')} |`,
      );
    }
  }
} finally {
  await chrome.kill();
}
const gz = [...landingScripts].reduce((n, p) => n + gzipSync(readFileSync(path.join(dist, p))).length, 0);
console.log(`Lighthouse ${base} (Debian Chromium), ${runs} run(s) per page, ${new Date().toISOString()}`);
console.log(`Load average (1, 5, 15 min): ${loadBefore} before, ${load()} after, on ${cpus().length} CPUs\n`);
console.log(
  '| preset | page | performance runs | performance median | accessibility | best practices | SEO | FCP / LCP / TBT (s, medians) |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
if (pages.some((p) => p.path === '/')) {
  console.log(
    `\nJavaScript loaded by /: ${landingScripts.size} files, ${(gz / 1024).toFixed(1)} KB gzip (every same-origin script of every run)   [target ≤ 125 KB]`,
  );
}
