import { runCli } from './cli.ts';

// Entry point of the compiled operator CLI (dist/cli/cli.js, `node --enable-source-maps dist/cli/cli.js <command>`);
// jobs/bin/walkon-jobs.mjs does the same through tsx without a build.
try {
  process.exitCode = await runCli(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`walkon-jobs: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 2;
}
