/**
 * The server side of bench/ws-quotes.bench.ts, run in its own process so its memory and CPU are its own.
 *
 *   app       the real server (buildApp): gateway, in-process bus, the leader's feed job at 10 ticks/s
 *   baseline  a bare `ws` server doing the least a quote fan-out can do: the same simulator quotes every
 *             100 ms (a closed market's once), each frame a string handed to every subscribed socket
 *
 * The clock is the wall clock moved to a Wednesday afternoon (BENCH_CLOCK_OFFSET_MS), so the markets are
 * open whatever the day of the run. Reports { port, token, rss } when ready and { rss, cpuMs, at } every 500 ms over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type WebSocket, WebSocketServer } from 'ws';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createSimulatedMarket } from '../packages/core/src/index.ts';

const mode = process.argv[2];
const offset = Number(process.env.BENCH_CLOCK_OFFSET_MS ?? 0);
const port = Number(process.env.BENCH_PORT ?? 0);
const now = () => Date.now() + offset;
const send = (message: unknown) => {
  // the callback takes the error of a send racing the parent's disconnect
  if (process.connected) process.send?.(message, undefined, undefined, () => {});
};

setInterval(() => {
  const cpu = process.cpuUsage();
  send({
    rss: process.memoryUsage().rss,
    cpuMs: (cpu.user + cpu.system) / 1000,
    at: performance.timeOrigin + performance.now(),
  });
}, 500).unref();

async function startApp(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tradedesk-bench-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
      SEED_DEMO: 'true',
      API_DOCS: 'false',
      DATABASE_URL: '',
      REDIS_URL: '',
      WS_MAX_PER_USER: '5000',
      WS_MAX_PER_IP: '5000',
      MARKET_FEED_INTERVAL_MS: '100',
    },
    ['--role=all'],
  );
  const app = await buildApp(config, { clock: { now: () => new Date(now()) } });
  await app.listen({ port, host: '127.0.0.1' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/customer/login',
    payload: { email: 'demo@tradedesk.local', password: 'DemoTrader2026', return_tokens: true },
  });
  const token = (login.json() as { tokens?: { accessToken?: string } }).tokens?.accessToken;
  if (!token) throw new Error(`demo login failed: ${login.statusCode} ${login.body}`);
  const address = app.server.address();
  send({
    ready: true,
    port: typeof address === 'object' && address ? address.port : port,
    token,
    rss: process.memoryUsage().rss,
  });
  process.on('disconnect', () => {
    void app.close().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

function startBaseline(): void {
  const market = createSimulatedMarket();
  const http = createServer();
  const wss = new WebSocketServer({ server: http, path: '/api/ws' });
  const subscribers = new Map<string, Set<WebSocket>>();
  wss.on('connection', (socket) => {
    const mine = new Set<string>();
    socket.on('message', (data) => {
      const m = JSON.parse(String(data)) as { type: string; channel: string };
      if (m.type !== 'subscribe') return;
      let set = subscribers.get(m.channel);
      if (!set) {
        set = new Set();
        subscribers.set(m.channel, set);
      }
      set.add(socket);
      mine.add(m.channel);
      socket.send(JSON.stringify({ type: 'subscribed', channel: m.channel }));
    });
    socket.on('close', () => {
      for (const c of mine) subscribers.get(c)?.delete(socket);
    });
  });
  const last = new Map<string, string>();
  setInterval(() => {
    const at = now();
    for (const [channel, set] of subscribers) {
      if (set.size === 0) continue;
      const symbol = channel.slice('quotes:'.length);
      const q = market.quote(symbol, at);
      const key = q.open ? String(q.time) : `${q.bid}|${q.ask}`;
      if (last.get(channel) === key) continue;
      last.set(channel, key);
      const frame = JSON.stringify({
        type: 'event',
        channel,
        event: 'quote',
        data: { symbol, bid: q.bid, ask: q.ask, time: q.time, open: q.open },
      });
      for (const socket of set) socket.send(frame);
    }
  }, 100);
  http.listen(port, '127.0.0.1', () => {
    const address = http.address();
    send({
      ready: true,
      port: typeof address === 'object' && address ? address.port : port,
      token: 'none',
      rss: process.memoryUsage().rss,
    });
  });
  process.on('disconnect', () => process.exit(0));
}

if (mode === 'app') await startApp();
else if (mode === 'baseline') startBaseline();
else throw new Error('usage: ws-quotes.server.ts app|baseline');
