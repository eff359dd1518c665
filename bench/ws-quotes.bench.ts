/**
 * Live quotes benchmark: 1,000 WebSocket clients, each subscribed to 20 `quotes:<symbol>` channels of 100 open
 * instruments (200 subscribers per symbol), the feed ticking every symbol 10 times a second. Prints delivered
 * messages/s, p50/p99/max tick-to-client latency (from the instant the quote is priced to the client reading
 * it) and the server's RSS, for the real server (gateway, event bus, leader's feed job) and for a baseline
 * measured in the same run: a bare `ws` server fanning out the same quotes with nothing in between.
 *
 * Server and clients are separate processes on the same machine (the clients' CPU counts against the
 * server's). About 25 s on an idle machine, a few minutes under heavy load.   npx tsx bench/ws-quotes.bench.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { createSimulatedMarket, INSTRUMENTS } from '../packages/core/src/index.ts';

/** BENCH_WS_CLIENTS=200 runs a lighter load (the figure is 1,000). */
const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 1000);
const CHANNELS_PER_CLIENT = 20;
const SYMBOLS = 100;
const WARMUP_MS = 2_000;
const MEASURE_MS = 7_000;
/** Wednesday 2026-01-07 15:00 UTC: FX, metals, energies, indices, US and European shares and crypto all open. */
const SIM_START = Date.UTC(2026, 0, 7, 15, 0, 0);

const here = dirname(fileURLToPath(import.meta.url));
const offset = SIM_START - Date.now();

const market = createSimulatedMarket();
const symbols = INSTRUMENTS.map((i) => i.id)
  .filter((id) => market.sessionStatus(id, SIM_START).open && market.sessionStatus(id, SIM_START + 60_000).open)
  .slice(0, SYMBOLS);
if (symbols.length < SYMBOLS) throw new Error(`only ${symbols.length} open instruments`);

type Ready = { port: number; token: string; rss: number };

type Sample = { rss: number; cpuMs: number; at: number };

