#!/usr/bin/env node
// Prints the gzipped size of every JavaScript file the browser loads for /sign-in: the entry chunk, its
// static imports, and the lazy route modules of that page (auth layout, sign-in page) with theirs.
// Reads the Vite manifest, so run `npm run build -w @tradedesk/web` first.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const routeModules = ['src/features/auth/components/auth-layout.tsx', 'src/features/auth/pages/sign-in-page.tsx'];
const GOAL_KB = 170;

const files = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
visit('index.html');
for (const route of routeModules) visit(route);

let total = 0;
const rows = [...files].map((file) => {
  const gz = gzipSync(readFileSync(join(dist, file))).length;
  total += gz;
  return { file, gz };
});
rows.sort((a, b) => b.gz - a.gz);
for (const r of rows) console.log(`${(r.gz / 1024).toFixed(1).padStart(7)} KB  ${r.file}`);
const kb = total / 1024;
console.log(`sign-in JavaScript, gzipped: ${kb.toFixed(1)} KB in ${rows.length} files (goal <= ${GOAL_KB} KB)`);
process.exit(kb <= GOAL_KB ? 0 : 1);
