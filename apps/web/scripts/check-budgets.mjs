#!/usr/bin/env node
// The bundle budgets (apps/web/budgets.json), checked on the production build; `npm test` runs it after the
// build and fails the run over budget. The build carries its day and commit (the app's version), so the same
// sources measure a few tens of bytes apart from one commit to the next: keep a page's budget more than 0.1 KB
// above its size.
// - First pages: every JavaScript file a browser downloads to show each page of the first-pages table
//   (src/app/first-pages.ts, written by the build to dist/.vite/pages.json): the entry chunk with its static
//   imports and the page's lazy route modules with theirs. A signed-out visitor of the signed-in area gets the
//   sign-in page, so the sign-in budget holds for the first page of any signed-out visit, whatever the URL.
//   The e2e suite checks these lists against what Chromium fetches.
// - Lazy areas: what each lazily loaded module (every dynamic import) adds beyond the entry: the signed-in
//   shell, settings, each page, the toast's look... A new lazy module without a budget fails the check.
// - The build is a production build (no development React, whatever NODE_ENV the build ran with).
// Sizes are gzip (level 6, as budgets are set) and brotli (quality 11, as the server sends the build), in KB.
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const manifest = readJson(join(dist, '.vite', 'manifest.json'));
const { signInPage, pages } = readJson(join(dist, '.vite', 'pages.json'));
const budgets = readJson(join(webRoot, 'budgets.json'));
const problems = [];

/** The JavaScript files of `keys` and everything they import statically, minus the files in `known`. */
function collect(keys, known = new Set()) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the Vite manifest: ${key} (is src/app/first-pages.ts up to date?)`);
    if (files.has(chunk.file) || known.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

const sizes = new Map();
function sizeOf(file) {
  let size = sizes.get(file);
  if (!size) {
    const data = readFileSync(join(dist, file));
    size = {
      gzip: gzipSync(data).length,
      brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      text: data.toString('utf8'),
    };
    sizes.set(file, size);
  }
  return size;
}
const total = (files, kind) => [...files].reduce((sum, file) => sum + sizeOf(file)[kind], 0) / 1024;
const kb = (n) => n.toFixed(1).padStart(6);

function report(title, rows) {
  console.log(`\n${title}`);
  console.log('  gzip KB  budget  ratio  brotli KB  files  name');
  for (const row of rows) {
    const ratio = row.budget ? (row.gzip / row.budget).toFixed(2) : '  -';
    const flag = row.budget === undefined ? '  (no budget)' : row.gzip > row.budget ? '  OVER BUDGET' : '';
    console.log(
      `  ${kb(row.gzip)}  ${String(row.budget ?? '-').padStart(6)}  ${ratio.padStart(5)}  ${kb(row.brotli).padStart(9)}  ${String(row.files).padStart(5)}  ${row.name}${flag}`,
    );
    if (row.budget === undefined) problems.push(`${row.name} has no budget in apps/web/budgets.json`);
    else if (row.gzip > row.budget)
      problems.push(`${row.name}: ${row.gzip.toFixed(1)} KB gzipped, budget ${row.budget} KB`);
  }
}

function checkBudgetNames(kind, measured) {
  for (const name of Object.keys(budgets[kind])) {
    if (!measured.includes(name)) problems.push(`budgets.json ${kind}.${name} names nothing in the build: remove it`);
  }
}

const entry = collect(['index.html']);

const pageRows = pages.map((page) => {
  const files = new Set([...entry, ...collect(page.modules)]);
  return {
    name: page.name,
    gzip: total(files, 'gzip'),
    brotli: total(files, 'brotli'),
    files: files.size,
    budget: budgets.firstPages[page.name],
  };
});
report('First pages: the JavaScript a browser downloads to show each page', pageRows);
const redirected = pages.filter((page) => page.access === 'signedIn').flatMap((page) => page.paths);
console.log(`  signed out, ${redirected.join(', ')} show the ${signInPage} page: its files and budget`);
checkBudgetNames(
  'firstPages',
  pageRows.map((r) => r.name),
);

const lazyModules = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry)
  .map(([key]) => key);
const lazyRows = lazyModules.map((key) => {
  const name = basename(key).replace(/\.[jt]sx?$/, '');
  const files = collect([key], entry);
  return {
    name,
    gzip: total(files, 'gzip'),
    brotli: total(files, 'brotli'),
    files: files.size,
    budget: budgets.lazy[name],
  };
});
report('Lazy areas: what loading each lazy module adds beyond the entry chunk', lazyRows);
checkBudgetNames(
  'lazy',
  lazyRows.map((r) => r.name),
);

// Development builds of React carry its warnings; the production build has none of them.
const developmentMarkers = ['Each child in a list should have a unique', 'react-dom.development'];
for (const file of Object.values(manifest).map((chunk) => chunk.file)) {
  if (!file.endsWith('.js')) continue;
  const marker = developmentMarkers.find((m) => sizeOf(file).text.includes(m));
  if (marker) problems.push(`${file} is a development build (it contains "${marker}"): build with vite build`);
}

if (problems.length > 0) {
  console.error(`\nBudget check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery page and lazy area is within its budget; the build is a production build.');
