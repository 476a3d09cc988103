import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@walkon/db/testing';
import { describe, expect, it } from 'vitest';

// docs/OPERATIONS.md "What to watch": the shipped Prometheus alert rules (ops/alerts.yml) are valid for Debian's
// promtool (package prometheus, `make infra-deps`) and fire as ops/alerts.test.yml says on hand-made series.
const PROMTOOL = '/usr/bin/promtool';
const OPS = path.join(REPO_ROOT, 'ops');

const promtool = (...args: string[]) => spawnSync(PROMTOOL, args, { cwd: OPS, encoding: 'utf8', timeout: 60_000 });

describe('ops/alerts.yml', () => {
  it('is installed: promtool from Debian (make infra-deps)', () => {
    expect(existsSync(PROMTOOL), 'promtool missing: run make infra-deps (Debian package prometheus)').toBe(true);
  });

  it('promtool check rules: every rule parses', () => {
    const r = promtool('check', 'rules', 'alerts.yml');
    expect(r.stdout + r.stderr).toContain('SUCCESS: 10 rules found');
    expect(r.status).toBe(0);
  });

  it('promtool test rules: each tested alert fires when and with what the test file says', () => {
    const r = promtool('test', 'rules', 'alerts.test.yml');
    expect(r.status, r.stdout + r.stderr).toBe(0);
  });

  it('every series the rules use is one the API or the worker exports (docs/OPERATIONS.md "Metrics")', () => {
    const rules = readFileSync(path.join(OPS, 'alerts.yml'), 'utf8');
    const used = new Set(
      [...rules.matchAll(/\b(walkon_[a-z_]+|http_request_duration_seconds_[a-z]+)\b/g)].map((m) =>
        m[1]!.replace(/_(bucket|count|sum)$/, ''),
      ),
    );
    expect(used.size).toBeGreaterThanOrEqual(8);
    const sources = ['jobs/src/ops/metrics.ts', 'integrations/src/ops/metrics.ts', 'server/src/plugins/metrics.ts']
      .map((f) => readFileSync(path.join(REPO_ROOT, f), 'utf8'))
      .join('\n');
    for (const name of used) expect(sources, `${name} is exported by no registry`).toContain(`'${name}'`);
  });
});
