import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AccountSnapshot, PlaceOrderResult, TradingAccount } from '@tradedesk/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind } from './helpers.js';
import { makeTestDir } from './temp.js';

const children: ChildProcessWithoutNullStreams[] = [];
const dataDir = makeTestDir('trading-kill');
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The real server (src/main.ts) in a child process on `databaseUrl` (PGlite in `dataDir` when empty). */
async function startServer(databaseUrl: string): Promise<{ base: string; child: ChildProcessWithoutNullStreams }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--role=all'], {
    cwd: resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      RATE_LIMIT: 'false',
    },
  });
  children.push(child);
  let output = '';
  const base = await new Promise<string>((resolveUrl, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolveUrl(match[1]);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`the server exited early (${code}): ${output}`)));
  });
  return { base, child };
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Signs up through the API, activates through the dev mailbox, signs in: the trading token. */
async function signIn(base: string): Promise<string> {
  const email = `kill-${Date.now()}@example.test`;
  const password = 'Passw0rd-kill-test';
  const post = (path: string, body: object) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/customer', { email, password, username: `kill_${Date.now()}`, first_name: 'K', last_name: 'T' });
  let token: string | undefined;
  for (let i = 0; i < 100 && !token; i++) {
    const { mails } = await json<{ mails: Array<{ links: string[] }> }>(
      await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`),
    );
    const link = mails[0]?.links[0];
    token = link ? (new URL(link).searchParams.get('token') ?? undefined) : undefined;
    if (!token) await new Promise((r) => setTimeout(r, 50));
  }
  await json(await post('/api/customer/activate', { token }));
  const login = await json<{ tokens: { tradingAccessToken: string } }>(
    await post('/api/customer/login', { email, password, return_tokens: true }),
  );
  return login.tokens.tradingAccessToken;
}

describe('a server killed in the middle of orders', () => {
  it('loses no answered order and duplicates none when every order is sent again with its Idempotency-Key', async () => {
    const databaseUrl = testDbKind === 'postgres' ? ((await createTestDatabase()).url ?? '') : '';
    let server = await startServer(databaseUrl);
    const token = await signIn(server.base);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const account = await json<TradingAccount>(
      await fetch(`${server.base}/api/accounts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ kind: 'virtual', name: 'Kill test', starting_balance: 200_000 }),
      }),
    );
    // crypto trades around the clock, so the test runs whatever the time
    const body = (i: number) => JSON.stringify({ symbol: 'BTCUSD', side: i % 2 ? 'sell' : 'buy', size: 0.01 });
    const send = (base: string, i: number) =>
      fetch(`${base}/api/middleware/${account.token}/orders`, {
        method: 'PUT',
        headers: { ...headers, 'idempotency-key': `kill-${i}` },
        body: body(i),
      });
    const N = 30;
    const answered = new Map<number, string>();
    const inFlight = Array.from({ length: N }, (_, i) =>
      send(server.base, i)
        .then(async (r) => {
          if (r.status === 200) answered.set(i, ((await r.json()) as PlaceOrderResult).position!.id);
        })
        .catch(() => {}),
    );
    // kill as soon as some orders are answered and others are still under way
    while (answered.size < 3) await new Promise((r) => setTimeout(r, 1));
    server.child.kill('SIGKILL');
    await Promise.all(inFlight);
    expect(answered.size).toBeLessThan(N);

    server = await startServer(databaseUrl);
    const before = await json<AccountSnapshot>(
      await fetch(`${server.base}/api/middleware/${account.token}/accounts/1`, { headers }),
    );
    const kept = new Set(before.positions.map((p) => p.id));
    for (const id of answered.values()) expect(kept).toContain(id);

    const positions = new Set<string>();
    for (let i = 0; i < N; i++) {
      const res = await send(server.base, i);
      expect(res.status).toBe(200);
      const id = ((await res.json()) as PlaceOrderResult).position!.id;
      if (answered.has(i)) expect(id).toBe(answered.get(i));
      positions.add(id);
    }
    expect(positions.size).toBe(N);
    const after = await json<AccountSnapshot>(
      await fetch(`${server.base}/api/middleware/${account.token}/accounts/1`, { headers }),
    );
    expect(after.positions).toHaveLength(N);
    const trades = await json<{ trades: Array<{ commission: number }> }>(
      await fetch(`${server.base}/api/trading/accounts/${account.token}/trades?limit=200`, { headers }),
    );
    const commissions = trades.trades.reduce((n, t) => n + Math.round(t.commission * 100), 0);
    // nothing but the opening commissions has been booked: the balance is the start plus them, to the cent
    expect(Math.round(after.account.balance * 100)).toBe(200_000 * 100 + commissions);
    server.child.kill('SIGKILL');
  }, 120_000);
});
