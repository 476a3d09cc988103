#!/usr/bin/env node
// WalkOn operator CLI. In a development install it runs jobs/src/cli.ts through tsx (no build step); in a
// production install (`npm ci --omit=dev`: no tsx) the compiled CLI, dist/cli/cli.js (`npm run build:server`).
import { existsSync } from 'node:fs';

const tsx = await import('tsx/esm/api').catch(() => null);
if (tsx) {
  tsx.register();
  const { runCli } = await import('../src/cli.ts');
  try {
    process.exitCode = await runCli(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`walkon-jobs: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  }
} else {
  const compiled = new URL('../../dist/cli/cli.js', import.meta.url);
  if (!existsSync(compiled)) {
    process.stderr.write('walkon-jobs: tsx is not installed and dist/cli/cli.js is not built (run `npm run build:server`)\n');
    process.exitCode = 2;
  } else {
    await import(compiled.href);
  }
}
