#!/usr/bin/env node
// `make release`: one versioned bundle that runs on a machine with only Node, PostgreSQL and Redis
// (docs/decisions/052-one-release-bundle.md, docs/DEPLOY.md). It holds the compiled API, worker, CLI and migrate
// (scripts/build.mjs, docs/decisions/041-build-and-retention.md), the built web app, the production dependencies
// only (`npm ci --omit=dev` from the committed lockfile), the process definitions (deploy/: systemd units and a
// Procfile) and `.env.example`:
//
//   release/walkon-<version>/                     the bundle (also packed as release/walkon-<version>-linux-x64.tar.gz)
//     package.json   npm start | start:worker | db:migrate | db:status | cli (plain node on dist/)
//     RELEASE.json   version, commit, Node range, platform
//     dist/          server/main.js, worker/main.js, cli/cli.js, migrate/migrate.js (+ source maps)
//     web/dist/      the built web app (WEB_DIST_DIR=web/dist)
//     node_modules/  runtime packages only (native modules for this platform: linux-x64)
//     bin/walkon-jobs                            the operator CLI
//     Procfile, systemd/walkon-*.service, .env.example
//
// Options: --reuse-web (keep web/dist when it is newer than every file its build reads, e.g. the one `make e2e`
// just built; else build it), --out <dir> (default release/), --no-tar. The version is package.json's version and
// the commit (`git rev-parse --short=12 HEAD`, `-dirty` when the tree has changes), or RELEASE_VERSION when set.
// Prints the bundle's path last.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { 'reuse-web': { type: 'boolean' }, out: { type: 'string' }, 'no-tar': { type: 'boolean' } },
});
const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
const read = (cmd, args) => {
  try {
    return execFileSync(cmd, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};

const commit = read('git', ['rev-parse', '--short=12', 'HEAD']);
const dirty = commit !== '' && read('git', ['status', '--porcelain']) !== '';
const version = process.env.RELEASE_VERSION?.trim() || `${rootPkg.version}${commit ? `-${commit}${dirty ? '-dirty' : ''}` : ''}`;
if (!/^[0-9A-Za-z][0-9A-Za-z.+-]*$/.test(version)) throw new Error(`release: "${version}" is not a version (letters, digits, . + -)`);
const outRoot = path.resolve(values.out ?? path.join(root, 'release'));
const name = `walkon-${version}`;
const bundle = path.join(outRoot, name);

// 1. The four commands and the web app.
run(process.execPath, [path.join(root, 'scripts/build.mjs')]);
if (!(values['reuse-web'] && webDistIsFresh())) run('npm', ['run', 'build', '-w', '@walkon/web']);
else console.log('release: web/dist is newer than its sources, reused');
if (!existsSync(path.join(root, 'web/dist/index.html'))) throw new Error('release: web/dist is not built (npm run build -w @walkon/web)');

/** Whether web/dist/index.html is newer than every file the web build reads (web sources, domain, the lockfile). */
function webDistIsFresh() {
  const built = path.join(root, 'web/dist/index.html');
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  const inputs = [
    'web/src',
    'web/public',
    'web/scripts',
    'web/index.html',
    'web/vite.config.ts',
    'web/package.json',
    'domain/src',
    'package-lock.json',
  ];
  const newest = (p) => {
    if (!existsSync(p)) return 0;
    const st = statSync(p);
    if (!st.isDirectory()) return st.mtimeMs;
    return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))));
  };
  return inputs.every((i) => newest(path.join(root, i)) < builtAt);
}

