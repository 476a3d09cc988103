import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The bench harness (jobs/bench/harness.ts, docs/decisions/057): a bench whose child exits, whose part outlives its
// deadline or whose service never becomes ready ends at once with exit code 1 and a sentence naming what failed —
// never a bench that waits forever for processes that refused to start.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const probe = (mode: string) =>
  spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'jobs/test/fixtures/benchHarnessProbe.ts'), mode], {
    encoding: 'utf8',
    timeout: 50_000,
  });

describe('bench harness', () => {
  it('a child that exits fails the bench at once, with its exit code and last stderr lines', () => {
    const r = probe('child-exits');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('BENCH FAILED: child dying probe');
    expect(r.stderr).toContain('exited (code 1) while the bench needed it');
    expect(r.stderr).toMatch(/last stderr lines:\nprobe child: starting\nwalkon probe: refusing to start: PUBLIC_ORIGIN must be https/);
  }, 60_000);

  it('a part that outlives its deadline fails the bench naming the part', () => {
    const r = probe('deadline');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('BENCH FAILED: part slow part ran out of its deadline of 1 s');
  }, 60_000);

  it('a service that never becomes ready fails the bench naming it', () => {
    const r = probe('not-ready');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('BENCH FAILED: the probe service not ready within 1 s');
  }, 60_000);
});
