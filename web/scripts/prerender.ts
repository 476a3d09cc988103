// Prerenders the public pages into the build (`npm run build -w @walkon/web` runs it after `vite build`;
// docs/decisions/021-prerendered-public-pages.md). Each page is opened in Debian's Chromium from web/dist with
// every API request held unanswered, so what is captured is exactly the first frame the app renders in a
// browser: the page's text, navigation and footer, its data still loading. That markup goes into
// dist/<page>/index.html, so a phone paints the page from the HTML before any JavaScript runs; the app then
// renders the same page over it (app.tsx, requested by main.tsx after that first paint) and fetches the data as before.
// Without Chromium (`make chromium` installs it) the pages are left unprerendered: the app works the same, only
// its first paint waits for JavaScript.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { PRERENDERED_PAGES } from './prerenderPages.ts';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

if (!existsSync(CHROMIUM_PATH)) {
  console.warn(`prerender: ${CHROMIUM_PATH} not found, the public pages are not prerendered (run \`make chromium\`)`);
  process.exit(0);
}
// The empty shell stays as dist/app.html: the server answers every other client-side route with it.
const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!shell.includes('<div id="root"></div>')) throw new Error('prerender: dist/index.html has no empty <div id="root"></div>');
writeFileSync(path.join(dist, 'app.html'), shell);

// dist as the server would serve it; API paths are never answered (the browser holds them until it closes).
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (/^\/(trpc|api)\//.test(url.pathname)) return;
  const file = path.join(dist, path.normalize(url.pathname));
  const isFile = file.startsWith(dist) && existsSync(file) && path.extname(file) !== '';
  res.writeHead(200, { 'content-type': (isFile ? TYPES[path.extname(file)] : TYPES['.html']) ?? 'application/octet-stream' });
  res.end(isFile ? readFileSync(file) : shell);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
const escapeAttr = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
const escapeText = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
try {
  for (const page of PRERENDERED_PAGES) {
    const tab = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    await tab.goto(`${origin}${page}`, { waitUntil: 'load' });
    // The first frame: the app has mounted the page (the root layout's main region), and the page's lazy
    // chunks have arrived (no script request for 300 ms).
    await tab.waitForSelector('#root main#main', { timeout: 15_000 });
    await tab.waitForLoadState('load');
    await tab.waitForTimeout(300);
    if (errors.length) throw new Error(`prerender ${page}: ${errors.join('; ')}`);
    const snap = await tab.evaluate(() => ({
      root: document.getElementById('root')?.innerHTML ?? '',
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      // Styles of lazily loaded chunks: the prerendered markup needs them from the first paint.
      styles: [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href') ?? ''),
    }));
    const known = new Set([...shell.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]));
    const link = (rel: string) => (href: string) => `    <link rel="${rel}" crossorigin href="${escapeAttr(href)}">\n`;
    // Only the styles: the app's scripts are requested after the first paint (main.tsx), and preloading them
    // here would make the browser fetch them before it.
    const extra = snap.styles
      .filter((h) => h.startsWith('/assets/') && !known.has(h))
      .map(link('stylesheet'))
      .join('');
    const html = shell
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(snap.title)}</title>`)
      .replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeAttr(snap.description)}$2`)
      .replace('  </head>', `${extra}  </head>`)
      .replace('<div id="root"></div>', `<div id="root" data-prerendered="" inert aria-hidden="true">${snap.root}</div>`);
    const out = page === '/' ? path.join(dist, 'index.html') : path.join(dist, page.slice(1), 'index.html');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, html);
    console.log(`prerender: ${page} → ${path.relative(dist, out)} (${(html.length / 1024).toFixed(1)} KB)`);
    await tab.close();
  }
} finally {
  await browser.close();
  server.close();
}
