#!/usr/bin/env node
// Re-points every citation of the shared specification and the shared fixtures' SOURCES.md (both outside the
// repository) to their copies inside it: docs/spec/part-N.md (sections and headings verbatim) and
// docs/fixtures-sources.md; in source files (*/src) writes every citation in the one style, docs paths and decision
// numbers (`docs/DESIGN.md §5`, `docs/decisions/036`). Rewrites the files in place and prints what it changed, per rule and per file.
//
//   node scripts/repointCitations.mjs            rewrite (run from anywhere; works on the repository it lives in)
//   node scripts/repointCitations.mjs --dry-run  print the counts, write nothing
//   node scripts/repointCitations.mjs --root DIR work on another checkout
//
// Idempotent: the rewritten forms match none of the patterns, so a second run changes nothing. No
// dependencies. scripts/citations.test.ts fails while any form below is left in a package's src/.

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The rewrites, in order. Each `from` is global; `to` returns the replacement of one match. */
export const REWRITES = [
  {
    // The one citation inside a message a person reads (the admin's promo-code form, and the test asserting it):
    // a path means nothing there, so the message loses it; the schema's rule is docs/rules.md R23.
    name: 'citation inside a user-visible message',
    from: /Free days are for e-mail alerts \(spec part 1 §6\)\./g,
    to: () => 'Free days are for e-mail alerts.',
  },
  {
    name: 'shared spec path (../shared/spec/partN-….md, ../shared/spec/)',
    from: /(?:\.\.\/|\/work\/)?shared\/spec\/(?:part([12])-[\w-]+\.md)?/g,
    to: (_m, n) => (n ? `docs/spec/part-${n}.md` : 'docs/spec/'),
  },
  {
    // "spec part 1 §4", "Spec part 2 §2 Admin", "(spec part 2\n * §2 …", "spec part 1: last 10"
    name: 'spec part N',
    from: /\b[Ss]pec(?:ification)? [Pp]art ([12])\b/g,
    to: (_m, n) => `docs/spec/part-${n}.md`,
  },
  {
    // "*Part 1 §9; DESIGN §2.3.*", "(part 2 §2)", "The specification (part 1 §1, §4)", "(part 2\n * §4, §9)"
    name: 'part N §M',
    from: /(?<![\w/.-])[Pp]art ([12])(?=,? ?§|\s*\n[\s*/#>-]*§)/g,
    to: (_m, n) => `docs/spec/part-${n}.md`,
  },
  {
    // "fixtures/SOURCES.md §4", "../shared/fixtures/SOURCES.md", "// SOURCES.md: RETURN_TIME 17"
    name: 'fixtures SOURCES.md',
    from: /(?:(?:\.\.\/)?shared\/)?(?<![\w.-])(?:fixtures\/)?SOURCES\.md/g,
    to: () => 'docs/fixtures-sources.md',
  },
  // One citation style in source comments (*/src): docs paths and decision numbers — `docs/rules.md R2`,
  // `docs/DESIGN.md §5`, `docs/decisions/036`. Docs themselves keep their prose forms.
  {
    // "DESIGN §2.3", "DESIGN.md §5" → "docs/DESIGN.md §2.3"
    name: 'DESIGN §N in source',
    src: true,
    from: /(?<![\w./-])DESIGN(?:\.md)? (?=§)/g,
    to: () => 'docs/DESIGN.md ',
  },
  {
    // "docs/decisions/037-provider-sends.md" → "docs/decisions/037"
    name: 'decision file name in source',
    src: true,
    from: /docs\/decisions\/(\d{3})-[\w.-]*?\.md\b/g,
    to: (_m, n) => `docs/decisions/${n}`,
  },
  {
    // "decision 022", "decisions 023 and 038", "Decision 046" → "docs/decisions/022", "docs/decisions/023 and docs/decisions/038"
    name: 'decision N in source',
    src: true,
    from: /(?<![\w/-])[Dd]ecisions? (\d{3}(?:(?:, | and )\d{3})*)\b/g,
    to: (_m, list) => list.replace(/\d{3}/g, (n) => `docs/decisions/${n}`),
  },
];

/** Whether `rel` is under a workspace package's src/ folder (where the source-only rewrites apply). */
const inSrc = (rel) => /^[\w-]+\/src\//.test(rel);

/** Extensions of the files that carry prose: code, tests, docs and scripts. JSON data is never touched. */
const EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.md', '.sh', '.sql', '.yml', '.yaml', '.html']);
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.tmp', 'coverage', 'fixtures']);
/** The copies themselves, and the files that spell the old forms on purpose. */
const SKIP_FILES = new Set(['docs/fixtures-sources.md', 'scripts/repointCitations.mjs', 'scripts/citations.test.ts']);
const SKIP_UNDER = ['docs/spec/'];

/** Every file under `root` the rewrites apply to, as paths relative to `root` with '/' separators. */
export function candidateFiles(root) {
  const out = [];
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !SKIP_UNDER.some((p) => `${child}/`.startsWith(p))) walk(child);
      } else if (entry.isFile() && EXTENSIONS.has(path.extname(entry.name)) && !SKIP_FILES.has(child)) {
        if (!SKIP_UNDER.some((p) => child.startsWith(p))) out.push(child);
      }
    }
  };
  walk('');
  return out.sort();
}

/** Applies every rewrite to `text`; returns the new text and the number of replacements per rewrite name. */
export function rewrite(text, rel = '') {
  const counts = {};
  let out = text;
  for (const { name, from, to, src } of REWRITES) {
    let n = 0;
    if (src && !inSrc(rel)) {
      counts[name] = 0;
      continue;
    }
    out = out.replace(from, (...args) => {
      n += 1;
      return to(...args);
    });
    counts[name] = n;
  }
  return { text: out, counts };
}

function main() {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const rootArg = args.indexOf('--root');
  const root = rootArg >= 0 ? path.resolve(args[rootArg + 1]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (!statSync(path.join(root, 'docs/spec')).isDirectory()) throw new Error(`${root}: no docs/spec folder`);

  const totals = Object.fromEntries(REWRITES.map((r) => [r.name, 0]));
  const perFile = [];
  for (const rel of candidateFiles(root)) {
    const file = path.join(root, rel);
    const before = readFileSync(file, 'utf8');
    const { text, counts } = rewrite(before, rel);
    if (text === before) continue;
    const n = Object.values(counts).reduce((a, b) => a + b, 0);
    for (const [k, v] of Object.entries(counts)) totals[k] += v;
    perFile.push([rel, n]);
    if (!dryRun) writeFileSync(file, text);
  }
  for (const [rel, n] of perFile) console.log(`${String(n).padStart(4)}  ${rel}`);
  const total = Object.values(totals).reduce((a, b) => a + b, 0);
  console.log(`\n${dryRun ? 'would rewrite' : 'rewrote'} ${total} citations in ${perFile.length} files:`);
  for (const [k, v] of Object.entries(totals)) console.log(`${String(v).padStart(6)}  ${k}`);
  if (perFile.length && !dryRun)
    console.log('\nA citation grew by 8 characters: run `npx biome check --write .` to re-wrap the lines it pushed past 140.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
