// Draws the app's PNG icons (web/public/icons/) from the favicon's mark in Debian's Chromium:
// `npx tsx web/scripts/icons.ts`. The PNGs are committed; run it again only when the mark changes.
// - icon-192/512: the favicon as drawn (rounded square), for the manifest's "any" purpose;
// - icon-maskable-512: full-bleed background, the mark inside the central 80% safe zone (Android's shapes);
// - apple-touch-icon-180: full-bleed, opaque (iOS rounds it itself);
// - badge-96: the mark alone in white on transparent (Android's status-bar badge).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const MARK =
  '<path d="M8 11l4 11 4-8 4 8 4-11" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>';
const svg = (body: string, viewBox = '0 0 32 32') => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${body}</svg>`;
const ICONS: { file: string; size: number; svg: string }[] = [
  { file: 'icon-192.png', size: 192, svg: svg(`<rect width="32" height="32" rx="8" fill="#0f766e"/>${MARK}`) },
  { file: 'icon-512.png', size: 512, svg: svg(`<rect width="32" height="32" rx="8" fill="#0f766e"/>${MARK}`) },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    svg: svg(`<rect x="-4" y="-4" width="40" height="40" fill="#0f766e"/>${MARK}`, '-4 -4 40 40'),
  },
  {
    file: 'apple-touch-icon-180.png',
    size: 180,
    svg: svg(`<rect x="-2" y="-2" width="36" height="36" fill="#0f766e"/>${MARK}`, '-2 -2 36 36'),
  },
  { file: 'badge-96.png', size: 96, svg: svg(MARK, '5 5 22 22') },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img style="display:block;width:${icon.size}px;height:${icon.size}px" src="data:image/svg+xml,${encodeURIComponent(icon.svg)}"></body></html>`,
    );
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: true });
    await page.close();
    console.log(`icons: ${icon.file}`);
  }
} finally {
  await browser.close();
}
