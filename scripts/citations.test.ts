import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every citation resolves inside the repository. Source files cite where their rule comes from, in one style:
// the specification copied into docs/spec/ ("docs/spec/part-1.md §4"), the design ("docs/DESIGN.md §2.3"), the rules
// ("docs/rules.md R7"), a decision record ("docs/decisions/022") or another docs/ file; README and docs/ keep their
// prose forms ("DESIGN §2.3", "decision 022").
// These tests read every package's src/ and fail on a citation that points outside the repository (the shared
// spec folder, "spec part N", "../shared/…") or at a section, rule, decision or file that does not exist; and
// on a link in README.md or docs/ that does not resolve. `node scripts/repointCitations.mjs` rewrites the old
// forms to the new ones.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.tmp', 'coverage']);

/** Files under `rel` (relative to the repository root) whose name ends with one of `exts`. */
function filesUnder(rel: string, exts: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const child = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(child);
      } else if (exts.some((e) => entry.name.endsWith(e))) out.push(child);
    }
  };
  if (existsSync(path.join(ROOT, rel))) walk(rel);
  return out.sort();
}

const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');

/** Every workspace package's src/ folder: domain/src, db/src, … (new packages are picked up by themselves). */
const SRC_DIRS = readdirSync(ROOT, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !SKIP_DIRS.has(e.name) && existsSync(path.join(ROOT, e.name, 'src')))
  .map((e) => `${e.name}/src`);
const SOURCE_FILES = SRC_DIRS.flatMap((d) => filesUnder(d, ['.ts', '.tsx', '.js', '.mjs', '.sql']));
/** README and docs/, without the verbatim copies of outside documents (docs/spec/, docs/fixtures-sources.md). */
const DOC_FILES = [
  'README.md',
  ...filesUnder('docs', ['.md']).filter((f) => !f.startsWith('docs/spec/') && f !== 'docs/fixtures-sources.md'),
];

