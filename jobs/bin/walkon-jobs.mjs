#!/usr/bin/env node
// WalkOn operator CLI: runs jobs/src/cli.ts through tsx (no build step).
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
try {
  process.exitCode = await runCli(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`walkon-jobs: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 2;
}
