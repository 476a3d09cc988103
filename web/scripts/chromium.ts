// Debian's Chromium as the build's prerender (prerender.ts), the e2e tests and `make audit` (scripts/audit.ts)
// launch it: no vitest or playwright import here, so every one of them can read it.

/** Debian's Chromium (`make chromium`, scripts/chromium.sh); never a downloaded browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The command-line flags of every headless Chromium launch (prerender, e2e harness and Lighthouse audit): no sandbox, no
 * GPU, no QUIC, and no first-run, background, component-update or sync traffic. The headless flag itself is
 * the launcher's (Playwright's `headless: true`, `--headless=new` for chrome-launcher).
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
