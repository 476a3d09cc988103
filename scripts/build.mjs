#!/usr/bin/env node
// `npm run build:server`: compiles the API, the worker, the operator CLI and the migrate command to JavaScript in
// dist/ (docs/decisions/041-build-and-retention.md). esbuild bundles our workspace code (@walkon/* and relative
// imports) from the four entry points; every other package stays an import of node_modules, as installed by
// `npm ci --omit=dev`. Output is ESM with linked source maps: run it with `node --enable-source-maps`.
//
// Each bundle sits two folders below the repository root (dist/<name>/<file>.js), as each source module does
// (<package>/src/<file>.ts), so code that finds the repository root from import.meta.url ('../..') finds it here too.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Output (dist/<key>.js) → entry point. Keep in step with package.json's start scripts and docs/OPERATIONS.md. */
export const ENTRY_POINTS = {
  'server/main': 'server/src/main.ts',
  'worker/main': 'jobs/src/main.ts',
  'cli/cli': 'jobs/src/cliMain.ts',
  'migrate/migrate': 'db/src/migrateCli.ts',
};

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`; `node:fs` → null (a built-in). */
function packageOf(specifier) {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0])) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Packages installed only inside a workspace (e.g. db/node_modules), which dist/ could not import: bundled. */
const bundledNested = new Set();

/**
 * Bare imports other than our workspace packages stay external, resolved from the root node_modules at run
 * time; a package npm placed only under a workspace's own node_modules is bundled instead.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = packageOf(args.path);
      if (name === null) return { path: args.path, external: true };
      if (name.startsWith('@walkon/')) return undefined;
      if (existsSync(path.join(root, 'node_modules', name))) return { path: args.path, external: true };
      bundledNested.add(name);
      return undefined;
    });
  },
};

const outdir = path.join(root, 'dist');
await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(ENTRY_POINTS).map(([out, src]) => [out, path.join(root, src)])),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.19',
  sourcemap: 'linked',
  sourcesContent: false,
  // One self-contained file per command: shared chunks would move a module's import.meta.url to another file.
  splitting: false,
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
});
const outputs = Object.entries(result.metafile.outputs).filter(([f]) => f.endsWith('.js'));
for (const [file, info] of outputs) console.log(`${file}  ${(info.bytes / 1024).toFixed(0)} KiB`);
if (bundledNested.size) console.log(`bundled (installed only inside a workspace): ${[...bundledNested].sort().join(', ')}`);