// 2. Production dependencies exactly as the lockfile pins them: the root and workspace manifests (no sources) in a
// scratch folder, `npm ci --omit=dev` there. Our workspaces are bundled into dist/, so their links are dropped.
const scratch = mkdtempSync(path.join(tmpdir(), 'walkon-release-'));
try {
  cpSync(path.join(root, 'package.json'), path.join(scratch, 'package.json'));
  cpSync(path.join(root, 'package-lock.json'), path.join(scratch, 'package-lock.json'));
  cpSync(path.join(root, '.npmrc'), path.join(scratch, '.npmrc'));
  for (const ws of rootPkg.workspaces) {
    mkdirSync(path.join(scratch, ws));
    cpSync(path.join(root, ws, 'package.json'), path.join(scratch, ws, 'package.json'));
  }
  run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], scratch);
  const nested = rootPkg.workspaces.filter((ws) => existsSync(path.join(scratch, ws, 'node_modules')));
  if (nested.length) {
    // build.mjs bundles a package npm installs only inside a workspace; the bundle must not need those folders.
    console.warn(`release: packages installed inside ${nested.join(', ')} are bundled into dist/ (scripts/build.mjs)`);
  }
  rmSync(path.join(scratch, 'node_modules/@walkon'), { recursive: true, force: true });
  rmSync(path.join(scratch, 'node_modules/.bin/walkon-jobs'), { force: true });

  // 3. The bundle.
  rmSync(bundle, { recursive: true, force: true });
  mkdirSync(path.join(bundle, 'web'), { recursive: true });
  renameSync(path.join(scratch, 'node_modules'), path.join(bundle, 'node_modules'));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
cpSync(path.join(root, 'dist'), path.join(bundle, 'dist'), { recursive: true });
cpSync(path.join(root, 'web/dist'), path.join(bundle, 'web/dist'), { recursive: true });
cpSync(path.join(root, '.env.example'), path.join(bundle, '.env.example'));
cpSync(path.join(root, 'deploy/Procfile'), path.join(bundle, 'Procfile'));
cpSync(path.join(root, 'deploy/systemd'), path.join(bundle, 'systemd'), { recursive: true });
mkdirSync(path.join(bundle, 'bin'));
writeFileSync(
  path.join(bundle, 'bin/walkon-jobs'),
  '#!/bin/sh\n# WalkOn operator CLI (docs/OPERATIONS.md "Operator CLI"): `bin/walkon-jobs --help`.\n' +
    'exec node --enable-source-maps "$(dirname "$0")/../dist/cli/cli.js" "$@"\n',
  { mode: 0o755 },
);
const node = rootPkg.engines.node;
writeFileSync(
  path.join(bundle, 'package.json'),
  `${JSON.stringify(
    {
      name: 'walkon',
      version,
      private: true,
      type: 'module',
      description: 'WalkOn release bundle (docs/DEPLOY.md): run with plain node, no install step',
      engines: { node },
      scripts: {
        start: 'node --enable-source-maps dist/server/main.js',
        'start:worker': 'node --enable-source-maps dist/worker/main.js',
        'db:migrate': 'node --enable-source-maps dist/migrate/migrate.js',
        'db:status': 'node --enable-source-maps dist/migrate/migrate.js status',
        cli: 'node --enable-source-maps dist/cli/cli.js',
      },
    },
    null,
    2,
  )}\n`,
);
writeFileSync(
  path.join(bundle, 'RELEASE.json'),
  `${JSON.stringify({ name: 'walkon', version, commit: commit || null, node, platform: `${process.platform}-${process.arch}` }, null, 2)}\n`,
);

// 4. One file to ship.
const kib = (dir) => Number(read('du', ['-sk', dir]).split(/\s/)[0] ?? 0);
console.log(
  `release: ${name}  ${(kib(bundle) / 1024).toFixed(0)} MiB (node_modules ${(kib(path.join(bundle, 'node_modules')) / 1024).toFixed(0)} MiB)`,
);
if (!values['no-tar']) {
  const tarball = path.join(outRoot, `${name}-${process.platform}-${process.arch}.tar.gz`);
  run('tar', ['-czf', tarball, '-C', outRoot, name]);
  console.log(`release: ${tarball}`);
}
console.log(bundle);
