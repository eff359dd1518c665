#!/usr/bin/env node
// `npm run fuzz`: the API fuzz suite (apps/server/test/fuzz) with many more cases than `npm test` sends and a
// new seed each run. FUZZ_RUNS (default 200) cases per route and sign-in state; FUZZ_SEED replays a run.
// Arguments after `--` go to vitest, e.g. `npm run fuzz -- -t 'PUT /api/profile'` for one route.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

const runs = process.env.FUZZ_RUNS || '200';
const seed = process.env.FUZZ_SEED || String(randomInt(1, 2 ** 31 - 1));
const replay = `FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz`;
console.log(`fuzz: seed ${seed}, ${runs} cases per route and sign-in state (replay: ${replay})`);

const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server', 'apps/server/test/fuzz', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed, FUZZ_STATS: process.env.FUZZ_STATS || '1' },
  },
);
console.log(`fuzz: seed ${seed} (replay: ${replay})`);
process.exit(result.status ?? 1);
