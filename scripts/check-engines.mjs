#!/usr/bin/env node
// Checks that every installed package the project runs or builds with supports every Node.js version the
// project says it runs on (the root package.json `engines.node`, which the README repeats). It walks the
// dependency tree from each workspace's dependencies and devDependencies through node_modules as Node
// resolves it, so only what is installed on this platform is checked. Exits 1 naming each package whose
// `engines.node` leaves out a supported version, and the package that pulled it in.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const rootPkg = readJson(join(root, 'package.json'));
const supported = rootPkg.engines?.node;
if (!supported || !semver.validRange(supported)) {
  console.error('package.json has no valid engines.node: nothing to check against');
  process.exit(1);
}

/** The folder of `name` as Node finds it from `fromDir`: the nearest node_modules up the tree. */
function resolvePackage(name, fromDir) {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

const workspaces = [root, ...rootPkg.workspaces.map((w) => join(root, w))];
const seen = new Set();
const problems = [];
let checked = 0;

/** Visits `dir` (a package folder) and what it depends on; `via` is the chain that led here. */
function visit(dir, via, names) {
  for (const { name, optional } of names) {
    const found = resolvePackage(name, dir);
    if (!found) {
      // Optional dependencies for other platforms are not installed; anything else missing is npm's to report.
      if (!optional) problems.push(`${name} (needed by ${via}) is not installed: run npm ci`);
      continue;
    }
    if (seen.has(found)) continue;
    seen.add(found);
    const pkg = readJson(join(found, 'package.json'));
    checked++;
    const range = pkg.engines?.node;
    if (range && (!semver.validRange(range) || !semver.subset(supported, range))) {
      problems.push(`${pkg.name}@${pkg.version} needs Node.js "${range}" (pulled in by ${via})`);
    }
    visit(found, `${via} > ${pkg.name}`, dependencyNames(pkg, false));
  }
}

function dependencyNames(pkg, withDev) {
  const names = [
    ...Object.keys(pkg.dependencies ?? {}).map((name) => ({ name, optional: false })),
    ...Object.keys(pkg.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
  ];
  if (withDev) names.push(...Object.keys(pkg.devDependencies ?? {}).map((name) => ({ name, optional: false })));
  return names;
}

for (const dir of workspaces) {
  const pkg = readJson(join(dir, 'package.json'));
  visit(dir, relative(root, dir) || 'the root package.json', dependencyNames(pkg, true));
}

if (problems.length > 0) {
  console.error(`Packages that do not run on every Node.js version of "${supported}":`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`${checked} installed packages all support Node.js "${supported}"`);
