import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@walkon/db/testing';
import { describe, expect, it } from 'vitest';

// `make demo` serves the built pages; the build prerenders the public ones only where Debian's Chromium is
// installed (web/scripts/prerender.ts, docs/decisions/021-prerendered-public-pages.md), so the demo installs it first.
describe('make demo', () => {
  it('installs Chromium (scripts/chromium.sh) before it builds and serves the pages', async () => {
    const { stdout } = await promisify(execFile)('make', ['-n', '-B', 'demo'], { cwd: REPO_ROOT });
    const lines = stdout.split('\n');
    const chromium = lines.findIndex((l) => l.includes('scripts/chromium.sh'));
    const demo = lines.findIndex((l) => l.includes('scripts/demo.sh'));
    expect(chromium, stdout).toBeGreaterThanOrEqual(0);
    expect(demo).toBeGreaterThan(chromium);
  });
});