function startServer(
  mode: 'app' | 'baseline',
): Promise<{ child: ChildProcess; ready: Ready; samples: () => Sample[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'ws-quotes.server.ts'), mode], {
    cwd: join(here, '..'),
    env: { ...process.env, BENCH_CLOCK_OFFSET_MS: String(offset), BENCH_PORT: '0' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const samples: Sample[] = [];
  return new Promise((resolve, reject) => {
    child.on('message', (m: { ready?: boolean } & Partial<Ready> & Partial<Sample>) => {
      if (m.ready) resolve({ child, ready: { port: m.port!, token: m.token!, rss: m.rss! }, samples: () => samples });
      else if (m.cpuMs !== undefined) samples.push(m as Sample);
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited (${code})`)));
  });
}

/** Latency histogram in 0.1 ms buckets up to 2 s. */
const BUCKETS = 20_000;

async function run(mode: 'app' | 'baseline') {
  const server = await startServer(mode);
  const url = `ws://127.0.0.1:${server.ready.port}/api/ws?access_token=${server.ready.token}`;
  const histogram = new Uint32Array(BUCKETS + 1);
  let measuring = false;
  let delivered = 0;
  let acks = 0;
  let maxLatency = 0;
  const TIME = Buffer.from('"time":');

  const sockets: WebSocket[] = [];
  const connectOne = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url, { skipUTF8Validation: true, perMessageDeflate: false });
      sockets.push(ws);
      ws.on('message', (data: Buffer) => {
        const at = data.indexOf(TIME);
        if (at === -1) {
          acks += 1;
          return;
        }
        if (!measuring) return;
        let t = 0;
        for (let k = at + TIME.length; k < data.length; k++) {
          const c = data[k]!;
          if (c < 48 || c > 57) break;
          t = t * 10 + (c - 48);
        }
        const latency = performance.timeOrigin + performance.now() + offset - t;
        delivered += 1;
        if (latency > maxLatency) maxLatency = latency;
        histogram[Math.min(BUCKETS, Math.max(0, Math.floor(latency * 10)))]! += 1;
      });
      ws.once('open', () => {
        for (let k = 0; k < CHANNELS_PER_CLIENT; k++) {
          const symbol = symbols[(i * 7 + k * 5) % symbols.length];
          ws.send(JSON.stringify({ type: 'subscribe', channel: `quotes:${symbol}` }));
        }
        resolve();
      });
      ws.once('error', reject);
    });

  const t0 = Date.now();
  for (let i = 0; i < CLIENTS; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, (_, k) => connectOne(i + k)));
  }
  // every subscription acknowledged (the real server also sends each channel's current quote at once)
  while (acks < CLIENTS * CHANNELS_PER_CLIENT) await new Promise((r) => setTimeout(r, 50));
  const setupMs = Date.now() - t0;
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  const before = server.samples().length;
  measuring = true;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  await new Promise((r) => setTimeout(r, MEASURE_MS));
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  const clientCpu = process.cpuUsage(cpu0);
  const during = server.samples().slice(before);
  const first = during[0]!;
  const last = during[during.length - 1]!;
  const serverCpu = (last.cpuMs - first.cpuMs) / (last.at - first.at);

  for (const ws of sockets) ws.terminate();
  server.child.disconnect();
  await new Promise((r) => server.child.once('exit', r));

  const quantile = (q: number) => {
    const target = Math.ceil(delivered * q);
    let seen = 0;
    for (let b = 0; b <= BUCKETS; b++) {
      seen += histogram[b]!;
      if (seen >= target) return b / 10;
    }
    return BUCKETS / 10;
  };
  return {
    mode,
    setupMs,
    perSecond: delivered / seconds,
    perSymbolTicks: delivered / seconds / (CLIENTS * CHANNELS_PER_CLIENT),
    p50: quantile(0.5),
    p99: quantile(0.99),
    max: maxLatency,
    rssMb: Math.max(...during.map((x) => x.rss)) / 1024 / 1024,
    serverCpu,
    cpuUsPerMessage: (serverCpu * 1000 * 1000) / (delivered / seconds),
    idleRssMb: server.ready.rss / 1024 / 1024,
    clientCpu: (clientCpu.user + clientCpu.system) / 1000 / 1000 / seconds,
  };
}

console.log(
  `Live quotes: ${CLIENTS} clients x ${CHANNELS_PER_CLIENT} quote channels over ${symbols.length} symbols, feed every 100 ms; ` +
    `${MEASURE_MS / 1000} s measured after ${WARMUP_MS / 1000} s warm-up\n`,
);
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
const baseline = await run('baseline');
const app = await run('app');
for (const r of [baseline, app]) {
  console.log(
    `${(r.mode === 'app' ? 'server (gateway + bus + feed)' : 'baseline (bare ws fan-out)').padEnd(30)}` +
      `${fmt(r.perSecond).padStart(9)} msg/s  (${r.perSymbolTicks.toFixed(1)} ticks/s per channel)  ` +
      `p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  max ${r.max.toFixed(0)} ms  ` +
      `server RSS ${r.rssMb.toFixed(0)} MB (${r.idleRssMb.toFixed(0)} MB before the clients)  ` +
      `server CPU ${(r.serverCpu * 100).toFixed(0)}% = ${r.cpuUsPerMessage.toFixed(1)} us per message  clients' CPU ${(r.clientCpu * 100).toFixed(0)}%  (setup ${(r.setupMs / 1000).toFixed(1)} s)`,
  );
}
console.log(
  `\nratio to baseline: messages/s ${(app.perSecond / baseline.perSecond).toFixed(2)}, p99 ${(app.p99 / Math.max(0.1, baseline.p99)).toFixed(2)}x, ` +
    `server CPU per message ${(app.cpuUsPerMessage / baseline.cpuUsPerMessage).toFixed(2)}x` +
    `; goal p99 <= 25 ms: ${app.p99 <= 25 ? 'met' : 'NOT met'}`,
);
