// `make audit`: builds nothing itself — the Makefile builds the web app and starts the server; this runs
// Lighthouse (Debian's Chromium, desktop and mobile presets) AUDIT_RUNS times (default 3) on /, /faq and
// /live-wait-times and prints each run's performance and the medians of performance, accessibility,
// best-practices and SEO, the machine's load average, and the gzip size of every script / loaded.
// AUDIT_PRESETS=mobile limits it to one preset. Printed, never asserted.
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
const pages = ['/', '/faq', '/live-wait-times'];
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
    for (const page of pages) {
      const scores: number[][] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(
          `${base}${page}`,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] },
          preset === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`no Lighthouse result for ${page}`);
        const lhr = result.lhr;
        scores.push(categories.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100)));
        if (page === '/') {
          const items =
            (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
          for (const i of items) if (i.resourceType === 'Script' && i.url.startsWith(base)) landingScripts.add(new URL(i.url).pathname);
        }
      }
      const perf = scores.map((s) => s[0]!);
      const medians = categories.map((_, c) => median(scores.map((s) => s[c]!)));
      rows.push(`| ${preset} | ${page} | ${perf.join(' / ')} | **${medians[0]}** | ${medians.slice(1).join(' | ')} |`);
    }
  }
} finally {
  await chrome.kill();
}
const gz = [...landingScripts].reduce((n, p) => n + gzipSync(readFileSync(path.join(dist, p))).length, 0);
console.log(`Lighthouse ${base} (Debian Chromium), ${runs} run(s) per page, ${new Date().toISOString()}`);
console.log(`Load average (1, 5, 15 min): ${loadBefore} before, ${load()} after, on ${cpus().length} CPUs\n`);
console.log('| preset | page | performance runs | performance median | accessibility | best practices | SEO |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
console.log(
  `\nJavaScript loaded by /: ${landingScripts.size} files, ${(gz / 1024).toFixed(1)} KB gzip (every same-origin script of every run)   [target ≤ 125 KB]`,
);
