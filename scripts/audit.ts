// `make audit` (issue 4): builds nothing itself — the Makefile builds the web app and starts the server; this
// runs Lighthouse (Debian's Chromium, desktop and mobile presets) on /, /faq and /live-wait-times and prints
// performance, accessibility, best-practices and SEO, plus the gzip size of the JavaScript loaded by /.
// Printed, never asserted.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const base = process.env.AUDIT_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
const pages = ['/', '/faq', '/live-wait-times'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const rows: string[] = [];
let landingScripts: string[] = [];
try {
  for (const preset of ['desktop', 'mobile'] as const) {
    for (const page of pages) {
      const result = await lighthouse(
        `${base}${page}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`no Lighthouse result for ${page}`);
      const lhr = result.lhr;
      const scores = categories.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
      rows.push(`| ${preset} | ${page} | ${scores.join(' | ')} |`);
      if (page === '/' && preset === 'desktop') {
        const items =
          (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
        landingScripts = items.filter((i) => i.resourceType === 'Script' && i.url.startsWith(base)).map((i) => new URL(i.url).pathname);
      }
    }
  }
} finally {
  await chrome.kill();
}
const gz = landingScripts.reduce((n, p) => n + gzipSync(readFileSync(path.join(dist, p))).length, 0);
console.log(`Lighthouse ${base} (Debian Chromium)\n`);
console.log('| preset | page | performance | accessibility | best practices | SEO |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
console.log(`\nJavaScript loaded by /: ${landingScripts.length} files, ${(gz / 1024).toFixed(1)} KB gzip   [target ≤ 150 KB]`);
