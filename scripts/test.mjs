#!/usr/bin/env node
// `npm test`: typecheck, lint + format check, the Node.js engines of every installed package, unit and
// integration tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), the production build with its
// bundle budgets, then the Playwright e2e suite when a Chromium is found. Says what it skipped.
// Steps can be run alone: node scripts/test.mjs typecheck|lint|engines|unit|budgets|e2e (several at once too).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const steps = [];
const skipped = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

const only = process.argv.slice(2);
const want = (s) => only.length === 0 || only.includes(s);

if (want('typecheck')) run('typecheck', 'npx', ['tsc', '-b']);
if (want('lint')) run('lint', 'npx', ['biome', 'ci', '.']);
if (want('engines')) run('engines', 'node', ['scripts/check-engines.mjs']);
if (want('unit')) {
  if (!process.env.TEST_DATABASE_URL) skipped.push('server suite on PostgreSQL (TEST_DATABASE_URL is not set)');
  if (!process.env.TEST_REDIS_URL) skipped.push('Redis event-bus tests (TEST_REDIS_URL is not set)');
  rmSync('test-results/unit-summary.txt', { force: true });
  run('unit+integration', 'npx', ['vitest', 'run']);
}
let built; // once per run: true or false after the first call
function build() {
  // With NODE_ENV=development on purpose: the web build must be a production build whatever NODE_ENV says
  // (as `NODE_ENV=development npm start` builds it), and the budget check fails on a development build.
  built ??= run('build', 'npm', ['run', 'build'], { NODE_ENV: 'development' });
  return built;
}
if (want('budgets') && build()) run('budgets', 'npm', ['run', 'size', '-w', '@tradedesk/web']);
if (want('e2e')) {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync('e2e/playwright.config.ts')) {
    skipped.push('e2e (no e2e suite yet)');
  } else if (!existsSync(chromium)) {
    skipped.push(`e2e (no Chromium at ${chromium}; set CHROMIUM_PATH or install Debian's chromium)`);
  } else {
    if (build())
      run('e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { CHROMIUM_PATH: chromium });
  }
}

console.log('\n=== summary');
for (const s of steps) console.log(`${s.ok ? 'PASS' : 'FAIL'}  ${s.name} (${s.seconds}s)`);
for (const s of skipped) console.log(`SKIP  ${s}`);
// written by scripts/vitest-summary.ts: failed and flaky tests, errors outside tests, the slowest files
if (existsSync('test-results/unit-summary.txt')) {
  console.log('\n=== unit+integration details');
  console.log(readFileSync('test-results/unit-summary.txt', 'utf8').trimEnd());
}
const failed = steps.filter((s) => !s.ok).length;
console.log(`steps: ${steps.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
