/**
 * Order round trip on the virtual broker: `PUT /api/middleware/{platformToken}/orders` (a market order) over HTTP,
 * the deal booked in the database in the order's transaction, and the `position` event of the account's WebSocket
 * channel received by the client. Timed from the request's first byte out to the event in, one order at a time
 * (p50 and p99), then orders per second with 8 orders in flight. Run on the embedded PGlite and, when
 * `TEST_DATABASE_URL` is set, on PostgreSQL (a fresh database made and dropped for the run). Goal: p99 at most
 * 10 ms on PostgreSQL. The baseline, measured in the same run, is the app's own floor: a signed-in GET that reads
 * the account (the session check and one query), so the ratio says what placing an order costs beyond it. On
 * PostgreSQL a second baseline is the disk's own floor for a durable write: one row inserted and committed by a
 * bare client in the same database (the order's transaction ends with such a commit, which waits for the WAL to
 * reach the disk).
 *
 *   npm run bench -- order-roundtrip            (BENCH_ORDERS=500 by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { signUpAndLogin } from '../apps/server/test/auth-helpers.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 500);
const IN_FLIGHT = 8;
// Crypto trades every day, so the bench runs whatever the day.
const SYMBOL = 'BTCUSD';

type Figures = { p50: number; p99: number; perSecond: number };

/** The disk's floor for a durable write: a one-row insert and its commit, from a bare client, one at a time. */
async function bareCommit(databaseUrl: string): Promise<{ p50: number; p99: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('create table bench_commit (id serial primary key, at timestamptz not null default now())');
    const times: number[] = [];
    for (let i = 0; i < 20 + ORDERS; i++) {
      const started = performance.now();
      await client.query('begin');
      await client.query('insert into bench_commit default values');
      await client.query('commit');
      if (i >= 20) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99) };
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function run(label: string, databaseUrl: string | undefined): Promise<{ order: Figures; floor: Figures }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tradedesk-bench-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      RATE_LIMIT: 'false',
      WEB_DIST: join(dataDir, 'no-web-build'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    [],
  );
  const app = await buildApp(config);
  try {
    const user = await signUpAndLogin(app);
    const headers = { authorization: `Bearer ${user.tradingAccessToken}`, 'content-type': 'application/json' };
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}/api`;

    const created = await fetch(`${base}/accounts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        kind: 'virtual',
        name: 'Bench',
        starting_balance: 10_000_000,
        custom_balance: true,
        leverage: 100,
      }),
    });
    if (created.status !== 200 && created.status !== 201) throw new Error(`account: ${await created.text()}`);
    const account = (await created.json()) as { id: string; token: string };

    // The account's channel; each order's position event resolves the waiter of that order's request.
    const ws = new WebSocket(`ws://127.0.0.1:${address.port}/api/ws?access_token=${user.accessToken}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const waiters: ((t: number) => void)[] = [];
    ws.on('message', (raw) => {
      const at = performance.now();
      const m = JSON.parse(String(raw)) as { type: string; event?: string; channel?: string };
      if (m.type === 'event' && m.event === 'position' && m.channel === `account:${account.id}`) waiters.shift()?.(at);
    });
    await new Promise<void>((resolve) => {
      ws.on('message', function ack(raw) {
        if ((JSON.parse(String(raw)) as { type: string }).type === 'subscribed') {
          ws.off('message', ack);
          resolve();
        }
      });
      ws.send(JSON.stringify({ type: 'subscribe', channel: `account:${account.id}` }));
    });

    const body = JSON.stringify({ symbol: SYMBOL, side: 'buy', type: 'market', size: 0.01 });
    const placeOne = async (): Promise<number> => {
      const started = performance.now();
      const event = new Promise<number>((resolve) => waiters.push(resolve));
      const res = await fetch(`${base}/middleware/${account.token}/orders`, { method: 'PUT', headers, body });
      if (res.status !== 200) throw new Error(`order answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      return (await event) - started;
    };
    const readOne = async (): Promise<number> => {
      const started = performance.now();
      const res = await fetch(`${base}/accounts/${account.id}`, { headers });
      if (res.status !== 200) throw new Error(`account read answered ${res.status}`);
      await res.arrayBuffer();
      return performance.now() - started;
    };

    const measure = async (one: () => Promise<number>): Promise<Figures> => {
      for (let i = 0; i < 20; i++) await one(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < ORDERS; i++) times.push(await one());
      times.sort((a, b) => a - b);
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next++ < ORDERS) await one();
        }),
      );
      return {
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        perSecond: ORDERS / ((performance.now() - started) / 1000),
      };
    };
    const floor = await measure(readOne);
    const order = await measure(placeOne);
    ws.close();
    console.log(
      `${label.padEnd(11)} order round trip p50 ${order.p50.toFixed(2)} ms, p99 ${order.p99.toFixed(2)} ms, ` +
        `${order.perSecond.toFixed(0)} orders/s with ${IN_FLIGHT} in flight | floor (signed-in account read) ` +
        `p50 ${floor.p50.toFixed(2)} ms, p99 ${floor.p99.toFixed(2)} ms, ${floor.perSecond.toFixed(0)} reads/s | ` +
        `p99 ratio ${(order.p99 / floor.p99).toFixed(1)}x the floor`,
    );
    return { order, floor };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`${ORDERS} market orders of 0.01 ${SYMBOL} one at a time, then ${ORDERS} with ${IN_FLIGHT} in flight`);
await run('PGlite', undefined);
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const name = `tradedesk_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const { order } = await run('PostgreSQL', url.toString());
    const commit = await bareCommit(url.toString());
    console.log(
      `PostgreSQL  a bare insert and commit (the disk's floor for a durable write), one at a time: ` +
        `p50 ${commit.p50.toFixed(2)} ms, p99 ${commit.p99.toFixed(2)} ms`,
    );
    console.log(
      `PostgreSQL p99 ${order.p99.toFixed(2)} ms (goal: at most 10 ms); ` +
        `${(order.p99 - commit.p99).toFixed(2)} ms over the bare commit's p99`,
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log('PostgreSQL skipped: set TEST_DATABASE_URL to run it too');
}
