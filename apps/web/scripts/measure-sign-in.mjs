#!/usr/bin/env node
// Prints the gzipped size of every JavaScript file the browser loads for /sign-in: the entry chunk, its
// static imports, and the lazy route modules of that page (auth layout, sign-in page) with theirs. This is
// the list Chromium fetches (checked with Playwright, see the README's performance section). Also prints
// what the first submit adds (the contracts schemas and zod, fetched then). Exits 1 over the budget.
// Reads the Vite manifest, so run `npm run build -w @tradedesk/web` first.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const routeModules = ['src/features/auth/components/auth-layout.tsx', 'src/features/auth/pages/sign-in-page.tsx'];
const GOAL_KB = 170;

const onFirstSubmit = 'src/features/auth/sign-in-validation.ts';

function collect(keys, known = new Set()) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    if (files.has(chunk.file) || known.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}
const gzipped = (file) => gzipSync(readFileSync(join(dist, file))).length;

const files = collect(['index.html', ...routeModules]);

let total = 0;
const rows = [...files].map((file) => {
  const gz = gzipped(file);
  total += gz;
  return { file, gz };
});
rows.sort((a, b) => b.gz - a.gz);
for (const r of rows) console.log(`${(r.gz / 1024).toFixed(1).padStart(7)} KB  ${r.file}`);
const kb = total / 1024;
const later = [...collect([onFirstSubmit], files)].reduce((sum, file) => sum + gzipped(file), 0);
console.log(`first submit adds (schemas, zod): ${(later / 1024).toFixed(1)} KB gzipped`);
console.log(`sign-in JavaScript, gzipped: ${kb.toFixed(1)} KB in ${rows.length} files (goal <= ${GOAL_KB} KB)`);
process.exit(kb <= GOAL_KB ? 0 : 1);