/** Section numbers ("2", "2.3") of the headings of a markdown file: "## 2. Screens", "### 2.3 Evaluate". */
function sectionsOf(rel: string): Set<string> {
  const found = new Set<string>();
  for (const m of read(rel).matchAll(/^#{1,6} (\d+\.(?:\d+)*(?:\.\d+)*)\s/gm)) found.add(m[1]!.replace(/\.$/, ''));
  return found;
}

/** The headings and rule titles ("- **R19a — Held days.**") of a markdown file, lower-cased. */
function titlesOf(rel: string): string[] {
  return read(rel)
    .split('\n')
    .filter((l) => /^#{1,6} |^- \*\*/.test(l))
    .map((l) => l.toLowerCase());
}

const DESIGN_SECTIONS = sectionsOf('docs/DESIGN.md');
const RULES = new Set([...read('docs/rules.md').matchAll(/\*\*(R\d+[a-z]?) —/g)].map((m) => m[1]!));
const DECISIONS = new Set(readdirSync(path.join(ROOT, 'docs/decisions')).map((f) => f.slice(0, 3)));

/** One problem found: the file, the line number and what is wrong. */
type Problem = string;

/** "§2.3, §6 and §9" after a citation → ['2.3', '6', '9']. */
function sectionList(text: string): string[] {
  return [...text.matchAll(/§(\d+(?:\.\d+)*)/g)].map((m) => m[1]!.replace(/\.$/, ''));
}

const SECTION_LIST = String.raw`§\d+(?:\.\d+)*(?:(?:,\s*|\s+and\s+|\s*[–-]\s*)(?:(?:\*|\/\/)\s*)?§\d+(?:\.\d+)*)*`;
const OUTSIDE: Array<[RegExp, string]> = [
  [/(?:\.\.\/|\/work\/)?shared\/spec\b/g, 'the shared spec folder (outside the repository): cite docs/spec/part-N.md §M'],
  [/\.\.\/shared\/(?!fixtures\b|spec\b)[\w./-]*/g, 'a file outside the repository'],
  [/\b[Ss]pec(?:ification)? [Pp]art [12]\b/g, '"spec part N": cite docs/spec/part-N.md §M'],
  [/(?<![\w/.-]|[Ss]pec )[Pp]art [12](?=,? ?§)/g, '"part N §M": cite docs/spec/part-N.md §M'],
  [/(?<![\w.-])(?:fixtures\/)?SOURCES\.md/g, "the shared fixtures' SOURCES.md: cite docs/fixtures-sources.md §N"],
];

/** What in `text` (the contents of `file`) cites something outside the repository or something that does not exist. */
function problemsIn(file: string, text: string, { outside }: { outside: boolean }): Problem[] {
  const problems: Problem[] = [];
  const at = (index: number, what: string) => problems.push(`${file}:${text.slice(0, index).split('\n').length}: ${what}`);

  if (outside) for (const [re, what] of OUTSIDE) for (const m of text.matchAll(re)) at(m.index!, `${m[0]} — ${what}`);

  for (const m of text.matchAll(new RegExp(String.raw`docs/spec/([\w.-]+\.md)(?:[\s*/]+(${SECTION_LIST}))?`, 'g'))) {
    const rel = `docs/spec/${m[1]}`;
    if (!existsSync(path.join(ROOT, rel))) {
      at(m.index!, `${rel} does not exist`);
      continue;
    }
    const sections = sectionsOf(rel);
    for (const s of sectionList(m[2] ?? '')) if (!sections.has(s)) at(m.index!, `${rel} has no section ${s}`);
  }
  for (const m of text.matchAll(new RegExp(String.raw`\bDESIGN(?:\.md)?\s+(${SECTION_LIST})`, 'g'))) {
    for (const s of sectionList(m[1]!)) if (!DESIGN_SECTIONS.has(s)) at(m.index!, `docs/DESIGN.md has no section ${s}`);
  }
  for (const m of text.matchAll(/rules\.md\s+(R\d+[a-z]?(?:(?:,\s*|\s+and\s+|\s*[–-]\s*)R\d+[a-z]?)*)/g)) {
    for (const r of m[1]!.match(/R\d+[a-z]?/g)!) if (!RULES.has(r)) at(m.index!, `docs/rules.md has no rule ${r}`);
  }
  for (const m of text.matchAll(/\bdecisions?\s+(\d{3}(?:(?:,\s*|\s+and\s+)\d{3})*)/gi)) {
    for (const n of m[1]!.match(/\d{3}/g)!) if (!DECISIONS.has(n)) at(m.index!, `no decision record ${n} in docs/decisions/`);
  }
  for (const m of text.matchAll(/docs\/decisions\/(\d{3})\b/g)) {
    if (!DECISIONS.has(m[1]!)) at(m.index!, `no decision record ${m[1]} in docs/decisions/`);
  }
  for (const m of text.matchAll(/\b(docs\/[\w./-]+\.md|README(?:\.md)?|DESIGN(?:\.md)?) "([^"\n]{2,60})"/g)) {
    const rel = m[1]!.startsWith('docs/') ? m[1]! : m[1]!.startsWith('README') ? 'README.md' : 'docs/DESIGN.md';
    if (existsSync(path.join(ROOT, rel)) && !titlesOf(rel).some((t) => t.includes(m[2]!.toLowerCase()))) {
      at(m.index!, `${rel} has no section "${m[2]}"`);
    }
  }
  for (const m of text.matchAll(/(?<![\w./-])docs\/[\w./-]*\.md\b/g)) {
    if (!existsSync(path.join(ROOT, m[0]))) at(m.index!, `${m[0]} does not exist`);
  }
  return problems;
}

/** The forms source files no longer use: one style, docs paths and decision numbers (scripts/repointCitations.mjs). */
const OTHER_STYLES: Array<[RegExp, string]> = [
  [/(?<![\w./-])DESIGN(?:\.md)? §/g, 'cite docs/DESIGN.md §N'],
  [/(?<![\w/-])[Dd]ecisions? \d{3}\b/g, 'cite docs/decisions/NNN'],
  [/docs\/decisions\/\d{3}-[\w.-]*\.md/g, 'cite docs/decisions/NNN (the number, not the file name)'],
];

/** Citations in `text` (a source file) written in another style than docs paths and decision numbers. */
function styleProblems(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  for (const [re, what] of OTHER_STYLES)
    for (const m of text.matchAll(re)) problems.push(`${file}:${text.slice(0, m.index).split('\n').length}: ${m[0]} — ${what}`);
  return problems;
}

/** Every code file of the repository (sources, tests, benches, end-to-end files, scripts): none cites the tracker. */
const CODE_FILES = filesUnder('.', ['.ts', '.tsx', '.js', '.mjs', '.sh']).map((f) => f.replace(/^\.\//, ''));
/** A tracker number (the word issue, or issues, and a number): the tracker is not in the repository, so it is cited nowhere in code. */
const TRACKER = /\bissues? #?\d+/gi;

/** Tracker numbers in `text` (any code file). */
function trackerProblems(file: string, text: string): Problem[] {
  return [...text.matchAll(TRACKER)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}: ${m[0]} — cite docs/ or a decision`);
}

/** The folders a repository path in prose starts with: every package (domain, db, …) and scripts/, docs/. */
const TOP_DIRS = [...SRC_DIRS.map((d) => d.split('/')[0]!), 'scripts', 'docs'];
const REPO_PATH = new RegExp(String.raw`(?<![\w./$<>*-])(?:${TOP_DIRS.join('|')})/[\w./$-]*`, 'g');

/**
 * Repository paths named in a docs file (`jobs/src/pipeline/tick.ts`, `server/src/services/checkout/`) that do not
 * exist: a file with an extension, or a folder written with its trailing slash. Docs name the code they explain,
 * so a moved or renamed file shows here until the docs follow.
 */
function missingPaths(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  for (const m of text.matchAll(REPO_PATH)) {
    const p = m[0].replace(/[.]+$/, '');
    if (!(p.endsWith('/') || /\.[a-z]+$/i.test(p))) continue;
    if (!existsSync(path.join(ROOT, p))) problems.push(`${file}:${text.slice(0, m.index).split('\n').length}: ${p} does not exist`);
  }
  return problems;
}

/** Relative markdown links of a docs file ("[x](OPERATIONS.md#health)") whose target file does not exist. */
function brokenLinks(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1]!.split('#')[0]!;
    if (!target || /^[a-z]+:/i.test(target)) continue;
    const resolved = path.resolve(path.dirname(path.join(ROOT, file)), target);
    if (!resolved.startsWith(`${ROOT}${path.sep}`)) problems.push(`${file}: link ${m[1]} leaves the repository`);
    else if (!existsSync(resolved)) problems.push(`${file}: link ${m[1]} does not resolve`);
  }
  return problems;
}

describe('citations resolve inside the repository', () => {
  it('finds the packages and the copied spec', () => {
    expect(SRC_DIRS).toEqual(expect.arrayContaining(['domain/src', 'db/src', 'server/src', 'web/src']));
    expect(SOURCE_FILES.length).toBeGreaterThan(100);
    for (const n of [1, 2]) expect([...sectionsOf(`docs/spec/part-${n}.md`)]).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('no file in */src cites the spec, a file or a section outside the repository, or one that does not exist', () => {
    const problems = SOURCE_FILES.flatMap((f) => problemsIn(f, read(f), { outside: true }));
    expect(problems).toEqual([]);
  });

  it('every source file cites in one style: docs/rules.md R2, docs/DESIGN.md §5, docs/decisions/036', () => {
    expect(SOURCE_FILES.flatMap((f) => styleProblems(f, read(f)))).toEqual([]);
  });

  it('no code file (sources, tests, benches, scripts) cites a tracker number', () => {
    expect(CODE_FILES.length).toBeGreaterThan(SOURCE_FILES.length);
    expect(CODE_FILES.flatMap((f) => trackerProblems(f, read(f)))).toEqual([]);
    for (const text of [`${'Issue'} 29 item 4`, `(${'issue'} 28)`, `${'issues'} 27`])
      expect(trackerProblems('probe.ts', text), text).not.toEqual([]);
    expect(trackerProblems('probe.ts', 'docs/decisions/038; the issues page; GitHub issue')).toEqual([]);
  });

  it('README.md and docs/ cite nothing outside the repository, and every docs/ link and citation resolves', () => {
    const problems = DOC_FILES.flatMap((f) => [...problemsIn(f, read(f), { outside: true }), ...brokenLinks(f, read(f))]);
    expect(problems).toEqual([]);
  });

  it('every repository path README.md and docs/*.md name exists (decision records keep the paths of their day)', () => {
    const problems = DOC_FILES.filter((f) => !f.startsWith('docs/decisions/')).flatMap((f) => missingPaths(f, read(f)));
    expect(problems).toEqual([]);
  });

  it('the checks catch what they are for', () => {
    const bad = [
      'spec part 1 §4',
      'see ../shared/spec/part1-alerts-accounts-navigation.md',
      '*Part 2 §2; DESIGN §2.3.*',
      'docs/spec/part-1.md §12',
      'DESIGN §2.9 and §6',
      'docs/rules.md R999',
      'decisions 001, 999',
      'docs/decisions/998-nothing.md',
      'docs/nowhere.md',
      'fixtures/SOURCES.md §4',
      'docs/OPERATIONS.md "Nowhere"',
      'README "Benchmark diary"',
    ];
    for (const text of bad) expect(problemsIn('probe.ts', text, { outside: true }), text).not.toEqual([]);
    const good =
      'docs/spec/part-2.md §2, §5 and §9; DESIGN §2.3, §6; docs/rules.md R2–R3, R19a; decisions 001, 027; docs/decisions/022; docs/fixtures-sources.md §4; ../shared/fixtures; docs/OPERATIONS.md "Metrics"; docs/rules.md "Held days"; README "Configuration"';
    expect(problemsIn('probe.ts', good, { outside: true })).toEqual([]);
    for (const text of ['DESIGN §2.3', 'decision 022', 'decisions 001, 027', 'docs/decisions/037-provider-sends.md'])
      expect(styleProblems('probe.ts', text), text).not.toEqual([]);
    expect(styleProblems('probe.ts', 'docs/DESIGN.md §2.3; docs/rules.md R7; docs/decisions/022 and docs/decisions/037')).toEqual([]);
    expect(
      brokenLinks('docs/probe.md', '[ok](rules.md#ride-alerts) [web](https://example.com) [bad](nowhere.md) [out](../../x.md)'),
    ).toHaveLength(2);
    expect(
      missingPaths('docs/probe.md', '`jobs/src/worker.ts`, `db/src/`, `jobs/src/nowhere.ts`, `jobs/src/gone/`, `web/e2e/<file>`.'),
    ).toHaveLength(2);
  });
});

// The folder this test reads must be the repository root (a moved test would silently check nothing).
if (!statSync(path.join(ROOT, 'docs')).isDirectory()) throw new Error(`${ROOT} has no docs/ folder`);
