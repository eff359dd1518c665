#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.{mjs,ts} in turn (TypeScript through tsx); each prints its own
// figures and ratios against a baseline measured in the same run. Pass names to run only some:
// `npm run bench -- indicators`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => /\.bench\.(mjs|ts)$/.test(f))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f}`);
  const r = spawnSync('npx', ['tsx', join(here, f)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
console.log(`\n${files.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
