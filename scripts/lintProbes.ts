import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

// What the import-rule tests share (scripts/checkLayers.test.ts: the package layers; web/test/featureImports.test.ts:
// the web's feature rule, docs/decisions/061): probe files written into the tree and Biome's noRestrictedImports
// report on them. A probe's name holds `__layers_` so that each test leaves the other's probes out.

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');

/** One Biome diagnostic (its JSON reporter's shape, the fields these tests read). */
export interface Diagnostic {
  message: string;
  category: string;
  location: { path: string };
}

/** Biome's noRestrictedImports diagnostics for `paths` (relative to the repository root). */
export function restrictedImports(paths: string[]): Diagnostic[] {
  let out: string;
  try {
    out = execFileSync(BIOME, ['lint', '--only=style/noRestrictedImports', '--reporter=json', ...paths], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (err) {
    // Biome exits non-zero when it reports errors; the report is still on stdout.
    out = String((err as { stdout?: string }).stdout ?? '');
  }
  const report = JSON.parse(out) as { diagnostics: Diagnostic[] };
  return report.diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports');
}

/**
 * A probe writer for one test file: `probe(rel, source)` writes a module with `source` at `rel` (relative to the
 * repository root) and returns `rel`; every probe is removed after the file's tests (vitest afterAll).
 */
export function probeWriter(): (rel: string, source: string) => string {
  const probes: string[] = [];
  afterAll(() => {
    for (const rel of probes) rmSync(path.join(ROOT, rel), { force: true });
  });
  return (rel, source) => {
    writeFileSync(path.join(ROOT, rel), `${source}\nexport const probe = 1;\n`);
    probes.push(rel);
    return rel;
  };
}
