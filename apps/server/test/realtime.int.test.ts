import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from './auth-helpers.js';
import { createTestApp, type TestApp, testDbKind } from './helpers.js';
import { makeTestDir } from './temp.js';
import { TestWsClient } from './ws-client.js';

function wsUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('app is not listening');
  return `ws://127.0.0.1:${address.port}/api/ws`;
}

function httpUrl(app: FastifyInstance, path: string): string {
  return wsUrl(app).replace('ws://', 'http://').replace('/api/ws', path);
}

let t: TestApp;
const clients: TestWsClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => {
  for (const c of clients) c.close();
});

async function connect(url: string, options: Parameters<typeof TestWsClient.connect>[1] = {}) {
  const client = await TestWsClient.connect(url, options);
  clients.push(client);
  return client;
}

describe('WebSocket gateway on the real app', () => {
  it('closes a socket past WS_MAX_PER_USER with 4429', async () => {
    const limited = await createTestApp({ config: { wsMaxPerUser: 1 } });
    await limited.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await signUpAndLogin(limited.app);
    const first = await connect(`${wsUrl(limited.app)}?access_token=${user.accessToken}`);
    await first.subscribe('user');
    const second = await connect(`${wsUrl(limited.app)}?access_token=${user.accessToken}`);
    expect((await second.closed).code).toBe(4429);
    await first.sync();
  });

  it('authenticates with the access-token cookie a browser sends, and with bearer sub-protocol', async () => {
    const user = await signUpAndLogin(t.app);
    const browser = await connect(wsUrl(t.app), { headers: { cookie: user.cookie } });
    expect(await browser.subscribe('user')).toEqual({ type: 'subscribed', channel: 'user' });
    const api = await connect(wsUrl(t.app), { protocols: [`bearer.${user.accessToken}`] });
    expect(await api.subscribe('user')).toEqual({ type: 'subscribed', channel: 'user' });
  });

  it('refuses a trading token, a refresh token and garbage with 4401', async () => {
    const user = await signUpAndLogin(t.app);
    for (const token of [user.tradingAccessToken, user.refreshToken, 'garbage']) {
      const client = await connect(`${wsUrl(t.app)}?access_token=${encodeURIComponent(token)}`);
      expect((await client.closed).code).toBe(4401);
    }
  });

  it('revoking a session closes its sockets with 4001; the user’s other session only hears of it', async () => {
    const user = await signUpAndLogin(t.app);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: user.email, password: user.password, return_tokens: true },
    });
    const otherToken = (second.json() as { tokens: { accessToken: string } }).tokens.accessToken;
    const sessions = await t.app.inject({ method: 'GET', url: '/api/customer/sessions', headers: user.auth });
    const current = (sessions.json() as { sessions: Array<{ id: string; current: boolean }> }).sessions.find(
      (s) => s.current,
    );
    if (!current) throw new Error('no current session');

    const revoked = await connect(`${wsUrl(t.app)}?access_token=${user.accessToken}`);
    const other = await connect(`${wsUrl(t.app)}?access_token=${otherToken}`);
    await other.subscribe('user');

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/customer/sessions?id=${current.id}`,
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(res.statusCode).toBe(200);
    const event = { type: 'event', channel: 'user', event: 'session.revoked', data: { sessionId: current.id } };
    expect(await revoked.next('event')).toEqual(event);
    expect(await revoked.closed).toEqual({ code: 4001, reason: 'session revoked' });
    expect(await other.next('event')).toEqual(event);
    await other.sync();
    expect(other.socket.readyState).toBe(other.socket.OPEN);

    // the revoked token cannot open a new socket
    const again = await connect(`${wsUrl(t.app)}?access_token=${user.accessToken}`);
    expect((await again.closed).code).toBe(4401);
  });

  it('answers a plain HTTP request (no upgrade) with the error body, not an empty 404', async () => {
    const response = await fetch(httpUrl(t.app, '/api/ws'));
    expect(response.status).toBe(400);
    expect(response.headers.get('upgrade')).toBe('websocket');
    expect(await response.json()).toEqual({
      statusCode: 400,
      code: 'WS_UPGRADE_REQUIRED',
      message: expect.stringContaining('WebSocket endpoint'),
    });
  });

  it('exposes jobs and the gateway on the app context', () => {
    expect(typeof t.app.ctx.jobs.register).toBe('function');
    expect(typeof t.app.ctx.gateway.registerChannel).toBe('function');
    expect(() => t.app.ctx.gateway.registerChannel('user', () => true)).toThrow('reserved');
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish and closes WebSockets with 1001', async () => {
    const s = await createTestApp();
    let entered: () => void = () => {};
    const inHandler = new Promise<void>((r) => {
      entered = r;
    });
    let release: () => void = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    s.app.get('/api/test/slow', async () => {
      entered();
      await released;
      return { done: true };
    });
    const jobRuns: number[] = [];
    s.app.ctx.jobs.register({ name: 'shutdown-probe', intervalMs: 10, run: () => void jobRuns.push(1) });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await signUpAndLogin(s.app);
    const client = await connect(`${wsUrl(s.app)}?access_token=${user.accessToken}`);
    await client.subscribe('user');

    const healthUrl = httpUrl(s.app, '/api/health');
    const slow = fetch(httpUrl(s.app, '/api/test/slow'));
    await inHandler;
    const closing = s.app.close();
    expect(await client.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    // the request is still running while the app closes; it completes normally
    release();
    const response = await slow;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    expect(s.app.ctx.jobs.isLeader).toBe(false);
    expect(jobRuns.length).toBeGreaterThan(0);
    // no longer accepting connections
    await expect(fetch(healthUrl)).rejects.toThrow();
  });
});

describe('process roles', () => {
  it('worker answers only health and ready, and runs jobs', async () => {
    const w = await createTestApp({ config: { role: 'worker' } });
    let runs = 0;
    const ran = new Promise<void>((r) => {
      w.app.ctx.jobs.register({
        name: 'worker-probe',
        intervalMs: 1000,
        run: () => {
          runs += 1;
          r();
        },
      });
    });
    expect((await w.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await w.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const login = await w.app.inject({ method: 'POST', url: '/api/customer/login', payload: {} });
    expect(login.statusCode).toBe(404);
    expect(login.json()).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'There is nothing at this address: this process runs with --role=worker.',
    });
    expect((await w.app.inject({ method: 'GET', url: '/api/ws' })).statusCode).toBe(404);
    await ran;
    expect(runs).toBeGreaterThan(0);
  });

  it('api serves clients and runs no singleton jobs', async () => {
    const a = await createTestApp({ config: { role: 'api' } });
    let runs = 0;
    a.app.ctx.jobs.register({
      name: 'api-probe',
      intervalMs: 10,
      run: () => {
        runs += 1;
      },
    });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await signUpAndLogin(a.app);
    const client = await connect(`${wsUrl(a.app)}?access_token=${user.accessToken}`);
    expect(await client.subscribe('user')).toMatchObject({ type: 'subscribed' });
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(0);
    expect(a.app.ctx.jobs.isLeader).toBe(false);
  });
});

describe.skipIf(testDbKind !== 'pglite')('main.ts', () => {
  it('shuts down cleanly on SIGTERM with exit code 0', async () => {
    const dataDir = makeTestDir('main');
    const serverDir = resolve(import.meta.dirname, '..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--role=all'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        SHUTDOWN_TIMEOUT_MS: '5000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const listening = new Promise<string>((resolveUrl, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) resolveUrl(match[1]);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.on('exit', (code) => reject(new Error(`exited early (${code}): ${output}`)));
    });
    try {
      const base = await listening;
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('shut down cleanly');
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
