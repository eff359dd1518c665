/**
 * History route throughput: `GET /api/middleware/feed/historical` (EURUSD 15m, limit 1000: the latest bars up to
 * now, as a chart asks for them on opening) through the whole app (authentication on the embedded database, the
 * imported-bars lookup, the simulated market, serialisation, ETag), against a bare Fastify route that returns the
 * same bytes (the body and the app's headers with it, as constants), measured in the same run with the same load;
 * the bare route sending the body with a content type only, as this bench first did, is shown too. Goal: at least 0.8 of the baseline's requests/s.
 * The route is public market data: the goal's figure is signed out (a shared chart), the signed-in one follows.
 * Also shown: the app's floor, a signed-out route answering a small constant through every global hook, and a
 * signed-in route without a query of its own (what the session check on the embedded database costs).
 * Autocannon runs in a process of its own; both servers run in this one. Each measurement follows a warm-up of the
 * same target (3 s, BENCH_WARMUP); the bare route and the history route are measured in alternating rounds
 * (3, BENCH_ROUNDS) and the goal's ratio is the median round's.
 *
 *   npm run bench -- historical
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { signUpAndLogin } from '../apps/server/test/auth-helpers.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PATH = '/api/middleware/feed/historical?symbol=EURUSD&timeframe=15m&limit=1000';

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

type Figures = { requests: number; p50: number; p99: number; throughputMB: number; non2xx: number; errors: number };

/** Runs autocannon (in its own process, so it does not share this event loop) against a URL. */
async function load(url: string, headers: Record<string, string>): Promise<Figures> {
  // every target is warmed up first (JIT, the route's caches), the same way, and only then measured
  const args = [autocannonCli, '-c', String(CONNECTIONS), '-d', String(DURATION_S), '-j'];
  args.push('--warmup', '[', '-c', String(CONNECTIONS), '-d', String(WARMUP_S), ']');
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d;
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d;
  });
  const status = await new Promise<number | null>((done) => child.on('close', done));
  if (status !== 0) throw new Error(`autocannon failed: ${stderr}`);
  // with a warm-up autocannon prints its figures and then the measured run's: the last line is the run
  const r = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    throughput: { average: number };
    non2xx: number;
    errors: number;
  };
  return {
    requests: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    throughputMB: r.throughput.average / 1e6,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

const dataDir = mkdtempSync(join(tmpdir(), 'tradedesk-bench-'));
const config = loadConfig(
  {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT: 'false',
    WEB_DIST: join(dataDir, 'no-web-build'),
  },
  [],
);
const app = await buildApp(config);
const user = await signUpAndLogin(app);
const headers = { authorization: `Bearer ${user.accessToken}` };
const sample = await app.inject({ method: 'GET', url: PATH, headers });
if (sample.statusCode !== 200) throw new Error(`history answered ${sample.statusCode}: ${sample.body}`);
const bytes = sample.rawPayload;
const candles = (sample.json() as { candles: unknown[] }).candles.length;

// The same bytes: the body and the headers the app sends with it (security headers, ETag, Cache-Control, Vary),
// written as constants; what Node adds itself (length, date, connection) it adds to both.
const ownHeaders = Object.fromEntries(
  Object.entries(sample.headers).filter(
    ([name]) => !['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
  ),
) as Record<string, string>;
const bare = Fastify({ logger: false });
bare.get('/bare', (_request, reply) => {
  reply.headers(ownHeaders).send(bytes);
});
// the comparison before 2026-11-24: the body with a content type only
bare.get('/bare-body', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(bytes);
});

console.log(
  `${candles} candles, ${(bytes.length / 1024).toFixed(1)} KiB a response; ${CONNECTIONS} connections, ${DURATION_S} s each`,
);
// Both servers listen at once and are measured in alternating rounds (bare, then the route), so a change in
// the machine's speed during the run (the other core's work, the CPU's clock) falls on both alike; the goal's
// ratio is the median of the rounds' ratios.
const baseUrl = await listen(bare);
const appUrl = await listen(app);
const rounds: { baseline: Figures; route: Figures; ratio: number }[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const b = await load(`${baseUrl}/bare`, {});
  // public market data, as a shared chart asks for it signed out (the goal's figure)
  const r = await load(`${appUrl}${PATH}`, {});
  rounds.push({ baseline: b, route: r, ratio: r.requests / b.requests });
}
const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)]!;
const baseline = median.baseline;
const route = median.route;
const bodyOnly = await load(`${baseUrl}/bare-body`, {});
await bare.close();
// the app's own floor: a signed-out route answering a small constant (every global hook, no database)
const floor = await load(`${appUrl}/api/market/timeframes`, {});
// a signed-in route without a query of its own (a symbol's specification): what the session check costs
const signedIn = await load(`${appUrl}/api/middleware/bench/symbols/EURUSD/specification`, headers);
// the history route signed in
const routeSignedIn = await load(`${appUrl}${PATH}`, headers);
await app.close();
rmSync(dataDir, { recursive: true, force: true });

const row = (name: string, f: Figures) =>
  `${name.padEnd(44)} ${f.requests.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   ${f.throughputMB.toFixed(1)} MB/s`;
console.log(
  `${Object.keys(ownHeaders).length} headers of the app's answer on the bare route: ${Object.keys(ownHeaders).join(', ')}`,
);
console.log(row('bare Fastify, same bytes (median round)', baseline));
console.log(row('  the same body, content type only', bodyOnly));
console.log(row('app floor: GET /market/timeframes', floor));
console.log(row('signed in: GET .../specification', signedIn));
console.log(row('GET /middleware/feed/historical (same round)', route));
console.log(row('  the same, signed in', routeSignedIn));
for (const [name, f] of [
  ['route', route],
  ['route signed in', routeSignedIn],
] as const) {
  if (f.non2xx > 0 || f.errors > 0) console.log(`${name}: ${f.non2xx} non-2xx answers, ${f.errors} errors`);
}
for (const [i, r] of rounds.entries()) {
  console.log(
    `round ${i + 1}: bare ${r.baseline.requests.toFixed(0)} req/s, route ${r.route.requests.toFixed(0)} req/s, ratio ${r.ratio.toFixed(2)}`,
  );
}
const ratio = median.ratio;
console.log(
  `ratio ${ratio.toFixed(2)} of the bare route's requests/s, signed out, the median of ${rounds.length} rounds (goal: at least 0.80)`,
);
console.log(
  `(${(route.requests / bodyOnly.requests).toFixed(2)} of the bare route sending the body with a content type only)`,
);
console.log(
  `(of the bare route: the app floor ${(floor.requests / baseline.requests).toFixed(2)}, ` +
    `a signed-in route with no query of its own ${(signedIn.requests / baseline.requests).toFixed(2)}, ` +
    `the history route signed in ${(routeSignedIn.requests / baseline.requests).toFixed(2)})`,
);
